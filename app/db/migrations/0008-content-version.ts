import { sql, type Kysely } from "kysely";
import { isPostgres } from "./types.ts";

/**
 * One counter that moves whenever anything a public page shows may have
 * changed: a programme, a session, a seat taken or freed. Every app instance
 * keeps rendered pages for anonymous visitors in memory and serves one only
 * while the counter still has the value it was rendered at (decision 0018).
 *
 * Triggers bump it inside the writing transaction, so no write path (today's
 * forms, tomorrow's staff screens, a manual SQL fix) can forget to, and a
 * render can never see the new counter without the data behind it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("content_version")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("version", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into content_version (id, version) values (1, 0)`.execute(db);
  if (isPostgres(db)) {
    // Deferred to commit and once per transaction: the counter's row lock is
    // the last lock any writer takes, so it cannot take part in a deadlock,
    // and a bulk insert bumps it once.
    await sql`
      create function bump_content_version() returns trigger language plpgsql as $$
      begin
        if current_setting('app.content_version_bumped', true) is distinct from 'on' then
          perform set_config('app.content_version_bumped', 'on', true);
          update content_version set version = version + 1 where id = 1;
        end if;
        return null;
      end $$`.execute(db);
  }
  for (const table of PUBLIC_TABLES) await watchTable(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of PUBLIC_TABLES) await unwatchTable(db, table);
  if (isPostgres(db)) await sql`drop function bump_content_version()`.execute(db);
  await db.schema.dropTable("content_version").execute();
}

/** Tables whose rows public pages show (registrations: the seats left). */
const PUBLIC_TABLES = ["programmes", "events", "registrations"];

/** Makes every insert, update and delete on `table` move the content version. Later migrations call it for new tables. */
export async function watchTable(db: Kysely<unknown>, table: string): Promise<void> {
  const t = sql.raw(table);
  if (isPostgres(db)) {
    await sql`
      create constraint trigger ${sql.raw(`${table}_content_version`)}
      after insert or update or delete on ${t}
      deferrable initially deferred
      for each row execute function bump_content_version()`.execute(db);
    return;
  }
  for (const op of ["insert", "update", "delete"]) {
    await sql`
      create trigger ${sql.raw(`${table}_content_version_${op}`)} after ${sql.raw(op)} on ${t}
      begin update content_version set version = version + 1 where id = 1; end`.execute(db);
  }
}

export async function unwatchTable(db: Kysely<unknown>, table: string): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger ${sql.raw(`${table}_content_version`)} on ${sql.raw(table)}`.execute(db);
    return;
  }
  for (const op of ["insert", "update", "delete"]) {
    await sql`drop trigger ${sql.raw(`${table}_content_version_${op}`)}`.execute(db);
  }
}
