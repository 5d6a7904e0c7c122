import { sql, type Expression } from "kysely";
import type { Database } from "~/db/db.server";
import { writeTransaction } from "~/db/transactions.server";
import { recordAudit } from "~/features/audit/audit.server";
import { isAttendance, type AttendanceValue } from "./rules";

/**
 * Attendance (issue 11 point 5, decision 0031): after a session has started,
 * staff mark each registration that held a seat as attended or not. Attended
 * registrations are what a later level's prerequisite check looks for.
 */

export const ATTENDANCE_PAGE_SIZE = 20;
/** Sessions registered for with the registration form (Family Constellation bookings take no attendance). */
const KINDS = ["decode", "hypnotherapy", "tasso"] as const;

export type AttendanceSession = {
  id: string;
  title: string;
  city: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  programmeTitle: string | null;
  registrants: number;
  marked: number;
};

/**
 * Sessions that have started (not cancelled) with at least one registration
 * holding a seat, latest first, a page at a time, with how many are marked.
 */
export async function listAttendanceSessions(db: Database, page: number, now = new Date()) {
  const at = now.toISOString();
  // The sessions first, then the counts of the page's few only: grouping every seat-holding registration
  // of every past session was the slow part at 100,000 registrations (decision 0113).
  const seatHolders = (eventId: Expression<string>) =>
    db.selectFrom("registrations as r").where("r.event_id", "=", eventId).where("r.status", "=", "registered");
  const base = db
    .selectFrom("events as e")
    .where("e.kind", "in", KINDS)
    .where("e.starts_at", "<=", at)
    .where("e.status", "<>", "Cancelled")
    .where((eb) => eb.exists(seatHolders(eb.ref("e.id")).select(sql`1`.as("one"))));
  const total = Number((await base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst())?.n ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / ATTENDANCE_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), totalPages);
  const rows = await base
    .leftJoin("programmes as p", "p.id", "e.programme_id")
    .select((eb) => [
      "e.id",
      "e.title",
      "e.city",
      "e.starts_at",
      "e.ends_at",
      "e.time_zone",
      "p.title as programme_title",
      seatHolders(eb.ref("e.id")).select((c) => c.fn.countAll<number | string>().as("n")).as("registrants"),
      seatHolders(eb.ref("e.id")).select((c) => c.fn.count<number | string>("r.attendance").as("n")).as("marked"),
    ])
    .orderBy("e.starts_at", "desc")
    .orderBy("e.id")
    .limit(ATTENDANCE_PAGE_SIZE)
    .offset((current - 1) * ATTENDANCE_PAGE_SIZE)
    .execute();
  const sessions: AttendanceSession[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    city: r.city,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    timeZone: r.time_zone,
    programmeTitle: r.programme_title ?? null,
    registrants: Number(r.registrants),
    marked: Number(r.marked),
  }));
  return { sessions, total, page: current, totalPages };
}

export type RosterEntry = {
  id: string;
  name: string;
  email: string;
  attendance: AttendanceValue | null;
  markedAt: string | null;
  markedBy: string | null;
};

/** One session's registrations that held a seat, by name, with their attendance; null when the session cannot take attendance. */
export async function sessionRoster(db: Database, eventId: string, now = new Date()) {
  if (!eventId || eventId.length > 100) return null;
  const event = await db
    .selectFrom("events as e")
    .leftJoin("programmes as p", "p.id", "e.programme_id")
    .select(["e.id", "e.title", "e.city", "e.venue", "e.starts_at", "e.ends_at", "e.time_zone", "e.kind", "e.status", "p.title as programme_title"])
    .where("e.id", "=", eventId)
    .executeTakeFirst();
  if (!event || !(KINDS as readonly string[]).includes(event.kind) || event.status === "Cancelled" || Date.parse(event.starts_at) > now.getTime()) return null;
  const rows = await db
    .selectFrom("registrations")
    .select(["id", "first_name", "last_name", "email", "attendance", "attendance_marked_at", "attendance_marked_by"])
    .where("event_id", "=", eventId)
    .where("status", "=", "registered")
    .orderBy("last_name")
    .orderBy("first_name")
    .orderBy("id")
    .execute();
  const entries: RosterEntry[] = rows.map((r) => ({
    id: r.id,
    name: `${r.first_name} ${r.last_name}`.trim(),
    email: r.email,
    attendance: isAttendance(r.attendance) ? r.attendance : null,
    markedAt: r.attendance_marked_at,
    markedBy: r.attendance_marked_by,
  }));
  return {
    session: {
      id: event.id,
      title: event.title,
      city: event.city,
      venue: event.venue,
      startsAt: event.starts_at,
      endsAt: event.ends_at,
      timeZone: event.time_zone,
      programmeTitle: event.programme_title ?? null,
    },
    entries,
  };
}

export type MarkOutcome = { status: "saved"; changed: number } | { status: "not-found" } | { status: "invalid"; message: string };

export const ATTENDANCE_LIST_CHANGED = "This list changed while it was open. Reload it and mark attendance again.";
export const ATTENDANCE_INVALID = "Choose Attended or Did not attend for each person.";

/**
 * Saves a session's attendance: `marks` maps registration ids to 'attended'
 * or 'not_attended' (a registration left out stays as it is). Each change is
 * stored with who and when, and recorded in the audit trail, in one
 * transaction; an id that is not on the list refuses the whole save.
 */
export async function markAttendance(
  db: Database,
  actor: { id: string; email: string; ip: string | null },
  eventId: string,
  marks: Record<string, unknown>,
  now = new Date(),
): Promise<MarkOutcome> {
  for (const value of Object.values(marks)) if (!isAttendance(value)) return { status: "invalid", message: ATTENDANCE_INVALID };
  const roster = await sessionRoster(db, eventId, now);
  if (!roster) return { status: "not-found" };
  const known = new Set(roster.entries.map((e) => e.id));
  if (Object.keys(marks).some((id) => !known.has(id))) return { status: "invalid", message: ATTENDANCE_LIST_CHANGED };
  return writeTransaction(db, async (trx) => {
    let changed = 0;
    const at = now.toISOString();
    for (const [id, value] of Object.entries(marks) as Array<[string, AttendanceValue]>) {
      const done = await trx
        .updateTable("registrations")
        .set({ attendance: value, attendance_marked_at: at, attendance_marked_by: actor.email })
        .where("id", "=", id)
        .where("event_id", "=", eventId)
        .where("status", "=", "registered")
        .where((eb) => eb.or([eb("attendance", "is", null), eb("attendance", "<>", value)]))
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) continue;
      changed += 1;
      await recordAudit(
        trx,
        { action: "attendance", actor: { id: actor.id, email: actor.email }, target: { type: "registration", id }, ip: actor.ip, detail: { session: eventId, attendance: value } },
        now,
      );
    }
    return { status: "saved", changed } as const;
  });
}
