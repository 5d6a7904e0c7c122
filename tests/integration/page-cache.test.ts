import crypto from "node:crypto";
import http from "node:http";
import net from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects } from "../helpers/databases";
import { startSecondInstance, startSite, type RunningSite } from "../helpers/site";

/** A raw GET, so the test sees the encoding and bytes as sent. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** The page without its render's nonce values, which differ between two renders. */
const page = (body: Buffer) => body.toString("utf8").replace(/nonce="[^"]*"/g, 'nonce=""');
const nonceOf = (csp: string | string[] | undefined) => /'nonce-([^']+)'/.exec(String(csp ?? ""))?.[1];

describe.each(dialects)("anonymous page cache on %s", (dialect) => {
  let a: RunningSite;
  let b: Awaited<ReturnType<typeof startSecondInstance>>;
  beforeAll(async () => {
    a = await startSite(dialect);
    b = await startSecondInstance(a);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  it("renders a page once, then serves the stored copy with its inline scripts allowed by hash", async () => {
    const first = await get(`${a.url}/about`);
    expect(first.status).toBe(200);
    expect(first.headers["x-page-cache"]).toBe("miss");
    const nonce = nonceOf(first.headers["content-security-policy"]);
    expect(nonce).toBeTruthy();
    await expect.poll(() => a.site.pageCache?.size.pages ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);

    const second = await get(`${a.url}/about`);
    expect(second.headers["x-page-cache"]).toBe("hit");
    const csp = String(second.headers["content-security-policy"]);
    expect(csp).not.toContain("'nonce-");
    expect(csp).toContain("default-src 'self'");
    const html = second.body.toString("utf8");
    // The same page as rendered, and every inline script's hash in the policy.
    expect(html).toBe(first.body.toString("utf8"));
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attrs = "", text = ""]) => !/\bsrc=/.test(attrs) && text.length > 0,
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , text = ""] of inline) {
      const hash = crypto.createHash("sha256").update(text, "utf8").digest("base64");
      expect(csp).toContain(`'sha256-${hash}'`);
    }
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it("sends the stored page in the encoding asked, compressed once, and 304 for a matching validator", async () => {
    const plain = await get(`${a.url}/privacy-policy`);
    await expect.poll(async () => (await get(`${a.url}/privacy-policy`)).headers["x-page-cache"], { timeout: 20_000 }).toBe("hit");
    const br = await get(`${a.url}/privacy-policy`, { "accept-encoding": "br, gzip" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("Accept-Encoding");
    expect(page(zlib.brotliDecompressSync(br.body))).toBe(page(plain.body));
    // A browser's header, gzip listed first at the same weight: the smaller brotli copy still.
    const browser = await get(`${a.url}/privacy-policy`, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(browser.headers["content-encoding"]).toBe("br");
    expect(browser.body.equals(br.body)).toBe(true);
    const gz = await get(`${a.url}/privacy-policy`, { "accept-encoding": "gzip, deflate" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(page(zlib.gunzipSync(gz.body))).toBe(page(plain.body));
    const again = await get(`${a.url}/privacy-policy`, { "if-none-match": String(plain.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
  });

  it("never stores or serves a page for a visitor with cookies, nor the staff or writing API", async () => {
    await get(`${a.url}/about`);
    const withCookie = await get(`${a.url}/about`, { cookie: "staff_session=x" });
    expect(withCookie.headers["x-page-cache"]).toBeUndefined();
    expect(nonceOf(withCookie.headers["content-security-policy"])).toBeTruthy();
    for (const p of ["/api/ich", "/api/registration", "/api/familyEvent", "/api/openapi.json"]) {
      expect({ path: p, cache: (await get(`${a.url}${p}`)).headers["x-page-cache"] }).toEqual({ path: p, cache: undefined });
    }
    const withToken = await get(`${a.url}/api/events/open`, { authorization: "Bearer x" });
    expect(withToken.headers["x-page-cache"]).toBeUndefined();
  });

  it("serves the API's public reads from the cache too, and a booking shows in the next answer at once", async () => {
    const url = `${a.url}/api/familyEvent/user/s-fc-austin`;
    const seatsLeft = (body: Buffer) => (JSON.parse(body.toString("utf8")) as { data: { seatsLeft: number | null } }).data.seatsLeft;
    const first = await get(url);
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toContain("application/json");
    await expect.poll(async () => (await get(url)).headers["x-page-cache"], { timeout: 20_000 }).toBe("hit");
    const cached = await get(url, { "accept-encoding": "gzip" });
    expect(cached.headers["content-encoding"]).toBe("gzip");
    const before = seatsLeft(zlib.gunzipSync(cached.body));
    expect(before).toBeGreaterThan(0);
    for (const p of ["/api/events/open", "/api/events/open?page=1&limit=5", "/api/events/open/upcoming", "/api/events/open/type/decode", "/api/decode/user", "/api/familyEvent/user"]) {
      await get(`${a.url}${p}`);
      await expect.poll(async () => (await get(`${a.url}${p}`)).headers["x-page-cache"], { timeout: 20_000, message: p }).toBe("hit");
    }

    // A booking through the other instance: the next answer here is rendered afresh, one seat fewer.
    const booked = await fetch(`${b.url}/api/familyConsitalation/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ programId: "s-fc-austin", fullName: "Cache Test", email: `cache-${Date.now()}@example.com`, phone: "(512) 555-0142", termsAndCondition: true, communicationPreferences: false }),
    });
    expect(booked.status).toBe(201);
    const after = await get(url);
    expect(after.headers["x-page-cache"]).toBe("miss");
    expect(seatsLeft(after.body)).toBe(before! - 1);
  });

  it("keeps no copy past a session's start: its enrollment closes on time though nothing was written (decision 0103)", async () => {
    const source = await a.db.selectFrom("events").selectAll().where("id", "=", "s-decode-1-a").executeTakeFirstOrThrow();
    const startsAt = Date.now() + 3_000;
    await a.db
      .insertInto("events")
      .values({ ...source, id: "t-clock-start", starts_at: new Date(startsAt).toISOString(), ends_at: new Date(startsAt + 3_600_000).toISOString() })
      .execute();
    const url = `${a.url}/api/events/open/t-clock-start`;
    const availabilityOf = (body: Buffer) => (JSON.parse(body.toString("utf8")) as { data: { availability: string } }).data.availability;
    expect(availabilityOf((await get(url)).body)).toBe("open");
    await expect.poll(async () => (await get(url)).headers["x-page-cache"], { timeout: 2_000 }).toBe("hit");
    expect(availabilityOf((await get(url)).body)).toBe("open");
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, startsAt - Date.now()) + 50));
    // Within PAGE_CACHE_SECONDS (60 s) of the copy, and no write since: still answered afresh.
    const after = await get(url);
    expect(after.headers["x-page-cache"]).toBe("miss");
    expect(availabilityOf(after.body)).toBe("past");
    await a.db.deleteFrom("events").where("id", "=", "t-clock-start").execute();
  });

  it("shows a change made through another instance at once: the database's content version moved", async () => {
    const programme = await a.db.selectFrom("programmes").select(["id", "title"]).where("kind", "=", "decode").executeTakeFirstOrThrow();
    await get(`${a.url}/decode`);
    await expect.poll(async () => (await get(`${a.url}/decode`)).headers["x-page-cache"], { timeout: 20_000 }).toBe("hit");
    const before = (await get(`${a.url}/decode`)).body.toString("utf8");
    expect(before).toContain(programme.title);

    // Any write to the shared database, here through the second instance's handle.
    const renamed = `Renamed level ${Date.now()}`;
    await b.site.database.db.updateTable("programmes").set({ title: renamed }).where("id", "=", programme.id).execute();

    const after = await get(`${a.url}/decode`);
    expect(after.headers["x-page-cache"]).toBe("miss");
    expect(after.body.toString("utf8")).toContain(renamed);
  });

  it("renders a page once for visitors who ask for it together, before and after its content changes (decision 0099)", async () => {
    const pagesBefore = a.site.pageCache!.size.pages;
    const burst = async (path: string) => {
      const answers = await Promise.all(Array.from({ length: 24 }, () => get(`${a.url}${path}`, { "Accept-Encoding": "br" })));
      for (const answer of answers) expect(answer.status).toBe(200);
      const misses = answers.filter((answer) => answer.headers["x-page-cache"] === "miss");
      // Those that waited got the stored copy: the same bytes as each other.
      const copies = new Set(answers.filter((answer) => answer.headers["x-page-cache"] === "hit").map((answer) => answer.body.toString("base64")));
      return { misses: misses.length, copies: copies.size };
    };
    // A page no other test here asks for, so nothing is stored for it yet. Asked once before: an address with a
    // query string is kept from its second request on (decision 0114).
    const path = "/schedule?program=tasso";
    expect((await get(`${a.url}${path}`)).headers["x-page-cache"]).toBe("miss");
    expect(a.site.pageCache!.size.pages).toBe(pagesBefore);
    expect(await burst(path)).toEqual({ misses: 1, copies: 1 });

    // A seat limit changed: every copy is out of date, and again one render serves them all.
    const event = await a.db.selectFrom("events").select(["id", "capacity"]).where("capacity", "is not", null).executeTakeFirstOrThrow();
    await b.site.database.db.updateTable("events").set({ capacity: (event.capacity ?? 0) + 1 }).where("id", "=", event.id).execute();
    expect(await burst(path)).toEqual({ misses: 1, copies: 1 });

    // A HEAD first stores nothing: the GETs that waited for it still get the whole page.
    const contact = "/contact-us?from=head";
    const mixed = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        fetch(`${a.url}${contact}`, { method: i === 0 ? "HEAD" : "GET" }).then(async (answer) => ({ get: i > 0, miss: answer.headers.get("x-page-cache") === "miss", bytes: (await answer.arrayBuffer()).byteLength })),
      ),
    );
    expect(mixed.filter((answer) => answer.get && answer.bytes < 10_000)).toEqual([]);
    expect(mixed.filter((answer) => answer.get && answer.miss).length).toBeGreaterThan(0);

    // A page that is never stored (a 404) still answers every one of them.
    const missing = await Promise.all(Array.from({ length: 8 }, () => get(`${a.url}/no-such-page-${crypto.randomUUID()}`)));
    expect(missing.map((answer) => answer.status)).toEqual(Array(8).fill(404));
    const same = await Promise.all(Array.from({ length: 8 }, () => get(`${a.url}/no-such-page-here`)));
    expect(same.map((answer) => [answer.status, answer.headers["x-page-cache"]])).toEqual(Array.from({ length: 8 }, () => [404, "miss"]));
  });

  it("lets visitors waiting for a render go once nothing will be stored, though that answer's end is held (decision 0099)", async () => {
    const cache = a.site.pageCache!;
    const { hostname, port } = new URL(a.url);
    // A GET declaring a body it never sends: its answer (a resource route, never stored) is held until the
    // body ends or 10 s pass, so the response's "close" comes late.
    const misses = cache.stats.misses;
    let heldAnswer = "";
    const held = net.connect(Number(port), hostname, () =>
      held.write(`GET /robots.txt HTTP/1.1\r\nHost: ${hostname}\r\nContent-Length: 5\r\n\r\n`),
    );
    held.on("data", (chunk: Buffer) => (heldAnswer += chunk.toString("latin1")));
    held.on("error", () => {});
    try {
      await expect.poll(() => cache.stats.misses).toBe(misses + 1);
      const others = await Promise.all(Array.from({ length: 3 }, () => get(`${a.url}/robots.txt`)));
      for (const other of others) expect(other.body.toString("utf8")).toContain("User-agent");
      // Let go when the render ended, not when the held answer will close.
      expect(heldAnswer).toBe("");
      expect(cache.size.flights).toBe(0);
    } finally {
      held.destroy();
    }
  });

  it("moves the content version when a seat is taken, and not for writes no page shows", async () => {
    const version = async () =>
      String((await a.db.selectFrom("content_version").select((eb) => eb.fn.sum<string | number>("version").as("version")).executeTakeFirstOrThrow()).version);
    const start = await version();
    await a.db
      .insertInto("contact_messages")
      .values({
        id: crypto.randomUUID(),
        first_name: "Ann",
        last_name: "Lee",
        email: "ann@example.com",
        phone_number: "+1 555 123 4567",
        country: "US",
        zip_code: "10001",
        message: null,
        accepted_privacy_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await version()).toBe(start);
    const event = await a.db.selectFrom("events").select("id").where("capacity", "is not", null).executeTakeFirstOrThrow();
    await a.db.updateTable("events").set({ capacity: 99 }).where("id", "=", event.id).execute();
    expect(BigInt(await version())).toBe(BigInt(start) + 1n);
    // A transaction touching many rows moves it once (PostgreSQL) or once per row (SQLite): moved either way.
    await a.db.updateTable("events").set({ updated_at: new Date().toISOString() }).execute();
    expect(BigInt(await version())).toBeGreaterThan(BigInt(start) + 1n);

    // A registration's details, or what its mails told it, show on no page (migration 0025); its status does (the seats left).
    const seat = await a.db.selectFrom("registrations").select(["id", "status"]).where("status", "=", "registered").executeTakeFirstOrThrow();
    const before = await version();
    await a.db.updateTable("registrations").set({ told_session: "{}", first_name: "Renamed" }).where("id", "=", seat.id).execute();
    await a.db.updateTable("family_bookings").set({ told_session: "{}" }).execute();
    expect(await version()).toBe(before);
    await a.db.updateTable("registrations").set({ status: "cancelled" }).where("id", "=", seat.id).execute();
    expect(BigInt(await version())).toBe(BigInt(before) + 1n);
  });
});
