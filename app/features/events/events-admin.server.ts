/**
 * Staff management of sessions (issue 9, points 8, 11, 12): the list of the
 * events screen, and create, update and delete of one session with its audit
 * entry in the same transaction. The sessions edited here are the very rows
 * visitors book, so a capacity below the seats already taken is refused, and a
 * session that people hold seats in cannot be deleted.
 *
 * Reusable for any kind of session: the Family Constellation screen and
 * /api/familyEvent use `kind: "family"`; programme screens call `writeSession`
 * inside their own transaction for their upcoming sessions.
 * Choices: docs/decisions/0022-event-management.md.
 */
import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "~/db/db.server";
import type { DB, EventKind, EventRow } from "~/db/schema";
import { lockEvent, writeTransaction } from "~/db/transactions.server";
import type { StaffSession } from "~/features/admin-auth/sessions.server";
import { recordAudit } from "~/features/audit/audit.server";
import { likePattern } from "~/features/admin-lists/lists.server";
import { isCurrentVersion, readExpectedVersion, VERSION_INVALID } from "~/lib/edit-version";
import { entriesByEvent, eventToJson, seatsTaken, waitingCounts } from "./events.server";
import { takeBackOffersOnSave } from "~/features/waiting-list/offers.server";
import { courseDetailDate, courseDetailTime, sessionLabel } from "./format";
import { capacityBelowTaken, capacityText, centsToPrice, validateEventForm, type EventField, type EventInput } from "./schema";

/** Spec part 2 §9: the events screen shows 5 a page. */
export const ADMIN_EVENTS_PAGE_SIZE = 5;

export const EVENT_NOT_FOUND = "Event not found";
export const SESSION_IS_CANCELLED = "This session was canceled and can no longer be changed.";
export const eventHasBookings = (n: number) =>
  `This event has ${n} ${n === 1 ? "booking" : "bookings"} and cannot be deleted. Set its status to Closed instead, or remove the bookings first.`;

/** Who did it, for the audit trail. */
export type StaffActor = { staff: Pick<StaffSession, "accountId" | "email">; ip: string | null };

/** The session values a write takes (already validated: see `validateEventForm`). */
export type SessionValues = Omit<EventInput, "capacity" | "priceCents"> & {
  capacity: number | null;
  /** null: no price (a programme's session stored without one, such as a free open evening). */
  priceCents: number | null;
  venue?: string | null;
  currency?: string;
};

export type WriteTarget = {
  id?: string;
  kind: EventKind;
  programmeId?: string | null;
  /** The `updated_at` the editor's form was opened with (decision 0060): a session changed since is not overwritten. */
  expectedUpdatedAt?: number | null;
};

export type WriteOutcome =
  | { status: "saved"; id: string; created: boolean }
  | { status: "invalid"; errors: Partial<Record<EventField, string>> }
  | { status: "stale" }
  | { status: "not-found" };

/** A save from a form opened before someone else saved the same session (409). */
export const EVENT_CHANGED_MEANWHILE = "Someone else changed this event after you opened it. Close this form and open it again to see their changes, then make yours again.";

/**
 * Inserts or updates one session inside the caller's write transaction (see
 * `writeTransaction`): the row is locked, the seats held in it are counted, and
 * a capacity below them is refused with a field message on `capacity`.
 */
export async function writeSession(trx: Kysely<DB>, target: WriteTarget, values: SessionValues, now = new Date()): Promise<WriteOutcome> {
  const at = now.toISOString();
  const columns = {
    title: values.title,
    starts_at: values.startsAt,
    ends_at: values.endsAt,
    time_zone: values.timeZone,
    city: values.city,
    capacity: values.capacity,
    price_cents: values.priceCents,
    currency: values.currency ?? "USD",
    organiser: values.organiser,
    organiser_email: values.organiserEmail,
    facilitator: values.facilitator,
    payment_link: values.paymentLink,
    external_link: values.externalLink,
    status: values.status,
    ...(values.venue !== undefined ? { venue: values.venue } : {}),
  };
  if (!target.id) {
    const id = crypto.randomUUID();
    await trx
      .insertInto("events")
      .values({ id, kind: target.kind, programme_id: target.programmeId ?? null, ...columns, created_at: at, updated_at: at })
      .execute();
    return { status: "saved", id, created: true };
  }
  await lockEvent(trx, target.id);
  const existing = await trx.selectFrom("events").select(["id", "status", "updated_at"]).where("id", "=", target.id).where("kind", "=", target.kind).executeTakeFirst();
  if (!existing) return { status: "not-found" };
  if (!isCurrentVersion(existing.updated_at, target.expectedUpdatedAt ?? null)) return { status: "stale" };
  // Its people were told it is cancelled: it is not reopened or moved by an edit (decision 0032).
  if (existing.status === "Cancelled") return { status: "invalid", errors: { status: SESSION_IS_CANCELLED } };
  if (values.capacity !== null) {
    // The seats booked (or offered): those waiting stay waiting under any capacity.
    const taken = ((await seatsTaken(trx, [target.id])).get(target.id) ?? 0) - ((await waitingCounts(trx, [target.id])).get(target.id) ?? 0);
    if (values.capacity < taken) return { status: "invalid", errors: { capacity: capacityBelowTaken(taken) } };
  }
  await trx
    .updateTable("events")
    .set({ ...columns, ...(target.programmeId !== undefined ? { programme_id: target.programmeId } : {}), updated_at: at })
    .where("id", "=", target.id)
    .execute();
  await refreshRegistrationCopies(trx, target.id);
  return { status: "saved", id: target.id, created: false };
}

/**
 * A registration keeps the session's label, date, time and venue as they were
 * when it was made (the staff list searches and exports them, and they outlive
 * a deleted session). When staff move or rename the session, its registrations'
 * copies follow in the same transaction, so staff never see the old date.
 * Rows already up to date are left alone (their search entries with them).
 */
export async function refreshRegistrationCopies(trx: Kysely<DB>, eventId: string): Promise<void> {
  const event = await trx.selectFrom("events").select(["city", "title", "starts_at", "time_zone", "venue"]).where("id", "=", eventId).executeTakeFirst();
  if (!event) return;
  const copies = {
    session_label: sessionLabel({ city: event.city, title: event.title, startsAt: event.starts_at, timeZone: event.time_zone }),
    course_date: courseDetailDate(event.starts_at, event.time_zone),
    course_time: courseDetailTime(event.starts_at, event.time_zone),
    course_venue: event.venue ?? event.city,
  };
  await trx
    .updateTable("registrations")
    .set(copies)
    .where("event_id", "=", eventId)
    .where((eb) => eb.or(Object.entries(copies).map(([column, value]) => eb(column as keyof typeof copies, "is distinct from", value))))
    .execute();
}

export type SaveOutcome =
  | { status: "created" | "updated"; event: AdminEventJson }
  | { status: "invalid"; errors: Partial<Record<EventField | "updatedAt", string>> }
  | { status: "stale" }
  | { status: "not-found" };

/**
 * Validates the event form (spec §5) and creates (no `id`) or updates a Family
 * Constellation session, recording who did it; nothing is written when any rule fails.
 */
export async function saveFamilyEvent(db: Database, actor: StaffActor, values: unknown, id?: string, now = new Date()): Promise<SaveOutcome> {
  const current = id ? await db.selectFrom("events").select(["starts_at", "ends_at", "time_zone"]).where("id", "=", id).where("kind", "=", "family").executeTakeFirst() : null;
  if (id && !current) return { status: "not-found" };
  // An update that leaves the time zone out (the spec's field list has none) keeps the stored one, and
  // its times without an offset are read there, not in the default zone.
  const sent = values && typeof values === "object" ? (values as Record<string, unknown>) : {};
  const withZone = current && sent.timeZone === undefined ? { ...sent, timeZone: current.time_zone } : values;
  const checked = validateEventForm(withZone, { now, currentStart: current?.starts_at ?? null, currentEnd: current?.ends_at ?? null, currentZone: current?.time_zone ?? null });
  const version = readExpectedVersion(values && typeof values === "object" ? (values as Record<string, unknown>).updatedAt : undefined);
  if (!checked.ok || !version.ok) return { status: "invalid", errors: { ...(checked.ok ? {} : checked.errors), ...(version.ok ? {} : { updatedAt: VERSION_INVALID }) } };
  const input = checked.data;
  const outcome = await writeTransaction(db, async (trx) => {
    const written = await writeSession(trx, { id, kind: "family", expectedUpdatedAt: id ? version.at : null }, input, now);
    if (written.status !== "saved") return written;
    // Closed (or sent to a page of its own) with offers open: they go back to the list with this save.
    const offersTakenBack = written.created ? 0 : await takeBackOffersOnSave(trx, [written.id], now);
    await recordAudit(
      trx,
      {
        action: written.created ? "create" : "update",
        actor: { id: actor.staff.accountId, email: actor.staff.email },
        target: { type: "event", id: written.id },
        ip: actor.ip,
        detail: { title: input.title, startsAt: input.startsAt, city: input.city, capacity: input.capacity, status: input.status, ...(offersTakenBack ? { offersTakenBack } : {}) },
      },
      now,
    );
    return written;
  });
  if (outcome.status !== "saved") return outcome;
  const event = await getAdminEvent(db, outcome.id, now);
  return { status: outcome.created ? "created" : "updated", event: event! };
}

export type DeleteOutcome = { status: "deleted" } | { status: "not-found" } | { status: "refused"; message: string };

/**
 * Deletes a session of `kind` with its audit entry. A session anybody booked or
 * registered for (cancelled ones included: their record points at it) is
 * refused with a message; closing it is the way to stop new bookings.
 */
export async function deleteSession(db: Database, actor: StaffActor, id: string, kind: EventKind = "family", now = new Date()): Promise<DeleteOutcome> {
  if (id.length > 100) return { status: "not-found" };
  return writeTransaction(db, async (trx) => {
    await lockEvent(trx, id);
    const row = await trx.selectFrom("events").select(["id", "title", "starts_at", "city"]).where("id", "=", id).where("kind", "=", kind).executeTakeFirst();
    if (!row) return { status: "not-found" } as const;
    const held = await heldBy(trx, id);
    if (held > 0) return { status: "refused", message: eventHasBookings(held) } as const;
    await trx.deleteFrom("events").where("id", "=", id).execute();
    await recordAudit(
      trx,
      {
        action: "delete",
        actor: { id: actor.staff.accountId, email: actor.staff.email },
        target: { type: "event", id },
        ip: actor.ip,
        detail: { title: row.title, startsAt: row.starts_at, city: row.city },
      },
      now,
    );
    return { status: "deleted" } as const;
  });
}

/** Bookings and registrations that point at a session, whatever their status. */
async function heldBy(trx: Kysely<DB>, id: string): Promise<number> {
  return (await entriesByEvent(trx, [id])).get(id) ?? 0;
}

/** A session as the staff screen and /api/familyEvent answer it: the public JSON plus the form's texts. */
export function adminEventJson(row: EventRow, taken: number, waiting: number, records: number, now = new Date()) {
  return {
    ...eventToJson(row, taken, null, now),
    /** The form's texts (spec §3 'Event (admin)': capacity like '10 Seats', price "text with a dollar sign", '$375'). */
    capacity: row.capacity === null ? "Not Limited" : capacityText(row.capacity),
    price: row.price_cents === null ? null : centsToPrice(row.price_cents),
    priceText: row.price_cents === null ? null : centsToPrice(row.price_cents),
    /** The price as a number of dollars, as the public session JSON gives it. */
    priceAmount: row.price_cents === null ? null : row.price_cents / 100,
    /** Seats booked or offered; `waiting` are on its waiting list (counted in the public seats taken, not here). */
    seatsTaken: taken - waiting,
    waiting,
    /** Every row that points at it, whatever its status: what keeps it from being deleted (`heldBy`). */
    records,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export type AdminEventJson = ReturnType<typeof adminEventJson>;

export async function getAdminEvent(db: Database, id: string, now = new Date()): Promise<AdminEventJson | null> {
  if (id.length > 100) return null;
  const row = await db.selectFrom("events").selectAll().where("id", "=", id).where("kind", "=", "family").executeTakeFirst();
  if (!row) return null;
  const taken = (await seatsTaken(db, [row.id])).get(row.id) ?? 0;
  const records = (await entriesByEvent(db, [row.id])).get(row.id) ?? 0;
  return adminEventJson(row, taken, (await waitingCounts(db, [row.id])).get(row.id) ?? 0, records, now);
}

export type AdminListQuery = { search: string; page: number; limit: number };

/**
 * Every Family Constellation session, past ones included, newest start first;
 * the search matches the title, location, venue, facilitator, organizer, their
 * email and the status. The page is clamped to the last one.
 */
export async function listAdminEvents(db: Database, query: AdminListQuery, now = new Date()) {
  let base = db.selectFrom("events").where("kind", "=", "family");
  const search = query.search.trim();
  if (search) {
    const p = likePattern(search);
    // The stored status 'Cancelled' reads 'Canceled' on the screen (D14): either spelling finds it.
    const canceled = search.length >= 3 && "canceled".includes(search.toLowerCase()) ? "Cancelled" : "";
    base = base.where(
      sql<boolean>`(lower(title) like ${p} escape '\\' or lower(city) like ${p} escape '\\' or lower(coalesce(venue, '')) like ${p} escape '\\'
        or lower(coalesce(facilitator, '')) like ${p} escape '\\' or lower(coalesce(organiser, '')) like ${p} escape '\\'
        or lower(coalesce(organiser_email, '')) like ${p} escape '\\' or lower(status) like ${p} escape '\\' or status = ${canceled})`,
    );
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst())?.n ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / query.limit));
  const page = Math.min(Math.max(1, query.page), totalPages);
  const rows = await base
    .selectAll()
    .orderBy("starts_at", "desc")
    .orderBy("id")
    .limit(query.limit)
    .offset((page - 1) * query.limit)
    .execute();
  const ids = rows.map((r) => r.id);
  const [taken, waiting, records] = await Promise.all([seatsTaken(db, ids), waitingCounts(db, ids), entriesByEvent(db, ids)]);
  const events = rows.map((r) => adminEventJson(r, taken.get(r.id) ?? 0, waiting.get(r.id) ?? 0, records.get(r.id) ?? 0, now));
  return { events, totalEvents: total, totalPages, currentPage: page, limit: query.limit };
}
