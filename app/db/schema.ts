import type { Generated, Selectable } from "kysely";

/** Instants are ISO-8601 strings in UTC on both databases (see db.server.ts). */
export interface ContactMessagesTable {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  country: string;
  zip_code: string;
  message: string | null;
  accepted_privacy_at: string;
  /** new | read | replied (migration 0011; features/contact/status.ts). */
  status: Generated<string>;
  created_at: string;
  status_changed_at: Generated<string | null>;
  status_changed_by: Generated<string | null>;
  anonymised_at: Generated<string | null>;
}

export type ProgrammeKind = "decode" | "hypnotherapy" | "tasso";

export interface ProgrammesTable {
  id: string;
  kind: ProgrammeKind;
  level: number | null;
  title: string;
  subtitle: string;
  subtitle1: string | null;
  /** JSON: string[]; the first item may be rich HTML (sanitised when saved). */
  card_points: Generated<string>;
  /** JSON: Array<{ _id: string; title: string; content: string }> (content is sanitised HTML). */
  learning_sections: Generated<string>;
  /** JSON: string[] */
  enrollment_features: Generated<string>;
  duration: string;
  button_text: string | null;
  video_url: string | null;
  thumbnail: string | null;
  certification: string | null;
  price_cents: number | null;
  currency: Generated<string>;
  status: Generated<"Open" | "Closed">;
  sort_order: Generated<number>;
  /** JSON: ProgrammeDetails (see features/programmes), or null for the fallback content. */
  details: string | null;
  /** The earlier level a registrant must have attended (migration 0018), or null. */
  requires_programme_id: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export type EventKind = "decode" | "hypnotherapy" | "tasso" | "family" | "other";

export interface EventsTable {
  id: string;
  programme_id: string | null;
  kind: EventKind;
  title: string;
  starts_at: string;
  ends_at: string;
  time_zone: Generated<string>;
  city: string;
  venue: string | null;
  time_slot: string | null;
  capacity: number | null;
  price_cents: number | null;
  currency: Generated<string>;
  organiser: string | null;
  organiser_email: string | null;
  facilitator: string | null;
  payment_link: string | null;
  external_link: string | null;
  page_link: string | null;
  /** 'Cancelled' by staff (migration 0019): every seat holder was told; never offered again. */
  status: Generated<EventStatus>;
  /** 0 or 1 */
  no_enrol: Generated<number>;
  /** 1 while the session's programme is Closed (migration 0028): no enrolment, whatever `status` says. */
  programme_closed: Generated<number>;
  created_at: string;
  updated_at: string;
  cancelled_at: Generated<string | null>;
  /** The staff member's email. */
  cancelled_by: Generated<string | null>;
}

export type EventStatus = "Open" | "Closed" | "Cancelled";

export type RegistrationKind = "decode" | "hypnotherapy" | "tasso";

export interface RegistrationsTable {
  id: string;
  event_id: string;
  programme_id: string | null;
  kind: RegistrationKind;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  name_on_certificate: string;
  email: string;
  email_key: string;
  mobile_no: string;
  date_of_birth: string;
  occupation: string;
  current_address: string | null;
  same_address: Generated<number>;
  permanent_address: string | null;
  session_label: string;
  venue: string | null;
  time_slot: string | null;
  tel_no: string | null;
  hear_about: string | null;
  communication_preferences: Generated<number>;
  terms_accepted_at: string;
  level_name: string;
  level: string | null;
  course_date: string | null;
  course_time: string | null;
  course_venue: string | null;
  profile_image_id: string | null;
  id_front_id: string | null;
  id_back_id: string | null;
  status: Generated<string>;
  created_at: string;
  /** SHA-256 (hex) of the private page's token (migration 0009). */
  access_token_hash: string | null;
  cancelled_at: string | null;
  anonymised_at: Generated<string | null>;
  erasure_requested_at: Generated<string | null>;
  offer_token_hash: Generated<string | null>;
  offer_expires_at: Generated<string | null>;
  /** Marked by staff after the session (migration 0018): null, 'attended' or 'not_attended'. */
  attendance: Generated<Attendance | null>;
  attendance_marked_at: Generated<string | null>;
  /** The staff member's email. */
  attendance_marked_by: Generated<string | null>;
  /** 'I completed the earlier level elsewhere': the registrant's note (status 'awaiting_approval' until staff decide). */
  prerequisite_note: Generated<string | null>;
  prerequisite_decided_at: Generated<string | null>;
  prerequisite_decided_by: Generated<string | null>;
  /** What the person was last told of the session (migration 0023): `ToldSession` as JSON. */
  told_session: Generated<string | null>;
  /** When the waiting-list offer that gave this entry its seat was confirmed (migration 0029). */
  seat_confirmed_at: Generated<string | null>;
}

export type Attendance = "attended" | "not_attended";

/** A Family Constellation booking (migration 0006): one seat of a `family` session. */
export interface FamilyBookingsTable {
  id: string;
  event_id: string;
  full_name: string;
  email: string;
  email_key: string;
  phone: string;
  communication_preferences: Generated<number>;
  terms_accepted_at: string;
  status: Generated<string>;
  created_at: string;
  anonymised_at: Generated<string | null>;
  offer_token_hash: Generated<string | null>;
  offer_expires_at: Generated<string | null>;
  /** What the person was last told of the session (migration 0023): `ToldSession` as JSON. */
  told_session: Generated<string | null>;
  /** When the waiting-list offer that gave this booking its seat was confirmed (migration 0029). */
  seat_confirmed_at: Generated<string | null>;
  /** When the booker asked, from their private page, to have their details erased (migration 0031). */
  erasure_requested_at: Generated<string | null>;
}

export type FilePurpose = "profile" | "id_front" | "id_back" | "thumbnail";

export interface FilesTable {
  id: string;
  purpose: FilePurpose;
  content_type: string;
  size: number;
  sha256: string;
  width: number | null;
  height: number | null;
  bytes: Uint8Array;
  is_public: Generated<number>;
  created_at: string;
}

/** A public thumbnail resized to one of THUMBNAIL_WIDTHS (migration 0034, decision 0106). */
export interface ThumbnailVariantsTable {
  file_id: string;
  width: number;
  content_type: string;
  bytes: Uint8Array;
  created_at: string;
}

export interface OutboxTable {
  id: string;
  topic: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: Generated<string>;
  status: Generated<"pending" | "sent" | "failed">;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  /** The claim (one per batch a worker took) that holds the row: decision 0104. */
  claimed_by: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

/** Form rate limits (migration 0005): points used in the window ending at `expire` (ms since the epoch). */
export interface RateLimitsTable {
  key: string;
  points: number;
  expire: number | string | null;
}

/** Administrator accounts (migration 0007). */
export interface StaffAccountsTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: string;
  password_changed_at: string;
}

/** Staff sessions and API tokens, keyed by the SHA-256 of their secret. */
export interface StaffSessionsTable {
  id_hash: string;
  account_id: string;
  kind: "browser" | "api";
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** Browsers a staff member signed in with (migration 0032, decision 0102), keyed by the SHA-256 of their cookie's secret. */
export interface StaffDevicesTable {
  id_hash: string;
  account_id: string;
  created_at: string;
  expires_at: string;
}

/** The audit trail: inserted, never updated or deleted. */
export interface AuditEventsTable {
  id: string;
  at: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  detail: string | null;
}

/** Moves on every write to what public pages show (migration 0008, page cache). */
export interface ContentVersionTable {
  id: number;
  version: number | string | bigint;
}

/** One reminder sent (migration 0014): unique per recipient and days before, so each goes out once. */
export interface SessionRemindersTable {
  recipient_kind: "registration" | "family-booking";
  recipient_id: string;
  days_before: number;
  event_id: string;
  sent_at: string;
}

/** A change of a session's date, time or place, noted by a trigger (migration 0014), mailed by a job. */
export interface SessionNoticesTable {
  id: Generated<number | string>;
  event_id: string;
  kind: Generated<string>;
  created_at: string;
  processed_at: string | null;
}

/** A later mail's link to a registration's private page (migration 0024): only the token's SHA-256. */
export interface RegistrationLinksTable {
  token_hash: string;
  registration_id: string;
  created_at: string;
}

/** A link to a Family Constellation booking's private page (migration 0030): only the token's SHA-256. */
export interface FamilyBookingLinksTable {
  token_hash: string;
  booking_id: string;
  created_at: string;
}

/** The staff search's narrow copy of each registration (migration 0017, kept by triggers; never written by the app). */
export interface RegistrationSearchTable {
  registration_id: string;
  kind: RegistrationKind;
  created_at: string;
  body: string;
}

/** Settings staff changed (migration 0020, decision 0038): no row means the environment variable's default applies. */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
  updated_by: string | null;
}

export interface DB {
  staff_accounts: StaffAccountsTable;
  staff_sessions: StaffSessionsTable;
  staff_devices: StaffDevicesTable;
  audit_events: AuditEventsTable;
  app_meta: AppMetaTable;
  content_version: ContentVersionTable;
  rate_limits: RateLimitsTable;
  contact_messages: ContactMessagesTable;
  programmes: ProgrammesTable;
  events: EventsTable;
  registrations: RegistrationsTable;
  family_bookings: FamilyBookingsTable;
  files: FilesTable;
  thumbnail_variants: ThumbnailVariantsTable;
  outbox: OutboxTable;
  session_reminders: SessionRemindersTable;
  session_notices: SessionNoticesTable;
  registration_search: RegistrationSearchTable;
  registration_links: RegistrationLinksTable;
  family_booking_links: FamilyBookingLinksTable;
  settings: SettingsTable;
}

export type EventRow = Selectable<EventsTable>;
export type RegistrationRow = Selectable<RegistrationsTable>;
export type FamilyBookingRow = Selectable<FamilyBookingsTable>;
export type OutboxRow = Selectable<OutboxTable>;

export type ProgrammeRow = Selectable<ProgrammesTable>;

export type ContactMessageRow = Selectable<ContactMessagesTable>;
