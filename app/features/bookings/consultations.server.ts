/**
 * Family Constellation bookings in the staff area, which the spec calls family
 * consultation registrations (issue 9, points 5, 7, 11 and 12): the list with
 * server-side search, date range and paging (D9), one booking, deletion (which
 * frees the seat: seats are counted from the rows), and the CSV export read in
 * keyset batches. Views, deletions and exports go to the audit trail.
 */
import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import { isPostgres } from "~/db/migrations/types";
import type { Database } from "~/db/db.server";
import { clearWriteAheadLog, lockEvent, writeTransaction } from "~/db/transactions.server";
import { olderThan, dayRangeCondition, searchCondition, searchTerms } from "~/features/admin-lists/lists.server";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { csvMoment, csvMomentHeader, keysetRows, type CsvColumn } from "~/features/exports/csv.server";
import { courseDetailDate, formatSessionDate, formatTimeRange } from "~/features/events/format";
import { holderStatusLabel, seatStatusLabel } from "~/features/registrations/status";
import { paginationOf, pageWindow, type ListQuery } from "~/lib/list-query";
import { deleteMailsAbout } from "~/features/mail/outbox.server";
import { anonymousBooking, dropBookingLinks } from "~/features/retention/retention.server";
import { formatUsPhone } from "./schema";

/** Spec part 2 §8. */
export const CONSULTATION_DELETE_FAILED = "Failed to delete consultation";
export const CONSULTATION_NOT_FOUND = "Consultation not found";
export const CONSULTATION_DELETED = "Consultation deleted successfully";
export const CONSULTATIONS_PAGE_SIZE = 10;

export type StaffActor = { actor: AuditActor; ip: string | null };

/** Name, email, phone, the session's place, title, organiser and facilitator. */
const BOOKING_COLUMNS = ["b.full_name", "b.email", "b.phone"] as const;
const EVENT_COLUMNS = ["city", "venue", "title", "organiser", "facilitator"] as const;

/**
 * Each word in the booking's name, email or phone, or in its session's city, venue, title, organizer
 * or facilitator. The session's side is worked out first, as the list of matching sessions (a few
 * hundred rows at most): on PostgreSQL as `= any(array(…))`, which its planner answers from the
 * bookings' session index and ORs with the trigram indexes of the booking's own columns, instead of
 * testing every booking joined to its session (decision 0113); SQLite, which has no arrays, reads
 * the same as `in (…)`.
 */
export function bookingSearch(search: string, postgres: boolean): Expression<SqlBool> | null {
  const terms = searchTerms(search);
  if (terms.length === 0) return null;
  const perTerm = terms.map((term) => {
    const sessions = sql`select id from events where ${searchCondition(EVENT_COLUMNS, term)!}`;
    const inSessions = postgres ? sql<SqlBool>`b.event_id = any(array(${sessions}))` : sql<SqlBool>`b.event_id in (${sessions})`;
    return sql<SqlBool>`(${searchCondition(BOOKING_COLUMNS, term)!} or ${inSessions})`;
  });
  return sql<SqlBool>`(${sql.join(perTerm, sql` and `)})`;
}

function joined(db: Database) {
  return db.selectFrom("family_bookings as b").innerJoin("events as e", "e.id", "b.event_id");
}

/**
 * A search typed as the list shows a phone number ("+1 (555) 777-8888", "777-8888") as the digits the number is
 * stored as ("7778888"), a leading US country code left out; null for any other search (decision 0109).
 */
export function phoneDigits(search: string): string | null {
  if (!/^[\d\s()+.-]+$/.test(search)) return null;
  let digits = search.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  return digits.length >= 3 ? digits : null;
}

/** The bookings a search and a date range find; every condition is on the booking (the session's side as a subquery), so counting them needs no join. */
function filtered(db: Database, query: Pick<ListQuery, "search" | "startDate" | "endDate">) {
  let base = db.selectFrom("family_bookings as b");
  const search = bookingSearch(query.search, isPostgres(db as Kysely<unknown>));
  const phone = phoneDigits(query.search.trim());
  if (search && phone) base = base.where((eb) => eb.or([search, eb("b.phone", "like", `%${phone}%`)]));
  else if (search) base = base.where(search);
  // The date filter reads the registration date (when the booking was made).
  const range = dayRangeCondition("b.created_at", query);
  if (range) base = base.where(range);
  return base;
}

const columns = [
  "b.id",
  "b.full_name",
  "b.email",
  "b.phone",
  "b.communication_preferences",
  "b.terms_accepted_at",
  "b.status",
  "b.created_at",
  "b.event_id",
  "e.title",
  "e.city",
  "e.venue",
  "e.starts_at",
  "e.ends_at",
  "e.time_zone",
  "e.organiser",
  "e.organiser_email",
  "e.facilitator",
  "e.price_cents",
  "e.currency",
  "e.status as event_status",
  "b.anonymised_at",
] as const;

type Joined = {
  id: string;
  full_name: string;
  email: string;
  phone: string;
  communication_preferences: number;
  terms_accepted_at: string;
  status: string;
  created_at: string;
  event_id: string;
  title: string;
  city: string;
  venue: string | null;
  starts_at: string;
  ends_at: string;
  time_zone: string;
  organiser: string | null;
  organiser_email: string | null;
  facilitator: string | null;
  price_cents: number | null;
  currency: string;
  event_status: string;
  anonymised_at: string | null;
};

const registered = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "America/New_York" });

/** Spec part 2 §3 'Family consultation registration (admin)', `_id` included, plus what the details dialog shows. */
export function consultationToJson(r: Joined) {
  return {
    _id: r.id,
    fullName: r.full_name,
    email: r.email,
    phone: formatUsPhone(r.phone),
    location: r.venue ? `${r.venue}, ${r.city}` : r.city,
    city: r.city,
    venue: r.venue,
    event: r.title,
    date: r.starts_at,
    endDate: r.ends_at,
    timeZone: r.time_zone,
    formattedEventDate: formatSessionDate(r.starts_at, r.time_zone),
    eventTime: formatTimeRange(r.starts_at, r.ends_at, r.time_zone),
    organisedBy: r.organiser,
    organiserEmail: r.organiser_email,
    facilitator: r.facilitator,
    price: r.price_cents === null ? null : r.price_cents / 100,
    currency: r.currency,
    sessionId: r.event_id,
    status: r.status === "cancelled" ? "Cancelled" : "Booked",
    /** What staff read: the status itself, e.g. 'On the waiting list' (the wire's status keeps its two values). */
    statusLabel: holderStatusLabel(r.status, r.event_status === "Cancelled"),
    communicationPreferences: r.communication_preferences === 1,
    termsAcceptedAt: r.terms_accepted_at,
    createdAt: r.created_at,
    formattedDate: registered.format(new Date(r.created_at)),
    /** When the booker's details were erased (on request or by the retention job); null while they are kept. */
    erasedAt: r.anonymised_at,
  };
}

export type ConsultationJson = ReturnType<typeof consultationToJson>;

/** One page of bookings, newest first; a page past the end shows the last one. */
export async function listConsultations(db: Database, query: ListQuery) {
  const base = filtered(db, query);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const { page, offset } = pageWindow(Number(total), query.page, query.limit);
  // The page's ids first, walked in the (created_at, id) index, then only those rows with their sessions:
  // a deep page skips over ids, not over joined rows (decision 0113).
  const ids = base.select("b.id").orderBy("b.created_at", "desc").orderBy("b.id", "desc").limit(query.limit).offset(offset);
  const rows = (await joined(db).select(columns).where("b.id", "in", ids).orderBy("b.created_at", "desc").orderBy("b.id", "desc").execute()) as Joined[];
  return { consultations: rows.map(consultationToJson), pagination: paginationOf("total", Number(total), page, query.limit) };
}

/** One booking for a staff member; the view of its personal details is recorded. */
export async function viewConsultation(db: Database, id: string, who: StaffActor): Promise<ConsultationJson | null> {
  if (id.length > 100) return null;
  const row = (await joined(db).select(columns).where("b.id", "=", id).executeTakeFirst()) as Joined | undefined;
  if (!row) return null;
  await recordAudit(db, { action: "view", actor: who.actor, ip: who.ip, target: { type: "family-booking", id } });
  return consultationToJson(row);
}

/**
 * Deletes a booking (returns its session's id, or null when there was none), which frees its seat at once (seats are counted from the
 * rows, and the page cache's version moves with the delete). The session is
 * locked as a booking locks it, so a seat count running meanwhile never sees
 * half a change; the caller then offers the seat to the session's waiting list
 * (`offerSeatsNow`). The audit entry, committed with the delete, keeps the
 * booking's id, session and status, not the booker's details (decision 0056).
 */
export async function deleteConsultation(db: Database, id: string, who: StaffActor): Promise<string | null> {
  if (id.length > 100) return null;
  const done = await writeTransaction(db, async (trx) => {
    const booking = await trx.selectFrom("family_bookings").select(["id", "event_id", "full_name", "email", "status"]).where("id", "=", id).executeTakeFirst();
    if (!booking) return null;
    await lockEvent(trx, booking.event_id);
    const deleted = await trx.deleteFrom("family_bookings").where("id", "=", id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return null;
    await deleteMailsAbout(trx, "family-booking", id);
    await recordAudit(trx, {
      action: "delete",
      actor: who.actor,
      ip: who.ip,
      target: { type: "family-booking", id },
      // The booking's id, session and status, not the booker's name or email: a deletion is often what the
      // booker asked for, and this trail is kept longer than their details may be (decision 0056).
      detail: { sessionId: booking.event_id, status: booking.status },
    });
    return booking.event_id;
  });
  // Gone from the database file; gone from its write-ahead log too (decision 0109).
  if (done) await clearWriteAheadLog(db);
  return done;
}

/**
 * A booker's request to be forgotten, carried out by staff (decision 0058): the
 * retention job's anonymisation, at once, with the outbox's copies of the mails
 * about the booking. The seat stays booked. An entry waiting for a seat leaves
 * the list, and an offer it held is cleared: `released` then names the session
 * whose seat the caller offers on. Null when there is no such booking;
 * `already` when it was erased before (nothing changes or is recorded).
 */
export async function eraseConsultation(db: Database, id: string, who: StaffActor, now = new Date()): Promise<{ released: string | null } | "already" | null> {
  if (id.length > 100) return null;
  const done = await writeTransaction(db, async (trx) => {
    // The session's lock before the row is read: an offer or its confirmation committed meanwhile is seen.
    const where = await trx.selectFrom("family_bookings").select("event_id").where("id", "=", id).executeTakeFirst();
    if (!where) return null;
    await lockEvent(trx, where.event_id);
    const booking = await trx.selectFrom("family_bookings").select(["id", "event_id", "status", "anonymised_at"]).where("id", "=", id).executeTakeFirst();
    if (!booking) return null;
    if (booking.anonymised_at) return "already" as const;
    const leavesList = booking.status === "waiting" || booking.status === "offered";
    await trx
      .updateTable("family_bookings")
      .set({ ...anonymousBooking(now), ...(leavesList ? { status: "removed", offer_token_hash: null, offer_expires_at: null } : {}) })
      .where("id", "=", id)
      .execute();
    await dropBookingLinks(trx, [id]);
    await deleteMailsAbout(trx, "family-booking", id);
    await recordAudit(trx, { action: "erase", actor: who.actor, ip: who.ip, target: { type: "family-booking", id }, detail: { sessionId: booking.event_id } }, now);
    return { released: booking.status === "offered" ? booking.event_id : null };
  });
  // Gone from the database file; gone from its write-ahead log too (decision 0109).
  if (done && done !== "already") await clearWriteAheadLog(db);
  return done;
}

const csvColumns: CsvColumn<Joined>[] = [
  { header: "Name", value: (r) => r.full_name },
  { header: "Email", value: (r) => r.email },
  // Without the +1 a spreadsheet would take for a formula (and the export would defuse with a quote).
  { header: "Phone (US)", value: (r) => formatUsPhone(r.phone).replace(/^\+1 /, "") },
  { header: "Location", value: (r) => (r.venue ? `${r.venue}, ${r.city}` : r.city) },
  { header: "Event", value: (r) => r.title },
  // The day at the venue as YYYY-MM-DD, which spreadsheets sort; the time and its zone in the next column.
  { header: "Event Date", value: (r) => courseDetailDate(r.starts_at, r.time_zone) },
  { header: "Event Time", value: (r) => formatTimeRange(r.starts_at, r.ends_at, r.time_zone) },
  { header: "Organized By", value: (r) => r.organiser },
  { header: "Organizer Email", value: (r) => r.organiser_email },
  { header: "Facilitator", value: (r) => r.facilitator },
  { header: "Status", value: (r) => seatStatusLabel(r.status) },
  { header: "Communication Preferences", value: (r) => (r.communication_preferences === 1 ? "Yes" : "No") },
  { header: csvMomentHeader("Registration Date"), value: (r) => csvMoment(r.created_at) },
  { header: "Session ID", value: (r) => r.event_id },
  { header: "ID", value: (r) => r.id },
];

/**
 * The export: every booking matching the search and date range, newest first,
 * 500 at a time after the last (created_at, id) seen: memory stays flat
 * whatever the size. Recorded in the audit trail before the first byte.
 */
/** The file name's start: `family-consultation-registrations_{from}_to_{to}.csv`. */
export const CONSULTATIONS_CSV_BASE = "family-consultation-registrations";

export async function exportConsultations(db: Database, query: Pick<ListQuery, "search" | "startDate" | "endDate">, who: StaffActor) {
  await recordAudit(db, {
    action: "export",
    actor: who.actor,
    ip: who.ip,
    target: { type: "family-bookings" },
    // Whether a search narrowed it, not what was typed (decision 0056).
    detail: { searched: query.search !== "", startDate: query.startDate, endDate: query.endDate },
  });
  const rows = keysetRows<Joined, { at: string; id: string }>(
    async (after, limit) => {
      let q = filtered(db, query).innerJoin("events as e", "e.id", "b.event_id").select(columns);
      if (after) q = q.where(olderThan("b.created_at", "b.id", after));
      return (await q.orderBy("b.created_at", "desc").orderBy("b.id", "desc").limit(limit).execute()) as Joined[];
    },
    (row) => ({ at: row.created_at, id: row.id }),
  );
  return { columns: csvColumns, rows };
}
