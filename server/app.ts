import crypto from "node:crypto";
import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import helmet from "helmet";
import pino, { type Logger } from "pino";
import { RateLimiterMemory } from "rate-limiter-flexible";
import { createRequestHandler } from "@react-router/express";
import { RouterContextProvider } from "react-router";
import type { AppConfig } from "../app/config.server.ts";
import { requestContext, servicesContext, type AppServices } from "../app/context.server.ts";
import { migrateToLatest, openDatabase, type DbHandle } from "../app/db/db.server.ts";
import { seedOnFirstStart } from "../app/db/seed.server.ts";
import { createMailer } from "../app/features/mail/mailer.server.ts";

export type Site = {
  app: express.Express;
  services: AppServices;
  database: DbHandle;
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
  const logger =
    opts.logger ??
    pino({ level: config.logLevel, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const migrated = await migrateToLatest(database.db);
    const applied = migrated.results?.filter((r) => r.status === "Success").map((r) => r.migrationName) ?? [];
    if (applied.length) logger.info({ applied }, "database migrated");
    if (config.seedDemoContent) {
      const { inserted } = await seedOnFirstStart(database.db);
      if (inserted) logger.info({ inserted }, "demo content seeded");
    }
  } catch (error) {
    await database.close();
    throw error;
  }

  const services: AppServices = {
    config,
    db: database.db,
    logger,
    formLimiter: new RateLimiterMemory({
      keyPrefix: "forms",
      points: config.formRateLimit.points,
      duration: config.formRateLimit.windowSeconds,
    }),
    mailer: createMailer(config.mail),
  };

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  app.use(requestIdAndLogging(logger));
  app.use(compression());
  if (opts.clientDir) {
    // Built files come first, with only the headers a file needs: the page
    // headers (CSP and the rest) would add about a kilobyte to every script.
    const nosniff = (res: Response) => res.setHeader("X-Content-Type-Options", "nosniff");
    // Hashed file names never change content: cache them for a year.
    app.use(
      "/assets",
      express.static(path.join(opts.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, setHeaders: nosniff }),
    );
    app.use(express.static(opts.clientDir, { maxAge: "1h", index: false, setHeaders: nosniff }));
  }
  app.use((_req, res, next) => {
    res.locals.nonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  app.use(securityHeaders(config, Boolean(opts.devMiddleware)));

  app.get("/healthz", async (_req, res) => {
    try {
      await database.db.selectNoFrom((eb) => eb.lit(1).as("ok")).execute();
      res.set("Cache-Control", "no-store").json({ status: "ok", database: "ok" });
    } catch (error) {
      logger.error({ err: error }, "health check failed");
      res.status(503).set("Cache-Control", "no-store").json({ status: "error", database: "unreachable" });
    }
  });

  // Public uploads (programme thumbnails). Private files (ID photos) live elsewhere
  // under DATA_DIR and are served only to administrators (decision S5).
  app.use(
    "/uploads",
    express.static(path.join(config.dataDir, "uploads", "public"), { maxAge: "1d", index: false, dotfiles: "deny" }),
  );

  if (opts.devMiddleware) app.use(opts.devMiddleware);

  const build = await import("virtual:react-router/server-build");
  app.all(
    "/{*path}",
    createRequestHandler({
      build,
      mode: config.isProduction ? "production" : "development",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(requestContext, {
          requestId: String(res.locals.requestId),
          ip: req.ip ?? req.socket.remoteAddress ?? "unknown",
          nonce: String(res.locals.nonce),
        });
        return context;
      },
    }),
  );

  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    logger.error({ err: error, requestId: res.locals.requestId }, "unhandled error");
    res.status(500).type("text/plain").send("Something went wrong on our side. Please try again.");
  });

  return {
    app,
    services,
    database,
    close: () => database.close(),
  };
}

function requestIdAndLogging(logger: Logger): express.RequestHandler {
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : crypto.randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-ID", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      // The path only: query strings and bodies can hold personal data, addresses too.
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = { requestId, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 };
      if (res.statusCode >= 500) logger.error(line, "request");
      else if (req.path.startsWith("/assets/")) logger.debug(line, "request");
      else logger.info(line, "request");
    });
    next();
  };
}

function securityHeaders(config: AppConfig, dev: boolean): express.RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as Response).locals.nonce}'`],
        "style-src": ["'self'", "'unsafe-inline'"],
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
