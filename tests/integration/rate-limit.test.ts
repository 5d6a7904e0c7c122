import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { UPLOADS_BUSY, UPLOADS_FROM_ADDRESS } from "~/lib/upload-slots.server";
import { deleteExpiredRateLimits } from "~/lib/rate-limit.server";
import { dialects } from "../helpers/databases";
import { addSession, valid } from "../helpers/registration";
import { startSecondInstance, startSite, type RunningSite } from "../helpers/site";

const message = (n: number) => ({
  firstName: "Ann",
  lastName: "Lee",
  email: `ann${n}@example.com`,
  phoneNumber: "+1 555 123 4567",
  country: "US",
  zipCode: "10001",
  message: "I would like to know more about DECODE level 1.",
  acceptPrivacyPolicy: true,
});

const post = (url: string, n: number) =>
  fetch(`${url}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(message(n)) });

describe.each(dialects)("form rate limit shared by app instances on %s", (dialect) => {
  let a: RunningSite;
  let b: Awaited<ReturnType<typeof startSecondInstance>>;
  beforeAll(async () => {
    a = await startSite(dialect, { FORM_RATE_LIMIT: "3", FORM_RATE_WINDOW_SECONDS: "600" });
    b = await startSecondInstance(a);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });
  beforeEach(async () => {
    await a.db.deleteFrom("rate_limits").execute();
  });

  it("counts posts to either instance against one allowance, and says when to come back", async () => {
    expect((await post(a.url, 1)).status).toBe(201);
    expect((await post(b.url, 2)).status).toBe(201);
    expect((await post(a.url, 3)).status).toBe(201);
    const refused = await post(b.url, 4);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await post(a.url, 5)).status).toBe(429);
    const stored = await a.db.selectFrom("contact_messages").select("email").where("email", "like", "ann_@example.com").execute();
    expect(stored.map((r) => r.email).sort()).toEqual(["ann1@example.com", "ann2@example.com", "ann3@example.com"]);
    await a.db.deleteFrom("contact_messages").execute();
  });

  it("does not spend the allowance on registrations refused because the session is full (they store and send nothing)", async () => {
    const full = await addSession(a, { capacity: 0 });
    for (const [n, s] of [a, b, a, b, a].entries()) {
      const res = await fetch(`${s.url}/api/registration`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...valid, upcomingEventId: full, email: `full${n}@example.com` }),
      });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { message: string }).message).toBe("This session is full");
    }
    // The address still has its whole allowance.
    for (let n = 1; n <= 3; n++) expect((await post(n % 2 ? a.url : b.url, n)).status).toBe(201);
    expect((await post(a.url, 4)).status).toBe(429);
    await a.db.deleteFrom("contact_messages").execute();
  });

  it("tells the person who took the last seat, sending again, that they are signed up: as often as the allowance allows, then 'full' like anyone", async () => {
    const id = await addSession(a, { capacity: 1 });
    const register = async (s: { url: string }, email: string) => {
      const res = await fetch(`${s.url}/api/registration`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...valid, upcomingEventId: id, email }),
      });
      return { status: res.status, message: ((await res.json()) as { message?: string }).message };
    };
    expect((await register(a, "seat@example.com")).status).toBe(201);
    // The answer to the seat was lost; the form is sent again, to either instance, with the email in any case.
    for (const [s, email] of [[b, "seat@example.com"], [a, "SEAT@example.com"], [b, "seat@example.com"]] as const) {
      expect(await register(s, email)).toEqual({ status: 409, message: "You are already registered for this session." });
    }
    // That check's own allowance (3 here) is spent: from now on the answer is the one anyone gets.
    expect(await register(a, "seat@example.com")).toEqual({ status: 409, message: "This session is full" });
    expect(await register(b, "someone.else@example.com")).toEqual({ status: 409, message: "This session is full" });
    expect(await a.db.selectFrom("registrations").select("id").where("event_id", "=", id).execute()).toHaveLength(1);
    // The form allowance lost only the one submission that took the seat.
    for (let n = 1; n <= 2; n++) expect((await post(n % 2 ? a.url : b.url, n)).status).toBe(201);
    expect((await post(a.url, 3)).status).toBe(429);
    await a.db.deleteFrom("contact_messages").execute();
  });

  it("opens a new window once the last one has ended, and sweeps ended windows", async () => {
    for (let n = 1; n <= 3; n++) expect((await post(a.url, n)).status).toBe(201);
    expect((await post(b.url, 4)).status).toBe(429);
    // End the window as time would.
    await a.db.updateTable("rate_limits").set({ expire: Date.now() - 1000 }).execute();
    expect((await post(b.url, 5)).status).toBe(201);
    const row = await a.db.selectFrom("rate_limits").selectAll().executeTakeFirstOrThrow();
    expect(Number(row.points)).toBe(1);
    expect(Number(row.expire)).toBeGreaterThan(Date.now());

    await a.db.insertInto("rate_limits").values({ key: "forms:old", points: 9, expire: Date.now() - 1 }).execute();
    expect(await deleteExpiredRateLimits(a.db)).toBe(1);
    expect((await a.db.selectFrom("rate_limits").select("key").execute()).map((r) => r.key)).not.toContain("forms:old");
    await a.db.deleteFrom("contact_messages").execute();
  });
});

describe("a per-address limit behind a proxy (TRUST_PROXY)", () => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite("sqlite", { FORM_RATE_LIMIT: "3", FORM_RATE_WINDOW_SECONDS: "600", TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await s?.stop();
  });
  const from = (address: string, n: number) =>
    fetch(`${s.url}/api/contact`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": address }, body: JSON.stringify(message(n)) });

  it("counts an IPv6 /64 as one client (decision 0072): new addresses of the same network get no new allowance", async () => {
    for (let n = 1; n <= 3; n++) expect((await from(`2001:db8:1:1::${n}`, n)).status).toBe(201);
    expect((await from("2001:db8:1:1::ffff", 4)).status).toBe(429);
    expect((await from("2001:db8:1:1:a:b:c:d", 5)).status).toBe(429);
    // Another network is another client; an IPv4 address is counted as itself.
    expect((await from("2001:db8:1:2::1", 6)).status).toBe(201);
    expect((await from("203.0.113.7", 7)).status).toBe(201);
    expect((await from("203.0.113.8", 8)).status).toBe(201);
  });
});

describe("a registration with photos, before its body is read (decision 0114)", () => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite("sqlite", { FORM_RATE_LIMIT: "3", FORM_RATE_WINDOW_SECONDS: "600", TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await s?.stop();
  });

  /**
   * A multipart registration announced at 16 MB whose body stops after its first part's header and
   * `filler` bytes: it holds its place (and those bytes of the budget) while the server reads.
   */
  function heldUpload(address: string, filler = 0) {
    const boundary = "----held-open";
    const req = http.request(`${s.url}/api/ich/ich-registration`, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(16 * 1024 * 1024 - 1024), "x-forwarded-for": address },
    });
    req.on("error", () => {});
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="firstName"\r\n\r\n`);
    if (filler) req.write(Buffer.alloc(filler, "a"));
    return { close: () => req.destroy() };
  }
  /**
   * A whole multipart body that is not multipart: read, it is answered 400 ("could not be read"); a
   * refusal before reading answers otherwise.
   */
  const unreadable = (address: string) =>
    fetch(`${s.url}/api/ich/ich-registration`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=----none", "x-forwarded-for": address },
      body: "not a multipart body",
    }).then(async (res) => ({ status: res.status, retryAfter: res.headers.get("retry-after"), message: ((await res.json()) as { message: string }).message }));

  it("is answered 429 without being read when the address has no submission left", async () => {
    expect((await unreadable("198.51.100.20")).status).toBe(400);
    for (let n = 1; n <= 3; n++) expect((await contactFrom(s, "198.51.100.20", n)).status).toBe(201);
    const refused = await unreadable("198.51.100.20");
    expect(refused).toMatchObject({ status: 429, message: "Too many submissions from your connection. Please try again in 10 minutes." });
    expect(Number(refused.retryAfter)).toBeGreaterThan(500);
  });

  it("lets one address send two at a time: a third is answered 429 without being read", async () => {
    const held = [heldUpload("198.51.100.30"), heldUpload("198.51.100.30")];
    try {
      await expect.poll(async () => (await unreadable("198.51.100.30")).message, { timeout: 10_000 }).toBe(UPLOADS_FROM_ADDRESS);
      const third = await unreadable("198.51.100.30");
      expect(third).toEqual({ status: 429, retryAfter: "30", message: UPLOADS_FROM_ADDRESS });
      // Another address is let in meanwhile.
      expect((await unreadable("198.51.100.31")).status).toBe(400);
    } finally {
      for (const h of held) h.close();
    }
    // Once the two have gone, the address is let in again.
    await expect.poll(async () => (await unreadable("198.51.100.30")).status, { timeout: 10_000 }).toBe(400);
  });

  it("reads such bodies within the process's memory budget: past it, 503 with Retry-After; bodies sent slowly hold only what they sent", async () => {
    const slots = s.site.services.uploadSlots;
    // Four clients trickling their bodies hold next to nothing: others are still read.
    const slow = ["198.51.100.40", "198.51.100.41"].flatMap((a) => [heldUpload(a), heldUpload(a)]);
    try {
      expect((await unreadable("198.51.100.42")).status).toBe(400);
      // Six bodies of 15 MB read so far fill 90 of the 96 MB.
      const big = Array.from({ length: 6 }, (_, i) => heldUpload(`198.51.100.${50 + i}`, 15 * 1024 * 1024));
      try {
        await expect.poll(() => slots.state.heldBytes, { timeout: 20_000 }).toBeGreaterThan(90 * 1024 * 1024 - 64 * 1024);
        const refused = await fetch(`${s.url}/api/ich/ich-registration`, {
          method: "POST",
          headers: { "content-type": "multipart/form-data; boundary=----b", "x-forwarded-for": "198.51.100.60" },
          body: Buffer.alloc(8 * 1024 * 1024, "b"),
        });
        expect({ status: refused.status, retryAfter: refused.headers.get("retry-after"), message: ((await refused.json()) as { message: string }).message }).toEqual({
          status: 503,
          retryAfter: "60",
          message: UPLOADS_BUSY,
        });
      } finally {
        for (const b of big) b.close();
      }
      // Their bytes are given back once they are gone.
      await expect.poll(() => slots.state.heldBytes, { timeout: 10_000 }).toBeLessThan(1024 * 1024);
      expect((await unreadable("198.51.100.60")).status).toBe(400);
    } finally {
      for (const h of slow) h.close();
    }
  });
});

function contactFrom(s: RunningSite, address: string, n: number) {
  return fetch(`${s.url}/api/contact`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": address }, body: JSON.stringify(message(n)) });
}
