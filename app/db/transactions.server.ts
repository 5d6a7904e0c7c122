import { sql, type Kysely } from "kysely";
import { isPostgres } from "./migrations/types.ts";
import type { Database } from "./db.server.ts";
import type { DB, EventRow } from "./schema.ts";
import { fixedStatement, reusableQuery } from "./reusable.server.ts";

/**
 * A transaction that will write, begun so that it cannot lose a race to a
 * concurrent writer halfway through:
 *
 * - SQLite: `BEGIN IMMEDIATE` takes the write lock first, so a count read inside
 *   it is still true at commit, across processes too (a deferred transaction
 *   would fail with SQLITE_BUSY when it tried to upgrade). Transactions that
 *   arrive while one runs share its commit (see `commitGroup`).
 * - PostgreSQL: an ordinary transaction; callers lock the rows they count
 *   against (see `lockEvent`).
 *
 * `fn` must not start another write transaction: on SQLite it would wait for
 * the one it runs in.
 */
export async function writeTransaction<T>(
  db: Database,
  fn: (trx: Kysely<DB>) => Promise<T>,
  opts: { rollbackIf?: (result: T) => boolean } = {},
): Promise<T> {
  if (isPostgres(db as Kysely<unknown>)) {
    if (!opts.rollbackIf) return db.transaction().execute(fn);
    try {
      return await db.transaction().execute(async (trx) => {
        const result = await fn(trx);
        if (opts.rollbackIf!(result)) throw new RolledBack(result);
        return result;
      });
    } catch (error) {
      if (error instanceof RolledBack) return error.result as T;
      throw error;
    }
  }
  return commitGroup(db, fn, opts.rollbackIf);
}

/**
 * One write that needs no transaction of its own: on PostgreSQL it runs as it
 * is (autocommit); on SQLite it joins the commit group, so it does not pay a
 * disk flush of its own (a form's rate-limit counter, an outbox mail marked sent).
 */
export function groupedWrite<T>(db: Database, fn: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  return isPostgres(db as Kysely<unknown>) ? fn(db) : commitGroup(db, fn);
}

type GroupJob = {
  fn: (trx: Kysely<DB>) => Promise<unknown>;
  rollbackIf?: (result: never) => boolean;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
};

// The group's own statements, compiled once (decision 0042: Kysely's building and compiling is a share of every submission).
const beginImmediate = fixedStatement("begin immediate");
const savepoint = fixedStatement("savepoint group_member");
const rollbackToSavepoint = fixedStatement("rollback to group_member");
const releaseSavepoint = fixedStatement("release group_member");
const commit = fixedStatement("commit");
const rollback = fixedStatement("rollback");

/** The most transactions one SQLite commit takes. */
const GROUP_LIMIT = 100;
const groupQueues = new WeakMap<Database, GroupJob[]>();

/**
 * Group commit on SQLite. With `synchronous=FULL` every commit waits for the
 * disk to flush the WAL (about a millisecond here, with the event loop blocked,
 * node:sqlite being synchronous), and one connection runs one transaction at a
 * time: under load, submissions queued one flush after another (decision 0039).
 *
 * Transactions that arrive while one is running wait in a queue; the next
 * group runs them one after the other inside one `BEGIN IMMEDIATE … COMMIT`,
 * each in a savepoint of its own, and answers them all once that one commit is
 * on disk. So each still sees every earlier one's writes (a seat taken is
 * counted), a transaction that throws or is rolled back (`rollbackIf`) undoes
 * only its own writes, and nothing is answered before it is durable: if the
 * commit fails, every transaction of the group gets the error. The connection
 * is given back between groups, so reads are not shut out.
 */
function commitGroup<T>(db: Database, fn: (trx: Kysely<DB>) => Promise<T>, rollbackIf?: (result: T) => boolean): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let queue = groupQueues.get(db);
    const idle = !queue;
    if (!queue) groupQueues.set(db, (queue = []));
    queue.push({ fn, rollbackIf: rollbackIf as GroupJob["rollbackIf"], resolve: resolve as GroupJob["resolve"], reject });
    // The group starts after this turn of the event loop: the requests read in
    // the same turn reach their transactions by then (node:sqlite answers at
    // once), so they share the commit.
    if (idle) setImmediate(() => void runGroups(db, queue));
  });
}

async function runGroups(db: Database, queue: GroupJob[]): Promise<void> {
  while (queue.length > 0) {
    try {
      await db.connection().execute((conn) => runGroup(conn, queue));
    } catch (error) {
      // No connection (the database is unreachable): everyone waiting is told.
      for (const job of queue.splice(0)) job.reject(error);
    }
  }
  // Nothing awaited since the queue was seen empty: a transaction that arrives from now on starts a new runner.
  groupQueues.delete(db);
}

async function runGroup(conn: Kysely<DB>, queue: GroupJob[]): Promise<void> {
  try {
    await beginImmediate(conn);
  } catch (error) {
    for (const job of queue.splice(0)) job.reject(error);
    return;
  }
  const done: Array<{ job: GroupJob; result: unknown }> = [];
  // A member that failed is answered after the commit too: its failure may rest on an earlier member's
  // writes (a duplicate of a row inserted in this group), which are not on disk until the commit is.
  const failed: Array<{ job: GroupJob; error: unknown }> = [];
  const fail = async (error: unknown) => {
    await rollback(conn).catch(() => {});
    for (const { job } of done) job.reject(error);
    for (const { job } of failed) job.reject(error);
  };
  while (queue.length > 0 && done.length + failed.length < GROUP_LIMIT) {
    const job = queue.shift()!;
    try {
      await savepoint(conn);
    } catch (error) {
      job.reject(error);
      return fail(error);
    }
    let result: unknown;
    let failure: { error: unknown } | null = null;
    let undo = false;
    try {
      result = await job.fn(conn);
      // Its own check: a throw here is this member's failure, not the group's.
      undo = job.rollbackIf?.(result as never) === true;
    } catch (error) {
      failure = { error };
    }
    try {
      if (failure || undo) await rollbackToSavepoint(conn);
      await releaseSavepoint(conn);
    } catch (error) {
      // SQLite rolled the whole transaction back itself (a full disk, an I/O
      // error): the earlier members' writes are gone too.
      job.reject(failure ? failure.error : error);
      return fail(failure ? failure.error : error);
    }
    if (failure) failed.push({ job, error: failure.error });
    else done.push({ job, result });
  }
  try {
    await commit(conn);
  } catch (error) {
    return fail(error);
  }
  for (const { job, error } of failed) job.reject(error);
  for (const { job, result } of done) job.resolve(result);
}

/**
 * Carries the answer of a transaction that wrote nothing out of Kysely's
 * transaction, which rolls back on a throw. A refusal ends with ROLLBACK: on
 * PostgreSQL that releases the session's lock without waiting for a commit
 * record to reach the disk, so a queue of refusals moves faster.
 */
class RolledBack extends Error {
  readonly result: unknown;
  constructor(result: unknown) {
    super("rolled back");
    this.result = result;
  }
}

/**
 * Locks one session's row until the transaction ends (PostgreSQL), so seats are
 * counted and taken by one registration at a time. On SQLite the immediate
 * transaction already holds the database's write lock.
 */
export async function lockEvent(trx: Kysely<DB>, eventId: string): Promise<void> {
  if (!isPostgres(trx as Kysely<unknown>)) return;
  await sql`select id from events where id = ${eventId} for update`.execute(trx);
}

/**
 * Locks a programme's row for the rest of the transaction (PostgreSQL; on
 * SQLite the write transaction already holds the database's lock), so a save
 * and a delete of one programme run one after the other, not interleaved
 * (a session added by the save must not outlive the programme). FOR NO KEY
 * UPDATE, not FOR UPDATE: a registration's foreign-key check takes a KEY SHARE
 * lock on the programme while it holds its session's lock, and must not wait
 * on a staff save that is itself waiting for that session.
 */
export async function lockProgramme(trx: Kysely<DB>, programmeId: string): Promise<void> {
  if (!isPostgres(trx as Kysely<unknown>)) return;
  await sql`select id from programmes where id = ${programmeId} for no key update`.execute(trx);
}

/**
 * Serialises the programmes created, deleted or given an earlier level, of one kind (PostgreSQL): each
 * new one gets the next display order, two saves cannot make a circle of requirements, and a delete
 * never races a save that names the deleted programme. Taken before any programme's row lock.
 */
export async function lockProgrammeOrder(trx: Kysely<DB>, kind: string): Promise<void> {
  if (!isPostgres(trx as Kysely<unknown>)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`site:programme-order:${kind}`}))`.execute(trx);
}

/**
 * Serialises the writes keyed by one text (PostgreSQL; on SQLite the write transaction already holds the
 * database's lock): two identical contact messages sent at once, say, are stored one after the other, so
 * the second finds the first.
 */
export async function lockKey(trx: Kysely<DB>, key: string): Promise<void> {
  if (!isPostgres(trx as Kysely<unknown>)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`site:${key}`}))`.execute(trx);
}

/** The session's row, locked FOR UPDATE on PostgreSQL (SQLite's immediate transaction holds the database's lock). */
const lockedEvent = reusableQuery<{ eventId: string }, EventRow>((db, p) => {
  const query = db.selectFrom("events").selectAll().where("id", "=", p.eventId);
  return isPostgres(db as Kysely<unknown>) ? query.forUpdate() : query;
});
/** The same, FOR SHARE on PostgreSQL. */
const lockedEventShared = reusableQuery<{ eventId: string }, EventRow>((db, p) => {
  const query = db.selectFrom("events").selectAll().where("id", "=", p.eventId);
  return isPostgres(db as Kysely<unknown>) ? query.forShare() : query;
});

const RETRY_EXCLUSIVE: unique symbol = Symbol("retry with the session's row locked for update");

/**
 * A write transaction that takes a seat in one session (a registration, a
 * booking), with the session's row read and locked first and handed to `fn`:
 *
 * - A session with a seat limit is locked FOR UPDATE (PostgreSQL): seats are
 *   counted and taken by one registration at a time (D7).
 * - A session without one is locked FOR SHARE: there is nothing to count, so
 *   its registrations run side by side, while a staff edit of the session (an
 *   UPDATE) still waits for them and they for it. Which lock to take comes
 *   from `capacity`, read before the transaction without a lock; if the locked
 *   row has a limit after all (staff set one in between), the transaction is
 *   rolled back and run again with FOR UPDATE.
 *
 * On SQLite the immediate transaction already holds the database's write lock.
 */
export async function seatTransaction<T>(
  db: Database,
  eventId: string,
  capacity: number | null | undefined,
  fn: (trx: Kysely<DB>, event: EventRow | undefined) => Promise<T>,
  opts: { rollbackIf?: (result: T) => boolean } = {},
): Promise<T> {
  let shared = capacity === null && isPostgres(db as Kysely<unknown>);
  for (;;) {
    const lockShared = shared;
    const result = await writeTransaction<T | typeof RETRY_EXCLUSIVE>(
      db,
      async (trx) => {
        const [event] = await (lockShared ? lockedEventShared : lockedEvent)(trx, { eventId });
        if (lockShared && event && event.capacity !== null) return RETRY_EXCLUSIVE;
        return fn(trx, event);
      },
      { rollbackIf: (r) => r === RETRY_EXCLUSIVE || Boolean(opts.rollbackIf?.(r as T)) },
    );
    if (result !== RETRY_EXCLUSIVE) return result;
    shared = false;
  }
}

/** True for a unique-constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown };
  if (e.code === "23505") return true; // PostgreSQL
  return typeof e.message === "string" && /UNIQUE constraint failed/i.test(e.message); // SQLite
}

/**
 * After personal data is erased or deleted (decision 0109). On SQLite the write-ahead log (`site.db-wal`) keeps
 * copies of the pages as they were before, until later writes happen to overwrite them, so a copy of the data
 * folder still held an erased person although the database file (secure_delete) did not. A TRUNCATE checkpoint
 * moves the log into the file and empties it. It runs on the one connection between commit groups. Best effort:
 * a checkpoint that cannot finish now leaves the log to the next erasure or the daily retention pass. PostgreSQL
 * keeps its own log, recycled by the server (see the decision).
 */
export async function clearWriteAheadLog(db: Database): Promise<void> {
  if (isPostgres(db as Kysely<unknown>)) return;
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db).catch(() => {});
}

