import type { IncomingMessage, ServerResponse } from "node:http";
import type express from "express";

/**
 * A request body nobody read to the end (a route that refused it by its type,
 * its origin or its declared length; a sign-in redirect; a rate limit) must
 * still be read before the connection closes. Otherwise the client is still
 * sending when our side closes: its kernel gets a TCP reset, and the client
 * sees "connection reset" or "broken pipe" instead of our answer.
 *
 * `drainRequest` switches a request to reading and discarding the rest of its
 * body; `answerAfterBody` holds the last write of every answer until the
 * request's body has ended (read by the route or drained here), so the answer
 * reaches a client that sends its whole body before it reads, and the next
 * request on a kept-alive connection starts where it should.
 */

/** Past this much discarded body, the client is not worth waiting for: drop the connection. */
export const DRAIN_LIMIT = 64 * 1024 * 1024;
/** A client that stops sending mid-body gets its answer after this long anyway. */
const DRAIN_WAIT_MS = 10_000;
/** How long a connection is still read after the answer to a body past DRAIN_LIMIT, before it is dropped. */
const LINGER_MS = 2_000;

const draining = new WeakSet<IncomingMessage>();
/** What to do when a drain passes DRAIN_LIMIT: the held answer goes first, then the connection is dropped. */
const onLimit = new WeakMap<IncomingMessage, () => void>();

/** True once the request's body is being thrown away: its data are no longer the route's. */
export function isDraining(req: IncomingMessage): boolean {
  return draining.has(req);
}

/** Reads and discards what is left of the body (at most DRAIN_LIMIT bytes, then the connection is dropped). */
export function drainRequest(req: IncomingMessage): void {
  if (draining.has(req)) return;
  draining.add(req);
  let discarded = 0;
  let past = false;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (past || discarded <= DRAIN_LIMIT) return;
    past = true;
    const answer = onLimit.get(req);
    onLimit.delete(req);
    if (!answer) {
      req.socket.destroy();
      return;
    }
    // Still read (and thrown away) while the held answer goes out and a moment after: a connection closed on
    // data the client is still sending is reset, and a reset can discard an answer the client had not read yet.
    answer();
  });
  req.resume();
}

function bodyEnded(req: IncomingMessage): boolean {
  return req.complete || req.readableEnded || req.destroyed;
}

/** Middleware: the answer's final write waits for the end of the request's body, which is drained if no one reads it. */
export function answerAfterBody(): express.RequestHandler {
  return (req, res, next) => {
    if (bodyEnded(req)) return next();
    // Declared longer than we would ever drain: not worth reading. The answer goes at once and the connection
    // closes after it (decided here, before any layer writes the head: compression writes it before our end).
    if (Number(req.headers["content-length"] ?? "0") > DRAIN_LIMIT) {
      res.setHeader("Connection", "close");
      return next();
    }
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = function (this: ServerResponse, ...args: unknown[]) {
      if (bodyEnded(req) || res.writableEnded) return end(...args);
      drainRequest(req);
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        onLimit.delete(req);
        req.off("end", finish);
        req.off("close", finish);
        end(...args);
      };
      // Past the limit (a chunked body that never ends): the answer, then, a moment later, the connection dropped.
      onLimit.set(req, () => {
        res.once("finish", () => setTimeout(() => req.socket.destroy(), LINGER_MS).unref());
        finish();
      });
      const timer = setTimeout(finish, DRAIN_WAIT_MS);
      timer.unref();
      req.once("end", finish);
      req.once("close", finish);
      return this;
    } as typeof res.end;
    next();
  };
}
