import { sql, type Kysely } from "kysely";
import { isPostgres } from "./types.ts";

/**
 * Indexes for the staff lists at 100,000 rows, from a review of PostgreSQL's
 * plans (decision 0113). Each serves a query the app already sends, with the
 * very expression it sends.
 *
 * Both databases:
 * - the registration search's page in date order (`registration_search`
 *   ordered by created_at and id across the DECODE and TASSO kinds);
 * - the sessions with a waiting list (`status in ('waiting','offered')`: the
 *   requests screen and the offer-expiry pass of every server's job), and the
 *   erasure requests still open, each as a small partial index;
 * - the audit trail in its page order, `(at, id)` and `(action, at, id)`,
 *   replacing 0007's `(at)` and `(action, at)`.
 * PostgreSQL only (pg_trgm, 0017): trigram indexes for `lower(coalesce(column,
 * '')) like '%word%'` on contact messages and Family Constellation bookings,
 * and for the audit trail's search. SQLite has no such index; its scans of the
 * same lists stay as they were.
 */
const CONTACT_COLUMNS = ["first_name", "last_name", "email", "phone_number", "country", "status"];
const BOOKING_COLUMNS = ["full_name", "email", "phone"];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists registration_search_created_id_idx on registration_search (created_at, registration_id)`.execute(db);
  for (const table of ["registrations", "family_bookings"]) {
    await sql.raw(`create index if not exists ${table}_waiting_event_idx on ${table} (event_id) where status in ('waiting', 'offered')`).execute(db);
    await sql.raw(`create index if not exists ${table}_erasure_open_idx on ${table} (erasure_requested_at) where erasure_requested_at is not null and anonymised_at is null`).execute(db);
  }
  // The audit trail in its page order, so a page's ids are read from the index alone: these replace the
  // indexes on (at) and (action, at) of 0007, which they serve as well.
  await sql`create index if not exists audit_events_at_id_idx on audit_events (at, id)`.execute(db);
  await sql`drop index if exists audit_events_at_idx`.execute(db);
  await sql`create index if not exists audit_events_action_at_id_idx on audit_events (action, at, id)`.execute(db);
  await sql`drop index if exists audit_events_action_idx`.execute(db);
  if (!isPostgres(db)) return;
  for (const c of CONTACT_COLUMNS) {
    await sql.raw(`create index if not exists contact_messages_${c}_trgm_idx on contact_messages using gin (lower(coalesce(${c}, '')) gin_trgm_ops)`).execute(db);
  }
  for (const c of BOOKING_COLUMNS) {
    await sql.raw(`create index if not exists family_bookings_${c}_trgm_idx on family_bookings using gin (lower(coalesce(${c}, '')) gin_trgm_ops)`).execute(db);
  }
  for (const c of ["actor_email", "target_id", "target_type"]) {
    await sql.raw(`create index if not exists audit_events_${c}_trgm_idx on audit_events using gin (lower(${c}) gin_trgm_ops)`).execute(db);
  }
  await sql`create index if not exists audit_events_ip_trgm_idx on audit_events using gin (ip gin_trgm_ops)`.execute(db);
  await sql`analyze contact_messages`.execute(db);
  await sql`analyze family_bookings`.execute(db);
  await sql`analyze audit_events`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const names = [
    "registration_search_created_id_idx",
    ...["registrations", "family_bookings"].flatMap((t) => [`${t}_waiting_event_idx`, `${t}_erasure_open_idx`]),
    ...(isPostgres(db)
      ? [
          ...CONTACT_COLUMNS.map((c) => `contact_messages_${c}_trgm_idx`),
          ...BOOKING_COLUMNS.map((c) => `family_bookings_${c}_trgm_idx`),
          ...["actor_email", "target_id", "target_type", "ip"].map((c) => `audit_events_${c}_trgm_idx`),
        ]
      : []),
  ];
  for (const name of names) await sql.raw(`drop index if exists ${name}`).execute(db);
  await sql`create index if not exists audit_events_at_idx on audit_events (at)`.execute(db);
  await sql`create index if not exists audit_events_action_idx on audit_events (action, at)`.execute(db);
  await sql`drop index if exists audit_events_at_id_idx`.execute(db);
  await sql`drop index if exists audit_events_action_at_id_idx`.execute(db);
}
