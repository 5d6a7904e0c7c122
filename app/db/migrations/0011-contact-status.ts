import { sql, type Kysely } from "kysely";
import { instant } from "./types.ts";

/**
 * Staff lists of contact messages and Family Constellation bookings (issue 9,
 * points 5 and 7):
 * - a contact message's status is one of new | read | replied (the column came
 *   with 0001, default 'new'); any other stored value becomes 'new', and who set
 *   it last and when are kept;
 * - both lists and their CSV exports read newest first and page by
 *   (created_at, id), so each gets that index (keyset batches stay index scans).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update contact_messages set status = 'new' where status is null or status not in ('new', 'read', 'replied')`.execute(db);
  await db.schema.alterTable("contact_messages").addColumn("status_changed_at", instant(db)).execute();
  await db.schema.alterTable("contact_messages").addColumn("status_changed_by", "text").execute();
  await db.schema.createIndex("contact_messages_created_id_idx").on("contact_messages").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("family_bookings_created_id_idx").on("family_bookings").columns(["created_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("family_bookings_created_id_idx").execute();
  await db.schema.dropIndex("contact_messages_created_id_idx").execute();
  await db.schema.alterTable("contact_messages").dropColumn("status_changed_by").execute();
  await db.schema.alterTable("contact_messages").dropColumn("status_changed_at").execute();
}
