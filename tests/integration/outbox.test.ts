import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type DbHandle } from "~/db/db.server";
import { deliverDue, enqueueMail, MAX_ATTEMPTS, withdrawSessionNews } from "~/features/mail/outbox.server";
import type { Mailer, MailMessage } from "~/features/mail/mailer.server";
import { createPostgresDatabase, postgresUrl } from "../helpers/databases";

const silent = pino({ level: "silent" });

/** A mailer that records what it sends, slowly, like a real SMTP round trip. */
function recordingMailer(sent: MailMessage[], delayMs = 5): Mailer {
  return {
    description: "test",
    send: async (m) => {
      await new Promise((r) => setTimeout(r, delayMs));
      sent.push(m);
    },
  };
}

/**
 * Claims that outlive their moment (decision 0104), for two workers on one database (`a` and `b`: two
 * connections, or two processes' worth): the outbox is emptied first.
 */
function claimTests(handles: () => { a: DbHandle["db"]; b: DbHandle["db"] }) {
  it("counts a batch's lease from its claim, not from the start of the pass: a long pass's later batch is not another worker's", async () => {
    const { a, b } = handles();
    await a.deleteFrom("outbox").execute();
    await a.transaction().execute((trx) => enqueueMail(trx, [{ topic: "claim:late", to: "late@example.com", subject: "Late", text: "Hi" }]));
    const sent: string[] = [];
    let other = -1;
    const slowA: Mailer = {
      description: "A",
      send: async (m) => {
        // While A sends, B polls: the message is A's, under a lease that has not run out.
        other = await deliverDue(b, recordingMailer([]), silent);
        sent.push(`A:${m.to}`);
      },
    };
    // A pass that began a minute ago (its first batches took that long): this batch is claimed now.
    expect(await deliverDue(a, slowA, silent, new Date(Date.now() - 60_000))).toBe(1);
    expect(other).toBe(0);
    expect(sent).toEqual(["A:late@example.com"]);
  });

  it("takes back one person's waiting reminders and updates, and nothing else (decision 0104)", async () => {
    const { a } = handles();
    await a.deleteFrom("outbox").execute();
    const mail = (topic: string) => ({ topic, to: "p@example.com", subject: topic, text: "Hi" });
    await a.transaction().execute((trx) =>
      enqueueMail(trx, [
        mail("reminder:registration:r_1:1"),
        mail("session-update:registration:r_1:2"),
        mail("registration:r_1"),
        mail("reminder:registration:r_10:1"),
        mail("reminder:registration:rx1:1"),
        mail("reminder:family-booking:r_1:1"),
        mail("reminder:registration:r_1:7"),
      ]),
    );
    // The 7-day reminder is being sent by a worker right now: it stays.
    await a.updateTable("outbox").set({ locked_until: new Date(Date.now() + 10_000).toISOString() }).where("topic", "=", "reminder:registration:r_1:7").execute();
    await a.transaction().execute((trx) => withdrawSessionNews(trx, "registration", "r_1"));
    const left = (await a.selectFrom("outbox").select("topic").execute()).map((r) => r.topic).sort();
    expect(left).toEqual(["registration:r_1", "reminder:family-booking:r_1:1", "reminder:registration:r_1:7", "reminder:registration:r_10:1", "reminder:registration:rx1:1"].sort());
  });

  it("leaves a message another worker took over to that worker: a late failure does not put it back in the queue", async () => {
    const { a, b } = handles();
    await a.deleteFrom("outbox").execute();
    await a.transaction().execute((trx) => enqueueMail(trx, [{ topic: "claim:lost", to: "lost@example.com", subject: "Lost", text: "Hi" }]));
    const sentByB: MailMessage[] = [];
    const stalledA: Mailer = {
      description: "A",
      send: async () => {
        // A's lease runs out while its mail server hangs; B takes the message over and sends it.
        await a.updateTable("outbox").set({ locked_until: new Date(Date.now() - 1000).toISOString() }).execute();
        expect(await deliverDue(b, recordingMailer(sentByB), silent)).toBe(1);
        throw Object.assign(new Error("connect ETIMEDOUT"), { code: "ETIMEDOUT" });
      },
    };
    expect(await deliverDue(a, stalledA, silent)).toBe(0);
    const row = await a.selectFrom("outbox").select(["status", "claimed_by", "last_error"]).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "sent", claimed_by: null, last_error: null });
    // Nothing is left to send: the message went once.
    await a.updateTable("outbox").set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect(await deliverDue(a, recordingMailer(sentByB), silent)).toBe(0);
    expect(sentByB.map((m) => m.to)).toEqual(["lost@example.com"]);
  });
}

describe.skipIf(!postgresUrl)("the outbox with two server processes on one PostgreSQL", () => {
  let pgDb: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: DbHandle;
  let b: DbHandle;
  beforeAll(async () => {
    pgDb = await createPostgresDatabase();
    a = openDatabase({ databaseUrl: pgDb.url, dataDir: "/tmp" });
    b = openDatabase({ databaseUrl: pgDb.url, dataDir: "/tmp" });
    await migrateToLatest(a.db);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await pgDb?.drop();
  });

  it("sends every queued message exactly once when two workers run at the same time", async () => {
    const mails = Array.from({ length: 60 }, (_, i) => ({ topic: `test:${i}`, to: `p${i}@example.com`, subject: `Hello ${i}`, text: "Hi" }));
    await a.db.transaction().execute((trx) => enqueueMail(trx, mails));
    const sentA: MailMessage[] = [];
    const sentB: MailMessage[] = [];
    const [na, nb] = await Promise.all([
      deliverDue(a.db, recordingMailer(sentA), silent),
      deliverDue(b.db, recordingMailer(sentB), silent),
    ]);
    expect(na + nb).toBe(60);
    const recipients = [...sentA, ...sentB].map((m) => m.to).sort();
    expect(recipients).toEqual(mails.map((m) => m.to).sort());
    expect(new Set(recipients).size).toBe(60);
    // Both did share the work (SKIP LOCKED), and the table agrees.
    expect(sentA.length).toBeGreaterThan(0);
    expect(sentB.length).toBeGreaterThan(0);
    const rows = await a.db.selectFrom("outbox").select(["status", "attempts"]).execute();
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("passes over a message another worker holds instead of waiting for it (FOR UPDATE SKIP LOCKED)", async () => {
    await a.db.deleteFrom("outbox").execute();
    await a.db.transaction().execute((trx) =>
      enqueueMail(trx, [
        { topic: "test:held", to: "held@example.com", subject: "Held", text: "Hi" },
        { topic: "test:free", to: "free@example.com", subject: "Free", text: "Hi" },
      ]),
    );
    const held = await a.db.selectFrom("outbox").select("id").where("to_address", "=", "held@example.com").executeTakeFirstOrThrow();
    // Another instance's claim of that row, still open: its row lock, held on the other pool.
    const order: string[] = [];
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = b.db.transaction().execute(async (trx) => {
      await sql`select id from outbox where id = ${held.id} for update`.execute(trx);
      locked();
      // Let go after a while whatever happens, so that a worker that waits for the row is not stuck for ever.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      order.push("released");
    });
    await isLocked;
    const sent: MailMessage[] = [];
    await deliverDue(a.db, recordingMailer(sent), silent);
    order.push("delivered");
    await holder;
    // The free message went at once, while the other row was still held; the held one was left to its holder.
    expect(order).toEqual(["delivered", "released"]);
    expect(sent.map((m) => m.to)).toEqual(["free@example.com"]);
    // Its holder gone (here, without sending), the next pass sends it.
    await deliverDue(a.db, recordingMailer(sent), silent);
    expect(sent.map((m) => m.to)).toEqual(["free@example.com", "held@example.com"]);
  });

  it("retries with backoff, then marks a message failed after the last attempt", async () => {
    await a.db.deleteFrom("outbox").execute();
    await a.db.transaction().execute((trx) => enqueueMail(trx, [{ topic: "test:fail", to: "nobody@example.com", subject: "x", text: "x" }]));
    const failing: Mailer = { description: "down", send: async () => Promise.reject(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })) };
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      // Move the clock past the backoff instead of waiting for it.
      await a.db.updateTable("outbox").set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() }).execute();
      expect(await deliverDue(a.db, failing, silent)).toBe(0);
      const row = await a.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
      expect(row.attempts).toBe(attempt);
      expect(row.last_error).toBe("ECONNREFUSED");
      expect(row.status).toBe(attempt < MAX_ATTEMPTS ? "pending" : "failed");
    }
    // A failed message is not tried again.
    await a.db.updateTable("outbox").set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect(await deliverDue(a.db, recordingMailer([]), silent)).toBe(0);
  });

  claimTests(() => ({ a: a.db, b: b.db }));
});

describe("the outbox on SQLite", () => {
  let dir: string;
  let h: DbHandle;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    h = openDatabase({ dataDir: dir });
    await migrateToLatest(h.db);
  });
  afterAll(async () => {
    await h?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("sends a claimed batch's messages together, each once, and marks every one sent", async () => {
    const mails = Array.from({ length: 75 }, (_, i) => ({ topic: `test:${i}`, to: `q${i}@example.com`, subject: `Hello ${i}`, text: "Hi" }));
    await h.db.transaction().execute((trx) => enqueueMail(trx, mails));
    const sent: MailMessage[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const mailer: Mailer = {
      description: "test",
      send: async (m) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise((r) => setTimeout(r, 2));
        inFlight -= 1;
        sent.push(m);
      },
    };
    expect(await deliverDue(h.db, mailer, silent)).toBe(75);
    expect(sent.map((m) => m.to).sort()).toEqual(mails.map((m) => m.to).sort());
    // Not one at a time: the worker does not wait for each message before starting the next.
    expect(mostInFlight).toBeGreaterThan(1);
    const rows = await h.db.selectFrom("outbox").select(["status", "attempts"]).execute();
    expect(rows).toHaveLength(75);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("sends each message once when two instances' workers run at the same time on the one file", async () => {
    await h.db.deleteFrom("outbox").execute();
    const mails = Array.from({ length: 30 }, (_, i) => ({ topic: `twice:${i}`, to: `t${i}@example.com`, subject: `Twice ${i}`, text: "Hi" }));
    await h.db.transaction().execute((trx) => enqueueMail(trx, mails));
    // A second app instance: its own connection to the same database file.
    const other = openDatabase({ dataDir: dir });
    try {
      const sent: MailMessage[] = [];
      const [a, b] = await Promise.all([deliverDue(h.db, recordingMailer(sent, 20), silent), deliverDue(other.db, recordingMailer(sent, 20), silent)]);
      expect(a + b).toBe(30);
      expect(sent.map((m) => m.to).sort()).toEqual(mails.map((m) => m.to).sort());
      const rows = await h.db.selectFrom("outbox").select(["status", "attempts"]).execute();
      expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    } finally {
      await other.close();
    }
  });

  claimTests(() => ({ a: h.db, b: h.db }));
});
