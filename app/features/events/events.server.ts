import type { Kysely } from "kysely";
import type { Database } from "~/db/db.server";
import type { DB, EventKind, EventRow } from "~/db/schema";
import { reusableQuery } from "~/db/reusable.server";
import { formatSessionDate } from "./format";
import { safeExternalLink } from "~/lib/external-link";

/**
 * Statuses of a registration or booking that hold no seat and wait for none:
 * cancelled by the person, a waiting-list offer that lapsed, an entry staff
 * removed, a registration staff declined for want of the earlier level
 * (decision 0031). Every other row (registered, booked, offered, waiting,
 * awaiting_approval) counts.
 */
export const RELEASED_STATUSES = ["cancelled", "expired", "removed", "declined"] as const;

/**
 * Seats held by sessions: their registrations plus their Family Constellation
 * bookings (D7), released ones left out. Waiting-list entries count too, so a
 * seat that frees while people wait is theirs (offered by the waiting-list job),
 * never taken by a newcomer first. Every seat count on the site reads
 * this, and the write paths call it inside the transaction that locks the session.
 */
export async function seatsTaken(db: Kysely<DB>, eventIds: readonly string[]): Promise<Map<string, number>> {
  const taken = new Map<string, number>();
  if (eventIds.length === 0) return taken;
  const registrations = db
    .selectFrom("registrations")
    .select((eb) => ["event_id", eb.fn.countAll<number>().as("n")])
    .where("event_id", "in", eventIds)
    .where("status", "not in", RELEASED_STATUSES)
    .groupBy("event_id");
  const bookings = db
    .selectFrom("family_bookings")
    .select((eb) => ["event_id", eb.fn.countAll<number>().as("n")])
    .where("event_id", "in", eventIds)
    .where("status", "not in", RELEASED_STATUSES)
    .groupBy("event_id");
  const rows = await registrations.unionAll(bookings).execute();
  for (const r of rows) taken.set(r.event_id, (taken.get(r.event_id) ?? 0) + Number(r.n));
  return taken;
}

/**
 * The waiting-list entries of sessions (registrations and bookings still
 * waiting): `seatsTaken` counts them, so staff screens take them off to show
 * the seats really booked, and show them apart.
 */
export function waitingCounts(db: Kysely<DB>, eventIds: readonly string[]): Promise<Map<string, number>> {
  return entriesByEvent(db, eventIds, ["waiting"]);
}

/**
 * For each session, its registrations and bookings with one of `statuses`, or
 * with any status (every row that points at it: what keeps it from being
 * deleted, decision 0069).
 */
export async function entriesByEvent(db: Kysely<DB>, eventIds: readonly string[], statuses?: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (eventIds.length === 0) return counts;
  const count = (table: "registrations" | "family_bookings") => {
    const rows = db
      .selectFrom(table)
      .select((eb) => ["event_id", eb.fn.countAll<number>().as("n")])
      .where("event_id", "in", eventIds);
    return (statuses ? rows.where("status", "in", statuses) : rows).groupBy("event_id");
  };
  const rows = await count("registrations").unionAll(count("family_bookings")).execute();
  for (const r of rows) counts.set(r.event_id, (counts.get(r.event_id) ?? 0) + Number(r.n));
  return counts;
}

/** `sessionBeforeLock`'s read, its SQL compiled once. */
const sessionWithSeats = reusableQuery((db, p: { eventId: string }) =>
  db
    .selectFrom("events as e")
    .selectAll("e")
    .select((eb) => [
      eb
        .case()
        .when("e.capacity", "is not", null)
        .then(
          eb
            .selectFrom("registrations as r")
            .select((r) => r.fn.countAll<number>().as("n"))
            .whereRef("r.event_id", "=", "e.id")
            .where("r.status", "not in", RELEASED_STATUSES),
        )
        .end()
        .as("registered"),
      eb
        .case()
        .when("e.capacity", "is not", null)
        .then(
          eb
            .selectFrom("family_bookings as b")
            .select((b) => b.fn.countAll<number>().as("n"))
            .whereRef("b.event_id", "=", "e.id")
            .where("b.status", "not in", RELEASED_STATUSES),
        )
        .end()
        .as("booked"),
    ])
    .where("e.id", "=", p.eventId),
);

/**
 * A session as a registration or booking sees it before taking the session's
 * lock, from a plain read: whether it is full now, for callers that then take
 * the lock only when it is not (decision 0033): in a rush for the last seats,
 * the many refusals do not queue behind one another and behind the winners'
 * commits. A refusal is all this decides; a seat is given only inside the
 * locked transaction, which counts again. `applies` says whether the
 * transaction would get as far as counting seats for this session (its kind,
 * its programme), so the answer is the one it would give. The session's row
 * comes with it (its capacity tells `seatTransaction` which lock to take).
 */
export async function sessionBeforeLock(
  db: Kysely<DB>,
  eventId: string,
  applies: (event: EventRow) => boolean,
): Promise<{ full: boolean; event: EventRow | undefined }> {
  // One round trip: the session and its seats taken (as `seatsTaken` counts
  // them), counted only when it has a limit.
  const [row] = await sessionWithSeats(db, { eventId });
  if (!row) return { full: false, event: undefined };
  const { registered, booked, ...event } = row;
  const full = event.capacity !== null && applies(event) && availability(event, Number(registered ?? 0) + Number(booked ?? 0)) === "full";
  return { full, event };
}

/** `alreadyEntered`'s read of each table, its SQL compiled once. */
const entered = (table: "registrations" | "family_bookings") =>
  reusableQuery((db, p: { eventId: string; emailKey: string }) =>
    db.selectFrom(table).select("id").where("event_id", "=", p.eventId).where("email_key", "=", p.emailKey).where("status", "not in", RELEASED_STATUSES),
  );
const registrationEntered = entered("registrations");
const bookingEntered = entered("family_bookings");

/**
 * Whether this email already holds a registration or booking (one not
 * released) for the session: read before the session's lock, as the unique
 * index on (event_id, email_key) refuses whichever twin races past it.
 */
export async function alreadyEntered(db: Kysely<DB>, table: "registrations" | "family_bookings", eventId: string, emailKey: string): Promise<boolean> {
  const rows = await (table === "registrations" ? registrationEntered : bookingEntered)(db, { eventId, emailKey });
  return rows.length > 0;
}

/**
 * Whether two reads of a session found the same row: mails written from the
 * session as read before its lock are kept only when the locked row is the
 * same, so they never tell an older time, place or price.
 */
export function sameSessionRow(a: EventRow, b: EventRow): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export type SessionAvailability = "open" | "closed" | "past" | "no-enrol" | "full" | "cancelled";

/** A session's status as visitors see it: an open session of a Closed programme is closed too (decision 0061). */
export function publicStatus(event: Pick<EventRow, "status" | "programme_closed">): EventRow["status"] {
  return event.status === "Open" && event.programme_closed ? "Closed" : event.status;
}

/** Whether a visitor may enrol in the session now, and why not. */
export function availability(
  event: Pick<EventRow, "starts_at" | "status" | "no_enrol" | "capacity" | "programme_closed">,
  taken: number,
  now = new Date(),
): SessionAvailability {
  if (event.status === "Cancelled") return "cancelled";
  if (Date.parse(event.starts_at) <= now.getTime()) return "past";
  if (event.no_enrol) return "no-enrol";
  if (publicStatus(event) !== "Open") return "closed";
  if (event.capacity !== null && taken >= event.capacity) return "full";
  return "open";
}

/**
 * Whether the session still gives its seats out here: open to newcomers (or full), not started or
 * canceled, not closed by staff (the session or its programme), not "no enrollment", and not taking
 * sign-ups on a page of its own. A waiting list is served only then, as a newcomer is (decision 0110).
 */
export function fillsSeatsHere(event: Pick<EventRow, "starts_at" | "status" | "no_enrol" | "capacity" | "programme_closed" | "external_link">, now = new Date()): boolean {
  return availability(event, 0, now) === "open" && !safeExternalLink(event.external_link);
}

const wireEventType: Partial<Record<EventKind, string>> = { decode: "decode", hypnotherapy: "hyp", family: "fc" };
const wireProgramType: Partial<Record<EventKind, string>> = { hypnotherapy: "hypnotherapy", family: "family" };

/**
 * A session's page and its enrollment page, for clients that follow `pagelink` and `link` (spec part 2
 * §2.6: the calendar's event name and Enroll Now) when staff set no page link of their own: the
 * programme's level page (TASSO's page, the Family Constellation page), and the session's registration
 * page (the family page's booking dialog). The same places our own calendar works out from `kind`.
 */
function ownPages(row: Pick<EventRow, "id" | "kind" | "programme_id">): { page: string | null; enroll: string | null } {
  const id = encodeURIComponent(row.id);
  const programme = row.programme_id ? encodeURIComponent(row.programme_id) : null;
  switch (row.kind) {
    // Without a programme there is no level page, and the name stays plain text (our calendar falls back on
    // `link` for the name): the Enroll button still reaches /register/{id} from the kind.
    case "decode":
      return programme ? { page: `/decode/level/${programme}`, enroll: `/register/${id}` } : { page: null, enroll: null };
    case "hypnotherapy":
      return programme ? { page: `/ich/level/${programme}`, enroll: `/register/${id}` } : { page: null, enroll: null };
    case "tasso":
      return { page: "/tasso", enroll: `/register/${id}` };
    case "family":
      return { page: "/family-constellation", enroll: `/family-constellation?id=${id}&modal=true` };
    default:
      return { page: null, enroll: null };
  }
}

/** The JSON of a session (spec part 2 §3 'Session / event'), every alias the original read included. */
export function eventToJson(row: EventRow, taken: number, programme?: { id: string; title: string } | null, now = new Date()) {
  const seatsLeft = row.capacity === null ? null : Math.max(0, row.capacity - taken);
  const price = row.price_cents === null ? null : row.price_cents / 100;
  const own = ownPages(row);
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    eventName: row.title,
    event: row.title,
    city: row.city,
    location: row.city,
    venue: row.venue,
    timeslot: row.time_slot,
    startDate: row.starts_at,
    endDate: row.ends_at,
    date: row.starts_at,
    /** Spec part 2 §3: the start's date as the site shows it, '5th Mar 2025', at the venue. */
    formattedStartDate: formatSessionDate(row.starts_at, row.time_zone),
    timeZone: row.time_zone,
    price,
    currency: row.currency,
    organiser: row.organiser,
    organisedby: row.organiser,
    organizerEmail: row.organiser_email,
    organiserEmail: row.organiser_email,
    facilitator: row.facilitator,
    paymentLink: row.payment_link,
    status: publicStatus(row),
    capacity: row.capacity === null ? "Not Limited" : `${row.capacity} ${row.capacity === 1 ? "Seat" : "Seats"}`,
    seats: row.capacity,
    seatsLeft,
    availability: availability(row, taken, now),
    externalLink: row.external_link,
    link: row.page_link ?? own.enroll,
    pagelink: row.page_link ?? own.page,
    programId: row.programme_id,
    programTitle: programme?.title ?? null,
    eventType: wireEventType[row.kind] ?? null,
    programType: wireProgramType[row.kind] ?? null,
    noenroll: row.no_enrol === 1,
  };
}

export type EventJson = ReturnType<typeof eventToJson>;

/** A programme's sessions that have not started yet, soonest first (D12: the past is never "upcoming"). */
export async function upcomingSessions(db: Database, programmeIds: readonly string[], now = new Date()) {
  const byProgramme = new Map<string, EventJson[]>();
  if (programmeIds.length === 0) return byProgramme;
  const rows = await db
    .selectFrom("events")
    .selectAll()
    .where("programme_id", "in", programmeIds)
    .where("starts_at", ">", now.toISOString())
    // A cancelled session leaves every list (decision 0032).
    .where("status", "<>", "Cancelled")
    .orderBy("starts_at")
    .execute();
  const taken = await seatsTaken(db, rows.map((r) => r.id));
  for (const row of rows) {
    const list = byProgramme.get(row.programme_id!) ?? [];
    list.push(eventToJson(row, taken.get(row.id) ?? 0, null, now));
    byProgramme.set(row.programme_id!, list);
  }
  return byProgramme;
}

/** Upcoming sessions of a kind (TASSO's, say), soonest first. */
export async function upcomingSessionsOfKind(db: Database, kind: EventKind, now = new Date()) {
  const rows = await db
    .selectFrom("events")
    .selectAll()
    .where("kind", "=", kind)
    .where("starts_at", ">", now.toISOString())
    .where("status", "<>", "Cancelled")
    .orderBy("starts_at")
    .execute();
  const taken = await seatsTaken(db, rows.map((r) => r.id));
  return rows.map((row) => eventToJson(row, taken.get(row.id) ?? 0, null, now));
}

/**
 * How many times a session's date, time or place has changed (migration 0014
 * notes each change): the SEQUENCE of every calendar entry sent for it, so a
 * calendar program replaces the entry it holds with the newer one. A
 * cancellation of one person's entry uses this plus one.
 */
export async function scheduleSequence(db: Kysely<DB>, eventId: string): Promise<number> {
  const row = await db
    .selectFrom("session_notices")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("event_id", "=", eventId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
