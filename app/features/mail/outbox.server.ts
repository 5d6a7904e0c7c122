import { sql, type Kysely } from "kysely";
import type { Logger } from "pino";
import { databaseFailure, type DatabaseFailure } from "~/db/availability.server";
import type { Database } from "~/db/db.server";
import { isPostgres } from "~/db/migrations/types";
import { groupedWrite } from "~/db/transactions.server";
import { insertRows, reusableQuery } from "~/db/reusable.server";
import type { DB, OutboxRow } from "~/db/schema";
import type { Mailer, MailMessage } from "./mailer.server";

/**
 * The mail outbox (D8). Mail is written to the `outbox` table in the same
 * transaction as what caused it, so a registration and its confirmation commit
 * together; a worker in each server process sends what is due. Several
 * processes never send one message twice: a batch is claimed with one UPDATE
 * (with FOR UPDATE SKIP LOCKED on PostgreSQL) that sets a short lease, renewed
 * while the batch is being sent. A process killed mid-batch leaves leases that
 * lapse within LEASE_SECONDS, and another (or the restarted) process sends
 * those messages then. Delivery is at least once: a crash after the mail
 * server accepted a message but before it was marked sent sends it again,
 * with the same Message-ID (decision 0037).
 */
export type OutgoingMail = MailMessage & {
  /** What caused it, e.g. "registration:<id>": logged instead of addresses. */
  topic: string;
};

/**
 * Deletes the outbox's copies of every mail about one registration or booking,
 * sent or not (decision 0048): topics `registration:<id>`, and
 * `reminder:registration:<id>:7`, `session-update:registration:<id>:3` and
 * the like. For an erasure or a staff delete: the copies hold the person's
 * details, and a mail still queued would carry a link that opens nothing.
 */
export async function deleteMailsAbout(trx: Kysely<DB>, kind: "registration" | "family-booking", id: string): Promise<void> {
  const topic = `${kind}:${id}`;
  await trx
    .deleteFrom("outbox")
    .where((eb) => eb.or([eb("topic", "=", topic), eb("topic", "like", `%:${topic}`), eb("topic", "like", `%:${topic}:%`)]))
    .execute();
}

/**
 * Takes back the reminders and schedule updates still waiting in the outbox for one person (decision 0104):
 * their seat was just canceled, or their session. A reminder held back by a mail server's outage would
 * otherwise arrive after the cancellation that overtook it, for a seat that is gone. A message a worker holds
 * right now is being sent and stays.
 */
export async function withdrawSessionNews(trx: Kysely<DB>, kind: "registration" | "family-booking", id: string, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const prefixes = [`reminder:${kind}:${id}:`, `session-update:${kind}:${id}:`];
  await trx
    .deleteFrom("outbox")
    .where("status", "=", "pending")
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
    // Compared as text, not with LIKE: an id may hold `_` or `%`.
    .where((eb) => eb.or(prefixes.map((prefix) => eb(sql<string>`substr(topic, 1, ${sql.lit(prefix.length)})`, "=", prefix))))
    .execute();
}

/** Delays before attempts 2, 3, …: 8 attempts over about four hours, then the message is marked failed. */
export const RETRY_DELAYS_SECONDS = [30, 120, 300, 900, 1800, 3600, 7200];
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/**
 * How long a claimed message stays with one worker unless renewed: the delay
 * before a message claimed by a process that died is sent by another. The
 * lease is renewed every RENEW_SECONDS while the batch is being sent, so a slow
 * SMTP send (up to 40 s with its time limits) keeps its messages.
 */
export const LEASE_SECONDS = 15;
const RENEW_SECONDS = 5;
/** Messages claimed at a time (one claim and one lease renewal for all of them). */
const BATCH = 50;
/** Messages sent at the same time: nodemailer's SMTP pool keeps 5 connections. */
const SENDING_LANES = 5;

export async function enqueueMail(trx: Kysely<DB>, mails: readonly OutgoingMail[], now = new Date()): Promise<void> {
  if (mails.length === 0) return;
  const at = now.toISOString();
  // Its SQL compiled once per number of mails.
  await insertRows(
    trx,
    "outbox",
    mails.map((m) => ({
      id: crypto.randomUUID(),
      topic: m.topic,
      to_address: m.to,
      reply_to: m.replyTo ?? null,
      subject: m.subject,
      text_body: m.text,
      html_body: m.html ?? null,
      attachments: JSON.stringify(m.attachments ?? []),
      next_attempt_at: at,
      created_at: at,
    })),
  );
}

/** Claims up to BATCH due messages for this worker, under `claim`, and counts the attempt. */
async function claimDue(db: Database, now: Date, lease: string, claim: string): Promise<OutboxRow[]> {
  const at = now.toISOString();
  const skipLocked = isPostgres(db as Kysely<unknown>) ? sql`for update skip locked` : sql``;
  const result = await sql<OutboxRow>`
    update outbox set locked_until = ${lease}, claimed_by = ${claim}, attempts = attempts + 1
    where id in (
      select id from outbox
      where status = 'pending' and next_attempt_at <= ${at} and (locked_until is null or locked_until < ${at})
      order by next_attempt_at
      limit ${BATCH}
      ${skipLocked}
    )
    returning *`.execute(db);
  return result.rows;
}

/** A failure reason without personal data: SMTP replies can quote addresses. */
function failureCode(error: unknown): string {
  if (error && typeof error === "object") {
    const e = error as { code?: unknown; responseCode?: unknown };
    const parts = [typeof e.code === "string" ? e.code : null, typeof e.responseCode === "number" ? `SMTP ${e.responseCode}` : null];
    const known = parts.filter(Boolean).join(" ");
    if (known) return known;
  }
  return error instanceof Error ? error.name : "unknown";
}

/**
 * Sends every message that is due now (at `now` or later: a test moves the clock on); returns how many were
 * sent. Each batch is claimed under a claim of its own, with a lease that runs from the moment it is claimed:
 * a lease counted from the start of a long pass had already run out when a later batch was claimed, and
 * another instance sent that batch too (decision 0104).
 */
export async function deliverDue(db: Database, mailer: Mailer, logger: Logger, now = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimedAt = new Date(Math.max(now.getTime(), Date.now()));
    const claim = crypto.randomUUID();
    const batch = await claimDue(db, claimedAt, leaseFrom(claimedAt), claim);
    if (batch.length === 0) return sent;
    // Keeps the lease of the messages not yet sent while the batch is sent. A row the renewal no longer finds
    // under this claim was taken over by another worker (this one was too slow): it is not sent from here.
    const waiting = new Set(batch.map((row) => row.id));
    const lost = new Set<string>();
    const renewal = setInterval(() => {
      const ids = [...waiting];
      if (ids.length === 0) return;
      db.updateTable("outbox")
        .set({ locked_until: leaseFrom(new Date()) })
        .where("id", "in", ids)
        .where("status", "=", "pending")
        .where("claimed_by", "=", claim)
        .returning("id")
        .execute()
        .then((kept) => {
          const held = new Set(kept.map((row) => row.id));
          for (const id of ids) if (!held.has(id) && waiting.has(id)) lost.add(id);
        })
        .catch((error: unknown) => logger.warn({ err: error }, "outbox lease not renewed"));
    }, RENEW_SECONDS * 1000);
    try {
      // SENDING_LANES messages of the batch go out at a time, not one after another: each waits on
      // the mail server (or the outbox file) and on the commit of its "sent" mark. Side by side, their
      // marks share a commit (SQLite's group commit) and SMTP uses its pool's connections. Each
      // message is still marked sent only after it was sent, so a crash can send again at most
      // the messages in flight, under their Message-IDs (decision 0037).
      const queue = [...batch];
      await Promise.all(
        Array.from({ length: Math.min(SENDING_LANES, queue.length) }, async () => {
          for (let row = queue.shift(); row; row = queue.shift()) {
            // Awaited first, then added: `sent += await …` would read `sent` before another lane's addition.
            const delivered = lost.has(row.id) ? 0 : await deliverOne(db, mailer, logger, row, claim);
            sent += delivered;
            waiting.delete(row.id);
          }
        }),
      );
    } finally {
      clearInterval(renewal);
    }
    if (lost.size) logger.warn({ messages: lost.size }, "outbox: messages taken over by another worker were left to it");
    // Once the outbox is drained, wait for the next tick.
    if (batch.length < BATCH) return sent;
  }
}

function leaseFrom(now: Date): string {
  return new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString();
}

/** A message's "sent" mark, under the claim that sent it, its SQL compiled once. */
const markSent = reusableQuery((db, p: { id: string; sentAt: string; claim: string }) =>
  db
    .updateTable("outbox")
    .set({ status: "sent", sent_at: p.sentAt, locked_until: null, claimed_by: null, last_error: null })
    .where("id", "=", p.id)
    .where("claimed_by", "=", p.claim)
    .returning("id"),
);

/**
 * One attempt at one claimed message: 1 when it was sent, 0 when it is to be retried or has failed. Its mark
 * (sent, or the next attempt) is written only while `claim` still holds the row: a worker that lost its claim
 * never sets back to "pending" a message another worker has sent since.
 */
async function deliverOne(db: Database, mailer: Mailer, logger: Logger, row: OutboxRow, claim: string): Promise<number> {
  try {
    await mailer.send({
      id: row.id,
      to: row.to_address,
      replyTo: row.reply_to ?? undefined,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body ?? undefined,
      attachments: JSON.parse(row.attachments) as MailMessage["attachments"],
    });
    // On SQLite the mark shares a commit with the writes around it (group commit).
    const marked = await groupedWrite(db, (trx) => markSent(trx, { id: row.id, sentAt: new Date().toISOString(), claim }));
    if (marked.length === 0) logger.warn({ outboxId: row.id, topic: row.topic }, "outbox: a message was sent after another worker took it over");
    return 1;
  } catch (error) {
    const code = failureCode(error);
    const failed = row.attempts >= MAX_ATTEMPTS;
    const delay = RETRY_DELAYS_SECONDS[Math.min(row.attempts - 1, RETRY_DELAYS_SECONDS.length - 1)]!;
    await db
      .updateTable("outbox")
      .set({
        status: failed ? "failed" : "pending",
        last_error: code,
        locked_until: null,
        claimed_by: null,
        next_attempt_at: new Date(Date.now() + delay * 1000).toISOString(),
      })
      .where("id", "=", row.id)
      .where("claimed_by", "=", claim)
      .where("status", "=", "pending")
      .execute();
    const line = { outboxId: row.id, topic: row.topic, attempt: row.attempts, reason: code };
    if (failed) logger.error(line, "mail failed for good after the last attempt");
    else logger.warn({ ...line, retryInSeconds: delay }, "mail not sent; will retry");
    return 0;
  }
}

export type MailWorker = { kick: () => void; stop: () => Promise<void> };

/**
 * How the worker's runs are logged. An outage of the database fails every run,
 * every poll: it is one warning when it starts, without the error's stack (the
 * shell logs the outage itself, server/app.ts), one again if it turns into
 * another kind (unreachable, then a full disk), and one line when a run works
 * again. Any other failure is an error, logged whole, each time.
 */
export function mailWorkerLog(logger: Logger) {
  let outage: DatabaseFailure | null = null;
  return {
    failed(error: unknown) {
      const failure = databaseFailure(error);
      if (!failure) {
        outage = null;
        logger.error({ err: error }, "mail worker run failed");
        return;
      }
      if (failure !== outage) logger.warn({ failure }, "mail worker paused: the database is unavailable; queued mail waits, and each poll tries again");
      outage = failure;
    },
    worked() {
      if (outage) logger.info("mail worker running again: the database is back");
      outage = null;
    },
  };
}

/**
 * Runs `deliverDue` every `intervalMs`, and soon after `kick()` (called when a
 * request has just queued mail). Never overlaps itself; errors are logged (`mailWorkerLog`).
 */
export function startMailWorker(db: Database, mailer: Mailer, logger: Logger, intervalMs = 15_000): MailWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const log = mailWorkerLog(logger);
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = deliverDue(db, mailer, logger)
      .then(() => log.worked())
      .catch((error: unknown) => log.failed(error))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  setImmediate(run);
  return {
    kick: () => setImmediate(run),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
