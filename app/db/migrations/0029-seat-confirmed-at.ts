import type { Kysely } from "kysely";
import { instant } from "./types.ts";

/**
 * When a waiting-list entry's offer was confirmed (decision 0070): the moment
 * its person was sent the confirmation with the session's details. A reminder
 * is for those confirmed before its moment, as it is for those who registered
 * before it, so nobody gets "Reminder: … is in 7 days" a minute after the
 * confirmation that said the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["registrations", "family_bookings"]) {
    await db.schema.alterTable(table).addColumn("seat_confirmed_at", instant(db)).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["registrations", "family_bookings"]) {
    await db.schema.alterTable(table).dropColumn("seat_confirmed_at").execute();
  }
}
