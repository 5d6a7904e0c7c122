/**
 * The staff form of a Hypnotherapy or DECODE programme (spec part 2 §3
 * 'Programme', §5 'Programme form' and 'Programme upcoming events'), checked in
 * the modal and again by the screens' action and by /api/hypnotherapy and
 * /api/decode. Errors are keyed by field, nested ones by path
 * ('learningSections.0.title', 'upcomingEvents.1.startDate').
 * Choices the spec leaves open: docs/decisions/0023-programme-management.md.
 */
import * as z from "zod/mini";
import { DEFAULT_TIME_ZONE } from "~/features/events/format";
import {
  canonicalTimeZone,
  isInstantText,
  isSkippedLocalTime,
  PRICE_MAX_CENTS,
  PRICE_TOO_HIGH,
  readDateTime,
  secondPassOf,
  START_IN_PAST,
  startOfTodayAt,
  TIME_SKIPPED,
  urlPattern,
} from "~/features/events/schema";
import { emailPattern, hasControlCharacters } from "~/lib/validation";
import { REQUIRED_LEVEL_INVALID } from "~/features/prerequisites/rules";

export const TITLE_REQUIRED = "Title is required";
export const TITLE_MIN = "Title must be at least 5 characters";
export const SUBTITLE_REQUIRED = "Subtitle is required";
export const SUBTITLE_MIN = "Subtitle must be at least 10 characters";
export const VIDEO_URL_INVALID = "Please enter a valid URL";
export const CARD_POINTS_REQUIRED = "Card points are required";
export const DURATION_REQUIRED = "Duration is required";
export const DURATION_INVALID = "Invalid duration format";
/** The certification line and what is included (decision 0094): optional fields beyond spec §5's list. */
export const CERTIFICATION_INVALID = "Certification must be one line of at most 120 characters";
export const FEATURES_INVALID = "List at most 12 items, one per line, each at most 120 characters";
export const MAX_FEATURES = 12;
export const CERTIFICATION_LABEL = "Certification";
export const FEATURES_LABEL = "What's Included";
export const FEATURES_HINT = "One item per line, shown with check marks under the price on the program's page (at most 12).";
/**
 * Sections 3 to 7 of a level page (spec part 2 §2.2; D11: the built-in content is data an administrator
 * can replace). Each list is edited one item per line; an empty list hides its section.
 */
export const PAGE_LISTS = [
  { key: "immediateBenefits", label: "Immediate benefits" },
  { key: "longTermBenefits", label: "Long-term benefits" },
  { key: "curriculum", label: "Curriculum overview" },
  { key: "whoShouldAttend", label: "Who should attend" },
  { key: "prerequisites", label: "Prerequisites" },
] as const;
export type PageListKey = (typeof PAGE_LISTS)[number]["key"];
/** The Upcoming Workshop section's lines: the form's field, and its name in the stored details. */
export const WORKSHOP_LINES = [
  { key: "workshopTime", stored: "time", label: "Hours", hint: "Under the next session's date, for example: 9:00 AM to 6:00 PM each day." },
  { key: "workshopVenue", stored: "venue", label: "Venue", hint: "Shown while the next session names no venue of its own." },
  { key: "workshopRegistration", stored: "registration", label: "Registration", hint: "The page adds the contact email address after it." },
  { key: "workshopDiscount", stored: "discount_note", label: "Discount", hint: "Leave empty for none." },
] as const;
export type WorkshopLineKey = (typeof WORKSHOP_LINES)[number]["key"];
/** Every field of the page's sections, as the forms name them. */
export const PAGE_SECTION_FIELDS: ReadonlyArray<PageListKey | WorkshopLineKey> = [...PAGE_LISTS.map((l) => l.key), ...WORKSHOP_LINES.map((l) => l.key)];
export const MAX_PAGE_LIST_ITEMS = 30;
export const PAGE_LIST_ITEM_MAX = 300;
export const WORKSHOP_LINE_MAX = 500;
export const PAGE_LIST_INVALID = `List at most ${MAX_PAGE_LIST_ITEMS} items, one per line, each at most ${PAGE_LIST_ITEM_MAX} characters`;
export const WORKSHOP_LINE_INVALID = `Use one line of at most ${WORKSHOP_LINE_MAX} characters`;
export const PAGE_SECTIONS_INVALID =
  "Page sections must be an object with the lists immediateBenefits, longTermBenefits, curriculum, whoShouldAttend and prerequisites, and sessionDetails";
export const PAGE_SECTIONS_HINT = "One item per line. A list left empty hides its section on the program's page.";
export const STATUS_REQUIRED = "Status is required";
export const SECTIONS_REQUIRED = "At least one learning section is required";
export const SECTION_TITLE_REQUIRED = "Section title is required";
export const SECTION_TITLE_MIN = "Title must be at least 3 characters";
export const SECTION_CONTENT_REQUIRED = "Section content is required";
export const LAST_SECTION = "At least one learning section is required, so the last one cannot be removed";

export const SESSION_START_REQUIRED = "Start date and time is required when adding an event";
export const SESSION_END_REQUIRED = "End date and time is required when adding an event";
export const SESSION_START_FIRST = "Start date is required before setting end date";
export const SESSION_END_AFTER = "End date must be after start date";
export const SESSION_INVALID_DATE = "Invalid date format";
export const SESSION_NAME = "Event name is required and must be at least 5 characters when adding an event";
export const SESSION_LOCATION = "Location is required and must be at least 3 characters when adding an event";
export const SESSION_ORGANIZER = "Organizer is required and must be at least 3 characters when adding an event";
export const SESSION_PRICE_REQUIRED = "Price is required";
export const SESSION_PRICE_FORMAT = "Invalid price format (e.g., $99 or 99.99)";
export const SESSION_PAYMENT_REQUIRED = "Payment link is required";
export const SESSION_URL_INVALID = "Invalid URL format";
export const SESSION_EMAIL_INVALID = "Please enter a valid email address";
export const SESSION_CAPACITY_INVALID = "Seats must be a whole number from 1 to 100000, or empty for not limited";
export const SESSION_TIME_ZONE_INVALID = "Choose the venue's time zone";

/** Spec §8 toasts of the programme screens. */
export const PROGRAM_CREATED = "Program created successfully";
export const PROGRAM_UPDATED = "Program updated successfully";
export const PROGRAM_DELETED = "Program deleted successfully";
export const PROGRAM_SAVE_FAILED = "Failed to save program";
export const PROGRAM_DELETE_FAILED = "Failed to delete program";
export const PROGRAM_FETCH_FAILED = "Failed to fetch programs";
export const PROGRAM_NOT_FOUND = "Program not found";
export const PROGRAM_INVALID = "Please fix the errors below before submitting";
/** A post over the 16 MB a form may send (decision 0106): the thumbnail is the only part that can be that large. */
export const PROGRAM_FORM_TOO_LARGE = "the form was too large to send. A thumbnail must be 5 MB or smaller.";

/** Spec §9: the programme screens show 10 a page. */
export const ADMIN_PROGRAMS_PAGE_SIZE = 10;
/** Longest rich text kept per field (HTML characters). */
export const RICH_TEXT_MAX = 20_000;
/**
 * Points stored one by one (through the API) are edited in the staff form as one list, which its editor
 * may write a little longer (its own tags and escapes): together they leave it this much room (decision 0113).
 */
const CARD_POINTS_EDITOR_ROOM = 1_000;
export const CARD_POINTS_TOO_LONG = `Card points must be at most ${RICH_TEXT_MAX - CARD_POINTS_EDITOR_ROOM} characters of formatted text in all, as one list`;

/**
 * Several card points as the one list the staff form edits: a point that holds its own paragraphs (or
 * lists) goes into its item as it is; one that is plain text becomes the item's paragraph. Never a
 * paragraph inside another, which the editor would rewrite on focus.
 */
export function mergeCardPoints(points: readonly string[]): string {
  if (points.length <= 1) return points[0] ?? "";
  return `<ul>${points.map((c) => `<li>${/<(?:p|ul|ol|h[1-6]|blockquote|div)[\s>]/i.test(c) ? c : `<p>${c}</p>`}</li>`).join("")}</ul>`;
}
export const MAX_SECTIONS = 30;
export const MAX_SESSIONS = 30;

export const PROGRAM_STATUSES = ["Open", "Closed"] as const;
export type ProgramStatus = (typeof PROGRAM_STATUSES)[number];

export type ProgramKindWire = "hypnotherapy" | "decode";

/** The kinds of program staff manage, each on its own screen and API path. */
export type AdminProgramKind = "hypnotherapy" | "decode" | "tasso";

/** The kind a staff path serves: /admin/{kind}, /api/{kind} and /api/{kind}/{id} (decision 0068 added TASSO). */
export function managedKindOfPath(pathname: string): AdminProgramKind {
  // Paths match whatever their letter case and percent-encoding (React Router's matching): /api/TASSO and
  // /api/%74asso are TASSO's, not the default's.
  const raw = pathname.replace(/\.data$/, "").split("/").filter(Boolean)[1] ?? "";
  let segment = raw;
  try {
    segment = decodeURIComponent(raw);
  } catch {
    // Malformed encoding: the router matched no route of ours for it.
  }
  segment = segment.toLowerCase();
  return segment === "decode" || segment === "tasso" ? segment : "hypnotherapy";
}

/** Letters, digits and spaces: '2 Days', '6 weeks 3 days' (spec §5). */
export const durationPattern = /^[\p{L}\p{N} ]+$/u;
/** '$99', '99.99', '$1500': an optional dollar sign, digits, up to 2 decimals (spec §5). */
export const sessionPricePattern = /^\$?\s?(?:\d{1,3}(?:,\d{3})+|\d{1,7})(?:\.\d{1,2})?$/;

/** The visible text of a piece of editor HTML: what decides whether it is empty. */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|&#160;/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export type SectionValues = { _id?: string; title: string; content: string };
export type SessionRowValues = {
  _id?: string;
  eventName: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  location: string;
  organiser: string;
  organizerEmail: string;
  price: string;
  paymentLink: string;
  capacity: string;
};

/** The form's text values (edit mode prefilled, add mode empty). */
export type ProgramFormValues = {
  title: string;
  subtitle: string;
  videoUrl: string;
  duration: string;
  status: string;
  cardPoints: string;
  learningSections: SectionValues[];
  upcomingEvents: SessionRowValues[];
  /** The earlier level required (decision 0031): a programme id, or '' for none. */
  requiredProgramId: string;
  /** The line under the title on the program's page ('' for the site's default): decision 0094. */
  certification: string;
  /** What is included, one item per line (the checklist under the price). */
  enrollmentFeatures: string;
} & Partial<Record<PageListKey | WorkshopLineKey, string>>;

export function emptySection(): SectionValues {
  return { title: "", content: "" };
}

export function emptySessionRow(): SessionRowValues {
  return { eventName: "", startDate: "", endDate: "", timeZone: DEFAULT_TIME_ZONE, location: "", organiser: "", organizerEmail: "", price: "", paymentLink: "", capacity: "" };
}

export function emptyProgramForm(): ProgramFormValues {
  return { title: "", subtitle: "", videoUrl: "", duration: "", status: "Open", cardPoints: "", learningSections: [emptySection()], upcomingEvents: [], requiredProgramId: "", certification: "", enrollmentFeatures: "" };
}

/** The fields a row is judged on: a row with none of them filled is dropped on save (spec §5). */
const SESSION_FIELDS = ["eventName", "startDate", "endDate", "location", "organiser", "organizerEmail", "price", "paymentLink", "capacity"] as const;

export function isEmptySessionRow(row: Partial<Record<string, unknown>>): boolean {
  return SESSION_FIELDS.every((k) => {
    const v = row[k];
    return v === undefined || v === null || (typeof v === "string" && v.trim() === "");
  });
}

/** A valid programme: clean values ready to store (HTML still to be sanitised by the server). */
export type ProgramInput = {
  title: string;
  subtitle: string;
  videoUrl: string | null;
  duration: string;
  status: ProgramStatus;
  cardPoints: string[];
  learningSections: Array<{ _id?: string; title: string; content: string }>;
  sessions: SessionInput[];
  /** null: none; undefined: not sent (an older API client), so the stored one is kept. */
  requiredProgramId?: string | null;
  /** null: the site's default line; undefined: not sent, so the stored one is kept (decision 0094). */
  certification?: string | null;
  /** Undefined: not sent, so the stored list is kept. */
  enrollmentFeatures?: string[];
  /** The level page's sections that were sent (D11); the others keep what the page shows. */
  pageSections?: PageSectionsInput;
};

/**
 * Sections 3 to 7 of a level page as it shows them (D11): what the program form opens with for staff to
 * change (page-sections.server.ts works them out from the stored details or the level's built-in content).
 */
export type PageSections = Record<PageListKey, string[]> & {
  sessionDetails: { time: string; venue: string; registration: string; discount_note?: string; date?: string } | null;
};

/** The form's text for the page's sections: a list one item per line, the workshop's lines apart. */
export function pageSectionsFormValues(sections: PageSections): Record<PageListKey | WorkshopLineKey, string> {
  const out = {} as Record<PageListKey | WorkshopLineKey, string>;
  for (const { key } of PAGE_LISTS) out[key] = sections[key].join("\n");
  for (const { key, stored } of WORKSHOP_LINES) out[key] = sections.sessionDetails?.[stored] ?? "";
  return out;
}

/** Sections 3 to 7 as sent: each list whole, and the Upcoming Workshop's lines together (null: none). */
export type PageSectionsInput = Partial<Record<PageListKey, string[]>> & {
  sessionDetails?: { time: string; venue: string; registration: string; discount_note?: string } | null;
};

export type SessionInput = {
  _id?: string;
  title: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  city: string;
  organiser: string;
  organiserEmail: string | null;
  /** null only for a stored session without a price, sent back without one. */
  priceCents: number | null;
  paymentLink: string;
  capacity: number | null;
  /** The seat limit was left out of an update: the stored one, read again under the session's lock, is kept. */
  keepCapacity?: boolean;
  /** Whether each time was sent as a wall-clock time (no offset): only then may a save keep the stored instant (`keepStoredInstant`). */
  wallClock?: { start: boolean; end: boolean };
  /** Its place in the list as sent (empty rows included), which the server's errors name: `upcomingEvents.<row>.<field>`. */
  row: number;
};

export type ProgramErrors = Record<string, string>;
export type ProgramValidation = { ok: true; data: ProgramInput } | { ok: false; errors: ProgramErrors };

// Composed (NFC), as the public forms store text: a title or city typed with combining accents is found by typing it (decision 0112).
const str = (v: unknown): string => (typeof v === "string" ? v.normalize("NFC") : typeof v === "number" && Number.isFinite(v) ? String(v) : "");

const videoUrlSchema = z.string().check(z.maxLength(2000, { error: VIDEO_URL_INVALID }), z.regex(urlPattern, { error: VIDEO_URL_INVALID }));
const emailSchema = z.string().check(z.maxLength(254, { error: SESSION_EMAIL_INVALID }), z.regex(emailPattern, { error: SESSION_EMAIL_INVALID }));

/** What a text with a tab, a line break in one-line text, or an invisible direction override is told (decision 0112). */
export const TEXT_CHARACTERS_INVALID = "Remove the tab, line break or invisible formatting character from this text";
/** Bidirectional embeddings, overrides and isolates: they would turn the page's own words around them backwards. */
const directionOverrides = /[\u202A-\u202E\u2066-\u2069]/u;

function checkText(value: string, o: { required: string; min?: number; minMessage?: string; max: number; invalid?: string; multiline?: boolean }): string | null {
  // Only invisible characters (zero-width spaces, say) is no text: it would show as a blank heading.
  if (!value || !/[^\p{Cf}\p{Z}\p{Cc}]/u.test(value)) return o.required;
  if (hasControlCharacters(value, o.multiline) || directionOverrides.test(value)) return o.invalid ?? TEXT_CHARACTERS_INVALID;
  if (o.min && [...value].length < o.min) return o.minMessage ?? o.required;
  if ([...value].length > o.max) return `Must be at most ${o.max} characters`;
  return null;
}

/** An upcoming-events value that is not a list of events. */
export const UPCOMING_EVENTS_INVALID = "Upcoming events must be a list of events";

/** A list sent as a JSON array, or as JSON text (multipart), or a single text. */
export function readList(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (typeof value === "string") {
    const t = value.trim();
    if (t === "") return [];
    if (t.startsWith("[")) {
      try {
        const parsed: unknown = JSON.parse(t);
        return Array.isArray(parsed) ? parsed : null;
      } catch {
        return null;
      }
    }
    return [value];
  }
  if (value === undefined || value === null) return [];
  return null;
}

function checkRichText(html: string, required: string): string | null {
  if (html.length > RICH_TEXT_MAX) return `Must be at most ${RICH_TEXT_MAX} characters of formatted text`;
  if (!richTextToPlain(html)) return required;
  return null;
}

/**
 * What is stored of a programme's sessions, by id: an update that leaves a
 * session's time zone or seat limit out (an API client written against the
 * spec's field list, which has neither) keeps the stored one, as it keeps the
 * session's status. Its times without an offset are then read in that zone.
 */
export type StoredSessions = ReadonlyMap<string, { timeZone: string; capacity: number | null; startsAt: string; priceCents: number | null }>;

/** What the program form's own check knows of its stored sessions (a program read through the API). */
export function storedSessionsOf(sessions: ReadonlyArray<{ _id: string; timeZone: string; seats: number | null; startDate: string; price: number | null }>): StoredSessions {
  return new Map(sessions.map((e) => [e._id, { timeZone: e.timeZone, capacity: e.seats, startsAt: e.startDate, priceCents: e.price === null ? null : Math.round(e.price * 100) }]));
}

function checkSession(raw: Record<string, unknown>, row: number, errors: ProgramErrors, stored: StoredSessions | undefined, now: Date): SessionInput | null {
  const prefix = `upcomingEvents.${row}`;
  const id = str(raw._id ?? raw.id).trim().slice(0, 100);
  const kept = id ? stored?.get(id) : undefined;
  const v = Object.fromEntries(SESSION_FIELDS.map((k) => [k, str(raw[k]).trim()])) as Record<(typeof SESSION_FIELDS)[number], string>;
  // The original's aliases for a session's fields.
  if (!v.eventName) v.eventName = str(raw.title ?? raw.event).trim();
  if (!v.location) v.location = str(raw.city).trim();
  if (!v.organiser) v.organiser = str(raw.organizer ?? raw.organisedby).trim();
  if (!v.organizerEmail) v.organizerEmail = str(raw.organiserEmail).trim();
  const before = Object.keys(errors).length;
  const set = (k: string, m: string | null) => {
    if (m && !(`${prefix}.${k}` in errors)) errors[`${prefix}.${k}`] = m;
  };
  const zoneText = (raw.timeZone === undefined && kept ? kept.timeZone : str(raw.timeZone).trim()) || DEFAULT_TIME_ZONE;
  const timeZone = canonicalTimeZone(zoneText);
  if (!timeZone) set("timeZone", SESSION_TIME_ZONE_INVALID);
  const zone = timeZone ?? DEFAULT_TIME_ZONE;
  const start = v.startDate ? readDateTime(v.startDate, zone) : null;
  const end = v.endDate ? readDateTime(v.endDate, zone) : null;
  if (!v.startDate) set("startDate", SESSION_START_REQUIRED);
  else if (!start) set("startDate", SESSION_INVALID_DATE);
  else if (isSkippedLocalTime(v.startDate, zone)) set("startDate", TIME_SKIPPED);
  // Spec §9's rule of the event form, here too: a session dated before today would be stored and never
  // shown (the lists hold upcoming sessions only). A stored session sent back with its own start is history, left as it is.
  else if (start.getTime() < startOfTodayAt(zone, now).getTime() && !(kept && Date.parse(kept.startsAt) === start.getTime())) set("startDate", START_IN_PAST);
  if (!v.endDate) set("endDate", SESSION_END_REQUIRED);
  else if (!v.startDate) set("endDate", SESSION_START_FIRST);
  else if (!end) set("endDate", SESSION_INVALID_DATE);
  else if (isSkippedLocalTime(v.endDate, zone)) set("endDate", TIME_SKIPPED);
  // An end typed in a repeated hour may stand for its second pass (a stored session's, kept where the
  // session is written, which checks the order again): refused here only if even that is not after the start.
  else if (start && latestEnd(v.endDate, end, zone) <= start.getTime()) set("endDate", SESSION_END_AFTER);
  set("eventName", checkText(v.eventName, { required: SESSION_NAME, min: 5, max: 200 }));
  set("location", checkText(v.location, { required: SESSION_LOCATION, min: 3, max: 200 }));
  set("organiser", checkText(v.organiser, { required: SESSION_ORGANIZER, min: 3, max: 200 }));
  if (v.organizerEmail && !z.safeParse(emailSchema, v.organizerEmail).success) set("organizerEmail", SESSION_EMAIL_INVALID);
  // A stored session without a price (a free open evening of the demo content) may be saved as it is.
  if (!v.price) {
    if (!(kept && kept.priceCents === null)) set("price", SESSION_PRICE_REQUIRED);
  }
  else if (!sessionPricePattern.test(v.price)) set("price", SESSION_PRICE_FORMAT);
  // The event form's bound (decision 0055), so a session saved here can be saved there too.
  else if (Math.round(Number(v.price.replace(/[$\s,]/g, "")) * 100) > PRICE_MAX_CENTS) set("price", PRICE_TOO_HIGH);
  if (!v.paymentLink) set("paymentLink", SESSION_PAYMENT_REQUIRED);
  else if (v.paymentLink.length > 2000 || !urlPattern.test(v.paymentLink)) set("paymentLink", SESSION_URL_INVALID);
  let capacity: number | null = raw.capacity === undefined && kept ? kept.capacity : null;
  // What the API itself answers for a session ('12 Seats', '1 Seat', 'Not Limited') reads back as sent.
  const seats = /^(\d{1,6})(?:\s*seats?)?$/i.exec(v.capacity);
  if (v.capacity && !/^not limited$/i.test(v.capacity)) {
    const n = seats ? Number(seats[1]) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > 100_000) set("capacity", SESSION_CAPACITY_INVALID);
    else capacity = n;
  }
  if (Object.keys(errors).length > before || !start || !end) return null;
  return {
    ...(id ? { _id: id } : {}),
    title: v.eventName,
    startsAt: start.toISOString(),
    endsAt: end.toISOString(),
    timeZone: zone,
    city: v.location,
    organiser: v.organiser,
    organiserEmail: v.organizerEmail || null,
    priceCents: v.price ? Math.round(Number(v.price.replace(/[$\s,]/g, "")) * 100) : null,
    paymentLink: v.paymentLink,
    capacity,
    wallClock: { start: !isInstantText(v.startDate), end: !isInstantText(v.endDate) },
    ...(raw.capacity === undefined && kept ? { keepCapacity: true } : {}),
    row,
  };
}

/** The latest instant a typed end can stand for: its second pass where the venue's clocks repeat it. */
function latestEnd(endText: string, end: Date, zone: string): number {
  if (isInstantText(endText)) return end.getTime();
  return (secondPassOf(endText, zone) ?? end).getTime();
}

/**
 * Every rule of §5 'Programme form' and 'Programme upcoming events', with its
 * message per field. Accepts the form's values, or an API body whose lists are
 * arrays or JSON text (multipart).
 */
export function validateProgramForm(values: unknown, stored?: StoredSessions, now = new Date()): ProgramValidation {
  const input = values && typeof values === "object" ? (values as Record<string, unknown>) : {};
  const errors: ProgramErrors = {};
  const set = (k: string, m: string | null) => {
    if (m && !(k in errors)) errors[k] = m;
  };
  const title = str(input.title).trim();
  const subtitle = str(input.subtitle).trim();
  const videoUrl = str(input.videoUrl).trim();
  const duration = str(input.duration).trim();
  const status = str(input.status).trim();
  set("title", checkText(title, { required: TITLE_REQUIRED, min: 5, minMessage: TITLE_MIN, max: 200 }));
  set("subtitle", checkText(subtitle, { required: SUBTITLE_REQUIRED, min: 10, minMessage: SUBTITLE_MIN, max: 500 }));
  if (videoUrl && !z.safeParse(videoUrlSchema, videoUrl).success) set("videoUrl", VIDEO_URL_INVALID);
  set("duration", checkText(duration, { required: DURATION_REQUIRED, max: 100, invalid: DURATION_INVALID }));
  if (!errors.duration && !durationPattern.test(duration)) set("duration", DURATION_INVALID);
  if (!(PROGRAM_STATUSES as readonly string[]).includes(status)) set("status", STATUS_REQUIRED);

  const cardList = readList(input.cardPoints);
  const cardPoints = (cardList ?? []).map(str).filter((p) => richTextToPlain(p) !== "");
  if (cardList === null || cardPoints.length === 0) set("cardPoints", CARD_POINTS_REQUIRED);
  else if (cardPoints.length > 50) set("cardPoints", "At most 50 card points");
  // The staff form edits the points as one list, so the API holds them all to the one field's size (decision 0113).
  else if (cardPoints.length > 1 && mergeCardPoints(cardPoints).length > RICH_TEXT_MAX - CARD_POINTS_EDITOR_ROOM) set("cardPoints", CARD_POINTS_TOO_LONG);
  else for (const p of cardPoints) set("cardPoints", checkRichText(p, CARD_POINTS_REQUIRED));

  const sectionList = readList(input.learningSections);
  const sections: ProgramInput["learningSections"] = [];
  if (sectionList === null || sectionList.length === 0 || sectionList.some((x) => !x || typeof x !== "object" || Array.isArray(x))) {
    set("learningSections", SECTIONS_REQUIRED);
  }
  else if (sectionList.length > MAX_SECTIONS) set("learningSections", `At most ${MAX_SECTIONS} learning sections`);
  else {
    sectionList.forEach((raw, i) => {
      const s = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
      const sTitle = str(s.title).trim();
      // Older data had a points list instead of content: it becomes a bullet list.
      let content = str(s.content);
      if (!richTextToPlain(content) && Array.isArray(s.points)) {
        const items = s.points.map(str).filter((p) => p.trim());
        if (items.length) content = `<ul>${items.map((p) => `<li><p>${escapeHtml(p)}</p></li>`).join("")}</ul>`;
      }
      set(`learningSections.${i}.title`, checkText(sTitle, { required: SECTION_TITLE_REQUIRED, min: 3, minMessage: SECTION_TITLE_MIN, max: 200 }));
      set(`learningSections.${i}.content`, checkRichText(content, SECTION_CONTENT_REQUIRED));
      const id = str(s._id).trim();
      sections.push({ ...(id ? { _id: id.slice(0, 100) } : {}), title: sTitle, content });
    });
  }

  const sessionList = readList(input.upcomingEvents ?? input.events ?? input.sessions);
  const sessions: SessionInput[] = [];
  if (sessionList === null) set("upcomingEvents", UPCOMING_EVENTS_INVALID);
  else {
    const kept = sessionList.filter((r) => r && typeof r === "object" && !isEmptySessionRow(r as Record<string, unknown>));
    // An item that is no event (a text, a number, a list) is refused, never dropped: dropping it would
    // save the program without its sessions and delete them.
    if (sessionList.some((r) => !r || typeof r !== "object" || Array.isArray(r))) set("upcomingEvents", UPCOMING_EVENTS_INVALID);
    else if (kept.length > MAX_SESSIONS) set("upcomingEvents", `At most ${MAX_SESSIONS} upcoming events`);
    else
      sessionList.forEach((raw, i) => {
        if (!raw || typeof raw !== "object" || isEmptySessionRow(raw as Record<string, unknown>)) return;
        const s = checkSession(raw as Record<string, unknown>, i, errors, stored, now);
        if (s) sessions.push(s);
      });
  }

  // The required level: '' (or null) for none; whether it is a program of this kind is checked where they are stored.
  let requiredProgramId: string | null | undefined;
  if ("requiredProgramId" in input) {
    const raw = input.requiredProgramId;
    const text = raw === null ? "" : str(raw).trim();
    if (raw !== null && typeof raw !== "string") set("requiredProgramId", REQUIRED_LEVEL_INVALID);
    else if (text && !/^[A-Za-z0-9_-]{1,100}$/.test(text)) set("requiredProgramId", REQUIRED_LEVEL_INVALID);
    else requiredProgramId = text || null;
  }

  // The certification line and what is included (decision 0094). Left out (an older client, the spec's own
  // field list), the stored ones are kept; the names the API answers with (`enrollment_features`) read back too.
  let certification: string | null | undefined;
  if ("certification" in input) {
    const raw = input.certification;
    const text = raw === null ? "" : str(raw).trim();
    if (raw !== null && typeof raw !== "string") set("certification", CERTIFICATION_INVALID);
    else if (hasControlCharacters(text) || [...text].length > 120) set("certification", CERTIFICATION_INVALID);
    else certification = text || null;
  }
  let enrollmentFeatures: string[] | undefined;
  const rawFeatures = "enrollmentFeatures" in input ? input.enrollmentFeatures : input.enrollment_features;
  if (rawFeatures !== undefined) {
    // The form's text has one item per line; the API may send a list, or a list as JSON text (multipart).
    const list = typeof rawFeatures === "string" && !rawFeatures.trim().startsWith("[") ? rawFeatures.split(/\r?\n/) : readList(rawFeatures);
    const items = list?.map((x) => (typeof x === "string" ? x.trim() : null)) ?? null;
    const filled = items?.filter((x): x is string => x !== null && x !== "") ?? [];
    if (!items || items.includes(null) || filled.length > MAX_FEATURES || filled.some((x) => hasControlCharacters(x) || [...x].length > 120)) {
      set("enrollmentFeatures", FEATURES_INVALID);
    } else enrollmentFeatures = filled;
  }

  const pageSections = readPageSections(input, set);

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    data: {
      title,
      subtitle,
      videoUrl: videoUrl || null,
      duration,
      status: status as ProgramStatus,
      cardPoints,
      learningSections: sections,
      sessions,
      ...(requiredProgramId !== undefined ? { requiredProgramId } : {}),
      ...(certification !== undefined ? { certification } : {}),
      ...(enrollmentFeatures !== undefined ? { enrollmentFeatures } : {}),
      ...(pageSections !== undefined ? { pageSections } : {}),
    },
  };
}

/**
 * The level page's sections (D11), from the form's fields (a list one item per line, the workshop's lines
 * apart) or from the API's `details` object (lists, and `sessionDetails` with `time`, `venue`,
 * `registration` and `discount_note`), or its JSON text. Undefined when none was sent.
 */
function readPageSections(input: Record<string, unknown>, set: (key: string, message: string) => void): PageSectionsInput | undefined {
  let fields: Record<string, unknown> = input;
  const nested = input.details;
  // null (or its JSON text in multipart), as the API answers a program with nothing stored: nothing sent.
  if (nested !== undefined && nested !== null && !(typeof nested === "string" && (nested.trim() === "" || nested.trim() === "null"))) {
    let obj: unknown = nested;
    if (typeof nested === "string") {
      try {
        obj = JSON.parse(nested);
      } catch {
        obj = null;
      }
    }
    if (!obj || typeof obj !== "object" || Array.isArray(obj)) {
      set("details", PAGE_SECTIONS_INVALID);
      return undefined;
    }
    const o = obj as Record<string, unknown>;
    fields = {};
    for (const { key } of PAGE_LISTS) if (key in o) fields[key] = o[key];
    if ("sessionDetails" in o) {
      const sd = o.sessionDetails;
      if (sd !== null && (typeof sd !== "object" || Array.isArray(sd))) {
        set("details", PAGE_SECTIONS_INVALID);
        return undefined;
      }
      const d = (sd ?? {}) as Record<string, unknown>;
      for (const { key, stored } of WORKSHOP_LINES) fields[key] = stored === "discount_note" ? (d.discount_note ?? d.discountNote ?? "") : (d[stored] ?? "");
    }
  }
  const out: PageSectionsInput = {};
  let sent = false;
  for (const { key } of PAGE_LISTS) {
    if (!(key in fields) || fields[key] === undefined) continue;
    sent = true;
    const raw = fields[key];
    const list = typeof raw === "string" ? raw.split(/\r?\n/) : raw === null ? [] : Array.isArray(raw) ? raw : null;
    const items = list?.map((x) => (typeof x === "string" ? x.normalize("NFC").trim() : null)) ?? null;
    const filled = items?.filter((x): x is string => x !== null && x !== "") ?? [];
    if (!items || items.includes(null) || filled.length > MAX_PAGE_LIST_ITEMS || filled.some((x) => hasControlCharacters(x) || directionOverrides.test(x) || [...x].length > PAGE_LIST_ITEM_MAX)) {
      set(key, PAGE_LIST_INVALID);
    } else out[key] = filled;
  }
  if (WORKSHOP_LINES.some(({ key }) => key in fields && fields[key] !== undefined)) {
    sent = true;
    const lines: Record<string, string> = {};
    for (const { key, stored } of WORKSHOP_LINES) {
      const raw = fields[key];
      const text = raw === undefined || raw === null ? "" : typeof raw === "string" ? raw.normalize("NFC").trim() : null;
      if (text === null || hasControlCharacters(text) || directionOverrides.test(text) || [...text].length > WORKSHOP_LINE_MAX) set(key, WORKSHOP_LINE_INVALID);
      else lines[stored] = text;
    }
    const { time = "", venue = "", registration = "", discount_note = "" } = lines;
    out.sessionDetails = time || venue || registration || discount_note ? { time, venue, registration, ...(discount_note ? { discount_note } : {}) } : null;
  }
  return sent ? out : undefined;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
