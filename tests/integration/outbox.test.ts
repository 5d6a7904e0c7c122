import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type DbHandle } from "~/db/db.server";
import { deliverDue, enqueueMail, MAX_ATTEMPTS } from "~/features/mail/outbox.server";
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
});
