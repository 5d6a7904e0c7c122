/**
 * Spec part 1 §3.3: a DECODE programme may arrive with alternative field names;
 * the first present one is used. This reads stored or legacy data into one shape.
 */
import { DEFAULT_TIME_ZONE, parseEventInstant } from "~/features/events/format";

export type ProgrammeCard = {
  id: string;
  title: string;
  subtitle: string;
  subtitle1: string | null;
  cardPoints: string[];
  duration: string | null;
  buttonText: string | null;
  videoUrl: string | null;
  thumbnailUrl: string;
  certification: string | null;
  level: number;
};

export const DEFAULT_THUMBNAIL = "/media/programme-1280.webp";

type Raw = Record<string, unknown>;

function firstText(raw: Raw, ...keys: string[]): string | null {
  for (const k of keys) {
    const v = raw[k];
    if (typeof v === "number") return String(v);
    if (typeof v === "string" && v.trim() !== "" && v !== "null" && v !== "undefined") return v.trim();
  }
  return null;
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** Plain text of a fragment of HTML: tags dropped, the common entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => entities[e] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

/** A string holding list markup becomes one line per <li>; other strings stay one line. */
export function splitCardPoints(points: unknown): string[] {
  const list = Array.isArray(points) ? points : typeof points === "string" ? [points] : [];
  const out: string[] = [];
  for (const p of list) {
    if (typeof p !== "string") continue;
    if (/<li[\s>]/i.test(p)) {
      for (const m of p.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/gi)) {
        const text = htmlToText(m[1] ?? "");
        if (text) out.push(text);
      }
    } else {
      const text = htmlToText(p);
      if (text) out.push(text);
    }
  }
  return out;
}

/** The file name of an uploaded thumbnail as a URL (backslashes from old uploads made forward). */
export function uploadUrl(name: string): string {
  if (/^(https?:)?\/\//.test(name) || name.startsWith("/")) return name.replace(/\\/g, "/");
  const clean = name.replace(/\\/g, "/").replace(/^uploads\//, "");
  return `/uploads/${clean.split("/").map(encodeURIComponent).join("/")}`;
}

/**
 * A thumbnail as staff screens show it small: one stored in the database resized to 320 px (decision 0023),
 * an older upload's name or a full URL as it is; null for none.
 */
export function thumbnailPreviewSrc(thumbnail: string | null | undefined): string | null {
  if (!thumbnail || thumbnail === "null") return null;
  if (/^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/.test(thumbnail)) return `/uploads/${thumbnail}?w=320`;
  return uploadUrl(thumbnail);
}

/** 'LEVEL n' in the title gives the level; otherwise 1 (spec part 2 §9). */
export function levelFromTitle(title: string): number {
  const m = /level\s*(\d+)/i.exec(title);
  return m ? Number(m[1]) : 1;
}

export function normaliseProgramme(raw: Raw): ProgrammeCard {
  const title = firstText(raw, "title", "programTitle") ?? "Untitled program";
  const thumb = firstText(raw, "thumbnail") ?? firstText(raw, "thumbnailSrc", "image");
  const level = typeof raw.level === "number" ? raw.level : levelFromTitle(title);
  return {
    id: firstText(raw, "id", "_id") ?? "",
    title,
    subtitle: firstText(raw, "subtitle", "description") ?? "",
    subtitle1: firstText(raw, "subtitle1"),
    cardPoints: splitCardPoints(raw.cardPoints),
    duration: firstText(raw, "duration", "length"),
    buttonText: firstText(raw, "buttonText"),
    videoUrl: firstText(raw, "videoUrl", "videoSrc", "video"),
    thumbnailUrl: thumb ? uploadUrl(thumb) : DEFAULT_THUMBNAIL,
    certification: firstText(raw, "certification"),
    level,
  };
}

/**
 * Spec part 2 §3, 'Programme upcoming event', in one shape. Instants are ISO
 * text; wall-clock text without an offset is read in the session's zone (D13).
 */
export type UpcomingEvent = {
  id: string | null;
  eventName: string | null;
  location: string | null;
  /** ISO instant, or null when the event has no usable date ('No date set'). */
  startDate: string | null;
  endDate: string | null;
  timeZone: string;
  /** True when converted from a legacy single `date` ('(Legacy format)'). */
  legacy: boolean;
  organiser: string | null;
  organizerEmail: string | null;
  /** The price as given, for display when it cannot be read as an amount. */
  price: string | null;
  priceCents: number | null;
  currency: string;
  paymentLink: string | null;
  externalLink: string | null;
  pageLink: string | null;
  /** Seats in total ('10 Seats' → 10); null = not limited. */
  capacity: number | null;
  seatsLeft: number | null;
  noEnrol: boolean;
  status: string | null;
};

const TWO_HOURS = 2 * 60 * 60 * 1000;

/** '$1,500.00', 'AED 750', 300 (whole dollars, the legacy form) → minor units and currency. */
export function parsePrice(value: unknown): { cents: number; currency: string } | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? { cents: Math.round(value * 100), currency: "USD" } : null;
  if (typeof value !== "string") return null;
  const m = /^\s*(\$|USD|AED)?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*(USD|AED)?\s*$/i.exec(value);
  if (!m) return null;
  const whole = Number(m[2]!.replace(/,/g, ""));
  const cents = whole * 100 + Number((m[3] ?? "0").padEnd(2, "0"));
  const code = (m[4] ?? m[1] ?? "USD").toUpperCase();
  return { cents, currency: code === "$" ? "USD" : code };
}

function countOf(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? Math.floor(value) : null;
  if (typeof value !== "string") return null;
  const m = /^\s*(\d+)\s*(seats?)?\s*$/i.exec(value);
  return m ? Number(m[1]) : null;
}

function flagOf(value: unknown): boolean {
  return value === true || (typeof value === "string" && ["true", "1", "yes", "on"].includes(value.trim().toLowerCase()));
}

function instantText(value: unknown, timeZone: string): string | null {
  if (typeof value !== "string" && typeof value !== "number" && !(value instanceof Date)) return null;
  return parseEventInstant(value, timeZone)?.toISOString() ?? null;
}

/** One upcoming event from any of the names the original used for each field. */
export function normaliseUpcomingEvent(raw: Raw): UpcomingEvent {
  const timeZone = firstText(raw, "timeZone", "timezone", "tz") ?? DEFAULT_TIME_ZONE;
  let startDate = instantText(raw.startDate ?? raw.startsAt, timeZone);
  let endDate = instantText(raw.endDate ?? raw.endsAt, timeZone);
  let legacy = false;
  if (!startDate) {
    startDate = instantText(raw.date, timeZone);
    legacy = startDate !== null;
  }
  // A single date is a start with the end two hours later (spec §3; the admin form's default too).
  if (startDate && (!endDate || endDate < startDate)) endDate = new Date(Date.parse(startDate) + TWO_HOURS).toISOString();
  if (!startDate) endDate = null;
  const cents = typeof raw.priceCents === "number" && Number.isFinite(raw.priceCents) ? { cents: raw.priceCents, currency: "USD" } : parsePrice(raw.price);
  return {
    id: firstText(raw, "_id", "id"),
    eventName: firstText(raw, "eventName", "event", "title", "name"),
    location: firstText(raw, "location", "city", "venue"),
    startDate,
    endDate,
    timeZone,
    legacy,
    organiser: firstText(raw, "organiser", "organizer", "organisedby", "organizedBy", "facilitator"),
    organizerEmail: firstText(raw, "organizerEmail", "organiserEmail"),
    price: firstText(raw, "price"),
    priceCents: cents?.cents ?? null,
    currency: (firstText(raw, "currency") ?? cents?.currency ?? "USD").toUpperCase(),
    paymentLink: firstText(raw, "paymentLink"),
    externalLink: firstText(raw, "externalLink"),
    pageLink: firstText(raw, "pagelink", "pageLink", "link"),
    capacity: countOf(raw.capacity ?? raw.seats),
    seatsLeft: countOf(raw.seatsLeft),
    noEnrol: flagOf(raw.noenroll ?? raw.noEnroll),
    status: firstText(raw, "status"),
  };
}

/**
 * Spec part 2 §3: a programme's sessions, whichever of upcomingEvents, events or
 * sessions carries them (the first that holds any; a programme wrapped in `data`
 * is unwrapped), in date order with undated ones last.
 */
export function normaliseUpcomingEvents(program: unknown): UpcomingEvent[] {
  if (!program || typeof program !== "object") return [];
  let raw = program as Raw;
  if (raw.data && typeof raw.data === "object" && !Array.isArray(raw.data)) raw = raw.data as Raw;
  const list = [raw.upcomingEvents, raw.events, raw.sessions].find((l): l is unknown[] => Array.isArray(l) && l.length > 0) ?? [];
  const events = list.filter((e): e is Raw => !!e && typeof e === "object" && !Array.isArray(e)).map(normaliseUpcomingEvent);
  const key = (e: UpcomingEvent) => (e.startDate ? Date.parse(e.startDate) : Number.POSITIVE_INFINITY);
  return events.map((e, i) => ({ e, i })).sort((a, b) => key(a.e) - key(b.e) || a.i - b.i).map(({ e }) => e);
}

/** D12: only sessions that start from `now` on; undated ones are never offered. */
export function upcomingOnly(events: readonly UpcomingEvent[], now: Date = new Date()): UpcomingEvent[] {
  return events.filter((e) => e.startDate !== null && Date.parse(e.startDate) >= now.getTime());
}
