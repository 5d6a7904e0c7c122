import type { AppServices, RequestInfo } from "~/context.server";
import type { Database } from "~/db/db.server";
import type { ProgrammeKind } from "~/db/schema";
import { eventToJson, seatsTaken, type EventJson } from "~/features/events/events.server";
import { getProgramme } from "~/features/programmes/programmes.server";
import type { Submission } from "~/lib/http.server";
import { sessionFields, type RegistrationChannel } from "./form-logic";
import { submitRegistration, type PhotoField, type RegistrationOutcome } from "./registrations.server";

/** Session kinds the registration form takes, with their channel and the kind of their programme. */
const registrable: Record<string, { channel: RegistrationChannel; programmeKind: ProgrammeKind }> = {
  decode: { channel: "decode", programmeKind: "decode" },
  tasso: { channel: "decode", programmeKind: "tasso" },
  hypnotherapy: { channel: "hypnotherapy", programmeKind: "hypnotherapy" },
};

/** Where a programme's own page is, for the 'back' link. */
const programmePaths: Record<ProgrammeKind, (id: string) => string> = {
  decode: (id) => `/decode/level/${encodeURIComponent(id)}`,
  hypnotherapy: (id) => `/ich/level/${encodeURIComponent(id)}`,
  tasso: () => "/tasso",
};

export type RegistrationPage = {
  channel: RegistrationChannel;
  programme: { id: string; title: string; level: number | null; path: string | null };
  levelName: string;
  /** The session the page was opened for, and the others the visitor may switch to (upcoming only, soonest first). */
  session: EventJson;
  sessions: EventJson[];
};

/**
 * The /register/{sessionId} page (the registration form without JavaScript):
 * the session, its programme and the programme's other upcoming sessions. Null
 * for a session that does not exist, has started, or is not one a visitor
 * registers for with this form (a Family Constellation session, say).
 */
export async function loadRegistrationPage(db: Database, sessionId: string, now = new Date()): Promise<RegistrationPage | null> {
  const row = await db.selectFrom("events").selectAll().where("id", "=", sessionId).executeTakeFirst();
  const kind = row ? registrable[row.kind] : undefined;
  if (!row || !kind || row.status === "Cancelled" || Date.parse(row.starts_at) <= now.getTime()) return null;
  const programme = row.programme_id ? await getProgramme(db, kind.programmeKind, row.programme_id) : null;
  let sessions: EventJson[] = programme?.upcomingEvents ?? [];
  let session = sessions.find((s) => s._id === row.id);
  if (!session) {
    const taken = (await seatsTaken(db, [row.id])).get(row.id) ?? 0;
    session = eventToJson(row, taken, null, now);
    sessions = [session, ...sessions];
  }
  const title = programme?.title ?? row.title;
  return {
    channel: kind.channel,
    programme: {
      id: programme?._id ?? row.programme_id ?? row.id,
      title,
      level: programme?.level ?? null,
      path: programme ? programmePaths[kind.programmeKind](programme._id) : null,
    },
    levelName: title,
    session,
    sessions,
  };
}

/** Whether a session staff canceled (its /register page says so instead of 'not found'). */
export async function isCanceledSession(db: Database, sessionId: string): Promise<boolean> {
  if (sessionId.length > 100) return false;
  const row = await db.selectFrom("events").select("status").where("id", "=", sessionId).executeTakeFirst();
  return row?.status === "Cancelled";
}

/**
 * A registration posted from the page. The session's label, venue, time slot,
 * course date and the hidden values come from the server's own record of the
 * chosen session, not from the post (a form without JavaScript cannot fill them).
 */
export async function registerFromPage(
  services: Pick<AppServices, "db" | "formLimiter" | "mailWorker" | "config">,
  request: Pick<RequestInfo, "ip">,
  page: RegistrationPage,
  submission: Submission,
): Promise<RegistrationOutcome> {
  const posted = submission.values.upcomingEventId;
  // Not posted at all: the page's session; posted empty ('Select a session'): none.
  const chosen = typeof posted !== "string" ? page.session : posted ? page.sessions.find((s) => s._id === posted) : undefined;
  const values: Record<string, unknown> = {
    ...submission.values,
    levelName: page.levelName,
    level: page.programme.level ?? undefined,
    programId: page.programme.id,
    // No session chosen: 'City is required'; one of another program: the server's refusal.
    ...(chosen ? sessionFields(chosen) : {}),
  };
  return submitRegistration(services, request, page.channel, values, submission.files as Partial<Record<PhotoField, Uint8Array>>);
}
