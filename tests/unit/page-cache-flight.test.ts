import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { PageCache, type PendingPage } from "../../server/page-cache";

/**
 * The page cache's single-flight render (decision 0099) on a bare Express app:
 * a page the test renders itself, and a content version it hands out when it
 * chooses, so the moments between a request's arrival and its render are the
 * test's to arrange.
 */
type Harness = {
  url: string;
  cache: PageCache;
  /** Requests that reached the app, responses closed (answered or hung up on), pages rendered. */
  counts: { arrived: number; closed: number; renders: number };
  release: () => void;
  close: () => Promise<void>;
};

async function harness(opts: { stores: boolean }): Promise<Harness> {
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  const hold = () => {
    gate = new Promise((resolve) => (open = resolve));
  };
  hold();
  const cache = new PageCache({
    readVersion: async () => {
      await gate;
      return "v1";
    },
    ttlMs: 60_000,
    maxBytes: 1_000_000,
  });
  const counts = { arrived: 0, closed: 0, renders: 0 };
  const app = express();
  app.use((_req, res, next) => {
    counts.arrived++;
    res.on("close", () => counts.closed++);
    next();
  });
  app.use(cache.middleware());
  app.get("/page", (_req, res) => {
    counts.renders++;
    const body = Buffer.from("<!doctype html><title>page</title><p>page</p>");
    res.type("html").send(body);
    const pending = res.locals.pendingPage as PendingPage | undefined;
    if (opts.stores && pending) void cache.store(pending, res, body, '"etag"', "");
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cache,
    counts,
    release: () => open(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function get(url: string) {
  return new Promise<{ status: number; cache: string | undefined; body: string }>((resolve, reject) => {
    http
      .get(url, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, cache: res.headers["x-page-cache"] as string | undefined, body }));
      })
      .on("error", reject);
  });
}


let open: Harness | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe("page cache: one render for visitors who ask together", () => {
  it("renders once for a crowd and serves the others the stored copy", async () => {
    open = await harness({ stores: true });
    const crowd = Array.from({ length: 10 }, () => get(`${open!.url}/page`));
    const h = open;
    await expect.poll(() => h.counts.arrived).toBe(10);
    open.release();
    const answers = await Promise.all(crowd);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.cache === "miss")).toHaveLength(1);
    expect(open.counts.renders).toBe(1);
    expect(open.cache.size.flights).toBe(0);
  });

  it("leaves no flight behind for a visitor who left before the content version was read", async () => {
    open = await harness({ stores: false });
    const h = open;
    // The request reaches the cache, and its client hangs up while the version read is still under way.
    const req = http.get(`${h.url}/page`);
    req.on("error", () => {});
    await expect.poll(() => h.counts.arrived).toBe(1);
    req.destroy();
    await expect.poll(() => h.counts.closed).toBe(1);
    h.release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(h.cache.size.flights).toBe(0);
    // The next visitor renders the page at once instead of waiting for a render nobody is doing.
    const next = await get(`${h.url}/page`);
    expect(next).toMatchObject({ status: 200, cache: "miss" });
    expect(h.cache.stats.waited).toBe(0);
    expect(h.cache.size.flights).toBe(0);
  });
});
