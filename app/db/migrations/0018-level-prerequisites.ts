import { sql, type Kysely } from "kysely";
import { instant } from "./types.ts";

/**
 * Level prerequisites (issue 11 point 5, decision 0031).
 *
 * - `programmes.requires_programme_id`: the earlier level a programme needs
 *   (null: none). Deleting that programme leaves the later one without a
 *   requirement rather than blocking the delete.
 * - `registrations.attendance`: null (not marked), 'attended' or
 *   'not_attended', set by staff after the session, with who and when.
 * - A registration for a level whose earlier level was not attended may still
 *   be placed with the registrant's note ('I completed the earlier level
 *   elsewhere'): status 'awaiting_approval' (the seat is held) until staff
 *   approve ('registered') or decline ('declined', a released status). Who
 *   decided and when are kept.
 * - The one-registration-per-email-per-session index now also ignores
 *   declined rows, like the other released statuses, so a declined person may
 *   ask again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("programmes")
    .addColumn("requires_programme_id", "text", (c) => c.references("programmes.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("registrations").addColumn("attendance", "text").execute();
  await db.schema.alterTable("registrations").addColumn("attendance_marked_at", instant(db)).execute();
  await db.schema.alterTable("registrations").addColumn("attendance_marked_by", "text").execute();
  await db.schema.alterTable("registrations").addColumn("prerequisite_note", "text").execute();
  await db.schema.alterTable("registrations").addColumn("prerequisite_decided_at", instant(db)).execute();
  await db.schema.alterTable("registrations").addColumn("prerequisite_decided_by", "text").execute();
  // The check: has this email attended that programme?
  await db.schema.createIndex("registrations_email_programme_idx").on("registrations").columns(["email_key", "programme_id"]).execute();
  await db.schema.dropIndex("registrations_event_email_uq").execute();
  await db.schema
    .createIndex("registrations_event_email_uq")
    .on("registrations")
    .columns(["event_id", "email_key"])
    .unique()
    .where(sql<boolean>`status not in ('cancelled', 'expired', 'removed', 'declined')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("registrations_event_email_uq").execute();
  await db.schema
    .createIndex("registrations_event_email_uq")
    .on("registrations")
    .columns(["event_id", "email_key"])
    .unique()
    .where(sql<boolean>`status not in ('cancelled', 'expired', 'removed')`)
    .execute();
  await db.schema.dropIndex("registrations_email_programme_idx").execute();
  for (const column of ["prerequisite_decided_by", "prerequisite_decided_at", "prerequisite_note", "attendance_marked_by", "attendance_marked_at", "attendance"]) {
    await db.schema.alterTable("registrations").dropColumn(column).execute();
  }
  await db.schema.alterTable("programmes").dropColumn("requires_programme_id").execute();
}
