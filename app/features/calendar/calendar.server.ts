import { sql } from "kysely";
import type { Database } from "~/db/db.server";
import type { EventRow } from "~/db/schema";
import { eventToJson, seatsTaken, type EventJson } from "~/features/events/events.server";
import { courseDetailDate } from "~/features/events/format";
import type { CalendarKind, DateRangeQuery, EventListQuery } from "./query";
import { likePattern } from "~/features/admin-lists/lists.server";

/**
 * The event calendar's reads (spec part 2 §2.6, §7 'GET events list'): every
 * session that has not started (D12), soonest first, in the JSON every other
 * session call answers with, seats left counted by the events feature (D7).
 */

/** A session as the calendar sends it: the session JSON and its kind (TASSO and 'other' have no eventType). */
export type CalendarEvent = EventJson & { kind: EventRow["kind"] };

export type EventPage = {
  events: CalendarEvent[];
  totalPages: number;
  totalEvents: number;
  currentPage: number;
};

function upcoming(db: Database, now: Date) {
  // A cancelled session leaves the calendar (decision 0032).
  return db.selectFrom("events").where("events.starts_at", ">", now.toISOString()).where("events.status", "<>", "Cancelled");
}

type Base = ReturnType<typeof upcoming>;

function filtered(base: Base, q: Pick<EventListQuery, "search">, kind?: CalendarKind): Base {
  let b = kind ? base.where("events.kind", "=", kind) : base;
  if (q.search) {
    const p = likePattern(q.search);
    // ESCAPE spelt out: PostgreSQL defaults to backslash, SQLite has no default.
    b = b.where(
      sql<boolean>`(lower(events.title) like ${p} escape '\\' or lower(events.city) like ${p} escape '\\' or lower(coalesce(events.venue, '')) like ${p} escape '\\' or lower(coalesce(events.facilitator, '')) like ${p} escape '\\' or lower(coalesce(events.organiser, '')) like ${p} escape '\\')`,
    );
  }
  return b;
}

/** Rows to JSON, with their programme's title and the seats their registrations and bookings hold. */
async function toJson(db: Database, rows: EventRow[], now: Date): Promise<CalendarEvent[]> {
  const programmeIds = [...new Set(rows.map((r) => r.programme_id).filter((id): id is string => id !== null))];
  const [taken, programmes] = await Promise.all([
    seatsTaken(db, rows.map((r) => r.id)),
    programmeIds.length ? db.selectFrom("programmes").select(["id", "title"]).where("id", "in", programmeIds).execute() : Promise.resolve([]),
  ]);
  const titles = new Map(programmes.map((p) => [p.id, p]));
  return rows.map((r) => ({ ...eventToJson(r, taken.get(r.id) ?? 0, r.programme_id ? (titles.get(r.programme_id) ?? null) : null, now), kind: r.kind }));
}

function page(events: CalendarEvent[], total: number, q: Pick<EventListQuery, "page" | "limit">): EventPage {
  return { events, totalPages: Math.max(1, Math.ceil(total / q.limit)), totalEvents: total, currentPage: q.page };
}

/** One page of the sessions that have not started, soonest first; optionally of one kind. */
export async function listOpenEvents(db: Database, q: EventListQuery, kind?: CalendarKind, now = new Date()): Promise<EventPage> {
  const base = filtered(upcoming(db, now), q, kind);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    base
      .selectAll("events")
      .orderBy("events.starts_at")
      .orderBy("events.id")
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
  ]);
  return page(await toJson(db, rows, now), Number(total), q);
}

/**
 * The sessions a visitor can enrol in now (GET /upcoming): not started, Open,
 * taking enrolment online and with a seat left, soonest first. Seats are counted
 * by the events feature, so the filter runs on the JSON, not in SQL.
 */
export async function listEnrollableEvents(db: Database, q: EventListQuery, now = new Date()): Promise<EventPage> {
  const rows = await filtered(upcoming(db, now), q)
    .where("events.status", "=", "Open")
    .where("events.no_enrol", "=", 0)
    .selectAll("events")
    .orderBy("events.starts_at")
    .orderBy("events.id")
    .execute();
  const open = (await toJson(db, rows, now)).filter((e) => e.availability === "open");
  return page(open.slice((q.page - 1) * q.limit, q.page * q.limit), open.length, q);
}

/**
 * The sessions that have not started and begin on a day from `startDate` to
 * `endDate` (inclusive), each day read at the session's own venue (D13): a
 * session at 9 PM in Los Angeles on the 5th is on the 5th, though it is the 6th in UTC.
 */
export async function listOpenEventsBetween(db: Database, q: DateRangeQuery, now = new Date()): Promise<EventPage> {
  // Every zone in use lies within UTC−12 and UTC+14: widen the UTC window by those, then read each day locally.
  const from = new Date(Date.parse(`${q.startDate}T00:00:00Z`) - 14 * 3_600_000).toISOString();
  const to = new Date(Date.parse(`${q.endDate}T00:00:00Z`) + 36 * 3_600_000).toISOString();
  const candidates = await filtered(upcoming(db, now), q)
    .where("events.starts_at", ">=", from)
    .where("events.starts_at", "<", to)
    .selectAll("events")
    .orderBy("events.starts_at")
    .orderBy("events.id")
    .execute();
  const inRange = candidates.filter((r) => {
    const localDay = courseDetailDate(r.starts_at, r.time_zone);
    return localDay !== null && localDay >= q.startDate && localDay <= q.endDate;
  });
  const slice = inRange.slice((q.page - 1) * q.limit, q.page * q.limit);
  return page(await toJson(db, slice, now), inRange.length, q);
}

/**
 * Sessions canceled before they began, soonest first, at most `limit`, optionally
 * of one kind. They stay out of every list (decision 0032); the pages' Event data
 * alone names them, as EventCancelled, so a search engine that showed the event
 * marks it canceled instead of losing it (decision 0077). One read on the
 * start-time index: no seats are counted, a canceled session offers none.
 */
export async function listCancelledUpcoming(db: Database, opts: { kind?: CalendarKind; limit: number }, now = new Date()): Promise<CalendarEvent[]> {
  let query = db.selectFrom("events").selectAll().where("starts_at", ">", now.toISOString()).where("status", "=", "Cancelled");
  if (opts.kind) query = query.where("kind", "=", opts.kind);
  const rows = await query.orderBy("starts_at").orderBy("id").limit(opts.limit).execute();
  return rows.map((r) => ({ ...eventToJson(r, 0, null, now), kind: r.kind }));
}

/** One session by id (a started one too, marked `availability: 'past'`), or null. */
export async function getEvent(db: Database, id: string, now = new Date()): Promise<CalendarEvent | null> {
  const row = await db.selectFrom("events").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [json] = await toJson(db, [row], now);
  return json ?? null;
}
