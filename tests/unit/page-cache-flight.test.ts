import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { isMadeUpKey, PageCache, type PendingPage } from "../../server/page-cache";

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
  /** What the database holds: the version a read started now sees. */
  site: { version: string };
  /** Lets the version reads (held from the start) answer, from now on. */
  release: () => void;
  /** Holds the version reads again until `reads.release()`. */
  reads: { hold: () => void; release: () => void };
  /** Holds every render from now on until `renders.release()`. */
  renders: { hold: () => void; release: () => void };
  close: () => Promise<void>;
};

/** A gate: `wait()` resolves once `open()` was called since the last `shut()`. */
function gate(startOpen: boolean) {
  let open = () => {};
  let current: Promise<void> = Promise.resolve();
  const shut = () => {
    current = new Promise((resolve) => (open = resolve));
  };
  if (!startOpen) shut();
  return { wait: () => current, shut, open: () => open() };
}

async function harness(opts: { stores: boolean }): Promise<Harness> {
  const reads = gate(false);
  const renders = gate(true);
  const site = { version: "v1" };
  const cache = new PageCache({
    // A statement sees the database as it was when it started (PostgreSQL's snapshot), whenever it answers.
    readVersion: async () => {
      const seen = site.version;
      await reads.wait();
      return seen;
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
  app.get("/page", async (_req, res) => {
    counts.renders++;
    const pending = res.locals.pendingPage as PendingPage | undefined;
    const shown = pending?.version ?? site.version;
    await renders.wait();
    const body = Buffer.from(`<!doctype html><title>page</title><p>page of ${shown}</p>`);
    res.type("html").send(body);
    if (opts.stores && pending) void cache.store(pending, res, body, `"${shown}"`, "");
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cache,
    counts,
    site,
    release: () => reads.open(),
    reads: { hold: reads.shut, release: reads.open },
    renders: { hold: renders.shut, release: renders.open },
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

  it("gives those waiting the copy made for the version they read, though the content moved on during the render", async () => {
    open = await harness({ stores: true });
    const h = open;
    h.release();
    h.renders.hold();
    const first = get(`${h.url}/page`);
    await expect.poll(() => h.counts.renders).toBe(1);
    const waiting = Array.from({ length: 4 }, () => get(`${h.url}/page`));
    await expect.poll(() => h.cache.stats.waited).toBe(4);
    // A seat is taken: a visitor arriving now reads the new version and renders it; the others keep waiting.
    h.site.version = "v2";
    const later = get(`${h.url}/page`);
    await expect.poll(() => h.counts.renders).toBe(2);
    h.renders.release();
    const answers = await Promise.all([first, ...waiting, later]);
    expect(answers.map((a) => [a.cache, a.body.match(/page of v\d/)?.[0]])).toEqual([
      ["miss", "page of v1"],
      ...Array.from({ length: 4 }, () => ["hit", "page of v1"]),
      ["miss", "page of v2"],
    ]);
    expect(h.counts.renders).toBe(2);
    await expect.poll(() => h.cache.size.flights).toBe(0);

    // The copy kept is the newer one, even if a render of the older version finishes storing after it.
    await expect.poll(async () => (await get(`${h.url}/page`)).cache).toBe("hit");
    const res = { getHeader: () => undefined, getHeaders: () => ({ "content-type": "text/html" }) } as unknown as express.Response;
    await h.cache.store({ key: "/page", version: "v1" }, res, Buffer.from("<p>page of v1</p>"), '"late"', "");
    const now = await get(`${h.url}/page`);
    expect(now).toMatchObject({ cache: "hit" });
    expect(now.body).toContain("page of v2");
  });

  it("never answers a visitor with a version read that started before they arrived", async () => {
    open = await harness({ stores: true });
    const h = open;
    h.release();
    expect((await get(`${h.url}/page`)).body).toContain("page of v1");
    await expect.poll(async () => (await get(`${h.url}/page`)).cache).toBe("hit");
    // A version read is under way, seeing v1, when a change commits and another visitor arrives.
    h.reads.hold();
    const arrived = h.counts.arrived;
    const early = get(`${h.url}/page`);
    await expect.poll(() => h.counts.arrived).toBe(arrived + 1);
    h.site.version = "v2";
    const late = get(`${h.url}/page`);
    await expect.poll(() => h.counts.arrived).toBe(arrived + 2);
    h.reads.release();
    const [before, after] = await Promise.all([early, late]);
    expect(before).toMatchObject({ cache: "hit" });
    expect(before.body).toContain("page of v1");
    expect(after).toMatchObject({ cache: "miss" });
    expect(after.body).toContain("page of v2");
  });

  it("keeps an address with a query string from its second request on: one-off query strings keep nothing (decision 0114)", async () => {
    open = await harness({ stores: true });
    open.release();
    const url = `${open.url}/page?program=tasso`;
    expect((await get(url)).cache).toBe("miss");
    expect(open.cache.size.pages).toBe(0);
    const h = open;
    expect((await get(url)).cache).toBe("miss");
    await expect.poll(() => h.cache.size.pages).toBe(1);
    expect((await get(url)).cache).toBe("hit");
    // A client making up a new query string each time: each is rendered, none is kept.
    for (let i = 0; i < 30; i++) expect((await get(`${open.url}/page?x=${i}`)).status).toBe(200);
    expect(open.cache.size.pages).toBe(1);
    expect(open.cache.stats.stored).toBe(1);
    // Without a query string, kept at once.
    await get(`${open.url}/page`);
    await expect.poll(() => h.cache.size.pages).toBe(2);
  });

  it("still renders a first query-string address once for a crowd, and gives them that render", async () => {
    open = await harness({ stores: true });
    const h = open;
    // The render is held until all the others wait for it.
    h.renders.hold();
    const crowd = Array.from({ length: 10 }, () => get(`${h.url}/page?crowd=1`));
    await expect.poll(() => h.counts.arrived).toBe(10);
    h.release();
    await expect.poll(() => ({ renders: h.counts.renders, waited: h.cache.stats.waited })).toEqual({ renders: 1, waited: 9 });
    h.renders.release();
    const answers = await Promise.all(crowd);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.cache === "miss")).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set(["<!doctype html><title>page</title><p>page of v1</p>"]));
    expect({ renders: open.counts.renders, pages: open.cache.size.pages, flights: open.cache.size.flights }).toEqual({ renders: 1, pages: 0, flights: 0 });
  });

  it("keeps addresses with a query string to a quarter of its memory, so they never push out the site's own pages (decision 0114)", async () => {
    const cache = new PageCache({ readVersion: async () => "v1", ttlMs: 60_000, maxBytes: 40_000 });
    const res = { getHeader: () => undefined, getHeaders: () => ({ "content-type": "text/html" }) } as unknown as express.Response;
    const page = (n: number) => Buffer.from(`<p>${String(n).repeat(600)}</p>`);
    for (let i = 0; i < 5; i++) await cache.store({ key: `/page-${i}`, version: "v1" }, res, page(i), '"e"', "");
    const own = cache.size.bytes;
    expect(cache.size.pages).toBe(5);
    for (let i = 0; i < 200; i++) await cache.store({ key: `/?x=${i}`, version: "v1" }, res, page(i), '"e"', "");
    expect(cache.size.madeUpBytes).toBeLessThanOrEqual(10_000);
    expect(cache.size.madeUpBytes).toBeGreaterThan(0);
    expect(cache.size.bytes).toBeLessThanOrEqual(40_000);
    // All five of the site's own pages are still kept.
    expect(cache.size.bytes - cache.size.madeUpBytes).toBe(own);
  });

  it("counts as made up a query string and any other spelling of a path the site writes (decision 0114)", () => {
    const made = ["/?x=1", "/schedule?program=tasso", "/ABOUT", "/About", "/schedule/", "/decode/level/DECODE-1", "/API/events/open", "/api/FamilyEvent/user"];
    const own = ["/", "/about", "/schedule", "/decode/level/decode-1", "/api/events/open", "/api/familyEvent/user/s-fc-austin", "/api/decode/user"];
    expect(made.filter((k) => !isMadeUpKey(k))).toEqual([]);
    expect(own.filter((k) => isMadeUpKey(k))).toEqual([]);
  });

  it("counts each copy's URL and headers against its memory bound, not only its bodies", async () => {
    const cache = new PageCache({ readVersion: async () => "v1", ttlMs: 60_000, maxBytes: 20_000 });
    const res = { getHeader: () => undefined, getHeaders: () => ({ "content-type": "text/html" }) } as unknown as express.Response;
    // A hundred pages of a few bytes each, under URLs of a thousand characters (distinct query strings).
    for (let i = 0; i < 100; i++) {
      await cache.store({ key: `/schedule?q=${String(i).padStart(1000, "x")}`, version: "v1" }, res, Buffer.from("<p>x</p>"), '"e"', "");
    }
    expect(cache.size.bytes).toBeLessThanOrEqual(20_000);
    expect(cache.size.pages).toBeLessThan(20);
    expect(cache.size.pages).toBeGreaterThan(0);
  });
});
