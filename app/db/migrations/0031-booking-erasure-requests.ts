import type { Kysely } from "kysely";
import { instant } from "./types.ts";

/**
 * When a Family Constellation booker asked, from their private page, to have
 * their details erased (decision 0089), as registrations have had since 0015.
 * Staff carry it out from "Waiting lists and requests".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("family_bookings").addColumn("erasure_requested_at", instant(db)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("family_bookings").dropColumn("erasure_requested_at").execute();
}
