/**
 * The staff side of DECODE and ICH registrations (issue 9, points 5, 6, 7, 11,
 * 12): the searchable, paged lists, one registration's details, its private
 * photos, the CSV export and deletion. Every view of personal details or
 * photos, every export and every delete is written to the audit trail.
 */
import { staffLevel } from "./staff-format";
import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Database } from "~/db/db.server";
import type { DB, FilePurpose, RegistrationKind, RegistrationRow } from "~/db/schema";
import { isPostgres } from "~/db/migrations/types";
import { clearWriteAheadLog, lockEvent, writeTransaction } from "~/db/transactions.server";
import { olderThan, dayRangeCondition, escapeLike, searchTerms } from "~/features/admin-lists/lists.server";
import { recordAudit, recordListRead } from "~/features/audit/audit.server";
import { csvMoment, csvMomentHeader, keysetRows, type CsvColumn } from "~/features/exports/csv.server";
import { courseTimeWithZone } from "~/features/events/format";
import { seatStatusLabel } from "./status";
import { pageWindow, type ListQuery } from "~/lib/list-query";
import { deleteMailsAbout } from "~/features/mail/outbox.server";

export type StaffRegistrationList = "decode" | "ich";

/** Which registrations each list shows: DECODE takes the decode call's sessions (DECODE and TASSO, D4), ICH the hypnotherapy ones. */
export const LIST_KINDS: Record<StaffRegistrationList, RegistrationKind[]> = {
  decode: ["decode", "tasso"],
  ich: ["hypnotherapy"],
};

export const REGISTRATION_PAGE_SIZE = 10;


export type Actor = { id: string; email: string };
export type AuditContext = { actor: Actor; ip: string | null };

export type RegistrationSummary = {
  id: string;
  name: string;
  email: string;
  location: string;
  level: string;
  mobile: string;
  createdAt: string;
  status: string;
  /** Staff canceled its session (the entry keeps its own status). */
  sessionCancelled: boolean;
};

export type PhotoKind = "profile" | "id-front" | "id-back";
export const PHOTO_KINDS: Record<PhotoKind, { column: "profile_image_id" | "id_front_id" | "id_back_id"; purpose: FilePurpose; label: string; wire: string }> = {
  profile: { column: "profile_image_id", purpose: "profile", label: "Profile image", wire: "profileImage" },
  "id-front": { column: "id_front_id", purpose: "id_front", label: "ID photo (front)", wire: "idPhotofront" },
  "id-back": { column: "id_back_id", purpose: "id_back", label: "ID photo (back)", wire: "idphotoback" },
};

/** Where staff fetch a registration's private photo (session cookie or Bearer token). */
export function photoUrl(id: string, kind: PhotoKind): string {
  return `/api/admin/registrations/${encodeURIComponent(id)}/photos/${kind}`;
}

const fullName = (r: Pick<RegistrationRow, "first_name" | "middle_name" | "last_name">) =>
  [r.first_name, r.middle_name, r.last_name].filter((p) => p && p.trim()).join(" ");

/**
 * The registrations of a list, searched and in a date range, for the CSV export and the whole-list API.
 * The search reads the narrow `registration_search` table through its index, as the pages do. Its text
 * holds the searched columns (first and last name, email, level, the session label 'city | event |
 * date' and the mobile number, migration 0017) joined by spaces; a word has no space, so it cannot
 * match across two of them. Over the wide table each batch was a scan of every row (decision 0113).
 */
function filtered(db: Kysely<DB>, list: StaffRegistrationList, query: Pick<ListQuery, "search" | "startDate" | "endDate">) {
  let q = db.selectFrom("registrations").where("kind", "in", LIST_KINDS[list]);
  const terms = searchTerms(query.search);
  if (terms.length) q = q.where("id", "in", db.selectFrom("registration_search as s").select("s.registration_id").where(searchWhere(db, terms, true)));
  const range = dayRangeCondition("created_at", query);
  if (range) q = q.where(range);
  return q;
}

/**
 * A search finds at most this many registrations (newest first). Counting every
 * match of a word that nearly every row holds ('level', 'example.com') is what
 * made a search slow at 100,000 rows; staff narrow a broad search with another
 * word or a date range instead (decision 0027).
 */
export const SEARCH_CAP = 1000;

/** Phrase query of FTS5 for one word: quoted, inner quotes doubled. */
const phrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/**
 * The search over the narrow `registration_search` table (migration 0017), `s`:
 * every word must appear in the registration's searched text. `indexed` uses the
 * trigram index (PostgreSQL's GIN answers LIKE itself; on SQLite words of 3+
 * letters go through the FTS5 table); without it, a plain scan in date order,
 * which is the fast way when matches are dense.
 */
function searchWhere(db: Kysely<DB>, terms: string[], indexed: boolean): Expression<SqlBool> {
  const like = (t: string) => sql<SqlBool>`s.body like ${`%${escapeLike(t)}%`} escape '\\'`;
  if (isPostgres(db as Kysely<unknown>) || !indexed) return sql<SqlBool>`(${sql.join(terms.map(like), sql` and `)})`;
  const long = terms.filter((t) => [...t].length >= 3);
  // Every word is also matched with LIKE: the trigram index folds case its own way (ς as σ, ſ as s), so
  // it only narrows the rows, and the count, the page and the CSV export all apply the same rule.
  const parts = terms.map(like);
  if (long.length) {
    parts.unshift(sql<SqlBool>`s.id in (select rowid from registration_search_fts where registration_search_fts match ${long.map(phrase).join(" AND ")})`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

function searched(db: Kysely<DB>, list: StaffRegistrationList, query: Pick<ListQuery, "startDate" | "endDate">, where: Expression<SqlBool>) {
  let q = db.selectFrom("registration_search as s").where("s.kind", "in", LIST_KINDS[list]).where(where);
  const range = dayRangeCondition("s.created_at", query);
  if (range) q = q.where(range);
  return q;
}

/**
 * One page of a list, newest first: the search and the date range applied on
 * the server. With a search, `capped` says that more than SEARCH_CAP match and
 * only the newest SEARCH_CAP can be paged through.
 */
export async function listRegistrations(db: Kysely<DB>, list: StaffRegistrationList, query: ListQuery) {
  const terms = searchTerms(query.search);
  if (terms.length === 0) {
    const base = filtered(db, list, query);
    const { total } = await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
    const { page, totalPages, offset } = pageWindow(Number(total), query.page, query.limit);
    const rows = await base.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(query.limit).offset(offset).execute();
    return { rows, total: Number(total), page, totalPages, limit: query.limit, capped: false };
  }

  const indexed = searchWhere(db, terms, true);
  const { found } = await db
    .selectFrom(searched(db, list, query, indexed).select(sql`1`.as("one")).limit(SEARCH_CAP + 1).as("m"))
    .select((eb) => eb.fn.countAll<number>().as("found"))
    .executeTakeFirstOrThrow();
  const capped = Number(found) > SEARCH_CAP;
  const total = Math.min(Number(found), SEARCH_CAP);
  const { page, totalPages, offset } = pageWindow(total, query.page, query.limit);
  // Many matches: walking the date index and testing each row finds a page at once; few: the index finds them.
  const rows = await searched(db, list, query, capped ? searchWhere(db, terms, false) : indexed)
    .innerJoin("registrations as r", "r.id", "s.registration_id")
    .selectAll("r")
    .orderBy("s.created_at", "desc")
    .orderBy("s.registration_id", "desc")
    // The last page of a capped search stops at the SEARCH_CAP-th match, as its count says.
    .limit(Math.max(0, Math.min(query.limit, total - offset)))
    .offset(offset)
    .execute();
  return { rows, total, page, totalPages, limit: query.limit, capped };
}

export function summaryOf(r: RegistrationRow, cancelledSessions: ReadonlySet<string> = new Set()): RegistrationSummary {
  return {
    id: r.id,
    name: fullName(r),
    email: r.email,
    location: r.session_label,
    level: r.level ?? r.level_name,
    mobile: r.mobile_no,
    createdAt: r.created_at,
    status: r.status,
    sessionCancelled: r.event_id !== null && cancelledSessions.has(r.event_id),
  };
}

/** Which of these sessions staff canceled (one query for a page of rows). */
export async function cancelledSessionsOf(db: Kysely<DB>, eventIds: readonly (string | null)[]): Promise<Set<string>> {
  const ids = [...new Set(eventIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom("events").select("id").where("id", "in", ids).where("status", "=", "Cancelled").execute();
  return new Set(rows.map((r) => r.id));
}

/** The columns `wireRegistration` reads: what the whole list selects, and no more (a page of rows is garbage at once). */
const WIRE_SELECT = [
  "id", "first_name", "middle_name", "last_name", "name_on_certificate", "email", "mobile_no", "date_of_birth", "occupation",
  "current_address", "same_address", "permanent_address", "session_label", "venue", "time_slot", "tel_no", "hear_about",
  "communication_preferences", "level_name", "level", "event_id", "programme_id", "course_date", "course_time", "course_venue",
  "profile_image_id", "id_front_id", "id_back_id", "status", "cancelled_at", "created_at",
] as const satisfies ReadonlyArray<keyof RegistrationRow>;
type WireRow = Pick<RegistrationRow, (typeof WIRE_SELECT)[number]>;

/** The registration with the spec's field names (part 2 §3), photos as staff-only URLs. */
export function wireRegistration(r: WireRow) {
  return {
    _id: r.id,
    firstName: r.first_name,
    middleName: r.middle_name,
    lastName: r.last_name,
    nameAsCertificate: r.name_on_certificate,
    email: r.email,
    mobileNo: r.mobile_no,
    dob: r.date_of_birth,
    occupation: r.occupation,
    currentAddress: r.current_address,
    isSameAddress: r.same_address === 1,
    permanenetAddress: r.permanent_address,
    city: r.session_label,
    venue: r.venue,
    timeslot: r.time_slot,
    TelNo: r.tel_no,
    hearAbout: r.hear_about,
    communicationPreferences: r.communication_preferences === 1,
    termsandcondition: true,
    levelName: r.level_name,
    level: r.level,
    upcomingEventId: r.event_id,
    programId: r.programme_id,
    courseDetailDate: r.course_date,
    courseDetailTime: r.course_time,
    courseDetailVenue: r.course_venue,
    profileImage: r.profile_image_id ? photoUrl(r.id, "profile") : null,
    idPhotofront: r.id_front_id ? photoUrl(r.id, "id-front") : null,
    idphotoback: r.id_back_id ? photoUrl(r.id, "id-back") : null,
    status: r.status,
    cancelledAt: r.cancelled_at,
    createdAt: r.created_at,
  };
}
export type WireRegistration = ReturnType<typeof wireRegistration>;

/** A list page as the API answers it; the call is recorded as a view of the personal details it returns. */
export async function listRegistrationsForApi(db: Kysely<DB>, list: StaffRegistrationList, query: ListQuery, audit: AuditContext) {
  const result = await listRegistrations(db, list, query);
  // Whether a search narrowed it, not what was typed: a search is often someone's name or email,
  // which an erasure could not reach here (decision 0056). The ids say whose details were read.
  await recordListRead(db, audit, `${list}-registrations`, { page: result.page, searched: query.search !== "", ids: result.rows.map((r) => r.id) });
  return result;
}

/**
 * Every registration of a list that matches (no page: the spec's DECODE client
 * reads the whole list and searches it in the browser, decision 0063), newest
 * first, read 500 at a time by keyset so memory stays flat. Recorded as a view
 * of the personal details it returns: how many, not each id (the entry's time
 * says which registrations existed then).
 */
export async function allRegistrationsForApi(db: Kysely<DB>, list: StaffRegistrationList, query: Pick<ListQuery, "search" | "startDate" | "endDate">, audit: AuditContext, batchSize = 500) {
  const { n } = await filtered(db, list, query).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const total = Number(n);
  await recordListRead(db, audit, `${list}-registrations`, { all: true, count: total, searched: query.search !== "" });
  return { total, rows: newestFirst<WireRow>(db, list, query, WIRE_SELECT, batchSize) };
}

/**
 * The registrations of a list that match, newest first, `columns` only, read `batchSize` at a time after
 * the last (created_at, id) seen: constant memory on both databases, whatever the size.
 */
function newestFirst<Row extends { id: string; created_at: string }>(
  db: Kysely<DB>,
  list: StaffRegistrationList,
  query: Pick<ListQuery, "search" | "startDate" | "endDate">,
  columns: ReadonlyArray<keyof RegistrationRow>,
  batchSize: number,
  /** Also `event_time_zone`, the session's zone (null once the session is gone). */
  withSessionZone = false,
) {
  return keysetRows<Row, { at: string; id: string }>(
    (after, limit) => {
      let q = filtered(db, list, query).select(columns);
      if (after) q = q.where(olderThan("created_at", "id", after));
      const page = q.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit);
      const zoned = withSessionZone
        ? page.select((eb) => eb.selectFrom("events").select("events.time_zone").whereRef("events.id", "=", "registrations.event_id").as("event_time_zone"))
        : page;
      return zoned.execute() as unknown as Promise<Row[]>;
    },
    (r) => ({ at: r.created_at, id: r.id }),
    batchSize,
  );
}

/** One registration of a list with its session's title, recorded as a view of its personal details; null when it is not in that list. */
export async function viewRegistration(db: Kysely<DB>, list: StaffRegistrationList, id: string, audit: AuditContext) {
  const row = await db
    .selectFrom("registrations")
    .leftJoin("events", "events.id", "registrations.event_id")
    .leftJoin("programmes", "programmes.id", "registrations.programme_id")
    .selectAll("registrations")
    .select([
      "events.title as event_title",
      "events.starts_at as event_starts_at",
      "events.time_zone as event_time_zone",
      "events.status as event_status",
      "programmes.title as programme_title",
    ])
    .where("registrations.id", "=", id)
    .where("registrations.kind", "in", LIST_KINDS[list])
    .executeTakeFirst();
  if (!row) return null;
  await recordAudit(db, { action: "view", actor: audit.actor, ip: audit.ip, target: { type: "registration", id }, detail: { list } });
  return row;
}
export type RegistrationDetail = NonNullable<Awaited<ReturnType<typeof viewRegistration>>>;

/**
 * Deletes a registration of a list and its photos in one transaction, with its
 * audit entry. Seats are counted from registration rows, so its seat is free
 * at commit, and the page-cache trigger moves with the delete. Returns the
 * session, whose freed seat the caller offers to its waiting list.
 */
export async function deleteRegistration(db: Database, list: StaffRegistrationList, id: string, audit: AuditContext): Promise<{ eventId: string } | null> {
  const done = await writeTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom("registrations")
      .select(["id", "event_id", "email", "profile_image_id", "id_front_id", "id_back_id", "first_name", "last_name"])
      .where("id", "=", id)
      .where("kind", "in", LIST_KINDS[list])
      .executeTakeFirst();
    if (!row) return null;
    await lockEvent(trx, row.event_id);
    await trx.deleteFrom("registrations").where("id", "=", id).execute();
    await deleteMailsAbout(trx, "registration", id);
    const files = [row.profile_image_id, row.id_front_id, row.id_back_id].filter((f): f is string => f !== null);
    if (files.length) await trx.deleteFrom("files").where("id", "in", files).execute();
    await recordAudit(trx, {
      action: "delete",
      actor: audit.actor,
      ip: audit.ip,
      target: { type: "registration", id },
      detail: { list, eventId: row.event_id, photos: files.length },
    });
    return { eventId: row.event_id };
  });
  // Gone from the database file; gone from its write-ahead log too (decision 0109).
  if (done) await clearWriteAheadLog(db);
  return done;
}

/** A registration's private photo, recorded as a view; null when there is none. */
export async function registrationPhoto(db: Kysely<DB>, id: string, kind: PhotoKind, audit: AuditContext) {
  const spec = PHOTO_KINDS[kind];
  const file = await db
    .selectFrom("registrations")
    .innerJoin("files", "files.id", `registrations.${spec.column}`)
    .select(["files.bytes", "files.content_type", "files.size", "files.sha256"])
    .where("registrations.id", "=", id)
    .where("files.is_public", "=", 0)
    .executeTakeFirst();
  if (!file) return null;
  await recordAudit(db, { action: "view", actor: audit.actor, ip: audit.ip, target: { type: "registration", id }, detail: { photo: kind } });
  const ext = file.content_type === "image/png" ? "png" : file.content_type === "image/webp" ? "webp" : "jpg";
  return { bytes: file.bytes, contentType: file.content_type, sha256: file.sha256, fileName: `registration-${id}-${kind}.${ext}` };
}

// ---- CSV -------------------------------------------------------------------

const yesNo = (n: number) => (n ? "Yes" : "No");

/** The columns a CSV line reads: an export selects only these (less to parse and collect per row, on PostgreSQL above all). */
const CSV_SELECT = [
  "id",
  "created_at",
  "first_name",
  "middle_name",
  "last_name",
  "name_on_certificate",
  "email",
  "mobile_no",
  "tel_no",
  "date_of_birth",
  "occupation",
  "current_address",
  "permanent_address",
  "level",
  "level_name",
  "session_label",
  "course_date",
  "course_time",
  "course_venue",
  "venue",
  "time_slot",
  "hear_about",
  "communication_preferences",
  "status",
] as const satisfies ReadonlyArray<keyof RegistrationRow>;
export type RegistrationCsvRow = Pick<RegistrationRow, (typeof CSV_SELECT)[number]> & { event_time_zone: string | null };

export const registrationCsvColumns: CsvColumn<RegistrationCsvRow>[] = [
  { header: "Registration ID", value: (r) => r.id },
  { header: csvMomentHeader("Registration Date"), value: (r) => csvMoment(r.created_at) },
  { header: "First Name", value: (r) => r.first_name },
  { header: "Middle Name", value: (r) => r.middle_name },
  { header: "Last Name", value: (r) => r.last_name },
  { header: "Name on Certificate", value: (r) => r.name_on_certificate },
  { header: "Email", value: (r) => r.email },
  { header: "Mobile", value: (r) => r.mobile_no },
  { header: "Telephone", value: (r) => r.tel_no },
  { header: "Date of Birth", value: (r) => r.date_of_birth },
  { header: "Occupation", value: (r) => r.occupation },
  { header: "Current Address", value: (r) => r.current_address },
  { header: "Permanent Address", value: (r) => r.permanent_address },
  { header: "Level", value: (r) => staffLevel(r.level ?? r.level_name) },
  { header: "Session", value: (r) => r.session_label },
  { header: "Course Date", value: (r) => r.course_date },
  // With the zone's name, as the other lists' times ('9:00 AM PST').
  { header: "Course Time", value: (r) => courseTimeWithZone(r.course_date, r.course_time, r.event_time_zone) },
  { header: "Venue", value: (r) => r.course_venue ?? r.venue },
  { header: "Time Slot", value: (r) => r.time_slot },
  { header: "How They Heard", value: (r) => r.hear_about },
  { header: "Communication Preferences", value: (r) => yesNo(r.communication_preferences) },
  { header: "Status", value: (r) => seatStatusLabel(r.status) },
];

export const CSV_BASE_NAMES: Record<StaffRegistrationList, string> = {
  decode: "decode-registrations",
  ich: "ich-registrations",
};

/**
 * The rows of an export, newest first, read 500 at a time by keyset (created_at,
 * id): constant memory on both databases, whatever the size. The export is
 * recorded in the audit trail before the first row is read.
 */
export async function exportRegistrations(db: Kysely<DB>, list: StaffRegistrationList, query: Pick<ListQuery, "search" | "startDate" | "endDate">, audit: AuditContext, batchSize = 500) {
  await recordAudit(db, {
    action: "export",
    actor: audit.actor,
    ip: audit.ip,
    target: { type: `${list}-registrations` },
    // Whether a search narrowed it, not what was typed (decision 0056).
    detail: { searched: query.search !== "", startDate: query.startDate, endDate: query.endDate },
  });
  return { columns: registrationCsvColumns, rows: newestFirst<RegistrationCsvRow>(db, list, query, CSV_SELECT, batchSize, true) };
}
