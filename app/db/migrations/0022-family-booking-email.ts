import type { Kysely } from "kysely";

/**
 * Family Constellation bookings looked up by email and session. The unique
 * index on (event_id, email_key) is partial (0016: only rows still holding or
 * waiting for a seat), and neither database uses it for the "already booked?"
 * read, whose status list is bound as parameters: that read walked every
 * booking of the session, 0.27 ms at 3,000 bookings and growing (decision
 * 0040). Registrations have had an index on email_key since 0003.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("family_bookings_email_event_idx").on("family_bookings").columns(["email_key", "event_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("family_bookings_email_event_idx").execute();
}
