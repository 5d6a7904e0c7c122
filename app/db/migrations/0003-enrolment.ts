import { sql, type Kysely } from "kysely";
import { instant, isPostgres } from "./types.ts";

/**
 * Enrolment (issue 7): scheduled sessions, registrations, uploaded files and the
 * mail outbox. Flags are integers 0/1 on both databases, so one query serves both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytes = isPostgres(db) ? sql`bytea` : sql`blob`;

  // Rich content of a programme page (benefits, curriculum, audience,
  // prerequisites, instructors): JSON, null when the page uses the fallback content.
  await db.schema.alterTable("programmes").addColumn("details", "text").execute();

  await db.schema
    .createTable("files")
    .addColumn("id", "text", (c) => c.primaryKey())
    // profile | id_front | id_back | thumbnail
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("bytes", bytes, (c) => c.notNull())
    // 1 for programme thumbnails; ID photos and profile images are private (S5).
    .addColumn("is_public", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", instant(db), (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("programme_id", "text", (c) => c.references("programmes.id").onDelete("set null"))
    // decode | hypnotherapy | tasso | family | other
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("starts_at", instant(db), (c) => c.notNull())
    .addColumn("ends_at", instant(db), (c) => c.notNull())
    // The venue's IANA zone: times are shown as they are there (D13).
    .addColumn("time_zone", "text", (c) => c.notNull().defaultTo(sql`'America/New_York'`))
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("venue", "text")
    .addColumn("time_slot", "text")
    // null: not limited (D7).
    .addColumn("capacity", "integer")
    .addColumn("price_cents", "integer")
    .addColumn("currency", "text", (c) => c.notNull().defaultTo(sql`'USD'`))
    .addColumn("organiser", "text")
    .addColumn("organiser_email", "text")
    .addColumn("facilitator", "text")
    .addColumn("payment_link", "text")
    .addColumn("external_link", "text")
    .addColumn("page_link", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo(sql`'Open'`))
    .addColumn("no_enrol", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", instant(db), (c) => c.notNull())
    .addColumn("updated_at", instant(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex("events_kind_starts_idx").on("events").columns(["kind", "starts_at"]).execute();
  await db.schema.createIndex("events_programme_starts_idx").on("events").columns(["programme_id", "starts_at"]).execute();
  await db.schema.createIndex("events_starts_idx").on("events").column("starts_at").execute();

  await db.schema
    .createTable("registrations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("event_id", "text", (c) => c.notNull().references("events.id").onDelete("restrict"))
    .addColumn("programme_id", "text", (c) => c.references("programmes.id").onDelete("set null"))
    // decode | hypnotherapy | tasso
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("middle_name", "text")
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("name_on_certificate", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    // Lower-cased email: one registration per person per session.
    .addColumn("email_key", "text", (c) => c.notNull())
    .addColumn("mobile_no", "text", (c) => c.notNull())
    .addColumn("date_of_birth", "text", (c) => c.notNull())
    .addColumn("occupation", "text", (c) => c.notNull())
    .addColumn("current_address", "text")
    .addColumn("same_address", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("permanent_address", "text")
    .addColumn("session_label", "text", (c) => c.notNull())
    .addColumn("venue", "text")
    .addColumn("time_slot", "text")
    .addColumn("tel_no", "text")
    .addColumn("hear_about", "text")
    .addColumn("communication_preferences", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("terms_accepted_at", instant(db), (c) => c.notNull())
    .addColumn("level_name", "text", (c) => c.notNull())
    .addColumn("level", "text")
    .addColumn("course_date", "text")
    .addColumn("course_time", "text")
    .addColumn("course_venue", "text")
    .addColumn("profile_image_id", "text", (c) => c.references("files.id").onDelete("set null"))
    .addColumn("id_front_id", "text", (c) => c.references("files.id").onDelete("set null"))
    .addColumn("id_back_id", "text", (c) => c.references("files.id").onDelete("set null"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo(sql`'registered'`))
    .addColumn("created_at", instant(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex("registrations_event_email_uq").on("registrations").columns(["event_id", "email_key"]).unique().execute();
  await db.schema.createIndex("registrations_created_idx").on("registrations").column("created_at").execute();
  await db.schema.createIndex("registrations_email_idx").on("registrations").column("email_key").execute();
  await db.schema.createIndex("registrations_kind_created_idx").on("registrations").columns(["kind", "created_at"]).execute();

  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    // What caused it, for the logs and the admin area: "registration:<id>", "contact:<id>".
    .addColumn("topic", "text", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("reply_to", "text")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text")
    // JSON: Array<{ filename, contentType, content }> (text content, e.g. an .ics).
    .addColumn("attachments", "text", (c) => c.notNull().defaultTo(sql`'[]'`))
    // pending | sent | failed
    .addColumn("status", "text", (c) => c.notNull().defaultTo(sql`'pending'`))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", instant(db), (c) => c.notNull())
    .addColumn("locked_until", instant(db))
    .addColumn("last_error", "text")
    .addColumn("created_at", instant(db), (c) => c.notNull())
    .addColumn("sent_at", instant(db))
    .execute();
  await db.schema.createIndex("outbox_due_idx").on("outbox").columns(["status", "next_attempt_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("outbox").execute();
  await db.schema.dropTable("registrations").execute();
  await db.schema.dropTable("events").execute();
  await db.schema.dropTable("files").execute();
  await db.schema.alterTable("programmes").dropColumn("details").execute();
}
