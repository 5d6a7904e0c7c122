/**
 * The staff form of a Family Constellation event (spec part 2 §3 'Event (admin)',
 * §5 'Event form'), checked in the modal and again by the screen's action and by
 * /api/familyEvent. Wire names are the original's (`organisedby`, `organiserEmail`).
 * Times are wall-clock times at the venue, in its IANA time zone (D13).
 * Choices the spec leaves open: docs/decisions/0022-event-management.md.
 */
import * as z from "zod/mini";
import { dateTimeFormat } from "~/lib/format";
import { emailPattern, optionalText, requiredText, type FieldErrors } from "~/lib/validation";
import { DEFAULT_TIME_ZONE, parseEventInstant } from "./format";

export const FAMILY_EVENT_NAME = "Family Constellation";

export const EVENT_NAME_REQUIRED = "Event name is required";
export const START_REQUIRED = "Start date and time is required";
export const START_IN_PAST = "Start date cannot be before today";
export const END_REQUIRED = "End date and time is required";
export const END_BEFORE_START = "End date must be after or equal to start date";
export const INVALID_DATE = "Invalid date format";
export const LOCATION_REQUIRED = "Location is required";
export const LOCATION_MIN = "Location must be at least 3 characters";
export const CAPACITY_REQUIRED = "Capacity is required";
export const CAPACITY_FORMAT = "Capacity must be in format like '10 Seats'";
export const CAPACITY_MIN = "Capacity must be at least 1 seat";
export const ORGANIZER_REQUIRED = "Organizer name is required";
export const ORGANIZER_MIN = "Organizer name must be at least 3 characters";
export const ORGANIZER_EMAIL_REQUIRED = "Organizer email is required";
export const ORGANIZER_EMAIL_INVALID = "Invalid email address";
export const PRICE_REQUIRED = "Price is required";
export const PRICE_FORMAT = "Price must be in currency format (e.g., $375 or $375.00)";
/** Our own bound: past it a price is a typo, and past about $90 trillion its cents would no longer be exact. */
export const PRICE_MAX_CENTS = 100_000_000;
export const PRICE_TOO_HIGH = "Price must be $1,000,000 or less";
export const PAYMENT_LINK_REQUIRED = "Payment link is required";
export const URL_INVALID = "Invalid URL format";
export const STATUS_REQUIRED = "Status is required";
export const TIME_ZONE_INVALID = "Choose the venue's time zone";
export const FACILITATOR_INVALID = "Invalid facilitator name";

/** Spec §8 toasts of the events screen. */
export const EVENT_CREATED = "Event created successfully";
export const EVENT_UPDATED = "Event updated successfully";
export const EVENT_DELETED = "Event deleted successfully";
export const SAVE_FAILED = "Failed to save event";
export const DELETE_FAILED = "Failed to delete event";
export const FETCH_FAILED = "Failed to fetch events";
export const EVENT_INVALID = "Please fix the errors below before submitting";

/** Spec §9: default end is start plus 2 hours. */
export const DEFAULT_DURATION_MS = 2 * 60 * 60 * 1000;

export const EVENT_STATUSES = ["Open", "Closed"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Venue time zones offered in the form (the workshops run in the USA); the API accepts any IANA zone. */
export const VENUE_TIME_ZONES: ReadonlyArray<{ value: string; label: string }> = [
  { value: "America/New_York", label: "Eastern (New York)" },
  { value: "America/Chicago", label: "Central (Chicago)" },
  { value: "America/Denver", label: "Mountain (Denver)" },
  { value: "America/Phoenix", label: "Arizona (Phoenix)" },
  { value: "America/Los_Angeles", label: "Pacific (Los Angeles)" },
  { value: "America/Anchorage", label: "Alaska (Anchorage)" },
  { value: "Pacific/Honolulu", label: "Hawaii (Honolulu)" },
  { value: "Asia/Dubai", label: "Gulf (Dubai)" },
];

/** The zones a session's select offers: the list, and the session's own zone where the API stored another one. */
export function timeZoneOptions(zone: string): ReadonlyArray<{ value: string; label: string }> {
  return !zone || VENUE_TIME_ZONES.some((listed) => listed.value === zone) ? VENUE_TIME_ZONES : [...VENUE_TIME_ZONES, { value: zone, label: zone }];
}

/** '10 Seats', '1 Seat', '25seats': the number before 'Seat' or 'Seats'. */
export const capacityPattern = /^(\d{1,6})\s*seats?$/i;
/** '$375', '$ 375.00', '$1,500', '$1500.50': a dollar sign, an optional space, digits (thousands commas allowed), optional cents. */
export const pricePattern = /^\$ ?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{2})?$/;
/** An absolute http(s) address without spaces. */
export const urlPattern = /^https?:\/\/[^\s/?#.]+(?:\.[^\s/?#.]+)*(?::\d{1,5})?(?:[/?#]\S*)?$/i;

export function isTimeZone(value: string): boolean {
  return canonicalTimeZone(value) !== null;
}

/**
 * A zone's name as the time-zone database spells it ('america/denver' →
 * 'America/Denver', 'utc' → 'UTC'), or null when it names none. Intl reads
 * names in any case, but the calendar file's VTIMEZONE and every comparison
 * want the one spelling.
 */
export function canonicalTimeZone(value: string): string | null {
  if (!/^[A-Za-z_][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return null;
  let name: string;
  try {
    name = new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (!name) return null;
  if (name.toLowerCase() === value.toLowerCase()) return name;
  // A link ICU resolves to an older or another name ('Asia/Kolkata' to 'Asia/Calcutta', 'EST' to 'America/Panama'):
  // kept as typed when typed in the database's own case, as staff chose it (decision 0106).
  return /^[A-Z][A-Za-z0-9_+-]*(?:\/[A-Z][A-Za-z0-9_+-]*){0,2}$/.test(value) ? value : name;
}

const text = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? String(v) : v);

const requiredUrl = (required: string) => requiredText({ required, invalid: URL_INVALID, max: 2000, pattern: urlPattern, patternMessage: URL_INVALID });
const optionalUrl = () =>
  z.pipe(optionalText({ max: 2000, invalid: URL_INVALID }), z.optional(z.string().check(z.regex(urlPattern, { error: URL_INVALID }))));

/** The fields one by one; dates are checked together (and against today) in `validateEventForm`. */
export const eventFormSchema = z.object({
  // Spec part 2 §3: fixed text (decision 0022). Whatever name a client sends, the event is stored as FAMILY_EVENT_NAME.
  event: requiredText({ required: EVENT_NAME_REQUIRED, invalid: EVENT_NAME_REQUIRED, max: 200 }),
  startDate: z.pipe(z.transform(text), requiredText({ required: START_REQUIRED, invalid: INVALID_DATE, max: 40 })),
  endDate: z.pipe(z.transform(text), requiredText({ required: END_REQUIRED, invalid: INVALID_DATE, max: 40 })),
  timeZone: z.pipe(
    z.transform((v: unknown) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? DEFAULT_TIME_ZONE : v)),
    z.pipe(
      z.string({ error: TIME_ZONE_INVALID }).check(z.trim(), z.refine(isTimeZone, { error: TIME_ZONE_INVALID })),
      z.transform((v: string) => canonicalTimeZone(v)!),
    ),
  ),
  location: requiredText({ required: LOCATION_REQUIRED, invalid: "Invalid location", min: 3, minMessage: LOCATION_MIN, max: 200 }),
  facilitator: optionalText({ max: 200, invalid: FACILITATOR_INVALID }),
  capacity: z.pipe(
    z.transform((v: unknown) => (typeof v === "number" && Number.isInteger(v) ? `${v} Seats` : v)),
    z.pipe(
      requiredText({ required: CAPACITY_REQUIRED, invalid: CAPACITY_FORMAT, max: 20, pattern: capacityPattern, patternMessage: CAPACITY_FORMAT }),
      z.pipe(z.transform((v: string) => Number(capacityPattern.exec(v)![1])), z.number().check(z.minimum(1, { error: CAPACITY_MIN }))),
    ),
  ),
  organisedby: requiredText({ required: ORGANIZER_REQUIRED, invalid: "Invalid organizer name", min: 3, minMessage: ORGANIZER_MIN, max: 200 }),
  organiserEmail: requiredText({ required: ORGANIZER_EMAIL_REQUIRED, invalid: ORGANIZER_EMAIL_INVALID, max: 254, pattern: emailPattern, patternMessage: ORGANIZER_EMAIL_INVALID }),
  price: z.pipe(
    z.transform((v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? `$${v.toFixed(2)}` : v)),
    z.pipe(
      requiredText({ required: PRICE_REQUIRED, invalid: PRICE_FORMAT, max: 20, pattern: pricePattern, patternMessage: PRICE_FORMAT }),
      z.pipe(z.transform((v: string) => priceToCents(v)), z.number().check(z.maximum(PRICE_MAX_CENTS, { error: PRICE_TOO_HIGH }))),
    ),
  ),
  paymentLink: requiredUrl(PAYMENT_LINK_REQUIRED),
  status: z.enum(EVENT_STATUSES, { error: STATUS_REQUIRED }),
  externalLink: optionalUrl(),
});

export type EventField = keyof z.input<typeof eventFormSchema>;

/** What the form holds once valid: instants in UTC, capacity and price as numbers. */
export type EventInput = {
  title: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  city: string;
  facilitator: string | null;
  capacity: number;
  organiser: string;
  organiserEmail: string;
  priceCents: number;
  paymentLink: string;
  status: EventStatus;
  externalLink: string | null;
};

/** '$1,500.50' → 150050. */
export function priceToCents(price: string): number {
  const digits = price.replace(/[$,\s]/g, "");
  const [whole = "0", cents = ""] = digits.split(".");
  return Number(whole) * 100 + Number(cents.padEnd(2, "0") || 0);
}

/** 150050 → '$1,500.50'; 37500 → '$375' (the form's price text). */
export function centsToPrice(cents: number): string {
  const whole = Math.floor(cents / 100).toLocaleString("en-US");
  return cents % 100 === 0 ? `$${whole}` : `$${whole}.${String(cents % 100).padStart(2, "0")}`;
}

export function capacityText(capacity: number): string {
  return `${capacity} ${capacity === 1 ? "Seat" : "Seats"}`;
}

const localInput = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;
const instantInput = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Whether a date-time text carries its own offset ('…Z', '…-05:00'): an instant, not a wall-clock time. */
export function isInstantText(value: string): boolean {
  return instantInput.test(value.trim());
}

/**
 * A date-time typed in the form ('2026-12-05T09:00', read at the venue) or sent
 * by an API client as an instant ('…Z' or with an offset): the instant, or null.
 */
export function readDateTime(value: string, timeZone: string): Date | null {
  const v = value.trim();
  if (!localInput.test(v) && !instantInput.test(v)) return null;
  return parseEventInstant(v, timeZone);
}

/** A wall-clock time the venue's clocks skip (2:30 AM on a spring-forward day): refused, not moved. */
export const TIME_SKIPPED = "This time does not exist at the venue because daylight saving time starts then. Choose another time";

/**
 * Whether `value` is a wall-clock time (no offset) that never happens in
 * `timeZone`, because the clocks go forward over it. `parseEventInstant` would
 * move it on by the gap; a form says so instead, so staff choose.
 */
export function isSkippedLocalTime(value: string, timeZone: string): boolean {
  const v = value.trim();
  if (!localInput.test(v)) return false;
  const at = parseEventInstant(v, timeZone);
  return at !== null && toLocalInput(at, timeZone) !== v.slice(0, 16);
}

/**
 * The second instant a wall-clock time (no offset) stands for where it happens
 * twice in `timeZone` (1:30 AM on the night the clocks go back: read as the
 * first, it may mean the second, see `keepStoredInstant`); else null.
 */
export function secondPassOf(value: string, timeZone: string): Date | null {
  const v = value.trim();
  if (!localInput.test(v)) return null;
  const at = parseEventInstant(v, timeZone);
  if (at === null) return null;
  // Clocks go back by an hour almost everywhere, by half an hour on Lord Howe Island.
  for (const minutes of [60, 30]) {
    const later = new Date(at.getTime() + minutes * 60_000);
    if (toLocalInput(later, timeZone) === v.slice(0, 16)) return later;
  }
  return null;
}

/**
 * The instant a form's wall-clock time means for a session already stored. A
 * time that happens twice (1:30 AM on the day the clocks go back) is read as the
 * first one; a session stored at the second one shows the same 1:30 AM in the
 * form, so sending the form back unchanged must keep it there, not move it an
 * hour and mail everyone booked. Likewise a session stored with seconds (set
 * through the API) shows its minute in the form: saved back, it keeps them. The stored instant is kept when the time was
 * sent as a wall-clock time (an instant with an offset says which one it means),
 * in the same zone, and the stored instant shows that same time.
 */
export function keepStoredInstant(read: Date, wallClock: boolean, timeZone: string, stored: string | null | undefined, storedZone: string | null | undefined): Date {
  if (!wallClock || !stored || storedZone !== timeZone) return read;
  const was = new Date(stored);
  if (Number.isNaN(was.getTime()) || was.getTime() === read.getTime()) return read;
  // The same wall-clock minute at the venue: the other occurrence of the same time, or the same time
  // with the seconds the form does not show (an API client's 9:00:30, decision 0079): a time sent to
  // the minute leaves them as stored. Seconds sent (9:00:45) are a change, unless they are the same.
  const sameSeconds = (was.getTime() - read.getTime()) % 60_000 === 0 || read.getTime() % 60_000 === 0;
  return sameSeconds && toLocalInput(was, timeZone) === toLocalInput(read, timeZone) ? was : read;
}

const pad = (n: number | string) => String(n).padStart(2, "0");

/** An instant as the form's datetime-local value at the venue: '2026-12-05T09:00'. */
export function toLocalInput(instant: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return "";
  const parts = Object.fromEntries(
    dateTimeFormat(timeZone, { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${pad(parts.month!)}-${pad(parts.day!)}T${pad(parts.hour!)}:${pad(parts.minute!)}`;
}

/** Spec §4: changing the start (or 'Reset End Time') sets the end to start + 2 hours, as a datetime-local value. */
export function defaultEnd(startLocal: string, timeZone?: string): string {
  const m = localInput.exec(startLocal.trim());
  if (!m) return "";
  const [d, t] = startLocal.trim().split("T") as [string, string];
  const [y, mo, day] = d.split("-").map(Number) as [number, number, number];
  const [h, mi] = t.split(":").map(Number) as [number, number];
  // Wall-clock arithmetic, as the person reads the form (a DST change in between still reads '+2 h').
  const at = (ms: number) => {
    const wall = new Date(ms);
    return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
  };
  const end = Date.UTC(y, mo - 1, day, h, mi) + DEFAULT_DURATION_MS;
  // Except a time the venue's clocks skip (2:30 AM on a spring-forward night), which the form would then
  // refuse under a field nobody typed in: the hour after it, two hours after the start as it happens.
  if (timeZone && isSkippedLocalTime(at(end), timeZone)) return at(end + 60 * 60 * 1000);
  return at(end);
}

/** Today 00:00 at the venue, as an instant: the earliest start the form accepts. */
export function startOfTodayAt(timeZone: string, now = new Date()): Date {
  const today = toLocalInput(now, timeZone).slice(0, 10);
  return parseEventInstant(`${today}T00:00`, timeZone) ?? now;
}

export type EventFormContext = {
  now?: Date;
  /** When editing: the stored start. An unchanged start may stay in the past (a session already held can still be corrected). */
  currentStart?: string | null;
  /** When editing: the stored end and zone, so a time shown and sent back unchanged keeps its instant (`keepStoredInstant`). */
  currentEnd?: string | null;
  currentZone?: string | null;
};

export type EventValidation = { ok: true; data: EventInput } | { ok: false; errors: FieldErrors<EventField> };

/**
 * Every rule of §5 'Event form', with its message per field: the fields, then
 * the dates together (unparseable, before today 00:00 at the venue, end before start).
 */
export function validateEventForm(values: unknown, context: EventFormContext = {}): EventValidation {
  const input = values && typeof values === "object" ? (values as Record<string, unknown>) : {};
  const r = z.safeParse(eventFormSchema, input);
  const errors: Record<string, string> = {};
  if (!r.success) {
    for (const issue of r.error.issues) {
      const key = String(issue.path[0] ?? "form");
      if (!(key in errors)) errors[key] = issue.message;
    }
  }
  const zoneValue = (typeof input.timeZone === "string" && canonicalTimeZone(input.timeZone.trim())) || DEFAULT_TIME_ZONE;
  const startText = typeof input.startDate === "string" ? input.startDate : "";
  const endText = typeof input.endDate === "string" ? input.endDate : "";
  const read = (typed: string, stored: string | null | undefined) => {
    const at = readDateTime(typed, zoneValue);
    return at && keepStoredInstant(at, !isInstantText(typed), zoneValue, stored, context.currentZone);
  };
  const start = !errors.startDate && startText ? read(startText, context.currentStart) : null;
  const end = !errors.endDate && endText ? read(endText, context.currentEnd) : null;
  if (!errors.startDate && isSkippedLocalTime(startText, zoneValue)) errors.startDate = TIME_SKIPPED;
  if (!errors.endDate && isSkippedLocalTime(endText, zoneValue)) errors.endDate = TIME_SKIPPED;
  if (!errors.startDate) {
    if (!start) errors.startDate = INVALID_DATE;
    else {
      const unchanged = context.currentStart && Date.parse(context.currentStart) === start.getTime();
      if (!unchanged && start.getTime() < startOfTodayAt(zoneValue, context.now).getTime()) errors.startDate = START_IN_PAST;
    }
  }
  if (!errors.endDate) {
    if (!end) errors.endDate = INVALID_DATE;
    else if (start && end.getTime() < start.getTime()) errors.endDate = END_BEFORE_START;
  }
  if (Object.keys(errors).length > 0 || !r.success || !start || !end) return { ok: false, errors: errors as FieldErrors<EventField> };
  const d = r.data;
  return {
    ok: true,
    data: {
      title: FAMILY_EVENT_NAME,
      startsAt: start.toISOString(),
      endsAt: end.toISOString(),
      timeZone: d.timeZone,
      city: d.location,
      facilitator: d.facilitator ?? null,
      capacity: d.capacity,
      organiser: d.organisedby,
      organiserEmail: d.organiserEmail,
      priceCents: d.price,
      paymentLink: d.paymentLink,
      status: d.status,
      externalLink: d.externalLink ?? null,
    },
  };
}

/** The message shown under the capacity when staff set it below the seats already booked. */
export function capacityBelowTaken(taken: number): string {
  return `Capacity cannot be less than the ${taken} ${taken === 1 ? "seat" : "seats"} already booked`;
}

/** The form's text values for an event (edit mode), or the empty defaults (add mode). */
export type EventFormValues = Record<Exclude<EventField, never>, string>;

export function emptyEventForm(): EventFormValues {
  return {
    event: FAMILY_EVENT_NAME,
    startDate: "",
    endDate: "",
    timeZone: DEFAULT_TIME_ZONE,
    location: "",
    facilitator: "",
    capacity: "",
    organisedby: "",
    organiserEmail: "",
    price: "",
    paymentLink: "",
    status: "Open",
    externalLink: "",
  };
}
