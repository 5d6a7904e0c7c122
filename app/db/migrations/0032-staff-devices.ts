import type { Kysely } from "kysely";
import { instant } from "./types.ts";

/**
 * Browsers a staff member has signed in with (decision 0102). The browser
 * keeps a random secret in a cookie; this table keeps only its SHA-256, with
 * the account and an expiry. A known browser's failed attempts count against
 * that browser, not the account, so strangers who spend an account's sign-in
 * attempts do not lock its owner out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("staff_devices")
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("staff_accounts.id").onDelete("cascade"))
    .addColumn("created_at", instant(db), (c) => c.notNull())
    .addColumn("expires_at", instant(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex("staff_devices_account_idx").on("staff_devices").column("account_id").execute();
  await db.schema.createIndex("staff_devices_expires_idx").on("staff_devices").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("staff_devices").execute();
}
