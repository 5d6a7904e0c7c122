import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type express from "express";
import { namesPrivatePage } from "./logged-path.ts";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Rendered pages for anonymous visitors, kept in this process's memory and
 * served again while the database's content version has not moved
 * (decision 0018). The version lives in the database and moves inside every
 * transaction that changes what a public page shows, so every app instance
 * sees a change at once and none serves a page from before it.
 *
 * A stored page is sent as it was rendered, compressed once when stored. Its
 * inline scripts are allowed by their SHA-256 hashes instead of the render's
 * nonce, which would otherwise be the same in every copy sent.
 *
 * A page is rendered once per content version however many visitors ask for
 * it at the same moment: the first request renders it, and those that arrive
 * while it does wait for its copy (at most FLIGHT_WAIT_MS), then are served
 * from the cache (decision 0099). Without this, every visitor arriving after
 * a seat change rendered and compressed the page for themselves.
 */
export type PageCacheOptions = {
  /** Reads the current content version from the database. */
  readVersion: () => Promise<string>;
  /** How long a page may be kept even when nothing changed. */
  ttlMs: number;
  /**
   * The next moment a page may change with no write at all, by the clock alone (a session starting leaves the
   * lists and closes its enrollment; a new day): no copy is kept past it (decision 0103). Read once per
   * content version, until that moment passes.
   */
  nextClockChange?: () => Promise<number>;
  /** Upper bound of the memory the stored pages take, all encodings counted. */
  maxBytes: number;
  onError?: (error: unknown) => void;
};

type Entry = {
  version: string;
  expires: number;
  headers: [string, string][];
  etag: string;
  identity: Buffer;
  /** Absent from a copy made only for the requests that waited for a first render (never stored). */
  br?: Buffer;
  gzip?: Buffer;
  bytes: number;
};

/**
 * What the middleware hands the renderer for a page it may store; `flight` when
 * other requests for the page wait for this render.
 */
export type PendingPage = {
  key: string;
  version: string;
  flight?: Flight;
  /** False for the first request of an address with a query string: its render is not compressed nor kept (`admit`). */
  admitted?: boolean;
};

/** A render of one page for one content version, which requests for the same page and version wait for. */
type Flight = { id: string; done: Promise<void>; land: () => void; storing: boolean; waiters: number; copy?: Entry };

/** How many addresses with a query string are remembered as asked for (by digest: about 1 MB). */
export const SEEN_LIMIT = 10_000;

/** Flights are per page and version: a render for a newer version never displaces the one older waiters wait for. */
const flightId = (key: string, version: string) => `${version}\n${key}`;

/** The longest a request waits for another's render of the same page before rendering it itself. */
export const FLIGHT_WAIT_MS = 5_000;

const KEPT_HEADERS = new Set(["content-type", "cache-control", "link", "vary"]);

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** What the stored made-up addresses (`isMadeUpKey`) take, counted in `bytes` too. */
  private madeUpBytes = 0;
  /** The version read under way, and the one queued behind it for requests that arrived during it. */
  private runningRead: Promise<string> | undefined;
  private queuedRead: Promise<string> | undefined;
  /** The version the last finished read returned. */
  private latestVersion: string | undefined;
  private readonly flights = new Map<string, Flight>();
  /** The last answer of `nextClockChange`, for the version it was read under. */
  private clock: { version: string; until: number } | undefined;
  /** Digests of addresses with a query string asked for lately, least recently first (`admit`). */
  private readonly seen = new Map<string, true>();
  readonly stats = { hits: 0, misses: 0, stored: 0, waited: 0 };

  private readonly opts: PageCacheOptions;

  constructor(opts: PageCacheOptions) {
    this.opts = opts;
  }

  /**
   * Answers from the cache when it can; otherwise marks the request in
   * `res.locals.pendingPage` so the renderer offers its result to `store`.
   * Mount after the security headers and before compression.
   */
  middleware(): express.RequestHandler {
    return (req, res, next) => {
      if (!isAnonymousPageRequest(req)) return next();
      this.version().then(
        async (version) => {
          // The visitor left while the version was read: nothing to send, and a flight taken off now would
          // never land (its response's "close" has already been emitted), holding every later request for
          // this page for FLIGHT_WAIT_MS.
          if (res.destroyed) return;
          const key = req.originalUrl;
          if (this.serveStored(req, res, key, version)) return;
          let flight = this.flights.get(flightId(key, version));
          if (flight) {
            // Another request is rendering this page for this version: its copy, once stored, is this one's too.
            this.stats.waited++;
            flight.waiters++;
            await waitFor(flight.done, FLIGHT_WAIT_MS);
            if (res.destroyed) return;
            // The copy made for the version this request read, even when the content has moved on since and
            // the copy was not kept: it is what this request would have been served had it come a moment later.
            if (flight.copy) {
              this.stats.hits++;
              send(req, res, flight.copy);
              return;
            }
            if (this.serveStored(req, res, key, version)) return;
            flight = undefined;
          } else {
            // None under way for this version: this request's render is the one to wait for.
            flight = this.takeOff(key, version, res);
          }
          this.stats.misses++;
          res.locals.pendingPage = { key, version, flight, admitted: this.admit(key) } satisfies PendingPage;
          res.setHeader("X-Page-Cache", "miss");
          next();
        },
        (error: unknown) => {
          // Without the version nothing can be served from the cache; render as usual.
          this.opts.onError?.(error);
          next();
        },
      );
    };
  }

  /**
   * Keeps a page rendered for `pending`: the body in one piece, with the
   * response's headers and the nonce its CSP allowed.
   */
  async store(pending: PendingPage, res: express.Response, body: Buffer, etag: string, nonce: string): Promise<void> {
    const own = pending.flight;
    if (own) own.storing = true;
    try {
      await this.keep(pending, res, body, etag, nonce);
    } finally {
      if (own) this.land(own);
    }
  }

  /**
   * The renderer is done with a request and stored nothing (an error, a redirect, a resource route, a HEAD):
   * whoever waits for its render is let go now, not when its response closes, which a request body still
   * being drained can hold back for seconds.
   */
  settle(pending: PendingPage | undefined) {
    const flight = pending?.flight;
    if (flight && !flight.storing) this.land(flight);
  }

  private async keep(pending: PendingPage, res: express.Response, body: Buffer, etag: string, nonce: string): Promise<void> {
    if (body.byteLength * 2 > this.opts.maxBytes) return;
    // Not admitted: nothing is compressed or kept, and a copy is made only for requests that waited for this render.
    if (pending.admitted === false && !pending.flight?.waiters) return;
    const csp = String(res.getHeader("content-security-policy") ?? "");
    const headers: [string, string][] = [];
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || !KEPT_HEADERS.has(name)) continue;
      headers.push([name, Array.isArray(value) ? value.join(", ") : String(value)]);
    }
    if (csp) headers.push(["content-security-policy", hashedPolicy(csp, nonce, body)]);
    if (pending.admitted === false) {
      if (pending.flight) pending.flight.copy = { version: pending.version, expires: 0, headers, etag, identity: body, bytes: body.byteLength };
      return;
    }
    // An address anyone can make up (a query string, another spelling) is compressed at the levels live
    // compression uses, not the highest (decision 0114).
    const madeUp = isMadeUpKey(pending.key);
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: madeUp ? 5 : 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
      gzip(body, { level: madeUp ? 6 : 9 }),
    ]);
    const until = await this.clockBound(pending.version);
    const entry: Entry = {
      version: pending.version,
      expires: Math.min(Date.now() + this.opts.ttlMs, until),
      headers,
      etag,
      identity: body,
      br,
      gzip: gz,
      // The page's URL (up to the URL limit) and its headers (a policy with a hash per script) count too.
      bytes:
        body.byteLength +
        br.byteLength +
        gz.byteLength +
        Buffer.byteLength(pending.key) +
        headers.reduce((sum, [name, value]) => sum + name.length + Buffer.byteLength(value), etag.length),
    };
    if (pending.flight) pending.flight.copy = entry;
    // The content moved while this copy was compressed: no later request will be served it, and keeping it
    // would put it in place of a copy of the newer version. Those waiting for this render still get it.
    if (this.latestVersion !== undefined && this.latestVersion !== pending.version) return;
    this.remove(pending.key);
    this.entries.set(pending.key, entry);
    this.bytes += entry.bytes;
    if (madeUp) this.madeUpBytes += entry.bytes;
    this.stats.stored++;
    // Made-up addresses take at most a quarter of the memory, and go first when it is full: they never push out
    // the site's own pages (decision 0114). Least recently used first, within each kind.
    for (const key of this.entries.keys()) {
      if (this.madeUpBytes <= this.opts.maxBytes / 4 && this.bytes <= this.opts.maxBytes) break;
      if (isMadeUpKey(key)) this.remove(key);
    }
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.opts.maxBytes) break;
      this.remove(key);
    }
  }

  /**
   * When a copy of `version` must end by the clock. Until then no session starts and no day begins, and the
   * content did not move (same version), so the answer holds for every page of the version until it passes.
   */
  private async clockBound(version: string): Promise<number> {
    if (!this.opts.nextClockChange) return Number.POSITIVE_INFINITY;
    const known = this.clock;
    if (known && known.version === version && known.until > Date.now()) return known.until;
    const until = await this.opts.nextClockChange();
    this.clock = { version, until };
    return until;
  }

  /**
   * Whether a render of `key` may be compressed and kept. A made-up address (`isMadeUpKey`: a query string,
   * another spelling of a path) is kept from its second request on (decision 0114): any query string makes a
   * new address, and one client asking for
   * `/?x=<random>` over and over had each render compressed twice at the highest levels and stored,
   * pushing the real pages out, at 2–2.5 times the CPU of a render nothing keeps. A query string a
   * page reads (`/schedule?program=tasso`) is asked again and is kept then; the first one's render
   * still serves every request that waited for it.
   */
  private admit(key: string): boolean {
    if (!isMadeUpKey(key)) return true;
    // Most recently asked last: the oldest is forgotten first.
    // By a digest: an address may be as long as the URL limit, and ten thousand of those are not small.
    const digest = crypto.createHash("sha256").update(key).digest("base64url");
    const askedBefore = this.seen.delete(digest);
    this.seen.set(digest, true);
    if (this.seen.size > SEEN_LIMIT) this.seen.delete(this.seen.keys().next().value!);
    return askedBefore;
  }

  get size() {
    return { pages: this.entries.size, bytes: this.bytes, madeUpBytes: this.madeUpBytes, flights: this.flights.size };
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
    this.madeUpBytes = 0;
  }

  /** Serves the stored copy of `key` if it is of `version` and not expired. */
  private serveStored(req: express.Request, res: express.Response, key: string, version: string): boolean {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version || entry.expires <= Date.now()) return false;
    // Most recently used last: the first entries are the ones evicted.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.stats.hits++;
    send(req, res, entry);
    return true;
  }

  /**
   * This request renders `key` for `version`; others for the same page wait for it. The flight lands when its
   * copy is stored, or when its response ends without one (an error, a redirect, a HEAD, a client gone).
   */
  private takeOff(key: string, version: string, res: express.Response): Flight {
    let land = () => {};
    const done = new Promise<void>((resolve) => (land = resolve));
    const flight: Flight = { id: flightId(key, version), done, land, storing: false, waiters: 0 };
    this.flights.set(flight.id, flight);
    // The backstop: a request the renderer never saw (answered by a middleware before it) lands here.
    res.once("close", () => {
      if (!flight.storing) this.land(flight);
    });
    return flight;
  }

  private land(flight: Flight) {
    if (this.flights.get(flight.id) === flight) this.flights.delete(flight.id);
    flight.land();
  }

  private remove(key: string) {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.bytes;
    if (isMadeUpKey(key)) this.madeUpBytes -= old.bytes;
  }

  /**
   * One database read at a time. A request never shares a read that started before it arrived: on
   * PostgreSQL that read's snapshot may predate a change committed just before the request, whose page
   * must show it. Requests that arrive while a read runs share the next one, started when it ends.
   */
  private version(): Promise<string> {
    if (!this.runningRead) return this.startRead();
    this.queuedRead ??= this.runningRead
      .then(
        () => {},
        () => {},
      )
      .then(() => {
        this.queuedRead = undefined;
        return this.startRead();
      });
    return this.queuedRead;
  }

  private startRead(): Promise<string> {
    const read = this.opts.readVersion().then((version) => {
      this.latestVersion = version;
      return version;
    });
    this.runningRead = read;
    const clear = () => {
      if (this.runningRead === read) this.runningRead = undefined;
    };
    read.then(clear, clear);
    return read;
  }
}

/**
 * The JSON API's public reads: the calendar's and the programme pages' lists,
 * which show what the pages show (sessions, seats left, programmes) and so move
 * with the same content version. Every other API path is never stored.
 */
const PUBLIC_READ_API = /^\/api\/(?:events\/open(?:\/[^/]+){0,2}|familyevent\/user(?:\/[^/]+)?|decode\/user(?:\/[^/]+)?|hypnotherapy\/user(?:\/[^/]+)?)$/;

/**
 * A GET or HEAD of a page, or of the API's public reads, by a visitor without
 * cookies or credentials. The rest of the JSON API, the staff area and React
 * Router's data requests are never stored.
 */
function isAnonymousPageRequest(req: express.Request): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.headers.cookie || req.headers.authorization) return false;
  // React Router matches paths in any letter case: so do these checks.
  const p = req.path.toLowerCase();
  if (PUBLIC_READ_API.test(p)) return true;
  if (p === "/api" || p.startsWith("/api/") || p === "/admin" || p.startsWith("/admin/")) return false;
  // Thumbnails are immutable files with their own year-long HTTP caching (decision 0023), not pages.
  if (p.startsWith("/uploads/")) return false;
  // A manifest request made from a private page names its token (decision 0108): never kept.
  if (p === "/__manifest" && namesPrivatePage(req.originalUrl)) return false;
  return !p.endsWith(".data");
}

/**
 * A cache key (the request's URL) anyone can make up at will: one with a query string, or a path spelt
 * otherwise than the site writes its own (capital letters, a trailing slash), which React Router answers
 * all the same. The site's own addresses are lower case, but for the API's `/api/familyEvent/`.
 */
export function isMadeUpKey(key: string): boolean {
  if (key.includes("?")) return true;
  if (key.length > 1 && key.endsWith("/")) return true;
  const plain = key.replace(/^\/api\/familyEvent\//, "/api/familyevent/");
  return plain !== plain.toLowerCase();
}

/** Resolves when `done` does, or after `ms`, whichever comes first. */
async function waitFor(done: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([done, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

function send(req: express.Request, res: express.Response, entry: Entry) {
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("ETag", entry.etag);
  res.setHeader("X-Page-Cache", "hit");
  res.setHeader("Vary", "Accept-Encoding");
  if (matchesIfNoneMatch(req.get("if-none-match"), entry.etag)) {
    for (const name of ["content-security-policy", "content-type"]) res.removeHeader(name);
    res.status(304).end();
    return;
  }
  // Brotli whenever the client takes it, as the static files and the live compression choose: browsers list
  // "gzip, deflate, br, zstd" with equal weights, and going by their order gave them the larger gzip copy.
  const [encoding, body] = entry.br && req.acceptsEncodings("br")
    ? (["br", entry.br] as const)
    : entry.gzip && req.acceptsEncodings("gzip")
      ? (["gzip", entry.gzip] as const)
      : ([null, entry.identity] as const);
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.byteLength);
  res.status(200);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

/**
 * The policy with this render's nonce replaced by the hashes of the page's
 * inline scripts (JSON-LD data blocks included; they never run, and a hash
 * for them is harmless).
 */
export function hashedPolicy(csp: string, nonce: string, body: Buffer): string {
  const hashes = inlineScriptHashes(body.toString("utf8"));
  const sources = hashes.map((h) => `'sha256-${h}'`).join(" ");
  return csp.replace(`'nonce-${nonce}'`, sources);
}

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", text = ""] = match;
    if (/\bsrc\s*=/i.test(attributes) || text.length === 0) continue;
    hashes.add(crypto.createHash("sha256").update(text, "utf8").digest("base64"));
  }
  return [...hashes];
}

export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}
