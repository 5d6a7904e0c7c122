import { PostgresAdapter, sql, type Kysely } from "kysely";

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An instant: timestamptz on PostgreSQL, ISO-8601 text on SQLite. */
export function instant(db: Kysely<unknown>) {
  return isPostgres(db) ? sql`timestamptz` : sql`text`;
}
