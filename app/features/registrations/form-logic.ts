/**
 * Pure rules of the registration form and dialog (spec part 2 §2.3, §4, §8):
 * which sessions can be chosen and why not, what a chosen session fills in,
 * and the words a failed submission is reported in. Decision 0009.
 */
import type { EventJson } from "~/features/events/events.server";
import { courseDetailDate, courseDetailTime, DEFAULT_TIME_ZONE, formatTimeRange, knownCityFallback, sessionLabel } from "~/features/events/format";
import { ApiError } from "~/lib/api-client";
import { safeExternalLink } from "~/lib/external-link";
import {
  httpErrorMessage,
  NETWORK_FAILED_MESSAGE,
  SUBMIT_FAILED_MESSAGE,
  submissionFailedMessage,
  UNEXPECTED_ERROR_MESSAGE,
} from "./schema";

/** The parts of a session the form reads (the wire JSON of events.server.ts). */
export type FormSession = Pick<EventJson, "_id" | "title" | "city" | "venue" | "timeslot" | "startDate" | "endDate" | "timeZone" | "availability" | "programId"> &
  Partial<Pick<EventJson, "price" | "currency" | "seatsLeft" | "externalLink">>;

export type RegistrationChannel = "decode" | "hypnotherapy";

/** Why a session is shown but cannot be chosen, in a few words after its label. */
export const unavailableReasons: Record<Exclude<EventJson["availability"], "open">, string> = {
  full: "Fully booked",
  closed: "Registration closed",
  "no-enrol": "No online registration",
  past: "Already started",
  cancelled: "Canceled",
};

export type SessionOption = { id: string; label: string; text: string; disabled: boolean; reason: string | null };

/** The session's label, 'city | event | 5th Mar 2025' (spec §3), which the wire sends as `city`. */
export function labelOf(session: FormSession): string {
  return sessionLabel({ city: session.city, title: session.title, startsAt: session.startDate, timeZone: session.timeZone });
}

/** What the option of a session signed up for on its own page adds to its label. */
export const SIGN_UP_ELSEWHERE_OPTION = "Sign-up on its own page";

/** Whether the form can take this session: open, or full with its waiting list, and not signed up for elsewhere. */
/** Whether a session can be chosen in the form: open, or full (its waiting list), and not signed up for elsewhere. */
export function choosableSession(s: FormSession): boolean {
  return (s.availability === "open" || s.availability === "full") && !safeExternalLink(s.externalLink);
}

/**
 * Every session as an option of the session choice; those that cannot be
 * joined are disabled and say why. A full one can be chosen: the form then
 * joins its waiting list (issue 11). A session with an external sign-up link
 * is signed up for there (decision 0015), so it is shown but disabled.
 */
export function sessionOptions(sessions: readonly FormSession[]): SessionOption[] {
  const labels = sessions.map(labelOf);
  return sessions.map((s, i) => {
    // Two sessions of one title in one city on one day read alike: each then says its start time too.
    const label = labels.indexOf(labels[i]!) !== labels.lastIndexOf(labels[i]!) ? `${labels[i]!} | ${formatTimeRange(s.startDate, null, s.timeZone)}` : labels[i]!;
    const reason =
      s.availability !== "open" && s.availability !== "full"
        ? unavailableReasons[s.availability]
        : safeExternalLink(s.externalLink)
          ? SIGN_UP_ELSEWHERE_OPTION
          : s.availability === "full"
            ? WAITING_LIST_OPTION
            : null;
    return { id: s._id, label, text: reason ? `${label} (${reason})` : label, disabled: !choosableSession(s), reason };
  });
}

/** What a full session's option adds to its label. */
export const WAITING_LIST_OPTION = "Fully booked: waiting list";

/**
 * The session chosen when the form opens: the preselected one if it can be
 * joined (or, full, its waiting list), else the first that can be joined, else none.
 */
export function initialSessionId(sessions: readonly FormSession[], preselectId?: string | null): string {
  const open = sessions.filter((s) => s.availability === "open" && choosableSession(s));
  const asked = sessions.find((s) => s._id === preselectId && choosableSession(s));
  return (asked ?? open[0])?._id ?? "";
}

/** Venue and time slot of a session; the known-city fallback of §4 fills what the session leaves empty. */
export function sessionPlace(session: Pick<FormSession, "city" | "venue" | "timeslot"> | null | undefined): { venue: string; timeslot: string } {
  if (!session) return { venue: "", timeslot: "" };
  const fallback = knownCityFallback(session.city);
  return {
    venue: session.venue?.trim() || fallback?.venue || "",
    timeslot: session.timeslot?.trim() || fallback?.timeSlot || "",
  };
}

/** The session's share of the wire payload (spec §3): the label as `city`, venue, slot and course date, time and venue. */
export function sessionFields(session: FormSession): Record<string, string> {
  const zone = session.timeZone || DEFAULT_TIME_ZONE;
  const place = sessionPlace(session);
  const out: Record<string, string> = {
    upcomingEventId: session._id,
    city: labelOf(session),
    venue: place.venue,
    timeslot: place.timeslot,
    courseDetailVenue: place.venue || session.city || "",
  };
  const date = courseDetailDate(session.startDate, zone);
  const time = courseDetailTime(session.startDate, zone);
  if (date) out.courseDetailDate = date;
  if (time) out.courseDetailTime = time;
  if (session.programId) out.programId = session.programId;
  return out;
}

/**
 * What a failed submission tells the visitor (spec §8): the server's message,
 * else 'Network request failed' (no answer), else 'HTTP error! status: N' (an
 * answer without a message), else the error's own text, else 'An unexpected
 * error occurred'. An answer that arrived but did not say success is 'Failed to
 * submit registration'. The DECODE dialog's banner wraps it in
 * 'Submission failed: …'; the ICH dialog shows it as it is.
 */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    return error.status === 0 ? NETWORK_FAILED_MESSAGE : httpErrorMessage(error.status);
  }
  if (error instanceof NotSucceeded) return SUBMIT_FAILED_MESSAGE;
  if (error instanceof Error && error.message.trim()) return error.message;
  return UNEXPECTED_ERROR_MESSAGE;
}

/** The banner's text for a failure on a channel. */
export function bannerText(channel: RegistrationChannel, message: string): string {
  return channel === "decode" ? submissionFailedMessage(message) : message;
}

/** A 2xx answer whose body does not say `success: true`. */
export class NotSucceeded extends Error {
  constructor() {
    super(SUBMIT_FAILED_MESSAGE);
    this.name = "NotSucceeded";
  }
}

/** The field errors a 400 answer carries (`errors: {field: message}`), or none. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== "object" || !("errors" in error.data)) return {};
  const errors = (error.data as { errors: unknown }).errors;
  if (!errors || typeof errors !== "object") return {};
  return Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/** The API path of a channel (spec §7). */
export function registrationEndpoint(channel: RegistrationChannel): string {
  return channel === "hypnotherapy" ? "/ich/ich-registration" : "/registration";
}

/** The page that holds the form without JavaScript; enrol links point here. */
export { registerPath } from "./paths";

/** The ICH registration's optional photo parts (wire names kept). */
export type PhotoField = "profileImage" | "idPhotofront" | "idphotoback";
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp";

/**
 * A first look at a chosen photo, in the server's words: too large, or not a
 * JPEG, PNG or WebP by its declared type. The server decides by the bytes.
 */
export function photoProblem(file: { size: number; type: string }, label: string): string | null {
  if (file.size > PHOTO_MAX_BYTES) return `${label} must be 5 MB or smaller`;
  if (file.type && !PHOTO_ACCEPT.split(",").includes(file.type)) return `${label} must be a JPEG, PNG or WebP image`;
  return null;
}
