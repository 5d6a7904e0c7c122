import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seatTransaction } from "~/db/transactions.server";
import { createStaffAccount } from "~/features/admin-auth/accounts.server";
import { dialects } from "../helpers/databases";
import { adultDob } from "../helpers/registration";
import { startSite, type RunningSite } from "../helpers/site";

/**
 * Staff saves and deletes of a programme racing each other and visitors'
 * registrations (decision 0060). Each must end as one of them having run
 * first: a clean refusal or 404, never a 500, a session left without its
 * programme, or two deletes of one programme.
 */
const PASSWORD = "Copper kettle 58 sings";
const DAY = 86_400_000;

function futureLocal(daysAhead: number, hour: number) {
  const d = new Date(Date.now() + daysAhead * DAY);
  return `${d.toISOString().slice(0, 10)}T${String(hour).padStart(2, "0")}:00`;
}

const session = (overrides: Record<string, unknown> = {}) => ({
  eventName: "Race Intensive",
  startDate: futureLocal(40, 9),
  endDate: futureLocal(40, 17),
  timeZone: "America/Chicago",
  location: "Chicago",
  organiser: "Dr. Rivera",
  organizerEmail: "rivera@example.org",
  price: "$450",
  paymentLink: "https://pay.example.org/race",
  capacity: "12",
  ...overrides,
});

const programme = (overrides: Record<string, unknown> = {}) => ({
  title: "Race Condition Program",
  subtitle: "Two staff at once",
  videoUrl: "https://cdn.example.org/intro.mp4",
  duration: "2 Days",
  status: "Open",
  cardPoints: ["<p>One point</p>"],
  learningSections: [{ title: "Part one", content: "<p>Content</p>" }],
  upcomingEvents: [session()],
  ...overrides,
});

describe.each(dialects)("programme races on %s", { timeout: 120_000 }, (dialect) => {
  let s: RunningSite;
  let token: string;

  beforeAll(async () => {
    s = await startSite(dialect, { ADMIN_LOGIN_ACCOUNT_LIMIT: "1000", ADMIN_LOGIN_ADDRESS_LIMIT: "1000" });
    await createStaffAccount(s.db, "racer@example.org", PASSWORD);
    const res = await fetch(`${s.url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "racer@example.org", password: PASSWORD }),
    });
    token = ((await res.json()) as { token: string }).token;
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  async function call(method: string, path: string, body?: unknown) {
    const res = await fetch(`${s.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, any>) : null };
  }

  async function create(title: string) {
    const created = await call("POST", "/api/decode", programme({ title }));
    expect(created.status).toBe(201);
    return created.body!.data as { _id: string; upcomingEvents: Array<{ _id: string }> };
  }

  /** A registration for `eventId` written in a transaction that holds the session's lock until `release` is called. */
  function registrationInFlight(eventId: string) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const done = seatTransaction(s.db, eventId, 12, async (trx) => {
      const now = new Date().toISOString();
      await trx
        .insertInto("registrations")
        .values({
          id: crypto.randomUUID(),
          event_id: eventId,
          programme_id: null,
          kind: "decode",
          first_name: "In",
          last_name: "Flight",
          name_on_certificate: "In Flight",
          email: `flight-${crypto.randomUUID()}@example.com`,
          email_key: `flight-${crypto.randomUUID()}@example.com`,
          mobile_no: "5551234567",
          date_of_birth: adultDob,
          occupation: "Tester",
          session_label: "Chicago | Race Intensive",
          level_name: "DECODE Level 1",
          terms_accepted_at: now,
          created_at: now,
        })
        .execute();
      inside();
      await released;
    });
    return { entered, release, done };
  }

  // On SQLite the registration's transaction holds the whole database's write lock, so a staff
  // write cannot interleave with it at all; on PostgreSQL only the rows' locks keep them apart.
  it.runIf(dialect === "postgres").each([
    ["deleting the programme", "delete"],
    ["saving it without the session", "save"],
  ])("%s while a registration for its session commits: refused with the count, not a 500", async (_label, op) => {
    const p = await create(`In-flight ${op}`);
    const sessionId = p.upcomingEvents[0]!._id;
    const flight = registrationInFlight(sessionId);
    await flight.entered;
    const staff = op === "delete" ? call("DELETE", `/api/decode/${p._id}`) : call("PUT", `/api/decode/${p._id}`, programme({ title: `In-flight ${op}`, upcomingEvents: [] }));
    // The staff request reaches the session's lock and waits there, then the registration commits.
    await new Promise((resolve) => setTimeout(resolve, 400));
    flight.release();
    await flight.done;
    const answer = await staff;
    expect(answer.status).toBe(op === "delete" ? 409 : 400);
    expect(JSON.stringify(answer.body)).toContain("1 registration");
    expect(await s.db.selectFrom("events").select("id").where("id", "=", sessionId).executeTakeFirst()).toBeDefined();
    expect(await s.db.selectFrom("programmes").select("id").where("id", "=", p._id).executeTakeFirst()).toBeDefined();
  });

  it("a delete racing a save that adds a session: one runs first, and no session outlives its programme", async () => {
    for (let round = 0; round < 8; round++) {
      const p = await create(`Delete or save ${round}`);
      const [saved, deleted] = await Promise.all([
        call("PUT", `/api/decode/${p._id}`, programme({ title: `Delete or save ${round}`, upcomingEvents: [session({ _id: p.upcomingEvents[0]!._id }), session({ eventName: `Added in round ${round}` })] })),
        call("DELETE", `/api/decode/${p._id}`),
      ]);
      expect(deleted.status).toBe(200);
      // The save ran first (and the delete then removed both sessions), or found the programme gone.
      expect([200, 404]).toContain(saved.status);
      const orphans = await s.db.selectFrom("events").select("id").where("title", "=", `Added in round ${round}`).execute();
      expect(orphans).toEqual([]);
      expect(await s.db.selectFrom("events").select("id").where("programme_id", "is", null).where("kind", "=", "decode").execute()).toEqual([]);
    }
  });

  it("a save from a form opened before someone else's save is refused with 409, and theirs stays; without updatedAt the last save wins", async () => {
    const p = await create("Two editors");
    const opened = (await call("GET", `/api/decode/${p._id}`)).body!.data as { updatedAt: string; upcomingEvents: Array<Record<string, unknown>> };
    // B adds a Denver session.
    const b = await call("PUT", `/api/decode/${p._id}`, programme({ title: "Two editors", updatedAt: opened.updatedAt, upcomingEvents: [session({ _id: p.upcomingEvents[0]!._id }), session({ eventName: "Denver weekend", location: "Denver" })] }));
    expect(b.status).toBe(200);
    // A saves a title change from the form opened before: refused, and B's session is still there.
    const a = await call("PUT", `/api/decode/${p._id}`, programme({ title: "Two editors, renamed", updatedAt: opened.updatedAt, upcomingEvents: [session({ _id: p.upcomingEvents[0]!._id })] }));
    expect(a).toEqual({ status: 409, body: { success: false, message: "Someone else changed this program after you opened it. Close this form and open it again to see their changes, then make yours again." } });
    const titles = await s.db.selectFrom("events").select("title").where("programme_id", "=", p._id).orderBy("title").execute();
    expect(titles.map((t) => t.title)).toEqual(["Denver weekend", "Race Intensive"]);
    expect((await s.db.selectFrom("programmes").select("title").where("id", "=", p._id).executeTakeFirstOrThrow()).title).toBe("Two editors");
    // An unreadable version is a field error; none at all is an older client: its save applies.
    const bad = await call("PUT", `/api/decode/${p._id}`, programme({ updatedAt: "yesterday" }));
    expect(bad.status).toBe(400);
    expect(bad.body!.errors).toEqual({ updatedAt: "updatedAt must be the updatedAt the record was read with" });
    const current = (await call("GET", `/api/decode/${p._id}`)).body!.data as { updatedAt: string };
    const fresh = await call("PUT", `/api/decode/${p._id}`, { ...programme({ title: "Two editors, renamed" }), updatedAt: current.updatedAt, upcomingEvents: undefined });
    expect(fresh.status).toBe(200);
  });

  it("an update that leaves upcomingEvents out keeps the sessions; a session read from the API saves back as it was read", async () => {
    const p = await create("Sessions left out");
    const { upcomingEvents: _omit, ...rest } = programme({ title: "Sessions left out", status: "Closed" });
    const patched = await call("PATCH", `/api/decode/${p._id}`, rest);
    expect(patched.status).toBe(200);
    expect(await s.db.selectFrom("events").select("id").where("programme_id", "=", p._id).execute()).toHaveLength(1);
    // The API answers capacity as '12 Seats' (or 'Not Limited'): sent back unchanged, it is read as such.
    const read = (await call("GET", `/api/decode/${p._id}`)).body!.data as { upcomingEvents: Array<Record<string, unknown>> };
    const row = read.upcomingEvents[0]!;
    expect(row.capacity).toBe("12 Seats");
    const back = await call("PUT", `/api/decode/${p._id}`, programme({ title: "Sessions left out", upcomingEvents: [session({ _id: row._id, capacity: row.capacity }), session({ eventName: "Open door evening", capacity: "Not Limited" })] }));
    expect(back.status).toBe(200);
    const stored = await s.db.selectFrom("events").select(["title", "capacity"]).where("programme_id", "=", p._id).orderBy("title").execute();
    expect(stored).toEqual([
      { title: "Open door evening", capacity: null },
      { title: "Race Intensive", capacity: 12 },
    ]);
  });

  it("a form holding a session canceled since it was opened is refused with the reason above the list", async () => {
    const p = await create("Canceled meanwhile");
    const sessionId = p.upcomingEvents[0]!._id;
    await s.db.updateTable("events").set({ status: "Cancelled" }).where("id", "=", sessionId).execute();
    const saved = await call("PUT", `/api/decode/${p._id}`, programme({ title: "Canceled meanwhile", upcomingEvents: [session({ _id: sessionId })] }));
    expect(saved.status).toBe(400);
    expect(saved.body!.errors).toEqual({
      upcomingEvents: "The session 'Race Intensive' was canceled after you opened this form and can no longer be changed. Reload to see the current sessions.",
    });
  });

  it("a delete racing a save that names the deleted programme as its earlier level: no 500, no link to nothing", async () => {
    for (let round = 0; round < 30; round++) {
      const earlier = await create(`Earlier level ${round}`);
      const later = await create(`Later level ${round}`);
      const body = programme({ title: `Later level ${round}`, upcomingEvents: [session({ _id: later.upcomingEvents[0]!._id })], requiredProgramId: earlier._id });
      expect((await call("PUT", `/api/decode/${later._id}`, body)).status).toBe(200);
      const [saved, deleted] = await Promise.all([call("PUT", `/api/decode/${later._id}`, body), call("DELETE", `/api/decode/${earlier._id}`)]);
      expect(deleted.status).toBe(200);
      // The save ran first (and the delete then cleared the link), or found the earlier level gone.
      expect([200, 400]).toContain(saved.status);
      expect(saved.status === 200 ? "saved" : Object.keys(saved.body!.errors).join()).toMatch(/^(saved|requiredProgramId)$/);
      const row = await s.db.selectFrom("programmes").select("requires_programme_id").where("id", "=", later._id).executeTakeFirstOrThrow();
      expect(row.requires_programme_id).toBeNull();
    }
  });

  it("two saves naming each other as the earlier level at once: one is refused, no circle is stored", async () => {
    for (let round = 0; round < 6; round++) {
      const a = await create(`Circle A ${round}`);
      const b = await create(`Circle B ${round}`);
      const [first, second] = await Promise.all([
        call("PUT", `/api/decode/${a._id}`, programme({ title: `Circle A ${round}`, upcomingEvents: [session({ _id: a.upcomingEvents[0]!._id })], requiredProgramId: b._id })),
        call("PUT", `/api/decode/${b._id}`, programme({ title: `Circle B ${round}`, upcomingEvents: [session({ _id: b.upcomingEvents[0]!._id })], requiredProgramId: a._id })),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 400]);
      const rows = await s.db.selectFrom("programmes").select(["id", "requires_programme_id"]).where("id", "in", [a._id, b._id]).execute();
      expect(rows.filter((r) => r.requires_programme_id !== null)).toHaveLength(1);
    }
  });

  it("parallel deletes of one programme: one succeeds, the others answer 404, one audit entry", async () => {
    const p = await create("Deleted ten times");
    const answers = await Promise.all(Array.from({ length: 10 }, () => call("DELETE", `/api/decode/${p._id}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(404)]);
    const audits = await s.db.selectFrom("audit_events").select("action").where("target_id", "=", p._id).where("action", "=", "delete").execute();
    expect(audits).toHaveLength(1);
  });

  it("programmes created in parallel each get their own display order", async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => call("POST", "/api/decode", programme({ title: `Parallel program ${i}`, upcomingEvents: [] }))));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const rows = await s.db.selectFrom("programmes").select("sort_order").where("kind", "=", "decode").execute();
    expect(new Set(rows.map((r) => r.sort_order)).size).toBe(rows.length);
  });
});
