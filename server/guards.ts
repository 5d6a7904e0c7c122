import type express from "express";

/**
 * Request guards that run before any page or API code: the client's mistakes
 * and cross-site writes are answered here with a 4xx, never a 500.
 */

/** Where a malformed page address is sent, so the layout renders the 400 page (see not-found.tsx). */
export const BAD_REQUEST_PATH = "/__bad-request";

/**
 * Under /api: the JSON API (its refusals are JSON). In any letter case, since
 * React Router matches `/API/admin/settings` to the same route.
 */
export const isApi = (req: express.Request) => /^\/api(?:\/|$)/i.test(req.path);

/**
 * React Router answers every route at its path plus `.data` too, in its own
 * format for its client, which the API never uses. There the headers the
 * API sets on its answers (`Cache-Control: private, no-store` on staff data)
 * are not kept, so the API refuses that form of its addresses: 404 JSON. So
 * do a private page's own files.
 */
export function noApiDataRequests(): express.RequestHandler {
  return (req, res, next) => {
    // `/api.data` too: React Router's data form of the API's own not-found route.
    if (/^\/api(?:\/.*)?\.data$/i.test(req.path)) {
      res.status(404).set("Cache-Control", "no-store").json({ success: false, message: "Not found" });
      return;
    }
    // Likewise a private page's files (its calendar file): their `.data` form came without the page's private
    // headers (no-store, noindex, same-origin referrer) though the token is in its address (decision 0108).
    // The private page's own `.data` is its client's, and keeps its headers.
    if (/^\/(?:my-registration|my-booking|waiting-list)\/[^/]+\/.+\.data$/i.test(req.path)) {
      res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found.");
      return;
    }
    next();
  };
}

export function sendClientError(req: express.Request, res: express.Response, status: number, message: string, headers: Record<string, string> = {}) {
  res.set(headers).set("Cache-Control", "no-store");
  if (isApi(req)) res.status(status).json({ success: false, message });
  else res.status(status).type("text/plain").send(message);
}

/**
 * A control character (NUL, CR, LF, tab…) or a line or paragraph separator: no
 * address of ours holds one. React Router's `*` does not match a line break, so
 * `/api/x%0Ay` fell through the API's JSON not-found to the HTML page.
 */
const CONTROL_IN_PATH = /[\p{Cc}\u2028\u2029]/u;

/**
 * A path whose percent-encoding does not decode to UTF-8 (`/%ZZ`, `/%E0%A4%A`,
 * `/%C0%AF`), or that decodes to a control character or a line separator
 * (`/%00`, `/api/x%0D%0A`), is the client's error: 400. So is a
 * query with a NUL (`?q=%00`): no parameter takes one, and PostgreSQL refuses
 * any statement that carries one. (A query's other broken escapes are read
 * leniently, as URLSearchParams does, and checked by each route.) API paths
 * get JSON; pages are re-routed to the layout's "Bad request" page. A
 * well-formed address goes on in its canonical form (canonicalTarget, below).
 */
export function malformedUrl(): express.RequestHandler {
  return (req, res, next) => {
    const url = req.originalUrl;
    const target = canonicalTarget(url);
    const mark = url.indexOf("?");
    const raw = mark < 0 ? url : url.slice(0, mark);
    let ok = target !== null && (mark < 0 || !/%00/i.test(url.slice(mark + 1)));
    try {
      ok &&= !CONTROL_IN_PATH.test(decodeURIComponent(raw));
    } catch {
      ok = false;
    }
    if (ok) {
      if (target !== url) {
        req.url = target!;
        req.originalUrl = target!;
      }
      return next();
    }
    if (isApi(req) || req.method !== "GET") return sendClientError(req, res, 400, "The address is not valid.");
    res.locals.badRequest = true;
    req.url = BAD_REQUEST_PATH;
    req.originalUrl = BAD_REQUEST_PATH;
    next();
  };
}

const UNRESERVED = /^[A-Za-z0-9._~-]$/;

/**
 * The request target as React Router will read it, so that every guard ahead of it (the API's answers and
 * methods, its refusal of `.data`, the page cache) judges the path the route is chosen by. The URL parser
 * resolves dot segments, `%2e%2e` and backslashes among them, and React Router decodes escapes before
 * matching: `/x/%2e%2e/%61pi/admin/settings.data` is `/api/admin/settings.data` to it. So the path is
 * parsed the same way and escaped letters, digits and `-._~` are decoded (RFC 3986 calls both spellings the
 * same address); the query is kept as sent. A target in absolute form (`GET http://host/path`) keeps its
 * path and query only: the Host header and PUBLIC_URL say which site this is. `*` and any other target
 * that is not a path is null: 400 (decision 0101).
 */
export function canonicalTarget(url: string): string | null {
  let target = url;
  if (!target.startsWith("/")) {
    try {
      const absolute = new URL(target);
      if (absolute.protocol !== "http:" && absolute.protocol !== "https:") return null;
      target = absolute.pathname + absolute.search;
    } catch {
      return null;
    }
  }
  const mark = target.indexOf("?");
  const path = mark < 0 ? target : target.slice(0, mark);
  let pathname: string;
  try {
    // Joined as text, never resolved against a base: `//host/path` is a path here, not another host.
    pathname = new URL(`http://path.invalid${path}`).pathname;
  } catch {
    return null;
  }
  pathname = pathname.replace(/%[0-9A-Fa-f]{2}/g, (escape) => {
    const char = String.fromCharCode(Number.parseInt(escape.slice(1), 16));
    return UNRESERVED.test(char) ? char : escape;
  });
  return mark < 0 ? pathname : pathname + target.slice(mark);
}

const PAGE_METHODS = ["GET", "HEAD", "POST"];
const API_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * Pages take GET, HEAD and POST (a form); anything else is 405 with Allow, before a route's action can run.
 * OPTIONS on the API is answered here, 204 with the methods the API takes: React Router would run a
 * GET's loader for it and send the data (the API is same-origin only, so there is no CORS preflight to answer).
 */
export function allowedMethods(): express.RequestHandler {
  return (req, res, next) => {
    const api = isApi(req);
    if (api && req.method === "OPTIONS") {
      res.status(204).set({ Allow: API_METHODS.join(", "), "Cache-Control": "no-store" }).end();
      return;
    }
    const allowed = api ? API_METHODS : PAGE_METHODS;
    if (allowed.includes(req.method)) return next();
    sendClientError(req, res, 405, "This method is not allowed here.", { Allow: allowed.join(", ") });
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type OriginPolicy = {
  /** The site's public origin (from PUBLIC_URL), e.g. https://www.example.org. */
  publicOrigin: string;
};

/**
 * The origin this server sees for the request: scheme (after TRUST_PROXY) and Host, as the URL parser writes
 * it (`http://x:80` is `http://x`, as a browser's Origin header says). A Host that is not a host[:port] the
 * parser takes (`x:99999`, `[1:2:3]`), or a forwarded scheme that is not http or https, is not used: the
 * fallback is (decision 0101).
 */
export function directOrigin(req: express.Request, fallback: string): string {
  const host = req.get("host") ?? "";
  const scheme = req.protocol.toLowerCase();
  if (scheme !== "http" && scheme !== "https") return fallback;
  if (!/^[a-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/i.test(host)) return fallback;
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return fallback;
  }
}

/**
 * Cross-site writes are refused (403). A state-changing request is accepted when
 * its Origin is the public origin (PUBLIC_URL: what browsers see behind an HTTPS
 * proxy) or the origin the request reached directly; with no Origin header, when
 * Sec-Fetch-Site does not say the request came from another site. Requests
 * without either header (curl, server-to-server clients) are not a browser's
 * cross-site request and pass.
 */
export function sameOriginWrites(policy: OriginPolicy): express.RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    if (origin !== undefined) {
      if (origin === policy.publicOrigin || origin === directOrigin(req, policy.publicOrigin)) return next();
      return sendClientError(req, res, 403, "Requests from other sites are not accepted.");
    }
    const site = req.get("sec-fetch-site");
    if (site === "cross-site" || site === "same-site") {
      return sendClientError(req, res, 403, "Requests from other sites are not accepted.");
    }
    next();
  };
}

/**
 * The origin of the Request handed to React Router. When the browser's Origin
 * passed the check above it is used, so React Router's own origin check agrees
 * behind a TLS-terminating proxy; otherwise the public origin.
 */
export function routerOrigin(policy: OriginPolicy): (req: express.Request) => string {
  return (req) => {
    const origin = req.get("origin");
    if (origin === policy.publicOrigin) return origin;
    return directOrigin(req, policy.publicOrigin);
  };
}
