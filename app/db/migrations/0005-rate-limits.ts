import type { Kysely } from "kysely";

/**
 * Form rate limits shared by every app instance (issue 6 leftover): one row a
 * key with the points used in the current window and the window's end in
 * milliseconds since the epoch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("points", "integer", (c) => c.notNull())
    .addColumn("expire", "bigint")
    .execute();
  await db.schema.createIndex("rate_limits_expire_idx").on("rate_limits").column("expire").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limits").execute();
}
