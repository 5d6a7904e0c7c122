import type { Kysely } from "kysely";

/**
 * What each registrant and booker was last told of their session (decision
 * 0048): its start, end, zone, venue and city as JSON, written with every mail
 * that states them (the confirmation, an approval or accepted offer, a
 * reminder, an update). A schedule update then says what changed from that
 * ("Previous venue: …"), and mails no one whose details are as they were told.
 * Null on rows from before this migration: they get the new details alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("registrations").addColumn("told_session", "text").execute();
  await db.schema.alterTable("family_bookings").addColumn("told_session", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("family_bookings").dropColumn("told_session").execute();
  await db.schema.alterTable("registrations").dropColumn("told_session").execute();
}
