import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, postgresUrl } from "../helpers/databases";
import { valid } from "../helpers/registration";
import { startSite, type RunningSite } from "../helpers/site";
import { startTcpProxy } from "../helpers/tcp-proxy";

/**
 * Issue 10 point 5: the database unreachable, then back, in one process; and a
 * full disk (decision 0033).
 */

const contact = (n: number) => ({
  firstName: "Ann",
  lastName: "Lee",
  email: `ann${n}@example.com`,
  phoneNumber: "+1 555 123 4567",
  country: "US",
  zipCode: "10001",
  message: "I would like to know more about DECODE level 1.",
  acceptPrivacyPolicy: true,
});
const postJson = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/**
 * Timed: an outage is answered at once, not after the pool's 10 s wait for a
 * connection. The bound leaves room for a busy machine; it is not a benchmark.
 */
const AT_ONCE_MS = 5000;
async function timed(request: Promise<Response>) {
  const started = performance.now();
  const response = await request;
  const body = await response.text();
  return { response, body, ms: performance.now() - started };
}

async function waitFor(check: () => Promise<boolean>, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe.skipIf(!postgresUrl)("PostgreSQL unreachable, then back, without a restart", () => {
  let pgDb: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let s: RunningSite;

  beforeAll(async () => {
    pgDb = await createPostgresDatabase();
    const real = new URL(pgDb.url);
    proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(pgDb.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    // The site knows only the proxy's address; the helper's own database is not used.
    s = await startSite("sqlite", { DATABASE_URL: viaProxy.toString(), FORM_RATE_LIMIT: "100" });
  });
  afterAll(async () => {
    await proxy?.restore().catch(() => {});
    await s?.stop();
    await proxy?.close();
    await pgDb?.drop();
  });

  it("serves normally before the cut", async () => {
    expect(s.site.database.kind).toBe("postgres");
    expect((await fetch(`${s.url}/schedule`)).status).toBe(200);
    expect(await (await fetch(`${s.url}/healthz`)).json()).toEqual({ status: "ok", database: "ok" });
  });

  it("answers pages with the 503 page, the API with 503 JSON and Retry-After, /healthz with the database down; then recovers by itself", async () => {
    await proxy.cut();

    // A page that reads the database: the friendly page, in the site's look, with no script.
    const page = await timed(fetch(`${s.url}/schedule`));
    expect(page.response.status).toBe(503);
    expect(page.response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.response.headers.get("retry-after")).toBe("30");
    expect(page.response.headers.get("cache-control")).toBe("no-store");
    expect(page.body).toMatch(/^<!DOCTYPE html>/);
    expect(page.body).toContain("<title>We&#x27;ll be right back | Mindful Path Institute</title>");
    expect(page.body).toContain("Our site can&#x27;t reach its records for a moment. Please try again in a few minutes.");
    expect(page.body).toMatch(/<link rel="stylesheet" href="\/assets\/root-[\w-]+\.css"/);
    expect(page.body).toMatch(/<a href="\/schedule"[^>]*>Try again<\/a>/);
    expect(page.body).toContain("hello@mindfulpath.example");
    expect(page.body).not.toContain("<script");
    expect(page.ms).toBeLessThan(AT_ONCE_MS);

    // A page whose loader catches its own failure gets the same page while the database is down.
    const decode = await timed(fetch(`${s.url}/decode`));
    expect(decode.response.status).toBe(503);
    expect(decode.body).toContain("right back");

    // The JSON API: 503 with the API's shape.
    const api = await timed(fetch(`${s.url}/api/events/open`));
    expect(api.response.status).toBe(503);
    expect(api.response.headers.get("retry-after")).toBe("30");
    expect(JSON.parse(api.body)).toEqual({
      success: false,
      message: "The service is temporarily unavailable. Please try again in a few minutes.",
    });
    expect(api.ms).toBeLessThan(AT_ONCE_MS);
    const write = await timed(postJson(`${s.url}/api/contact`, contact(1)));
    expect(write.response.status).toBe(503);
    expect(JSON.parse(write.body)).toMatchObject({ success: false });

    // A form posted without JavaScript: the page says nothing was saved.
    const form = await timed(
      fetch(`${s.url}/contact-us`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...contact(2), acceptPrivacyPolicy: "on" } as Record<string, string>).toString(),
      }),
    );
    expect(form.response.status).toBe(503);
    expect(form.body).toContain("What you sent was not saved: please send it again in a few minutes.");

    // A client-side navigation's data request: a bare 503 the browser's router shows in its error boundary.
    const data = await timed(fetch(`${s.url}/schedule.data`));
    expect(data.response.status).toBe(503);
    expect(data.response.headers.has("x-remix-response")).toBe(false);

    // Staff pages too (the sign-in check reads the database).
    const staff = await fetch(`${s.url}/admin/registrations`, { headers: { cookie: `staff_session=${"a".repeat(43)}` }, redirect: "manual" });
    expect(staff.status).toBe(503);

    const health = await timed(fetch(`${s.url}/healthz`));
    expect(health.response.status).toBe(503);
    expect(JSON.parse(health.body)).toMatchObject({ status: "error", database: "unreachable" });
    // The process itself is alive: what a load balancer asks (docs/deploy.md).
    expect(await (await fetch(`${s.url}/livez`)).json()).toEqual({ status: "ok" });
    expect(s.site.database.status.down).toBe(true);

    // Back: the pool reconnects and the same process serves again, no restart.
    await proxy.restore();
    expect(await waitFor(async () => (await fetch(`${s.url}/healthz`)).status === 200, 5000)).toBe(true);
    expect(s.site.database.status.down).toBe(false);
    const again = await fetch(`${s.url}/schedule`);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Event Calendar");
    expect((await fetch(`${s.url}/api/events/open`)).status).toBe(200);
    expect((await postJson(`${s.url}/api/contact`, contact(3))).status).toBe(201);
    const stored = await s.db.selectFrom("contact_messages").select("email").execute();
    expect(stored.map((r) => r.email)).toEqual(["ann3@example.com"]);
  });

  it("fails a query in flight when the connection drops, without taking the process down", async () => {
    // pg also emits 'error' on a checked-out client whose socket dies; unheard, that would end the process.
    const inFlight = sql`select pg_sleep(2)`.execute(s.db);
    await new Promise((r) => setTimeout(r, 300));
    await proxy.cut();
    await expect(inFlight).rejects.toMatchObject({ name: "DatabaseUnavailable", failure: "unreachable" });
    await proxy.restore();
    expect(await waitFor(async () => (await fetch(`${s.url}/healthz`)).status === 200, 5000)).toBe(true);
  });

  it("finds the database back without being asked, when nothing polls /healthz", async () => {
    await proxy.cut();
    expect((await fetch(`${s.url}/api/events/open`)).status).toBe(503);
    expect(s.site.database.status.down).toBe(true);
    await proxy.restore();
    // Only the circuit's own probe (once a second) can close it here.
    expect(await waitFor(async () => !s.site.database.status.down, 5000)).toBe(true);
    expect((await fetch(`${s.url}/api/events/open`)).status).toBe(200);
  });
});

describe("SQLite disk full (SQLITE_FULL)", () => {
  let s: RunningSite;
  const counts = async () => {
    const one = async (table: "registrations" | "outbox" | "files") =>
      Number((await s.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    return { registrations: await one("registrations"), outbox: await one("outbox"), files: await one("files") };
  };

  beforeAll(async () => {
    s = await startSite("sqlite", { FORM_RATE_LIMIT: "100" });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("refuses a registration with a clear 507 and keeps no part of it; reads go on; writes resume when space is back", async () => {
    const before = await counts();
    // The site's one connection may not grow the file past its present size: the next page it needs is "disk full".
    const { page_count } = (await sql<{ page_count: number }>`pragma page_count`.execute(s.db)).rows[0]!;
    await sql.raw(`pragma max_page_count = ${page_count}`).execute(s.db);
    try {
      // A registration: its row and its two mails (with their HTML) need new pages.
      const form = new FormData();
      for (const [k, v] of Object.entries({ ...valid, email: "full@example.com" })) form.set(k, String(v));
      const answer = await fetch(`${s.url}/api/registration`, { method: "POST", body: form });
      expect(answer.status).toBe(507);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(await answer.json()).toEqual({ success: false, message: "The server's storage is full, so nothing was saved. Please try again later." });

      // The same through the page's own form (no JavaScript).
      const page = await fetch(`${s.url}/register/${valid.upcomingEventId}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(Object.entries({ ...valid, email: "full2@example.com" }).map(([k, v]) => [k, String(v)])).toString(),
      });
      expect(page.status).toBe(507);
      const html = await page.text();
      expect(html).toContain("We couldn&#x27;t save that");
      expect(html).toContain("Our server has run out of storage space, so nothing you sent was saved.");

      expect(await counts()).toEqual(before);
      expect(await s.db.selectFrom("registrations").select("id").where("email", "like", "full%").execute()).toEqual([]);
      // A full disk is no outage: reading pages and the health check go on.
      expect((await fetch(`${s.url}/schedule`)).status).toBe(200);
      expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
      expect(s.site.database.status.down).toBe(false);
    } finally {
      await sql.raw("pragma max_page_count = 1073741823").execute(s.db);
    }
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...valid, email: "full@example.com" })) form.set(k, String(v));
    expect((await fetch(`${s.url}/api/registration`, { method: "POST", body: form })).status).toBe(201);
    const after = await counts();
    expect(after.registrations).toBe(before.registrations + 1);
  });
});
