/**
 * How a session's date, time and price read on the level pages, in the
 * registration dialog and in the confirmation mail (spec part 2 §3, §4, §9; D13).
 *
 * Intl only, no date library: the same code runs in Node 24 and in browsers, and
 * every date and time is taken in the venue's IANA time zone, never in the zone of
 * the machine that renders it. Choices: docs/decisions/0007-enrolment-rules.md.
 */
import { recordFormats, rememberedSeedable, seedableCache, zoneMinute, type FormatSeed } from "~/lib/bounded-cache";
import { formatEventDate } from "~/lib/format";

export const DEFAULT_TIME_ZONE = "America/New_York";

/** The year in the organisation's zone, not the server's: a server in UTC would turn the footer's year early on New Year's Eve. */
export function organisationYear(now = new Date()): number {
  return Number(new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone: DEFAULT_TIME_ZONE }).format(now));
}

/** Spec part 2 §8: what shows when a value is missing. */
export const DATE_TBD = "Date TBD";
/** Spec part 1's display rules: what a session's missing venue and time slot show as. */
export const VENUE_TBD = "Venue TBD";
export const TIME_TBD = "Time TBD";
export const EVENT_NAME_NOT_AVAILABLE = "Event Name Not Available";
export const LOCATION_NOT_AVAILABLE = "Location Not Available";
export const PRICE_NOT_AVAILABLE = "Price Not Available";

export type InstantInput = string | number | Date | null | undefined;

type LocalParts = Readonly<{ year: number; month: number; day: number; hour: number; minute: number; dayPeriod: string; zone: string }>;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
      timeZoneName: "short",
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

/** A valid Date from an instant, or null. Text without an offset is read as UTC by Date; use parseEventInstant for venue-local text. */
function toDate(value: InstantInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * The same few instants (a session's start and end, this minute) are taken
 * apart again and again, for every registration's mails and checks, and
 * formatToParts is slow. The parts hold nothing finer than a minute and zones
 * change their offset only on a minute's boundary, so they are kept by zone
 * and minute, a bounded number of them.
 */
// Pure: a bundle that never formats a session date drops it, and the module stays tree-shakeable.
const partsByMinute = /* @__PURE__ */ seedableCache<LocalParts>("local-parts");

function localParts(date: Date, timeZone: string): LocalParts {
  return rememberedSeedable(partsByMinute, zoneMinute(date, timeZone), 1000, () => readLocalParts(date, timeZone));
}

function readLocalParts(date: Date, timeZone: string): LocalParts {
  const parts = partsFormatter(timeZone).formatToParts(date);
  const get = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? "";
  return {
    year: Number(get("year")),
    month: Number(get("month")),
    day: Number(get("day")),
    hour: Number(get("hour")),
    minute: Number(get("minute")),
    dayPeriod: get("dayPeriod").toUpperCase(),
    zone: get("timeZoneName"),
  };
}

const pad = (n: number) => String(n).padStart(2, "0");
const clock = (p: LocalParts) => `${p.hour}:${pad(p.minute)} ${p.dayPeriod}`;
const isoDay = (p: LocalParts) => `${p.year}-${pad(p.month)}-${pad(p.day)}`;

/** '5th Mar 2025': the calendar date at the venue; 'Date TBD' when there is no valid instant. */
export function formatSessionDate(isoInstant: InstantInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const d = toDate(isoInstant);
  return (d && formatEventDate(d, timeZone)) ?? DATE_TBD;
}

/**
 * '9:00 AM – 6:00 PM EST' (en dash with spaces; the zone's short en-US name).
 * When the session ends on another local day, each side names its day first and
 * the year closes the range's date: '5th Mar, 9:00 AM – 6th Mar 2025, 1:00 PM EST'
 * (both years when they differ). When the zone's name changes in between (a DST switch
 * overnight), each time carries its own. No valid end, or an end before the
 * start: the start time alone ('9:00 AM EST').
 */
export function formatTimeRange(startIso: InstantInput, endIso: InstantInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const start = toDate(startIso);
  if (!start) return DATE_TBD;
  const s = localParts(start, timeZone);
  const end = toDate(endIso);
  // No end, an end before the start, or the same minute: the start alone, not "6:00 PM – 6:00 PM".
  if (!end || end.getTime() <= start.getTime()) return `${clock(s)} ${s.zone}`;
  const e = localParts(end, timeZone);
  const sameZoneName = s.zone === e.zone;
  const startZone = sameZoneName ? "" : ` ${s.zone}`;
  if (isoDay(s) === isoDay(e)) return `${clock(s)}${startZone} – ${clock(e)} ${e.zone}`;
  const [sDay, sMonth, sYear] = formatEventDate(start, timeZone)?.split(" ") ?? [];
  const startDay = s.year === e.year ? `${sDay} ${sMonth}` : `${sDay} ${sMonth} ${sYear}`;
  return `${startDay}, ${clock(s)}${startZone} – ${formatEventDate(end, timeZone)}, ${clock(e)} ${e.zone}`;
}

/**
 * The times of a session shown under its start date ('5th Mar 2025' above it): '9:00 AM – 1:00 PM EST'
 * within one day; over several days the start's date is left out, as the line above says it, and the
 * end's is kept: '9:00 AM – 6th Mar 2025, 1:00 PM EST'.
 */
export function formatTimesUnderDate(startIso: InstantInput, endIso: InstantInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const start = toDate(startIso);
  const end = toDate(endIso);
  if (!start || !end || end.getTime() < start.getTime()) return formatTimeRange(startIso, endIso, timeZone);
  const s = localParts(start, timeZone);
  const e = localParts(end, timeZone);
  if (isoDay(s) === isoDay(e)) return formatTimeRange(startIso, endIso, timeZone);
  const startZone = s.zone === e.zone ? "" : ` ${s.zone}`;
  return `${clock(s)}${startZone} – ${formatEventDate(end, timeZone)}, ${clock(e)} ${e.zone}`;
}

/**
 * When a session is, its date said once: '5th Mar 2025, 9:00 AM – 1:00 PM EST' for
 * a session within one day; a session over several days is the range alone, which
 * names both days ('5th Mar, 9:00 AM – 6th Mar 2025, 1:00 PM EST'), never the
 * start's date in front of it again.
 */
export function formatSessionWhen(startIso: InstantInput, endIso: InstantInput, timeZone: string = DEFAULT_TIME_ZONE, separator = ", "): string {
  const range = formatTimeRange(startIso, endIso, timeZone);
  const start = toDate(startIso);
  const end = toDate(endIso);
  if (!start) return range;
  const severalDays = end !== null && end.getTime() >= start.getTime() && isoDay(localParts(start, timeZone)) !== isoDay(localParts(end, timeZone));
  return severalDays ? range : `${formatSessionDate(start, timeZone)}${separator}${range}`;
}

/**
 * What a page's session dates need in the browser, recorded by its loader and
 * put back by the page before it renders (`applyFormatSeed`, decision 0088):
 * each session's date, time range and both together, as `formatSessionDate`,
 * `formatTimeRange` and `formatSessionWhen` read them.
 */
export function sessionDatesSeed(sessions: Iterable<{ startDate: InstantInput; endDate?: InstantInput; timeZone?: string | null }>): FormatSeed {
  return recordFormats(() => {
    for (const s of sessions) formatSessionWhen(s.startDate, s.endDate, s.timeZone ?? undefined);
  });
}

/** Spec part 2 §3: the session choice reads 'city or location | event name or title | formatted date'. */
export function sessionLabel(session: {
  city?: string | null;
  title?: string | null;
  startsAt: InstantInput;
  timeZone?: string | null;
}): string {
  const city = session.city?.trim() || LOCATION_NOT_AVAILABLE;
  const title = session.title?.trim() || EVENT_NAME_NOT_AVAILABLE;
  return `${city} | ${title} | ${formatSessionDate(session.startsAt, session.timeZone || DEFAULT_TIME_ZONE)}`;
}

/** The registration's courseDetailDate: 'YYYY-MM-DD' of the start at the venue, or null. */
export function courseDetailDate(isoInstant: InstantInput, timeZone: string = DEFAULT_TIME_ZONE): string | null {
  const d = toDate(isoInstant);
  return d ? isoDay(localParts(d, timeZone)) : null;
}

/** The registration's courseDetailTime: '9:00 AM' at the venue (12-hour), or null. */
export function courseDetailTime(isoInstant: InstantInput, timeZone: string = DEFAULT_TIME_ZONE): string | null {
  const d = toDate(isoInstant);
  return d ? clock(localParts(d, timeZone)) : null;
}

/**
 * A registration's stored course time ('9:00 AM', its session's start at the
 * venue) with the zone's short name on its course date ('9:00 AM PST'), as
 * every other time in the staff area reads; the time as stored when its date,
 * zone or form is unknown.
 */
export function courseTimeWithZone(courseDate: string | null, courseTime: string | null, timeZone: string | null): string | null {
  const m = courseTime ? /^(\d{1,2}):(\d{2}) ([AP])M$/i.exec(courseTime.trim()) : null;
  if (!m || !courseDate || !timeZone || !/^\d{4}-\d{2}-\d{2}$/.test(courseDate)) return courseTime;
  const hour = (Number(m[1]) % 12) + (m[3]!.toUpperCase() === "P" ? 12 : 0);
  const at = parseEventInstant(`${courseDate}T${pad(hour)}:${m[2]}`, timeZone);
  return at ? `${courseTime} ${localParts(at, timeZone).zone}` : courseTime;
}

/** Offset of `timeZone` from UTC at `date`, in minutes (New York in winter: -300). */
function zoneOffsetMinutes(date: Date, timeZone: string): number {
  const p = localParts(date, timeZone);
  const hour24 = (p.hour % 12) + (p.dayPeriod === "PM" ? 12 : 0);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, hour24, p.minute);
  return Math.round((asUtc - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000);
}

const naiveLocal = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/**
 * An event's stored or legacy date as an instant. Text with a 'Z' or an offset,
 * epoch numbers and Dates are instants already; text without one ('2025-03-05T09:00',
 * '2025-03-05') is a wall-clock time at the venue and is read in `timeZone`
 * (so a server in UTC and a browser in California read it the same way).
 * A wall-clock time that happens twice (clocks going back) is the first one; one
 * that never happens (clocks going forward) moves forward by the gap: 2:30 AM on
 * the spring-forward day in New York is 3:30 AM EDT.
 */
export function parseEventInstant(value: InstantInput, timeZone: string = DEFAULT_TIME_ZONE): Date | null {
  if (typeof value === "string") {
    const m = naiveLocal.exec(value.trim());
    if (m) {
      const [, y, mo, d, h = "0", mi = "0", s = "0"] = m;
      // 10:60 or 10:00:60 would roll over to the next minute or hour: not a time anyone meant.
      if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
      const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
      const check = new Date(wall);
      if (check.getUTCFullYear() !== Number(y) || check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d)) return null;
      const day = 86_400_000;
      const before = zoneOffsetMinutes(new Date(wall - day), timeZone) * 60_000;
      const after = zoneOffsetMinutes(new Date(wall + day), timeZone) * 60_000;
      const fits = (offset: number) => zoneOffsetMinutes(new Date(wall - offset), timeZone) * 60_000 === offset;
      // Both fit in the repeated hour of a fall-back change: the earlier instant.
      // Neither fits in the skipped hour of a spring-forward change: the offset
      // before the change, which lands as far after it as the time was meant to be.
      const candidates = [before, after].filter(fits).map((o) => wall - o);
      return storable(new Date(candidates.length ? Math.min(...candidates) : wall - before));
    }
  }
  return storable(toDate(value));
}

/** The instants whose ISO text has a four-digit year: 0000-01-01 to 9999-12-31 in UTC. */
const FIRST_STORABLE = Date.parse("0000-01-01T00:00:00.000Z");
const LAST_STORABLE = Date.parse("9999-12-31T23:59:59.999Z");

/**
 * Instants are stored and compared as ISO text. Past the year 9999 in UTC that
 * text becomes '+010000-…', which sorts before every ordinary date on SQLite
 * (so a session in the far future would read as long past) and which
 * PostgreSQL refuses. Such an instant is no date anyone means: null, as for
 * any other unusable date.
 */
function storable(date: Date | null): Date | null {
  if (!date) return null;
  const t = date.getTime();
  return t >= FIRST_STORABLE && t <= LAST_STORABLE ? date : null;
}

type CityFallback = { venue: string; timeSlot: string };

/** Spec part 2 §4: venue and time slot for known cities when a session gives none. */
const knownCities: Record<string, CityFallback> = {
  "new york": { venue: "Main Hall", timeSlot: "Morning" },
  "los angeles": { venue: "Conference Center", timeSlot: "Evening" },
  chicago: { venue: "Training Room", timeSlot: "Night" },
};

/**
 * The §4 fallback for a city, case-insensitive and ignoring extra spaces; a
 * session label ('New York | …') or 'Chicago, IL' is read by its city part.
 */
export function knownCityFallback(city: string | null | undefined): CityFallback | null {
  if (!city) return null;
  const key = (city.split("|")[0] ?? "").split(",")[0]!.trim().replace(/\s+/g, " ").toLowerCase();
  const hit = knownCities[key];
  return hit ? { ...hit } : null;
}

/**
 * An amount with en-US digit grouping: 1500 → '1,500', 35.5 with 2 digits →
 * '35.50'. Plain arithmetic, not Intl.NumberFormat: a price shows on pages
 * whose hydration must not build the browser's first Intl object (decision
 * 0088). As Intl does, it rounds the number's shortest decimal form (the one
 * String gives) half away from zero; a form in exponent notation (below 1e-6,
 * 1e21 and up) goes to Intl.
 */
function grouped(amount: number, digits: 0 | 2): string {
  const shortest = String(amount);
  if (shortest.includes("e")) return new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount);
  const [integer = "0", decimals = ""] = shortest.split(".");
  // The amount × 10^(digits + 1), cut after one more digit than is kept: that digit decides the rounding.
  const scaled = BigInt(integer + decimals.padEnd(digits + 1, "0").slice(0, digits + 1));
  const rounded = ((scaled + 5n) / 10n).toString().padStart(digits + 1, "0");
  const whole = rounded.slice(0, rounded.length - digits).replace(/\B(?=(\d{3})+$)/g, ",");
  return digits ? `${whole}.${rounded.slice(-digits)}` : whole;
}

/**
 * The price a program's page shows beside its shown session: that session's
 * own, when it has one (staff set it per session, and it is the price the
 * registration is for), else the program's (decision 0093). Before, a seeded
 * program's own price won, so a session whose price staff changed showed one
 * price in its panel and another in large type under it.
 */
export function shownPrice(session: { price: number | null; currency: string } | null | undefined, programme: { priceCents: number | null; currency: string }): string {
  return session && session.price !== null ? formatPrice(Math.round(session.price * 100), session.currency) : formatPrice(programme.priceCents, programme.currency);
}

/**
 * Minor units to a price: '$300', '$1,500', '$35.50'; other currencies by their
 * code: 'AED 1,500'. Cents show only when there are some. No price: 'Price Not Available'.
 */
export function formatPrice(priceCents: number | null | undefined, currency: string = "USD"): string {
  if (priceCents === null || priceCents === undefined || !Number.isFinite(priceCents)) return PRICE_NOT_AVAILABLE;
  const amount = grouped(Math.abs(priceCents) / 100, priceCents % 100 === 0 ? 0 : 2);
  const sign = priceCents < 0 ? "-" : "";
  const code = currency.trim().toUpperCase() || "USD";
  return code === "USD" ? `${sign}$${amount}` : `${sign}${code} ${amount}`;
}

/**
 * A time as one unbreakable piece for a page: "4:00 AM EST" never wraps between
 * "4:00" and "AM" (or before its zone) on a narrow screen. No-break spaces go in
 * at render time only; mails, calendar files and the CSV keep plain spaces.
 */
export function keepTimesWhole(text: string): string {
  return text.replace(/(\d:\d\d) (AM|PM)(?: ([A-Z]{2,5}\b|GMT[+-]\d{1,2}(?::\d\d)?))?/g, (_m, time: string, period: string, zone?: string) =>
    zone ? `${time}\u00a0${period}\u00a0${zone}` : `${time}\u00a0${period}`,
  );
}
