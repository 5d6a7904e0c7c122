import { sql, type Kysely } from "kysely";
import { instant, isPostgres } from "./types.ts";

/**
 * Resized copies of public thumbnails (decision 0106): one row per file and
 * width asked for (?w=, a fixed set), made on the first request and read from
 * here after, so a visitor asking again costs a row read, not an image decode,
 * on every instance. They go with their file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytes = isPostgres(db) ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable("thumbnail_variants")
    .addColumn("file_id", "text", (c) => c.notNull().references("files.id").onDelete("cascade"))
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("bytes", bytes, (c) => c.notNull())
    .addColumn("created_at", instant(db), (c) => c.notNull())
    .addPrimaryKeyConstraint("thumbnail_variants_pk", ["file_id", "width"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("thumbnail_variants").execute();
}
