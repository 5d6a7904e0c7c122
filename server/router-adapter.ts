import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import type express from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { matchesIfNoneMatch } from "./page-cache.ts";
import { drainRequest, isDraining } from "./request-drain.ts";
import { namesPrivatePage } from "./logged-path.ts";

/**
 * Our Express → Fetch bridge for the React Router handler. It replaces
 * @react-router/express (decision 0006) to own four things that adapter gets
 * wrong for us:
 *
 * - The request body: a body past `maxBodyBytes` (or one a route stops reading
 *   because it is too large) is drained and discarded, never destroyed, so the
 *   client reads our 413 instead of a TCP reset (server/request-drain.ts also
 *   drains a body no route read at all).
 * - The request URL's origin comes from `requestOrigin`, which follows
 *   PUBLIC_URL, so React Router's own origin check agrees with ours behind an
 *   HTTPS reverse proxy.
 * - Flushing: the other adapter flushes the compressor after every chunk React
 *   writes (4 KB each), which makes gzip restart its blocks. Here a flush
 *   happens only when the body stream pauses, so a page rendered in one piece
 *   is compressed once, and a page that waits on data still streams.
 * - Validators: an anonymous HTML page rendered in one piece gets a weak ETag
 *   (computed with this response's CSP nonce left out) and a matching
 *   If-None-Match gets 304.
 */
export type RouterAdapterOptions = {
  build: ServerBuild;
  mode: "production" | "development";
  getLoadContext: (req: express.Request, res: express.Response) => RouterContextProvider;
  /** The scheme and host the Request's URL is built on. */
  requestOrigin: (req: express.Request) => string;
  /** Hard cap on any request body; routes apply their own, smaller limits. */
  maxBodyBytes: number;
  /** The CSP nonce of this response, left out of the ETag. */
  nonceOf: (res: express.Response) => string;
  /** Offered every page rendered in one piece that may carry a validator, as it is sent (the page cache). */
  onPage?: (req: express.Request, res: express.Response, body: Buffer, etag: string) => void;
  /**
   * Pages to buffer whole even when the render pauses (the page cache wants
   * them): one visitor waits for the whole page, every later one gets it from memory.
   */
  wantsWhole?: (res: express.Response) => boolean;
  /**
   * Offered React Router's answer before any of it is sent; returns true when
   * it answered the request itself (a database outage's 503 in place of a 500).
   */
  takeOver?: (req: express.Request, res: express.Response, response: Response) => boolean;
  /** Told when the handler is done with a request, whatever the outcome: after `onPage` if it was called. */
  onSettled?: (req: express.Request, res: express.Response) => void;
};

/** Thrown into a body stream that went past the adapter's cap. */
export class BodyTooLargeError extends Error {
  readonly status = 413;
  constructor() {
    super("The request is too large.");
  }
}

/** Pages larger than this are streamed without an ETag. */
const ETAG_MAX_BYTES = 2 * 1024 * 1024;

export function createRouterHandler(opts: RouterAdapterOptions): express.RequestHandler {
  const handle = createRequestHandler(opts.build, opts.mode);
  return async (req, res, next) => {
    try {
      const request = toFetchRequest(req, res, opts);
      const response = await handle(request, opts.getLoadContext(req, res));
      if (opts.takeOver?.(req, res, response)) {
        await response.body?.cancel().catch(() => {});
        return;
      }
      await sendResponse(req, res, response, opts.nonceOf(res), opts.onPage, opts.wantsWhole?.(res) === true);
    } catch (error) {
      next(error);
    } finally {
      opts.onSettled?.(req, res);
    }
  };
}

function toFetchRequest(req: express.Request, res: express.Response, opts: RouterAdapterOptions): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const controller = new AbortController();
  let finished = false;
  res.on("finish", () => (finished = true));
  res.on("close", () => {
    if (!finished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = bodyStream(req, opts.maxBodyBytes);
    init.duplex = "half";
  }
  // The path joined to the origin as text (malformedUrl made it canonical): resolved against it instead, `//host/x`
  // would name another host. A URL that still does not parse is the client's error, not a 500.
  let url: URL;
  try {
    url = new URL(`${opts.requestOrigin(req)}${req.originalUrl}`);
  } catch {
    throw Object.assign(new Error("The request's address could not be read."), { status: 400 });
  }
  return new Request(url.href, init);
}

/**
 * The request body as a web stream with back-pressure. Cancelling it (a route
 * that read enough to refuse the request) or passing the cap switches to
 * draining: the rest is read and thrown away so the connection stays healthy.
 */
function bodyStream(req: IncomingMessage, cap: number): ReadableStream<Uint8Array> {
  let open = true;
  let received = 0;
  const drain = () => {
    open = false;
    drainRequest(req);
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on("data", (chunk: Buffer) => {
          if (!open) return;
          // Drained by the shell once the answer was ready: the rest is not the route's, and a reader still
          // waiting learns it now rather than waiting for an end that it will never see.
          if (isDraining(req)) {
            open = false;
            controller.error(new Error("The request body was discarded."));
            return;
          }
          received += chunk.byteLength;
          if (received > cap) {
            drain();
            controller.error(new BodyTooLargeError());
            return;
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 1) <= 0) req.pause();
        });
        req.on("end", () => {
          if (open) controller.close();
          open = false;
        });
        req.on("error", (error) => {
          if (open) controller.error(error);
          open = false;
        });
      },
      pull() {
        if (open) req.resume();
      },
      cancel() {
        if (open) drain();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

function isClosed(res: express.Response) {
  return res.destroyed || res.writableEnded;
}

export async function sendResponse(
  req: express.Request,
  res: express.Response,
  response: Response,
  nonce: string,
  onPage: RouterAdapterOptions["onPage"],
  whole: boolean,
) {
  if (isClosed(res)) {
    await response.body?.cancel().catch(() => {});
    return;
  }
  if (response.statusText) res.statusMessage = response.statusText;
  res.status(response.status);
  // A route's header replaces the shell's default of the same name (a private
  // page's Referrer-Policy, say); only Set-Cookie lines add up.
  for (const [key, value] of response.headers) {
    if (key === "set-cookie") res.append(key, value);
    else res.setHeader(key, value);
  }
  // React Router answers its manifest requests as cacheable for a year; one asked from a private page names
  // that page's token in its address, and a browser or proxy would keep it (decision 0108).
  if (req.path === "/__manifest" && namesPrivatePage(req.originalUrl)) res.setHeader("Cache-Control", "private, no-store");
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const closed = () => isClosed(res) || res.socket?.destroyed === true;
  res.on("close", () => void reader.cancel().catch(() => {}));
  try {
    await sendBody(req, res, reader, closed, nonce, onPage, whole);
  } catch (error) {
    // A body that failed before any of it was sent: the error answer that follows is not this response, so
    // none of the route's headers (a cookie, a length, a type) may go out with it.
    if (!res.headersSent) for (const [key] of response.headers) res.removeHeader(key);
    throw error;
  }
}

async function sendBody(
  req: express.Request,
  res: express.Response,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  closed: () => boolean,
  nonce: string,
  onPage: RouterAdapterOptions["onPage"],
  whole: boolean,
) {

  const buffered: Uint8Array[] = [];
  let bufferedBytes = 0;
  // Every answer that arrives in one piece is sent in one piece, with its
  // length: a small JSON answer then stays under the compressor's threshold
  // instead of paying for a gzip stream (issue 10 point 4: 200 refusals at once).
  // Only GETs of pages and JSON answers without credentials get a validator.
  const validator = mayHaveValidator(req, res);
  let streaming = false;

  // A page is "rendered in one piece" when its whole body arrives without the
  // stream ever waiting on I/O: React wrote it in one pass. Reads that resolve
  // before the next turn of the event loop are part of that piece.
  for (;;) {
    const next = reader.read();
    const result = streaming || whole ? await next : await raceWithTurn(next);
    if (result === "pending") {
      // The renderer is waiting on data: stream from here on, without a validator.
      streaming = true;
      for (const chunk of buffered.splice(0)) res.write(chunk);
      flushCompressor(res);
      await writeChunks(res, reader, await next, closed);
      return;
    }
    if (result.done) break;
    if (streaming) {
      for (const chunk of buffered.splice(0)) res.write(chunk);
      await writeChunks(res, reader, result, closed);
      return;
    }
    buffered.push(result.value);
    bufferedBytes += result.value.byteLength;
    if (bufferedBytes > ETAG_MAX_BYTES) streaming = true;
  }

  if (closed()) return;
  const body = Buffer.concat(buffered);
  if (!validator) {
    res.end(body);
    return;
  }
  const etag = weakEtag(body, nonce);
  res.setHeader("ETag", etag);
  // Offered before a 304 takes the page's headers off: a visitor revalidating their copy may be the first
  // to ask for the page since it changed, and others may be waiting for this render (decision 0099).
  onPage?.(req, res, body, etag);
  if (matchesIfNoneMatch(req.get("if-none-match"), etag)) {
    // The cached copy keeps the headers it came with, its CSP nonce included:
    // sending this response's CSP would not match the cached page's scripts.
    for (const name of ["content-security-policy", "content-type", "content-length"]) res.removeHeader(name);
    // Without its Content-Type the compressor leaves a 304 alone, Vary included; a 304 carries the Vary its 200 had.
    res.vary("Accept-Encoding");
    res.status(304).end();
  } else {
    res.end(body);
  }
}

/** Writes `first` and every following chunk, flushing the compressor only when the stream pauses. */
async function writeChunks(
  res: express.Response,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  first: ReadableStreamReadResult<Uint8Array>,
  closed: () => boolean,
): Promise<boolean> {
  let result = first;
  let flushTimer: NodeJS.Immediate | undefined;
  const drained = drainWaiter(res);
  try {
    while (!result.done) {
      if (closed()) return false;
      if (!res.write(result.value)) await drained();
      flushTimer ??= setImmediate(() => {
        flushTimer = undefined;
        flushCompressor(res);
      });
      result = await reader.read();
    }
  } finally {
    if (flushTimer) clearImmediate(flushTimer);
  }
  if (!closed()) res.end();
  return true;
}

/**
 * A wait for 'drain' (or 'close') that adds its two listeners once per
 * response, however many times a long download waits. The compression
 * middleware hands 'drain' listeners on to its gzip stream, where neither
 * `off` nor `once` can take them away again: a listener per wait piled up
 * there (the MaxListeners warning) for as long as the download ran.
 */
function drainWaiter(res: express.Response): () => Promise<void> {
  let wake: (() => void) | null = null;
  let hooked = false;
  let ended = false;
  const fire = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  return () =>
    new Promise<void>((resolve) => {
      if (ended || res.destroyed) return resolve();
      if (!hooked) {
        hooked = true;
        res.on("drain", fire);
        res.on("close", () => {
          ended = true;
          fire();
        });
      }
      wake = resolve;
    });
}

function flushCompressor(res: express.Response) {
  // Flushing is for pages (the browser gets the shell while the rest renders). A
  // long download (a CSV) would only queue a flush per pause on a compressor that
  // is backed up, each holding a 'drain' listener and its data until it drains.
  if (res.writableNeedDrain || !String(res.getHeader("content-type") ?? "").startsWith("text/html")) return;
  const flush = (res as express.Response & { flush?: () => void }).flush;
  if (typeof flush === "function") flush.call(res);
}

/** Resolves with the read if it settles within this turn of the event loop, else "pending". */
function raceWithTurn<T>(read: Promise<T>): Promise<T | "pending"> {
  return new Promise((resolve, reject) => {
    const timer = setImmediate(() => resolve("pending"));
    read.then(
      (value) => {
        clearImmediate(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearImmediate(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Only GET pages for anyone (no cookies set, nothing private) get a validator. */
function mayHaveValidator(req: express.Request, res: express.Response): boolean {
  if (req.method !== "GET" || res.statusCode !== 200) return false;
  const type = String(res.getHeader("content-type") ?? "");
  if (!type.startsWith("text/html") && !type.startsWith("application/json")) return false;
  if (res.getHeader("set-cookie") !== undefined || req.get("authorization")) return false;
  return !/\b(private|no-store)\b/i.test(String(res.getHeader("cache-control") ?? ""));
}

function weakEtag(body: Buffer, nonce: string): string {
  const hash = crypto.createHash("sha256");
  if (nonce) {
    // The nonce differs in every response; the page does not.
    const text = body.toString("latin1");
    for (const part of text.split(nonce)) hash.update(part, "latin1");
  } else {
    hash.update(body);
  }
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}
