import type express from "express";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";
import { OutageDocument } from "../app/components/layout/outage-document.tsx";
import type { Outage } from "../app/components/layout/service-unavailable.tsx";
import type { DatabaseFailure } from "../app/db/availability.server.ts";
import { organisationYear } from "../app/features/events/format.ts";
import type { SiteSettings } from "../app/site-settings.ts";

/**
 * The answers the HTTP shell gives when a request failed because the database
 * could not be used (decision 0033), in place of React Router's 500:
 *
 * - `/api/…`: JSON `{ success: false, message }`, 503 with `Retry-After`
 *   (507 when the disk is full: nothing was saved, and waiting a minute will
 *   not help).
 * - React Router's data requests (`….data`, a client-side navigation): a bare
 *   503, which the browser's router shows in the root error boundary with the
 *   same words.
 * - Pages: the 'We'll be right back' document, with the site's stylesheet
 *   and no script.
 */
export const API_OUTAGE_MESSAGES = {
  unavailable: "The service is temporarily unavailable. Please try again in a few minutes.",
  "storage-full": "The server's storage is full, so nothing was saved. Please try again later.",
} as const satisfies Record<Outage, string>;

/** Seconds a client is asked to wait: an outage is usually a restart or a failover; an overloaded pool frees up sooner. */
const RETRY_AFTER: Record<Exclude<DatabaseFailure, "storage-full">, number> = { unreachable: 30, busy: 10 };

export function createOutageResponder(opts: { site: SiteSettings; stylesheets: readonly string[] }) {
  return function sendOutage(req: express.Request, res: express.Response, failure: DatabaseFailure) {
    const outage: Outage = failure === "storage-full" ? "storage-full" : "unavailable";
    const status = failure === "storage-full" ? 507 : 503;
    // Whatever the route set (an ETag, a cookie, a cache policy) belongs to the answer it did not give.
    for (const name of ["etag", "set-cookie", "cache-control", "content-type", "content-length", "content-encoding", "x-page-cache", "link"]) {
      res.removeHeader(name);
    }
    res.status(status).set("Cache-Control", "no-store");
    if (failure !== "storage-full") res.set("Retry-After", String(RETRY_AFTER[failure]));
    if (req.path === "/api" || req.path.startsWith("/api/")) {
      res.json({ success: false, message: API_OUTAGE_MESSAGES[outage] });
      return;
    }
    if (req.path.endsWith(".data")) {
      res.type("text/plain").send(API_OUTAGE_MESSAGES[outage]);
      return;
    }
    const html = renderToStaticMarkup(
      <StaticRouter location={req.originalUrl}>
        <OutageDocument
          outage={outage}
          site={opts.site}
          year={organisationYear()}
          stylesheets={opts.stylesheets}
          retryHref={req.originalUrl}
          posted={req.method === "POST"}
        />
      </StaticRouter>,
    );
    res.type("html");
    if (req.method === "HEAD") res.end();
    else res.send(`<!DOCTYPE html>${html}`);
  };
}
