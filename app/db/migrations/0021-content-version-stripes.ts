import { sql, type Kysely } from "kysely";
import { isPostgres } from "./types.ts";

/** How many rows the PostgreSQL content version is spread over. */
export const CONTENT_VERSION_STRIPES = 16;

/**
 * The content version (0008, decision 0018) on PostgreSQL becomes the sum of
 * 16 counters, and each transaction that changes what a page shows moves the
 * counter of its own connection (the backend's process id, modulo 16).
 *
 * With one row, every registration and booking, whatever its session, took
 * that row's lock at commit and held it through the commit's WAL flush: all
 * submissions on the site were serial, one disk flush after another (decision
 * 0039). Spread over the pool's connections they commit in parallel and
 * PostgreSQL flushes them together. The sum still moves with every commit that
 * changes a page, and only when it commits, so a page is still never kept
 * under a version older than its data. SQLite keeps one row: it has one writer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (let id = 2; id <= CONTENT_VERSION_STRIPES; id++) {
    await sql`insert into content_version (id, version) values (${id}, 0) on conflict (id) do nothing`.execute(db);
  }
  await sql`
    create or replace function bump_content_version() returns trigger language plpgsql as $$
    begin
      if current_setting('app.content_version_bumped', true) is distinct from 'on' then
        perform set_config('app.content_version_bumped', 'on', true);
        update content_version set version = version + 1 where id = 1 + pg_backend_pid() % ${sql.raw(String(CONTENT_VERSION_STRIPES))};
      end if;
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  // The sum moves to row 1, so the version never goes back.
  await sql`update content_version set version = (select sum(version) from content_version) where id = 1`.execute(db);
  await sql`delete from content_version where id > 1`.execute(db);
  await sql`
    create or replace function bump_content_version() returns trigger language plpgsql as $$
    begin
      if current_setting('app.content_version_bumped', true) is distinct from 'on' then
        perform set_config('app.content_version_bumped', 'on', true);
        update content_version set version = version + 1 where id = 1;
      end if;
      return null;
    end $$`.execute(db);
}
