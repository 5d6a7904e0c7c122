import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DbHandle } from "~/db/db.server";
import { createStaffAccount } from "~/features/admin-auth/accounts.server";
import { enqueueMail } from "~/features/mail/outbox.server";
import { createPostgresDatabase, postgresUrl } from "../helpers/databases";
import { addSession, valid } from "../helpers/registration";
import { spawnServer, type ServerProcess } from "../helpers/server-process";

/**
 * Issue 10 point 2, past one machine: two app instances, each a `node
 * server.ts` process with its own data folder, on one freshly created
 * PostgreSQL database, behave as one site (decision 0033).
 */
const PASSWORD = "a long and unusual staff password 42";
let visitors = 0;
/** A visitor's address as the reverse proxy reports it (IPv6 documentation range). */
// Each visitor a /64 of its own: per-address limits count an IPv6 client by its network (decision 0072).
const visitor = () => `2001:db8:${(++visitors).toString(16)}::1`;

// Staff sign-ins hash with scrypt (about 0.3 s of a core each): generous limits for a busy machine.
describe.skipIf(!postgresUrl)("two app instances on one PostgreSQL", { timeout: 60_000 }, () => {
  let pgDb: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let handle: DbHandle;
  let smtp: SMTPServer;
  /** One entry per message the mail server accepted: its envelope recipients. */
  const delivered: string[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    pgDb = await createPostgresDatabase();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on("end", () => {
          for (const r of session.envelope.rcptTo) delivered.push(r.address);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
    const smtpPort = (smtp.server.address() as { port: number }).port;
    const env = () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-two-"));
      dirs.push(dataDir);
      return {
        DATABASE_URL: pgDb.url,
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        // As behind the TLS proxy of docs/deploy.md: the public address, one trusted hop.
        PUBLIC_URL: "https://www.mindfulpath.example",
        TRUST_PROXY: "1",
        LOG_LEVEL: "error",
        FORM_RATE_LIMIT: "3",
        ADMIN_LOGIN_ACCOUNT_LIMIT: "3",
        PAGE_CACHE_SECONDS: "600",
      };
    };
    // Both start at once on the new database, as N instances under systemd do: one migrates and seeds, the other waits.
    [a, b] = await Promise.all([spawnServer(env(), { name: "instance A" }), spawnServer(env(), { name: "instance B" })]);
    handle = openDatabase({ databaseUrl: pgDb.url, dataDir: dirs[0]! });
    await createStaffAccount(handle.db, "staff@example.org", PASSWORD);
    await createStaffAccount(handle.db, "guessed@example.org", PASSWORD);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await handle?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    await pgDb?.drop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  const json = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

  it("started together on a new database, both serve, seeded once", async () => {
    for (const s of [a, b]) expect(await (await fetch(`${s.url}/healthz`)).json()).toEqual({ status: "ok", database: "ok" });
    const seeded = await handle.db.selectFrom("app_meta").select("key").where("key", "=", "demo_content_seeded_at").execute();
    expect(seeded).toHaveLength(1);
    expect(a.url).not.toBe(b.url);
  });

  it("a staff session signed in on one works on the other, and signing out on one ends it on both", async () => {
    // The browser's cookie.
    const page = await fetch(`${a.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": visitor() },
      body: new URLSearchParams({ email: "staff@example.org", password: PASSWORD }).toString(),
    });
    expect(page.status).toBe(302);
    // https PUBLIC_URL: the __Host- cookie (decision 0016).
    const cookie = /__Host-staff_session=[^;]+/.exec(page.headers.get("set-cookie") ?? "")?.[0] ?? "";
    expect(cookie).not.toBe("");
    const onB = await fetch(`${b.url}/admin/registrations`, { headers: { cookie }, redirect: "manual" });
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain("staff@example.org");

    // An API token made on B works on A; signed out on A, B refuses it at once.
    const login = await json(`${b.url}/api/admin/login`, { email: "staff@example.org", password: PASSWORD }, { "x-forwarded-for": visitor() });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    expect((await fetch(`${a.url}/api/admin/audit`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${a.url}/api/admin/logout`, { method: "POST", headers: auth })).status).toBe(200);
    expect((await fetch(`${b.url}/api/admin/audit`, { headers: auth })).status).toBe(401);
    expect((await fetch(`${a.url}/api/admin/audit`, { headers: auth })).status).toBe(401);
  });

  it("rate limits count across both: forms per address, sign-in attempts per account", async () => {
    const me = visitor();
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
    const statuses = [];
    for (const [n, s] of [a, b, a, b, a].entries()) statuses.push((await json(`${s.url}/api/contact`, contact(n), { "x-forwarded-for": me })).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    // Another visitor is not held back.
    expect((await json(`${b.url}/api/contact`, contact(9), { "x-forwarded-for": visitor() })).status).toBe(201);

    // Guessing one account's password from many addresses, over both instances: 3 tries, then refused even with the right one.
    const tries = [];
    for (const s of [a, b, a]) tries.push((await json(`${s.url}/api/admin/login`, { email: "guessed@example.org", password: "wrong wrong wrong" }, { "x-forwarded-for": visitor() })).status);
    expect(tries).toEqual([401, 401, 401]);
    const locked = await json(`${b.url}/api/admin/login`, { email: "guessed@example.org", password: PASSWORD }, { "x-forwarded-for": visitor() });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("a staff edit on one is on the other's public page at once, though that page was in its cache", async () => {
    const login = await json(`${a.url}/api/admin/login`, { email: "staff@example.org", password: PASSWORD }, { "x-forwarded-for": visitor() });
    const { token } = (await login.json()) as { token: string };
    const staff = (method: string, p: string, body: unknown) =>
      fetch(`${a.url}/api/familyEvent${p}`, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
    const day = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const form = (location: string) => ({
      event: "Family Constellation",
      startDate: `${day}T09:00`,
      endDate: `${day}T17:30`,
      timeZone: "America/Chicago",
      location,
      facilitator: "",
      capacity: "8 Seats",
      organisedby: "Lakeshore Circle",
      organiserEmail: "circle@example.org",
      price: "$1,250.00",
      paymentLink: "https://pay.example.org/duluth",
      status: "Open",
      externalLink: "",
    });

    // B serves the page from its memory (stored once compressed, just after the first answer).
    const cacheState = async () => (await fetch(`${b.url}/family-constellation`)).headers.get("x-page-cache");
    await expect.poll(cacheState, { timeout: 10_000 }).toBe("hit");
    expect(await (await fetch(`${b.url}/family-constellation`)).text()).not.toContain("Lakeside Hall, Duluth");

    const created = await staff("POST", "", form("Lakeside Hall, Duluth"));
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { _id: string } };
    const after = await fetch(`${b.url}/family-constellation`);
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).toContain("Lakeside Hall, Duluth");

    // An edit, then B's copy of the new page is stale at once too.
    await expect.poll(cacheState, { timeout: 10_000 }).toBe("hit");
    expect((await staff("PUT", `/${data._id}`, form("Harbor Room, Duluth"))).status).toBe(200);
    const edited = await (await fetch(`${b.url}/family-constellation`)).text();
    expect(edited).toContain("Harbor Room, Duluth");
    expect(edited).not.toContain("Lakeside Hall, Duluth");
  });

  it("a photo uploaded through one is served by the other: files live in the database, not on an instance's disk", async () => {
    const sessionId = await addSession(handle, { kind: "hypnotherapy" });
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 90 } } }).jpeg().toBuffer();
    const f = new FormData();
    for (const [k, v] of Object.entries({ ...valid, email: "photo@example.com", upcomingEventId: sessionId, programId: "", level: "Level I" })) f.set(k, String(v));
    f.set("profileImage", new Blob([jpeg], { type: "image/jpeg" }), "me.jpg");
    const posted = await fetch(`${a.url}/api/ich/ich-registration`, { method: "POST", body: f, headers: { "x-forwarded-for": visitor() } });
    expect(posted.status).toBe(201);
    const { data } = (await posted.json()) as { data: { _id: string } };

    const login = await json(`${b.url}/api/admin/login`, { email: "staff@example.org", password: PASSWORD }, { "x-forwarded-for": visitor() });
    const { token } = (await login.json()) as { token: string };
    const photo = await fetch(`${b.url}/api/admin/registrations/${data._id}/photos/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    const served = Buffer.from(await photo.arrayBuffer());
    const stored = await handle.db
      .selectFrom("registrations as r")
      .innerJoin("files as f", "f.id", "r.profile_image_id")
      .select("f.bytes")
      .where("r.id", "=", data._id)
      .executeTakeFirstOrThrow();
    expect(served.equals(Buffer.from(stored.bytes))).toBe(true);
  });

  it("200 concurrent bookings spread over both never oversell", async () => {
    const capacity = 30;
    const sessionId = await addSession(handle, { kind: "family", title: "Family Constellation", capacity });
    const book = async (n: number) => {
      const res = await json(
        `${(n % 2 ? a : b).url}/api/familyConsitalation/register`,
        { programId: sessionId, fullName: `Guest ${n}`, email: `guest${n}@example.com`, phone: "5125550142", termsAndCondition: true },
        { "x-forwarded-for": visitor() },
      );
      return { instance: n % 2 ? "a" : "b", status: res.status, message: ((await res.json()) as { message: string }).message };
    };
    // One seat taken on each instance first, so that both are known to have written seats (which of
    // the 198 concurrent ones wins is up to the scheduler: under load one instance may win them all).
    const first = [await book(0), await book(1)];
    expect(first.map((r) => `${r.instance} ${r.status}`)).toEqual(["b 201", "a 201"]);
    const results = [...first, ...(await Promise.all(Array.from({ length: 198 }, (_, i) => book(i + 2))))];
    const outcomes = results.reduce<Record<string, number>>((m, r) => ({ ...m, [`${r.status} ${r.message}`]: (m[`${r.status} ${r.message}`] ?? 0) + 1 }), {});
    expect(outcomes).toEqual({ "201 Your seat is booked! We have emailed you the details.": capacity, "409 This session is full": 200 - capacity });
    const rows = await handle.db.selectFrom("family_bookings").select("email").where("event_id", "=", sessionId).execute();
    expect(rows).toHaveLength(capacity);
    const seats = (await (await fetch(`${a.url}/api/familyEvent/user/${sessionId}`)).json()) as { data: { seatsLeft?: number } };
    expect(seats.data.seatsLeft).toBe(0);
  });

  it("each queued mail is sent exactly once, whichever instance's worker took it", async () => {
    // 60 more, queued at once: both workers (every 0.2 s) claim from the same table.
    await handle.db.transaction().execute((trx) =>
      enqueueMail(trx, Array.from({ length: 60 }, (_, i) => ({ topic: `test:${i}`, to: `reader${i}@example.com`, subject: `Letter ${i}`, text: "Hello" }))),
    );
    const pending = async () =>
      Number(
        (await handle.db.selectFrom("outbox").select((eb) => eb.fn.countAll().as("n")).where("status", "=", "pending").executeTakeFirstOrThrow()).n,
      );
    const until = Date.now() + 30_000;
    while ((await pending()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    expect(await pending()).toBe(0);

    const rows = await handle.db.selectFrom("outbox").select(["to_address", "status", "attempts"]).execute();
    // Everything the site queued (bookings, registration, contact replies and notices, the 60) went out, at the first attempt.
    expect(rows.length).toBeGreaterThan(60 + 2 * 30);
    expect(rows.filter((r) => r.status !== "sent" || r.attempts !== 1)).toEqual([]);
    // The mail server got each one once: the same recipients, as many times as queued.
    const tally = (list: string[]) => Object.entries(list.reduce<Record<string, number>>((m, x) => ({ ...m, [x]: (m[x] ?? 0) + 1 }), {})).sort();
    await new Promise((r) => setTimeout(r, 500)); // nothing more arrives late
    expect(tally(delivered)).toEqual(tally(rows.map((r) => r.to_address.toLowerCase())));
  });
});
