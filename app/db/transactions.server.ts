import { sql, type Kysely } from "kysely";
import { isPostgres } from "./migrations/types.ts";
import type { Database } from "./db.server.ts";
import type { DB, EventRow } from "./schema.ts";

/**
 * A transaction that will write, begun so that it cannot lose a race to a
 * concurrent writer halfway through:
 *
 * - SQLite: `BEGIN IMMEDIATE` takes the write lock first, so a count read inside
 *   it is still true at commit, across processes too (a deferred transaction
 *   would fail with SQLITE_BUSY when it tried to upgrade).
 * - PostgreSQL: an ordinary transaction; callers lock the rows they count
 *   against (see `lockEvent`).
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
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql.raw(opts.rollbackIf?.(result) ? "rollback" : "commit").execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw error;
    }
  });
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
        const query = trx.selectFrom("events").selectAll().where("id", "=", eventId);
        const event = await (isPostgres(trx as Kysely<unknown>) ? (lockShared ? query.forShare() : query.forUpdate()) : query).executeTakeFirst();
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
