/**
 * Pure rules of the level and programme pages (spec part 2 §2.2, §4; decision
 * 0010): which level a URL asks for, when the registration dialog opens by
 * itself and with which session, and how a session reads in the table.
 * Isomorphic: the loaders, the page and the calendar use the same code.
 */
import { WAITING_LIST_BUTTON } from "~/features/events/seats";
import type { EventJson } from "~/features/events/events.server";
import { courseDetailDate, EVENT_NAME_NOT_AVAILABLE, formatPrice, formatSessionDate, formatTimesUnderDate, LOCATION_NOT_AVAILABLE } from "~/features/events/format";
import { safeExternalLink } from "~/lib/external-link";
import { enrolButton, type EnrolButton } from "./enrol-button";

/** What a level page shows when the database has no value (spec §2.2, section 1). */
export const DEFAULT_DURATION = "TBD";
export const DEFAULT_CERTIFICATION = "Professional Certification";
/** The program form's hint under its Certification field (decision 0094). */
export const CERTIFICATION_HINT = `Shown under the title on the program's page. Left empty, the page says "${DEFAULT_CERTIFICATION}".`;

export const LOADING_TEXT = "Loading program details...";
export const ERROR_TITLE = "Error loading program";
export const TRY_AGAIN = "Try again";
export const LEVEL_NOT_FOUND = { title: "Level Not Found", text: "The requested level does not exist." } as const;
export const PROGRAM_NOT_FOUND = { title: "Program Not Found", text: "The requested program does not exist." } as const;

/** A programme or level reference: a stored id ('decode-2') or a level number ('2'). Letters, digits, '-' and '_'. */
const REF = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Spec §2.2: the level comes from the route's {id}; if absent, from the query's
 * `level`; else level 1. A value that is not a plausible id reads as absent.
 */
export function levelRef(id: string | undefined | null, search: URLSearchParams): string {
  for (const candidate of [id, search.get("level")]) {
    const text = candidate?.trim();
    if (text && REF.test(text)) return text;
  }
  return "1";
}

/** A whole level number from a reference ('3' → 3), or null when it is an id. */
export function levelNumber(ref: string): number | null {
  return /^\d{1,3}$/.test(ref) ? Number(ref) : null;
}

/** /level-one … /level-four and /level/{n}: the level asked for, or null (not 1 to 5: 'Level Not Found'). */
export function staticLevelNumber(pathname: string, levelParam: string | undefined): number | null {
  const shortcuts: Record<string, number> = { "level-one": 1, "level-two": 2, "level-three": 3, "level-four": 4 };
  const n = shortcuts[pathname.split("/").pop() ?? ""] ?? (levelParam && /^\d$/.test(levelParam) ? Number(levelParam) : null);
  return n !== null && n >= 1 && n <= 5 ? n : null;
}

/** The navigation state the calendar (/schedule) passes to a level page (spec §2.2, §2.6). */
export type ScheduleState = { fromSchedule?: boolean; openModal?: boolean; selectedEvent?: unknown };

/**
 * Reads `location.state` as the calendar's: whether it asks for the dialog, and
 * the session it chose (an event object with `_id` or `id`, or the id itself).
 * Anything else (no state, another page's state) asks for nothing.
 */
export function readScheduleState(state: unknown): { open: boolean; sessionId: string | null } {
  if (!state || typeof state !== "object") return { open: false, sessionId: null };
  const s = state as ScheduleState;
  const ev = s.selectedEvent;
  let sessionId: string | null = null;
  if (typeof ev === "string" || typeof ev === "number") sessionId = String(ev);
  else if (ev && typeof ev === "object") {
    const o = ev as { _id?: unknown; id?: unknown };
    const v = o._id ?? o.id;
    if (typeof v === "string" || typeof v === "number") sessionId = String(v);
  }
  if (sessionId !== null && !REF.test(sessionId)) sessionId = null;
  const open = s.openModal === true || (s.fromSchedule === true && sessionId !== null);
  return { open, sessionId };
}

/** The state the calendar passes when its Enroll Now leads to a level page: the page opens the dialog with `session` chosen. */
export function scheduleState(session: { _id: string }): ScheduleState {
  return { fromSchedule: true, openModal: true, selectedEvent: session };
}

type DialogSession = Pick<EventJson, "_id" | "startDate" | "timeZone" | "availability">;

/**
 * Whether the dialog opens when the page loads, and with which session:
 * - `modal` in the query (any value, even empty) opens it;
 * - `date` (YYYY-MM-DD, or an ISO instant whose first ten characters are one)
 *   chooses the first session that can be joined starting that day at its venue;
 * - the calendar's state opens it with its session chosen (it wins over `date`).
 * A chosen session that is not on the page, or cannot be joined, is ignored:
 * the dialog then chooses the first that can (the enrol button's rule).
 */
export function initialDialog(search: URLSearchParams, state: unknown, sessions: readonly DialogSession[]): { open: boolean; preselectId: string | null } {
  const fromState = readScheduleState(state);
  // A full session can be asked for too: the dialog then joins its waiting list (issue 11).
  const joinable = (id: string | null) => (id ? (sessions.find((s) => s._id === id && (s.availability === "open" || s.availability === "full"))?._id ?? null) : null);
  let preselectId = joinable(fromState.sessionId);
  const date = /^(\d{4}-\d{2}-\d{2})/.exec(search.get("date")?.trim() ?? "")?.[1];
  if (!preselectId && date) {
    preselectId = sessions.find((s) => s.availability === "open" && courseDetailDate(s.startDate, s.timeZone) === date)?._id ?? null;
  }
  return { open: search.has("modal") || fromState.open, preselectId };
}

/** One row of the 'Upcoming Sessions' table (and card), in words. */
export type SessionRow = {
  id: string;
  name: string;
  /** '5th Mar 2025' at the venue. */
  date: string;
  /** '9:00 AM – 6:00 PM EST' at the venue. */
  time: string;
  location: string;
  venue: string | null;
  organiser: string;
  price: string;
  /** '3 seats left', '1 seat left'; null when not limited or full (the button's place says 'Fully booked'). */
  seats: string | null;
};

type RowSession = Pick<EventJson, "_id" | "title" | "city" | "venue" | "startDate" | "endDate" | "timeZone" | "organiser" | "facilitator" | "price" | "currency" | "seatsLeft" | "availability">;

export function seatsText(seatsLeft: number | null | undefined): string | null {
  if (seatsLeft === null || seatsLeft === undefined) return null;
  if (seatsLeft <= 0) return "Fully booked";
  return `${seatsLeft} ${seatsLeft === 1 ? "seat" : "seats"} left`;
}

export function sessionRow(s: RowSession): SessionRow {
  return {
    id: s._id,
    name: s.title?.trim() || EVENT_NAME_NOT_AVAILABLE,
    date: formatSessionDate(s.startDate, s.timeZone),
    time: formatTimesUnderDate(s.startDate, s.endDate, s.timeZone),
    location: s.city?.trim() || LOCATION_NOT_AVAILABLE,
    venue: s.venue?.trim() || null,
    organiser: s.organiser?.trim() || s.facilitator?.trim() || "—",
    price: formatPrice(s.price === null ? null : Math.round(s.price * 100), s.currency ?? "USD"),
    // A full session says so in place of its button.
    seats: s.availability === "full" ? null : seatsText(s.seatsLeft),
  };
}

/** The words of a row's button (spec §2.2: the table's 'Action' column reads 'Enroll'). */
export const ENROLL_ROW_LABEL = "Enroll";

/** Why a session in the table cannot be joined, in place of its button. */
export function unavailableText(availability: EventJson["availability"]): string {
  const reasons: Record<EventJson["availability"], string> = {
    open: "",
    full: "Fully booked",
    closed: "Registration closed",
    "no-enrol": "No online registration",
    past: "Already started",
    cancelled: "Canceled",
  };
  return reasons[availability];
}

/**
 * A row's button: its external link in a new tab, else the dialog with it
 * chosen (for a full session, the dialog joins its waiting list: issue 11);
 * null when it cannot be joined.
 */
export function sessionButton(s: Pick<EventJson, "_id" | "externalLink" | "availability">): EnrolButton | null {
  const href = safeExternalLink(s.externalLink);
  if (s.availability === "full" && !href) return { label: WAITING_LIST_BUTTON, disabled: false, action: "open-dialog", preselectId: s._id };
  if (s.availability !== "open") return null;
  return href
    ? { label: ENROLL_ROW_LABEL, disabled: false, action: "external", href, preselectId: s._id }
    : { label: ENROLL_ROW_LABEL, disabled: false, action: "open-dialog", preselectId: s._id };
}

/**
 * The side panel's button (spec §4, decision 0007): `enrolButton` over the
 * page's sessions, except that a session the visitor chose in the table (and
 * that can be joined) is the one it enrolls in.
 */
export function panelButton(input: {
  page: "level" | "programme";
  level: number | null;
  sessions: ReadonlyArray<Pick<EventJson, "_id" | "externalLink" | "availability">>;
  selectedId: string | null;
}): EnrolButton {
  const button = enrolButton({
    page: input.page,
    level: input.level,
    sessions: input.sessions.map((s) => ({ id: s._id, externalLink: s.externalLink, full: s.availability !== "open" })),
  });
  // Only a session that can be joined changes the panel's button (a full one's waiting list is its row's button).
  const chosen = input.sessions.find((s) => s._id === input.selectedId && s.availability === "open");
  const row = chosen ? sessionButton(chosen) : null;
  return row && !button.disabled ? { ...row, label: button.label } : button;
}
