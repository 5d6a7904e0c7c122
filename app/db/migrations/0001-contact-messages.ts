import { sql, type Kysely } from "kysely";
import { instant } from "./types.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone_number", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("zip_code", "text", (c) => c.notNull())
    .addColumn("message", "text")
    .addColumn("accepted_privacy_at", instant(db), (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo(sql`'new'`))
    .addColumn("created_at", instant(db), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("contact_messages_created_at_idx")
    .on("contact_messages")
    .column("created_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("contact_messages").execute();
}
