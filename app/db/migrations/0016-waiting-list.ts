import { sql, type Kysely } from "kysely";
import { instant } from "./types.ts";

/**
 * The waiting list (issue 11 point 1, decision 0026). An entry is a
 * registration or a booking row with status 'waiting', stored with the same
 * form (photos included) as a seat would be, so confirming an offer only moves
 * its status. An offer holds a seat until `offer_expires_at`; its link's token
 * is stored only as a SHA-256 hash. Entries that lapsed ('expired') or were
 * removed no longer stop the same person from joining again.
 */
const INACTIVE = sql<boolean>`status not in ('cancelled', 'expired', 'removed')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["registrations", "family_bookings"]) {
    await db.schema.alterTable(table).addColumn("offer_token_hash", "text").execute();
    await db.schema.alterTable(table).addColumn("offer_expires_at", instant(db)).execute();
    await db.schema.createIndex(`${table}_offer_token_uq`).on(table).column("offer_token_hash").unique().execute();
    await db.schema.createIndex(`${table}_event_status_idx`).on(table).columns(["event_id", "status", "created_at"]).execute();
  }
  await db.schema.dropIndex("registrations_event_email_uq").execute();
  await db.schema.createIndex("registrations_event_email_uq").on("registrations").columns(["event_id", "email_key"]).unique().where(INACTIVE).execute();
  await db.schema.dropIndex("family_bookings_event_email_uq").execute();
  await db.schema.createIndex("family_bookings_event_email_uq").on("family_bookings").columns(["event_id", "email_key"]).unique().where(INACTIVE).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("family_bookings_event_email_uq").execute();
  await db.schema.createIndex("family_bookings_event_email_uq").on("family_bookings").columns(["event_id", "email_key"]).unique().execute();
  await db.schema.dropIndex("registrations_event_email_uq").execute();
  await db.schema
    .createIndex("registrations_event_email_uq")
    .on("registrations")
    .columns(["event_id", "email_key"])
    .unique()
    .where(sql<boolean>`status <> 'cancelled'`)
    .execute();
  for (const table of ["registrations", "family_bookings"]) {
    await db.schema.dropIndex(`${table}_event_status_idx`).execute();
    await db.schema.dropIndex(`${table}_offer_token_uq`).execute();
    await db.schema.alterTable(table).dropColumn("offer_expires_at").execute();
    await db.schema.alterTable(table).dropColumn("offer_token_hash").execute();
  }
}
