import type { Kysely } from "kysely";
import { instant } from "./types.ts";

/**
 * Links to a Family Constellation booking's private page (decision 0087), as
 * `registration_links` (0024) are for registrations: the SHA-256 of each
 * link's token, the booking it opens, and when it was made. Every link is a
 * row here, the confirmation's too (a booking has no token column of its own):
 * each mail about the booker's seat gets a new token, written in the
 * transaction that queues the mail. A deleted booking takes its links with it;
 * erasing its booker's details deletes them too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("family_booking_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("booking_id", "text", (c) => c.notNull().references("family_bookings.id").onDelete("cascade"))
    .addColumn("created_at", instant(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex("family_booking_links_booking_idx").on("family_booking_links").column("booking_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("family_booking_links").execute();
}
