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

/**
 * Reads one session and, on PostgreSQL, locks its row until the transaction
 * ends, in one statement: the lock is held for as few round trips as possible
 * when many visitors want the same seats (issue 10 point 4).
 */
export async function lockedEvent(trx: Kysely<DB>, eventId: string): Promise<EventRow | undefined> {
  const query = trx.selectFrom("events").selectAll().where("id", "=", eventId);
  return (isPostgres(trx as Kysely<unknown>) ? query.forUpdate() : query).executeTakeFirst();
}

/** True for a unique-constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown };
  if (e.code === "23505") return true; // PostgreSQL
  return typeof e.message === "string" && /UNIQUE constraint failed/i.test(e.message); // SQLite
}
