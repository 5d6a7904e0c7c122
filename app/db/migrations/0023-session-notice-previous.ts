import { sql, type Kysely } from "kysely";
import { instant, isPostgres } from "./types.ts";

/**
 * A schedule change's notice keeps what the session was before it (decision
 * 0048): its start, end, zone, venue and city, copied from the row's old values
 * by the same trigger that writes the notice. The update mail then says what
 * changed ("Before this change: …"), not only the new details.
 */
const COLUMNS = ["was_starts_at", "was_ends_at", "was_time_zone", "was_venue", "was_city"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const column of COLUMNS) {
    await db.schema
      .alterTable("session_notices")
      .addColumn(column, column.endsWith("_at") ? instant(db) : "text")
      .execute();
  }
  if (pg) {
    await sql`
      create or replace function note_session_change() returns trigger language plpgsql as $$
      begin
        insert into session_notices (event_id, kind, created_at, was_starts_at, was_ends_at, was_time_zone, was_venue, was_city)
        values (new.id, 'update', now(), old.starts_at, old.ends_at, old.time_zone, old.venue, old.city);
        return null;
      end $$`.execute(db);
  } else {
    await sql`drop trigger events_schedule_change`.execute(db);
    await sql`
      create trigger events_schedule_change after update on events for each row
      when old.starts_at is not new.starts_at or old.ends_at is not new.ends_at
        or old.time_zone is not new.time_zone or old.venue is not new.venue or old.city is not new.city
      begin
        insert into session_notices (event_id, kind, created_at, was_starts_at, was_ends_at, was_time_zone, was_venue, was_city)
        values (new.id, 'update', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), old.starts_at, old.ends_at, old.time_zone, old.venue, old.city);
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`
      create or replace function note_session_change() returns trigger language plpgsql as $$
      begin
        insert into session_notices (event_id, kind, created_at) values (new.id, 'update', now());
        return null;
      end $$`.execute(db);
  } else {
    await sql`drop trigger events_schedule_change`.execute(db);
    await sql`
      create trigger events_schedule_change after update on events for each row
      when old.starts_at is not new.starts_at or old.ends_at is not new.ends_at
        or old.time_zone is not new.time_zone or old.venue is not new.venue or old.city is not new.city
      begin
        insert into session_notices (event_id, kind, created_at)
        values (new.id, 'update', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
      end`.execute(db);
  }
  for (const column of COLUMNS) await db.schema.alterTable("session_notices").dropColumn(column).execute();
}
