import { sql, type Kysely } from "kysely";
import { instant } from "./types.ts";

/**
 * Family Constellation bookings (issue 8): a booking holds one seat of a
 * `family` session, counted with the session's registrations under the same
 * lock (D7). One booking per person per session: (event, lower-cased email).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("family_bookings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("event_id", "text", (c) => c.notNull().references("events.id").onDelete("restrict"))
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("email_key", "text", (c) => c.notNull())
    // The 10 digits after the fixed +1 prefix.
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("communication_preferences", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("terms_accepted_at", instant(db), (c) => c.notNull())
    // booked | cancelled (a cancelled booking frees its seat)
    .addColumn("status", "text", (c) => c.notNull().defaultTo(sql`'booked'`))
    .addColumn("created_at", instant(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex("family_bookings_event_email_uq").on("family_bookings").columns(["event_id", "email_key"]).unique().execute();
  await db.schema.createIndex("family_bookings_created_idx").on("family_bookings").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("family_bookings").execute();
}
