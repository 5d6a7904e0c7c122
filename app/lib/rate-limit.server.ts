import { sql, type Kysely, type RawBuilder } from "kysely";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import RateLimiterStoreAbstract from "rate-limiter-flexible/lib/RateLimiterStoreAbstract.js";
import type { DB } from "~/db/schema";
import { groupedWrite } from "~/db/transactions.server";
import { reusableQuery } from "~/db/reusable.server";

type Stored = { points: number; expire: number | null };

export type DatabaseRateLimiterOptions = {
  keyPrefix: string;
  points: number;
  /** Window length in seconds. */
  duration: number;
};

const toNumber = (v: number | string | bigint | null | undefined): number | null =>
  v === null || v === undefined ? null : Number(v);

type UpsertValues = { key: string; points: number; newExpire: number | null; now: number };

/**
 * Adds `points` to the key's window, opening a new window when the last one has ended (`restartWindow`:
 * always). Run for every form submission: its SQL is compiled once.
 */
const upsertWindow = (restart: (p: UpsertValues) => RawBuilder<boolean>) =>
  reusableQuery((db, p: UpsertValues) =>
    db
      .insertInto("rate_limits")
      .values({ key: p.key, points: p.points, expire: p.newExpire })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          points: sql<number>`case when ${restart(p)} then ${p.points} else rate_limits.points + ${p.points} end`,
          expire: sql<number | null>`case when ${restart(p)} then ${p.newExpire} else rate_limits.expire end`,
        }),
      )
      .returning(["points", "expire"]),
  );
const addToWindow = upsertWindow((p) => sql<boolean>`rate_limits.expire is not null and rate_limits.expire <= ${p.now}`);
const restartWindow = upsertWindow(() => sql<boolean>`1 = 1`);

/**
 * rate-limiter-flexible's store contract over our own database (table
 * `rate_limits`, migration 0005), so every app instance counts against the same
 * window: SQLite or PostgreSQL, one atomic upsert a request. The library's
 * Postgres and SQLite stores need their own drivers (pg.Pool, better-sqlite3),
 * not Kysely over node:sqlite, hence this adapter. When the database fails, the
 * in-memory insurance limiter decides, so a form never answers 500 for it.
 */
export class DatabaseRateLimiter extends RateLimiterStoreAbstract {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>, opts: DatabaseRateLimiterOptions) {
    super({
      ...opts,
      storeClient: db,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${opts.keyPrefix}-insurance`, points: opts.points, duration: opts.duration }),
    });
    this.#db = db;
  }

  /** Adds `points` to the key's window, opening a new window when the last one has ended (or when forced). */
  async _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<Stored> {
    const now = Date.now();
    const newExpire = msDuration > 0 ? now + msDuration : null;
    // On SQLite the counter shares the commit of the writes around it (group commit).
    const [row] = await groupedWrite(this.#db, (db) => (forceExpire ? restartWindow : addToWindow)(db, { key, points, newExpire, now }));
    if (!row) throw new Error("rate limit: the upsert returned no row");
    return { points: Number(row.points), expire: toNumber(row.expire) };
  }

  async _get(key: string): Promise<Stored | null> {
    const row = await this.#db
      .selectFrom("rate_limits")
      .select(["points", "expire"])
      .where("key", "=", key)
      .where((eb) => eb.or([eb("expire", "is", null), eb("expire", ">", Date.now())]))
      .executeTakeFirst();
    return row ? { points: Number(row.points), expire: toNumber(row.expire) } : null;
  }

  async _delete(key: string): Promise<boolean> {
    const r = await this.#db.deleteFrom("rate_limits").where("key", "=", key).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  _getRateLimiterRes(_key: string, changedPoints: number, stored: Stored): RateLimiterRes {
    const isFirstInDuration = changedPoints === stored.points;
    const consumed = isFirstInDuration ? changedPoints : stored.points;
    const msBeforeNext = stored.expire === null ? -1 : Math.max(stored.expire - Date.now(), 0);
    return new RateLimiterRes(Math.max(this.points - consumed, 0), msBeforeNext, consumed, isFirstInDuration);
  }
}

/** Deletes windows that have ended; any instance may run it. Returns the rows removed. */
export async function deleteExpiredRateLimits(db: Kysely<DB>, now = Date.now()): Promise<number> {
  const r = await db.deleteFrom("rate_limits").where("expire", "<=", now).executeTakeFirst();
  return Number(r.numDeletedRows);
}
