import type { Kysely } from "kysely";
import { instant } from "./types.ts";

/**
 * More links to a registration's private page (decision 0048). The
 * confirmation's link is `registrations.access_token_hash` (0009); each later
 * mail about the seat (a reminder, a schedule update) carries a new link of
 * its own, whose token's SHA-256 is kept here, written in the transaction that
 * queues the mail. Like the first, a link is good until its session has ended.
 * A deleted registration takes its links with it; erasing one's personal
 * details deletes them too (retention).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("registration_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("registration_id", "text", (c) => c.notNull().references("registrations.id").onDelete("cascade"))
    .addColumn("created_at", instant(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex("registration_links_registration_idx").on("registration_links").column("registration_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("registration_links").execute();
}
