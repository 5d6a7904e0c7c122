import { safeExternalLink } from "~/lib/external-link";

/**
 * Where the event calendar's two links go (spec part 2 §2.6). Pure and
 * isomorphic: the table, the cards and the tests use these two functions.
 * Choices beyond the spec: docs/decisions/0015-event-calendar.md.
 */

/** The session fields the routing reads (a subset of the session JSON). */
export type RoutedEvent = {
  _id: string;
  programId?: string | null;
  programType?: string | null;
  eventType?: string | null;
  kind?: string | null;
  externalLink?: string | null;
  link?: string | null;
  pagelink?: string | null;
  noenroll?: boolean;
  availability?: "open" | "closed" | "past" | "no-enrol" | "full" | "cancelled";
};

/**
 * The navigation state that opens the level page's registration dialog (or the
 * family page's booking dialog) with the session preselected (§2.2, §2.4).
 */
export type ScheduleNavigationState<E = RoutedEvent> = { fromSchedule: true; openModal: true; selectedEvent: E };

export type Target<E = RoutedEvent> =
  /** A page of this site, with the state it opens the dialog with, when it has one. */
  | { kind: "internal"; to: string; state?: ScheduleNavigationState<E> }
  /** Another site: opened in a new tab. */
  | { kind: "external"; href: string };

const enc = encodeURIComponent;
const trimmed = (v: string | null | undefined) => (typeof v === "string" && v.trim() ? v.trim() : null);

/** The event's own link: a path of this site, or a full http(s) URL (opened in a new tab); anything else is no link. */
function ownLink<E extends RoutedEvent>(value: string | null | undefined): Target<E> | null {
  const link = safeExternalLink(value);
  if (!link) return null;
  return link.startsWith("/") ? { kind: "internal", to: link } : { kind: "external", href: link };
}

/** The programme page a session belongs to when it has no link of its own. */
function programmePage(event: RoutedEvent): string | null {
  const id = trimmed(event.programId);
  const type = event.eventType ?? null;
  if (type === "decode" && id) return `/decode/level/${enc(id)}`;
  if (type === "hyp" && id) return `/ich/level/${enc(id)}`;
  if (event.kind === "tasso") return "/tasso";
  return null;
}

/**
 * Where a click on the event's name goes: /ich/level/… for hypnotherapy (the
 * programme's page, else level 1 as in the original), /family-constellation for
 * family, otherwise the event's page link; with none, the programme's page; else
 * nowhere (the name is plain text).
 */
export function eventNameTarget<E extends RoutedEvent>(event: E): Target<E> | null {
  if (event.programType === "hypnotherapy") {
    const id = trimmed(event.programId);
    return { kind: "internal", to: `/ich/level/${id ? enc(id) : "1"}` };
  }
  if (event.programType === "family") return { kind: "internal", to: "/family-constellation" };
  const own = ownLink<E>(event.pagelink) ?? ownLink<E>(event.link);
  if (own) return own;
  const page = programmePage(event);
  return page ? { kind: "internal", to: page } : null;
}

/** Kinds whose sessions take the registration form at /register/{id}. */
const registrable = new Set(["decode", "hypnotherapy", "tasso"]);

export type EnrollAction<E = RoutedEvent> =
  /** Enroll Now; for a full session 'Waiting list', to the same dialog, which then joins its waiting list. */
  | { kind: "go"; target: Target<E>; label: "Enroll Now" | "Waiting list" }
  /** No online enrollment: a dash for price and action (§2.6 'noenroll'). */
  | { kind: "none" }
  /** Shown as a disabled button with this label. */
  | { kind: "unavailable"; label: "Full" | "Closed" | "Canceled" };

/**
 * Enroll Now (§2.6): the external link in a new tab when the event has one;
 * /ich/level/{programId} for hyp, /family-constellation?id=…&modal=true for fc
 * and /decode/level/{programId} for decode, each with the navigation state that
 * opens the dialog with this session preselected; otherwise the event's link
 * (a path of this site or a full URL); with none, the session's own
 * registration page (DECODE, ICH and TASSO sessions), else nothing to enroll in (a dash). A session marked noenroll gets the dash; a closed
 * one a disabled 'Closed' (D7). A full one leads to the same dialog as 'Waiting list' (issue 11's waiting list, which
 * its dialog joins); a full one with nowhere to lead is a disabled 'Full'.
 */
export function enrollAction<E extends RoutedEvent>(event: E): EnrollAction<E> {
  if (event.noenroll || event.availability === "no-enrol") return { kind: "none" };
  const external = ownLink<E>(event.externalLink);
  if (external) return { kind: "go", target: external, label: "Enroll Now" };
  if (event.availability === "cancelled") return { kind: "unavailable", label: "Canceled" };
  if (event.availability === "closed" || event.availability === "past") return { kind: "unavailable", label: "Closed" };
  const full = event.availability === "full";
  const target = enrollTarget(event);
  if (!target) return full ? { kind: "unavailable", label: "Full" } : { kind: "none" };
  return { kind: "go", target, label: full ? "Waiting list" : "Enroll Now" };
}

function enrollTarget<E extends RoutedEvent>(event: E): Target<E> | null {
  const state: ScheduleNavigationState<E> = { fromSchedule: true, openModal: true, selectedEvent: event };
  const id = trimmed(event.programId);
  if (event.eventType === "hyp" && id) return { kind: "internal", to: `/ich/level/${enc(id)}`, state };
  if (event.eventType === "fc") return { kind: "internal", to: `/family-constellation?id=${enc(event._id)}&modal=true`, state };
  if (event.eventType === "decode" && id) return { kind: "internal", to: `/decode/level/${enc(id)}`, state };
  const own = ownLink<E>(event.link) ?? ownLink<E>(event.pagelink);
  if (own) return own;
  if (event.kind && registrable.has(event.kind)) return { kind: "internal", to: `/register/${enc(event._id)}` };
  return null;
}
