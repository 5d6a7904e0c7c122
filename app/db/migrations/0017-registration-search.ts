import { sql, type Kysely } from "kysely";
import { isPostgres } from "./types.ts";

/**
 * The staff search over registrations, indexed (issue 9's budget: p95 ≤ 50 ms
 * at 100,000 registrations; decision 0027).
 *
 * `registration_search` is a narrow copy of what the search reads: one row per
 * registration with its kind, its creation instant and one lower-cased text of
 * the searched columns (names, email, level, session, mobile). Triggers on
 * `registrations` keep it in step in the writing transaction, so every write
 * path (forms, staff, retention's anonymisation, a manual fix) is covered.
 * - PostgreSQL: a pg_trgm GIN index on the text answers `like '%word%'`.
 * - SQLite: an FTS5 table with the trigram tokenizer over the text (external
 *   content, synced by triggers) answers a phrase per word of 3+ letters.
 * Narrow rows also make the scans that remain (short words, broad words) cheap.
 */

/** The searched text of a registration row `r` (`new` in a trigger). Same columns as the staff lists search. */
const body = (r: string) =>
  `lower(${r}.first_name || ' ' || ${r}.last_name || ' ' || ${r}.email || ' ' || ${r}.level_name || ' ' || coalesce(${r}.level, '') || ' ' || ${r}.session_label || ' ' || ${r}.mobile_no)`;

const WATCHED = "first_name, last_name, email, level_name, level, session_label, mobile_no, kind, created_at";

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`
      create table registration_search (
        registration_id text primary key references registrations (id) on delete cascade,
        kind text not null,
        created_at timestamptz not null,
        body text not null
      )`.execute(db);
    await sql.raw(`insert into registration_search select id, kind, created_at, ${body("registrations")} from registrations`).execute(db);
    await sql`create index registration_search_kind_created_idx on registration_search (kind, created_at)`.execute(db);
    await sql`create index registration_search_body_trgm_idx on registration_search using gin (body gin_trgm_ops)`.execute(db);
    await sql
      .raw(
        `create function sync_registration_search() returns trigger language plpgsql as $$
        begin
          insert into registration_search (registration_id, kind, created_at, body)
          values (new.id, new.kind, new.created_at, ${body("new")})
          on conflict (registration_id) do update set kind = excluded.kind, created_at = excluded.created_at, body = excluded.body;
          return null;
        end $$`,
      )
      .execute(db);
    await sql.raw(`create trigger registrations_search_sync after insert or update of ${WATCHED} on registrations for each row execute function sync_registration_search()`).execute(db);
    // Statistics at once: without them the planner guesses an empty table until autovacuum's next round.
    await sql`analyze registration_search`.execute(db);
    return;
  }

  await sql`
    create table registration_search (
      id integer primary key,
      registration_id text not null unique references registrations (id) on delete cascade,
      kind text not null,
      created_at text not null,
      body text not null
    )`.execute(db);
  await sql`create index registration_search_kind_created_idx on registration_search (kind, created_at)`.execute(db);
  await sql`create virtual table registration_search_fts using fts5(body, tokenize = 'trigram', content = 'registration_search', content_rowid = 'id')`.execute(db);
  // The FTS index follows the narrow table (the external-content pattern).
  await sql`
    create trigger registration_search_fts_insert after insert on registration_search begin
      insert into registration_search_fts (rowid, body) values (new.id, new.body);
    end`.execute(db);
  await sql`
    create trigger registration_search_fts_delete after delete on registration_search begin
      insert into registration_search_fts (registration_search_fts, rowid, body) values ('delete', old.id, old.body);
    end`.execute(db);
  await sql`
    create trigger registration_search_fts_update after update on registration_search begin
      insert into registration_search_fts (registration_search_fts, rowid, body) values ('delete', old.id, old.body);
      insert into registration_search_fts (rowid, body) values (new.id, new.body);
    end`.execute(db);
  // The narrow table follows the registrations.
  await sql
    .raw(
      `create trigger registrations_search_insert after insert on registrations begin
        insert into registration_search (registration_id, kind, created_at, body) values (new.id, new.kind, new.created_at, ${body("new")});
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger registrations_search_update after update of ${WATCHED} on registrations begin
        update registration_search set kind = new.kind, created_at = new.created_at, body = ${body("new")} where registration_id = new.id;
      end`,
    )
    .execute(db);
  await sql`
    create trigger registrations_search_delete after delete on registrations begin
      delete from registration_search where registration_id = old.id;
    end`.execute(db);
  await sql.raw(`insert into registration_search (registration_id, kind, created_at, body) select id, kind, created_at, ${body("registrations")} from registrations`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger registrations_search_sync on registrations`.execute(db);
    await sql`drop function sync_registration_search()`.execute(db);
    await sql`drop table registration_search`.execute(db);
    return;
  }
  for (const t of ["registrations_search_insert", "registrations_search_update", "registrations_search_delete"]) await sql.raw(`drop trigger ${t}`).execute(db);
  await sql`drop table registration_search_fts`.execute(db);
  await sql`drop table registration_search`.execute(db);
}
