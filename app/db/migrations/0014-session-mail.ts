import { sql, type Kysely } from "kysely";
import { instant, isPostgres } from "./types.ts";

/**
 * Reminders and schedule updates (issue 11 point 3, decision 0024).
 *
 * - `session_reminders`: one row per reminder sent, keyed by who it went to and
 *   how many days before the session. The row and its mail are written in one
 *   transaction, and the key is unique, so each reminder goes out exactly once
 *   however many instances run the job, and none is lost across a restart.
 * - `session_notices`: one row each time a session's date, time, zone or place
 *   changes, written by a trigger in the changing transaction (so no write path,
 *   today's staff screens or tomorrow's, can forget it). A job mails every
 *   registrant the update; the count of notices of a session is the SEQUENCE of
 *   its calendar entries, so calendar programs move the entry they already hold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("session_reminders")
    .addColumn("recipient_kind", "text", (c) => c.notNull())
    .addColumn("recipient_id", "text", (c) => c.notNull())
    .addColumn("days_before", "integer", (c) => c.notNull())
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("sent_at", instant(db), (c) => c.notNull())
    .addPrimaryKeyConstraint("session_reminders_pk", ["recipient_kind", "recipient_id", "days_before"])
    .execute();

  const pg = isPostgres(db);
  await db.schema
    .createTable("session_notices")
    .addColumn("id", pg ? "bigserial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().defaultTo(sql`'update'`))
    .addColumn("created_at", instant(db), (c) => c.notNull())
    .addColumn("processed_at", instant(db))
    .execute();
  await db.schema.createIndex("session_notices_event_idx").on("session_notices").columns(["event_id", "id"]).execute();
  await db.schema.createIndex("session_notices_pending_idx").on("session_notices").columns(["processed_at", "id"]).execute();

  if (pg) {
    await sql`
      create function note_session_change() returns trigger language plpgsql as $$
      begin
        insert into session_notices (event_id, kind, created_at) values (new.id, 'update', now());
        return null;
      end $$`.execute(db);
    await sql`
      create trigger events_schedule_change after update on events for each row
      when (old.starts_at is distinct from new.starts_at or old.ends_at is distinct from new.ends_at
        or old.time_zone is distinct from new.time_zone or old.venue is distinct from new.venue
        or old.city is distinct from new.city)
      execute function note_session_change()`.execute(db);
  } else {
    await sql`
      create trigger events_schedule_change after update on events for each row
      when old.starts_at is not new.starts_at or old.ends_at is not new.ends_at
        or old.time_zone is not new.time_zone or old.venue is not new.venue or old.city is not new.city
      begin
        insert into session_notices (event_id, kind, created_at)
        values (new.id, 'update', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger events_schedule_change on events`.execute(db);
    await sql`drop function note_session_change()`.execute(db);
  } else {
    await sql`drop trigger events_schedule_change`.execute(db);
  }
  await db.schema.dropTable("session_notices").execute();
  await db.schema.dropTable("session_reminders").execute();
}
