import { createRequire } from "node:module";
import crypto from "node:crypto";
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import pino, { type Logger } from "pino";
import { RouterContextProvider } from "react-router";
import { PageCache, type PendingPage } from "./page-cache.ts";
import { VERSIONED_FOLDERS } from "./build/media-version.ts";
import { loggedPath } from "./logged-path.ts";
import { allowedMethods, isApi, malformedUrl, noApiDataRequests, routerOrigin, sameOriginWrites, sendClientError } from "./guards.ts";
import { createRouterHandler } from "./router-adapter.ts";
import { answerAfterBody } from "./request-drain.ts";
import { answerOversizedHeaders } from "./client-errors.ts";
import { libraryStyleHashes } from "./style-hashes.ts";
import { createOutageResponder } from "./outage.tsx";
import type { AppConfig } from "../app/config.server.ts";
import { requestContext, servicesContext, type AppServices } from "../app/context.server.ts";
import { migrateToLatest, openDatabase, type DbHandle } from "../app/db/db.server.ts";
import { databaseFailure, type DatabaseFailure } from "../app/db/availability.server.ts";
import { seedOnFirstStart } from "../app/db/seed.server.ts";
import { loadCalendarUidHost } from "../app/features/mail/calendar-uid.server.ts";
import { createMailer } from "../app/features/mail/mailer.server.ts";
import { startMailWorker } from "../app/features/mail/outbox.server.ts";
import { startRetentionJob } from "../app/features/retention/retention.server.ts";
import { startSessionMailJobs, type SessionMailJobs } from "../app/features/session-mail/session-mail.server.ts";
import { DatabaseRateLimiter, deleteExpiredRateLimits } from "../app/lib/rate-limit.server.ts";
import { UploadSlots } from "../app/lib/upload-slots.server.ts";
import { countStaffAccounts } from "../app/features/admin-auth/accounts.server.ts";
import { deleteEndedSessions } from "../app/features/admin-auth/sessions.server.ts";
import { deleteExpiredDevices } from "../app/features/admin-auth/devices.server.ts";
import { nextClockChange } from "../app/features/events/next-clock-change.server.ts";
import { runAsHead } from "../app/features/audit/head-request.server.ts";
import { setDomainEndings } from "../app/lib/validation.ts";

export type Site = {
  app: express.Express;
  services: AppServices;
  database: DbHandle;
  /** Lines for the operator, printed after the start-up line (e.g. how to create the first staff account). */
  notices: string[];
  /** Absent when PAGE_CACHE_SECONDS=0 and in development. */
  pageCache: PageCache | undefined;
  /** Reminders and schedule updates (decision 0024); `runNow()` runs one pass. */
  sessionMail: SessionMailJobs;
  /** Call with the HTTP server that serves `app`: oversized request headers are answered, not reset. */
  attach: (server: http.Server) => void;
  close: () => Promise<void>;
};

export type SiteOptions = {
  /** build/client in production; absent in development, where Vite serves assets. */
  clientDir?: string;
  /** Vite's dev middleware, mounted before the React Router handler. */
  devMiddleware?: express.RequestHandler;
  logger?: Logger;
};

/**
 * Opens (and migrates, and on first start seeds) the database, then assembles the
 * HTTP stack: request id and logging, security headers with a per-response CSP
 * nonce, compression, static files, /healthz, and the React Router handler.
 */
export async function createSite(config: AppConfig, opts: SiteOptions = {}): Promise<Site> {
  // Every delegated top-level domain, for the check that keeps web addresses out of names (decision 0110):
  // the browser's copy of the check knows the common ones only, to keep the list out of its JavaScript.
  setDomainEndings(createRequire(import.meta.url)("tlds") as string[]);
  const logger =
    opts.logger ??
    pino({ level: config.logLevel, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onStatusChange: (down, error) => {
      // Once when it goes, once when it is back: not a line per failed request.
      if (down) logger.error({ err: error }, "database unreachable: answering 503 until it is back");
      else logger.info("database reachable again: serving normally");
    },
  });
  try {
    const migrated = await migrateToLatest(database.db);
    const applied = migrated.results?.filter((r) => r.status === "Success").map((r) => r.migrationName) ?? [];
    if (applied.length) logger.info({ applied }, "database migrated");
    if (config.seedDemoContent) {
      const { inserted } = await seedOnFirstStart(database.db);
      if (inserted) logger.info({ inserted }, "demo content seeded");
    }
    // Before any mail is built: the host every calendar UID ends with, fixed for the site's life (decision 0079).
    await loadCalendarUidHost(database.db, config.publicUrl, { keep: config.publicUrlSet });
  } catch (error) {
    await database.close();
    throw error;
  }

  const mailer = createMailer(config.mail);
  const mailWorker = startMailWorker(database.db, mailer, logger, config.mail.pollSeconds * 1000);
  const sessionMail = startSessionMailJobs(database.db, {
    site: config.site,
    settingDefaults: config.settingDefaults,
    intervalMs: config.sessionMail.intervalSeconds * 1000,
    logger,
    onQueued: () => mailWorker.kick(),
  });
  // Mail files exist only without SMTP (the outbox folder's fallback).
  const retention = startRetentionJob(database.db, config.settingDefaults, logger, config.mail.smtpUrl ? undefined : config.mail.outboxDir);
  const services: AppServices = {
    config,
    db: database.db,
    logger,
    formLimiter: new DatabaseRateLimiter(database.db, {
      keyPrefix: "forms",
      points: config.formRateLimit.points,
      duration: config.formRateLimit.windowSeconds,
    }),
    loginLimiters: {
      account: new DatabaseRateLimiter(database.db, {
        keyPrefix: "staff-login-account",
        points: config.adminLogin.accountLimit,
        duration: config.adminLogin.windowSeconds,
      }),
      address: new DatabaseRateLimiter(database.db, {
        keyPrefix: "staff-login-address",
        points: config.adminLogin.addressLimit,
        duration: config.adminLogin.windowSeconds,
      }),
    },
    mailer,
    mailWorker,
    uploadSlots: new UploadSlots(),
  };
  // Ended rate-limit windows are dead rows; any instance may sweep them.
  const rateLimitSweep = setInterval(() => {
    deleteExpiredRateLimits(database.db).catch((error: unknown) => logger.warn({ err: error }, "rate-limit sweep failed"));
    deleteEndedSessions(database.db).catch((error: unknown) => logger.warn({ err: error }, "staff session sweep failed"));
    deleteExpiredDevices(database.db).catch((error: unknown) => logger.warn({ err: error }, "known-browser sweep failed"));
  }, 10 * 60_000);
  rateLimitSweep.unref();

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  app.use(requestIdAndLogging(logger));
  // Every answer, from any layer below, waits for (and drains) a body no one read: the client reads it instead of a reset.
  app.use(answerAfterBody());
  app.use(malformedUrl());
  if (opts.clientDir) app.use(staticFiles(opts.clientDir));
  app.use((_req, res, next) => {
    res.locals.nonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  app.use(securityHeaders(config, Boolean(opts.devMiddleware)));
  // Liveness for a load balancer (docs/deploy.md): the process answers. It does
  // not ask the database, so during an outage the balancer keeps sending
  // visitors to instances that answer with the friendly 503 page themselves.
  // Both probes come ahead of the page cache, which is for pages: a probe is
  // never stored, and never waits for another request's render (decision 0099).
  app.get("/livez", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });

  // Asks the database itself, around the circuit (decision 0033): a load
  // balancer polling it sees the database back as soon as it answers, and the
  // answer also closes the circuit for the requests behind it.
  app.get("/healthz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (await database.status.check()) {
      res.json({ status: "ok", database: "ok" });
      return;
    }
    res
      .status(503)
      .set("Retry-After", "30")
      .json({ status: "error", database: "unreachable", since: database.status.downSince });
  });

  // Pages already rendered for anonymous visitors, while the content version
  // has not moved (decision 0018); they were compressed when stored.
  const pageCache =
    config.pageCache.seconds > 0 && !opts.devMiddleware
      ? new PageCache({
          readVersion: () => readContentVersion(database),
          nextClockChange: () => nextClockChange(database.db),
          ttlMs: config.pageCache.seconds * 1000,
          maxBytes: config.pageCache.maxBytes,
          onError: (error) => {
            // While the database is out, every request would say so: the outage is logged once, above.
            if (!databaseFailure(error)) logger.warn({ err: error }, "page cache: content version unreadable");
          },
        })
      : undefined;
  if (pageCache) app.use(pageCache.middleware());
  // Pages and API answers are compressed as they are sent; static files were
  // compressed once, at build time (server/build/precompress.ts).
  app.use(compression());

  // Public uploads (programme thumbnails) left on disk by an older install; the
  // ones staff upload now live in the database and fall through to the router's
  // /uploads/:name (decision 0023). Private files (ID photos) are never served
  // from here (decision S5). Only raster images, and each as the router serves
  // its own: sandboxed, never sniffed, so a stray HTML or SVG file left in the
  // folder cannot run script on the site's origin (decision 0106).
  const legacyUploads = express.static(path.join(config.dataDir, "uploads", "public"), {
    maxAge: "1d",
    index: false,
    dotfiles: "deny",
    fallthrough: true,
    setHeaders: (res) => {
      res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
      res.setHeader("X-Content-Type-Options", "nosniff");
    },
  });
  app.use("/uploads", (req, res, next) => (/^\/[^/]+\.(?:jpe?g|png|gif|webp)$/i.test(req.path) ? legacyUploads(req, res, next) : next()));

  if (opts.devMiddleware) app.use(opts.devMiddleware);

  const originPolicy = { publicOrigin: new URL(config.publicUrl).origin };
  app.use(allowedMethods());
  // A HEAD is marked for the whole of its handling: reading personal details for one is not a view (decision 0109).
  app.use((req, _res, next) => (req.method === "HEAD" ? runAsHead(next) : next()));
  app.use(noApiDataRequests());
  app.use(sameOriginWrites(originPolicy));

  const build = await import("virtual:react-router/server-build");
  const sendOutage = createOutageResponder({ site: config.site, stylesheets: build.assets.routes.root?.css ?? [] });
  /** What the database did to this request, when anything: the worst failure reported. */
  const noteFailure = (res: Response, error: unknown): DatabaseFailure | null => {
    const failure = databaseFailure(error);
    if (failure && res.locals.databaseFailure !== "storage-full") res.locals.databaseFailure = failure;
    return failure;
  };
  app.use(
    createRouterHandler({
      build,
      mode: config.isProduction ? "production" : "development",
      requestOrigin: routerOrigin(originPolicy),
      maxBodyBytes: MAX_BODY_BYTES,
      nonceOf: (res) => String(res.locals.nonce ?? ""),
      onPage: pageCache
        ? (_req, res, body, etag) => {
            const pending = res.locals.pendingPage as PendingPage | undefined;
            if (!pending || res.statusCode >= 300) return;
            pageCache.store(pending, res, body, etag, String(res.locals.nonce ?? "")).catch((error: unknown) =>
              logger.warn({ err: error }, "page cache: store failed"),
            );
          }
        : undefined,
      wantsWhole: (res) => res.locals.pendingPage !== undefined,
      // Whoever waits for this render is let go as soon as it is known that nothing was stored (decision 0099).
      onSettled: pageCache ? (_req, res) => pageCache.settle(res.locals.pendingPage as PendingPage | undefined) : undefined,
      // A 500 (or a page's own 503) caused by the database: the outage answer instead.
      takeOver: (req, res, response) => {
        // A write to a route with a loader and no action: React Router's own 405 has no Allow header,
        // and a resource route's (an API path, /robots.txt, a calendar file) has an "Unexpected Server
        // Error" body. Those answer as the shell's other refusals do; a page keeps its 405 page.
        if (response.status === 405 && !response.headers.has("allow") && req.method !== "GET" && req.method !== "HEAD") {
          if (isApi(req) || !(response.headers.get("content-type") ?? "").startsWith("text/html")) {
            sendClientError(req, res, 405, "This address only answers GET.", { Allow: "GET, HEAD" });
            return true;
          }
          res.setHeader("Allow", "GET, HEAD");
        }
        if (response.status < 500) return false;
        const failure = (res.locals.databaseFailure as DatabaseFailure | undefined) ?? (database.status.down ? "unreachable" : null);
        if (!failure) return false;
        sendOutage(req, res, failure);
        return true;
      },
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(requestContext, {
          requestId: String(res.locals.requestId),
          ip: req.ip ?? req.socket.remoteAddress ?? "unknown",
          nonce: String(res.locals.nonce),
          badRequest: res.locals.badRequest === true,
          reportError: (error) => {
            const failure = noteFailure(res, error);
            const line = { err: error, requestId: res.locals.requestId };
            if (failure === "storage-full") logger.error(line, "database storage full: nothing saved");
            else if (failure) logger.warn({ requestId: res.locals.requestId, failure }, "request refused: database unavailable");
            else logger.error(line, "route error");
          },
        });
        return context;
      },
    }),
  );

  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    // The database failed under the shell itself (a middleware's query).
    const failure = noteFailure(res, error);
    if (failure) return sendOutage(req, res, failure);
    // Errors that carry a 4xx status (a body past the limit, a path the static
    // handler refuses) are the client's: answer them as such, logged as a warning.
    const status = clientErrorStatus(error);
    if (status) {
      logger.warn({ requestId: res.locals.requestId, status, reason: errorMessage(error) }, "client error");
      const message =
        status === 413 ? "The request is too large." : status === 404 ? "Not found." : "The request could not be understood.";
      return sendClientError(req, res, status, message);
    }
    logger.error({ err: error, requestId: res.locals.requestId }, "unhandled error");
    res.status(500).type("text/plain").send("Something went wrong on our side. Please try again.");
  });

  const notices: string[] = [];
  if ((await countStaffAccounts(database.db)) === 0) notices.push(NO_STAFF_ACCOUNT_NOTICE);
  if (config.isProduction && !config.publicUrlSet) notices.push(noPublicUrlNotice(config.publicUrl));

  return {
    app,
    services,
    database,
    notices,
    pageCache,
    sessionMail,
    attach: answerOversizedHeaders,
    close: async () => {
      clearInterval(rateLimitSweep);
      await sessionMail.stop();
      await retention.stop();
      await mailWorker.stop();
      await database.close();
    },
  };
}

/** Said at start in production without PUBLIC_URL: every link in the site's mail would lead to this machine. */
export function noPublicUrlNotice(fallback: string): string {
  return `PUBLIC_URL is not set: links in the site's mail (private pages, seat offers, staff screens) point at ${fallback}. Set PUBLIC_URL to the address visitors use (see docs/deploy.md).`;
}

export const NO_STAFF_ACCOUNT_NOTICE =
  "No staff account exists yet: create one with `npm run admin:create -- --email you@example.org` (same settings as `npm start`).";

async function readContentVersion(database: DbHandle): Promise<string> {
  // The sum of its rows: one on SQLite, one per stripe on PostgreSQL (migration 0021).
  const row = await database.db
    .selectFrom("content_version")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>("version"), eb.lit(0)).as("version"))
    .executeTakeFirstOrThrow();
  return String(row.version);
}

/** No request body, upload forms included, may be larger than this; routes set smaller limits of their own. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

function clientErrorStatus(error: unknown): number | null {
  if (!error || typeof error !== "object") return null;
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof status === "number" && status >= 400 && status < 500 ? status : null;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Built files, routed by path: /assets/… (hashed, cached a year) and the
 * top-level names of the public folder (media, captions, favicon…). Every other
 * path goes straight on to the page handler without a file-system miss. A
 * precompressed .br or .gz beside a file is sent when the browser accepts it.
 */
function staticFiles(clientDir: string): express.RequestHandler {
  // Only the headers a file needs: the page headers (CSP and the rest) would add about a kilobyte to every script.
  const nosniff = (res: http.ServerResponse) => res.setHeader("X-Content-Type-Options", "nosniff");
  const assets = expressStaticGzip(path.join(clientDir, "assets"), {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: { immutable: true, maxAge: "1y", index: false, fallthrough: false, setHeaders: nosniff },
  });
  // The demo media and captions under their build's digest (`?v=`, app/content/media.ts) are kept a year, like
  // the hashed assets: a changed file comes with a new build, whose pages ask for it under a new address. Any
  // other public file, or one asked for without the current digest, is kept an hour (decision 0098).
  const versioned = `v=${MEDIA_VERSION}`;
  const versionedFolders = new Set<string>(VERSIONED_FOLDERS);
  const publicHeaders = (res: http.ServerResponse & { req?: { originalUrl?: string } }, file: string) => {
    nosniff(res);
    // The query as asked (express-static-gzip rewrites `url` to a precompressed file's); the folder from the
    // file actually sent, so that no spelling of the path (`/media/..%2Ffavicon.svg`) stretches another file's.
    const url = res.req?.originalUrl ?? "";
    const query = url.indexOf("?");
    if (!MEDIA_VERSION || query < 0 || url.slice(query + 1) !== versioned) return;
    const parts = path.relative(clientDir, file).split(path.sep);
    if (parts.length === 2 && versionedFolders.has(parts[0]!)) {
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    }
  };
  const publicFiles = expressStaticGzip(clientDir, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: { maxAge: "1h", index: false, fallthrough: false, setHeaders: publicHeaders },
  });
  const topLevel = new Set(fs.readdirSync(clientDir).filter((name) => name !== "assets" && !name.startsWith(".")));
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.path.startsWith("/assets/")) {
      req.url = req.url.slice("/assets".length);
      return assets(req, res, (error?: unknown) => {
        req.url = req.originalUrl;
        next(error ?? notFound());
      });
    }
    const first = req.path.split("/")[1] ?? "";
    if (topLevel.has(first)) return publicFiles(req, res, next);
    next();
  };
}

/** The build's digest of the demo media (vite.config.ts); empty when this file runs unbuilt. */
const MEDIA_VERSION = typeof __MEDIA_VERSION__ === "string" ? __MEDIA_VERSION__ : "";

function notFound() {
  return Object.assign(new Error("Not found"), { status: 404 });
}

function requestIdAndLogging(logger: Logger): express.RequestHandler {
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : crypto.randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-ID", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      // The path only, its private-page secrets left out: query strings and bodies can hold personal data, addresses too.
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = { requestId, method: req.method, path: loggedPath(req.path), status: res.statusCode, ms: Math.round(ms * 10) / 10 };
      if (res.statusCode >= 500) logger.error(line, "request");
      else if (res.statusCode >= 400 && res.statusCode !== 404) logger.warn(line, "request");
      else if (req.path.startsWith("/assets/")) logger.debug(line, "request");
      else logger.info(line, "request");
    });
    next();
  };
}

function securityHeaders(config: AppConfig, dev: boolean): express.RequestHandler {
  // Development keeps 'unsafe-inline': Vite's hot reload inserts every style sheet as a <style> element.
  const styleSources = dev ? ["'self'", "'unsafe-inline'"] : ["'self'", ...libraryStyleHashes()];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as Response).locals.nonce}'`],
        "style-src": styleSources,
        "img-src": ["'self'", "data:", "blob:"],
        "media-src": ["'self'", "blob:"],
        "font-src": ["'self'"],
        "connect-src": dev ? ["'self'", "ws:", "wss:"] : ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        ...(config.publicUrl.startsWith("https:") ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: config.isProduction ? { maxAge: 63072000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
}
