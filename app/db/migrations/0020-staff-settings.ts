import type { Kysely } from "kysely";
import { watchTable, unwatchTable } from "./0008-content-version.ts";
import { instant } from "./types.ts";

/**
 * Settings staff change on /admin/settings (issue 11 point 6, decision 0038):
 * one row per setting they changed, its value as text ('24', '7,1', 'none').
 * No row: the environment variable's value applies. Every instance reads the
 * table, so all agree; writes move the content version (decision 0018), so
 * pages that state a setting (the privacy policy) are rendered afresh at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", instant(db), (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();
  await watchTable(db, "settings");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await unwatchTable(db, "settings");
  await db.schema.dropTable("settings").execute();
}
