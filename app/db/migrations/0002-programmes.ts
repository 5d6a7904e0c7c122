import { sql, type Kysely } from "kysely";
import { instant } from "./types.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("programmes")
    .addColumn("id", "text", (c) => c.primaryKey())
    // decode | hypnotherapy | tasso
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("level", "integer")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("subtitle", "text", (c) => c.notNull())
    .addColumn("subtitle1", "text")
    // JSON arrays, stored as text on both databases.
    .addColumn("card_points", "text", (c) => c.notNull().defaultTo(sql`'[]'`))
    .addColumn("learning_sections", "text", (c) => c.notNull().defaultTo(sql`'[]'`))
    .addColumn("enrollment_features", "text", (c) => c.notNull().defaultTo(sql`'[]'`))
    .addColumn("duration", "text", (c) => c.notNull())
    .addColumn("button_text", "text")
    .addColumn("video_url", "text")
    .addColumn("thumbnail", "text")
    .addColumn("certification", "text")
    .addColumn("price_cents", "integer")
    .addColumn("currency", "text", (c) => c.notNull().defaultTo(sql`'USD'`))
    .addColumn("status", "text", (c) => c.notNull().defaultTo(sql`'Open'`))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", instant(db), (c) => c.notNull())
    .addColumn("updated_at", instant(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex("programmes_kind_order_idx").on("programmes").columns(["kind", "sort_order"]).execute();
  // Small facts about the installation itself, such as whether the demo content was seeded.
  await db.schema
    .createTable("app_meta")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("app_meta").execute();
  await db.schema.dropTable("programmes").execute();
}
