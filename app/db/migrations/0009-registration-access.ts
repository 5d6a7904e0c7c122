import { sql, type Kysely } from "kysely";
import { instant } from "./types.ts";

/**
 * A private page per registration (issue 11): the SHA-256 of the link's token
 * (the token itself is only ever in the registrant's mail), and when the
 * registration was cancelled. A cancelled registration no longer blocks the
 * same person from registering again for that session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("registrations").addColumn("access_token_hash", "text").execute();
  await db.schema.alterTable("registrations").addColumn("cancelled_at", instant(db)).execute();
  await db.schema.createIndex("registrations_access_token_uq").on("registrations").column("access_token_hash").unique().execute();
  await db.schema.dropIndex("registrations_event_email_uq").execute();
  await db.schema
    .createIndex("registrations_event_email_uq")
    .on("registrations")
    .columns(["event_id", "email_key"])
    .unique()
    .where(sql<boolean>`status <> 'cancelled'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("registrations_event_email_uq").execute();
  await db.schema.createIndex("registrations_event_email_uq").on("registrations").columns(["event_id", "email_key"]).unique().execute();
  await db.schema.dropIndex("registrations_access_token_uq").execute();
  await db.schema.alterTable("registrations").dropColumn("cancelled_at").execute();
  await db.schema.alterTable("registrations").dropColumn("access_token_hash").execute();
}
