import type { Kysely } from "kysely";
import { instant } from "./types.ts";

/**
 * Retention of personal data (issue 11 point 4, decision 0025): when a row's
 * personal details were removed (the row itself stays, so counts per session
 * and per month remain for statistics), and when a registrant asked, from their
 * private page, to have theirs erased.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("registrations").addColumn("anonymised_at", instant(db)).execute();
  await db.schema.alterTable("registrations").addColumn("erasure_requested_at", instant(db)).execute();
  await db.schema.alterTable("family_bookings").addColumn("anonymised_at", instant(db)).execute();
  await db.schema.alterTable("contact_messages").addColumn("anonymised_at", instant(db)).execute();
  await db.schema.createIndex("events_ends_at_idx").on("events").column("ends_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("events_ends_at_idx").execute();
  await db.schema.alterTable("contact_messages").dropColumn("anonymised_at").execute();
  await db.schema.alterTable("family_bookings").dropColumn("anonymised_at").execute();
  await db.schema.alterTable("registrations").dropColumn("erasure_requested_at").execute();
  await db.schema.alterTable("registrations").dropColumn("anonymised_at").execute();
}
