import crypto from "node:crypto";
import { createEvent } from "ics";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { zonedIsoString } from "~/lib/zoned-iso";
import { parseEventInstant } from "~/features/events/format";
import { remembered } from "~/lib/bounded-cache";

export type CalendarEntry = {
  /** Stable per registration, so a re-sent invitation updates the same entry. */
  uid: string;
  title: string;
  startsAt: string;
  endsAt: string;
  /** The venue's IANA zone (D13). */
  timeZone: string;
  location: string;
  description: string;
  organiser?: { name: string; email: string };
  url?: string;
  /** Raised for each change of a sent entry, so calendar programs replace it (RFC 5545 §3.8.7.4). */
  sequence?: number;
  /** A cancellation: METHOD:CANCEL and STATUS:CANCELLED, same UID, so the entry is removed. */
  cancelled?: boolean;
};

/**
 * The DTSTART or DTEND line of an instant: its wall-clock time at the venue with
 * the zone's TZID (20261203T090000), so calendar programs show the venue's time.
 * A wall-clock time that happens twice (1:30 AM on the night the clocks go back)
 * means the first one (RFC 5545 §3.3.5): the second one is written in UTC
 * instead, the one form that says which it is.
 */
function dateLine(name: "DTSTART" | "DTEND", iso: string, timeZone: string, tzid: string): string {
  const local = zonedIsoString(iso, timeZone).slice(0, 19);
  // Compared to the second, as written: an instant's milliseconds are not a second occurrence.
  const second = Math.floor(Date.parse(iso) / 1000) * 1000;
  if (parseEventInstant(local, timeZone)?.getTime() !== second) return `${name}:${utcStamp(new Date(iso))}`;
  return `${name};TZID=${tzid}:${local.replace(/[-:]/g, "")}`;
}

/**
 * An organizer's name as a quoted parameter value (CN="…"): RFC 5545 §3.1 allows
 * no double quote and no control character there, and no escape for them.
 */
function parameterText(value: string): string {
  // oxlint-disable-next-line no-control-regex -- control characters are what it removes
  return value.replace(/"/g, "'").replace(/[\u0000-\u001f\u007f]/g, " ");
}

const timeZoneBlocks = new Map<string, string>();

/** A zone's VTIMEZONE definition, looked up once per zone (the library rebuilds it at every call). */
function timeZoneBlock(timeZone: string): string {
  let block = timeZoneBlocks.get(timeZone);
  if (block === undefined) {
    const found = tzlib_get_ical_block(timeZone);
    block = Array.isArray(found) ? (found[0] ?? "") : "";
    // Only the zones sessions use: a bounded set, but a typo'd zone must not grow it without end.
    if (timeZoneBlocks.size < 500) timeZoneBlocks.set(timeZone, block);
  }
  return block;
}

/**
 * An .ics file for one session (RFC 5545), made by the `ics` library and then
 * given the venue's time zone: DTSTART/DTEND as local times with TZID, and the
 * zone's VTIMEZONE definition, so calendar programs show the session at the
 * venue's local time and convert it correctly for someone elsewhere.
 *
 * Every registrant of a session gets the same file but for its UID and its
 * DTSTAMP, and the library validates its input with a schema at every call
 * (the larger part of a registration's own CPU time, decision 0040). So the
 * file is built once per session and change, with a stand-in UID of the same
 * length (line folding then falls at the same places), and each call puts its
 * UID and the current DTSTAMP into that template.
 */
export function sessionCalendarFile(entry: CalendarEntry): string {
  const { uid, ...rest } = entry;
  if (!TEMPLATE_UID.test(uid)) return buildCalendarFile(entry);
  const template = remembered(templates, `${uid.length}\u0000${JSON.stringify(rest)}`, TEMPLATE_LIMIT, () => {
    const standIn = standInUid(uid.length);
    const text = buildCalendarFile({ ...entry, uid: standIn });
    const line = `\r\nUID:${standIn}\r\n`;
    const at = text.indexOf(line);
    // A UID line the library folded or escaped: no template, each file of this entry is built whole.
    if (at < 0 || text.indexOf(line, at + 1) >= 0 || !DTSTAMP_LINE.test(text)) return null;
    return { before: text.slice(0, at + 6), after: text.slice(at + 6 + standIn.length) };
  });
  if (!template) return buildCalendarFile(entry);
  return `${template.before}${uid}${template.after}`.replace(DTSTAMP_LINE, `\r\nDTSTAMP:${utcStamp(new Date())}\r\n`);
}

/** UIDs the library writes as they are (no escaping), the only ones put into a template. */
const TEMPLATE_UID = /^[A-Za-z0-9@._-]{1,200}$/;
/** A line of its own: a folded or escaped value never holds a bare CRLF followed by a property name. */
const DTSTAMP_LINE = /\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/;
/** Sessions and their changes in use at once: a few hundred at most. */
const TEMPLATE_LIMIT = 500;
const templates = new Map<string, { before: string; after: string } | null>();

/** A UID of `length` characters that cannot occur anywhere else in the file. */
function standInUid(length: number): string {
  let id = "";
  while (id.length < length) id += crypto.randomUUID().replaceAll("-", "");
  return id.slice(0, length);
}

/** 2026-11-24T20:33:36.123Z → 20261124T203336Z (RFC 5545 UTC date-time). */
function utcStamp(at: Date): string {
  return `${at.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
}

/** The file straight from the library, without a template (exported for the tests that compare the two). */
export function buildCalendarFile(entry: CalendarEntry): string {
  const { error, value } = createEvent({
    uid: entry.uid,
    title: entry.title,
    start: Date.parse(entry.startsAt),
    startInputType: "utc",
    startOutputType: "utc",
    end: Date.parse(entry.endsAt),
    endInputType: "utc",
    endOutputType: "utc",
    location: entry.location,
    description: entry.description,
    status: entry.cancelled ? "CANCELLED" : "CONFIRMED",
    method: entry.cancelled ? "CANCEL" : "PUBLISH",
    sequence: entry.sequence ?? 0,
    productId: "mindful-path/site",
    ...(entry.organiser ? { organizer: { ...entry.organiser, name: parameterText(entry.organiser.name) } } : {}),
    ...(entry.url ? { url: entry.url } : {}),
  });
  if (error || !value) throw error ?? new Error("could not build the calendar file");
  // A session may end when it starts (the spec allows it), but DTEND must be later than DTSTART
  // (RFC 5545 §3.8.2.2), as written, to the second. Without DTEND (nor DURATION) a DATE-TIME start
  // is an event of no length (§3.6.1), which is what such a session is. The library insists on an
  // end, so its line is taken out here.
  const endsLater = Math.floor(Date.parse(entry.endsAt) / 1000) > Math.floor(Date.parse(entry.startsAt) / 1000);
  const file = endsLater ? value : value.replace(/\r?\nDTEND:\d{8}T\d{6}Z(?=\r?\n)/, "");
  const vtimezone = timeZoneBlock(entry.timeZone);
  // The block's own TZID: the database may name the zone by an older alias than the block does
  // ('America/Indianapolis' for 'America/Indiana/Indianapolis'), and DTSTART must name the block.
  const tzid = /^TZID:(.+?)\r?$/m.exec(vtimezone)?.[1];
  if (!vtimezone || !tzid) return foldByOctets(file); // an unknown zone: keep the exact UTC times
  return foldByOctets(
    file
      .replace(/\r?\n/g, "\r\n")
      .replace(/^DTSTART:\d{8}T\d{6}Z$/m, dateLine("DTSTART", entry.startsAt, entry.timeZone, tzid))
      .replace(/^DTEND:\d{8}T\d{6}Z$/m, dateLine("DTEND", entry.endsAt, entry.timeZone, tzid))
      .replace("BEGIN:VEVENT", `${vtimezone.replace(/\r?\n/g, "\r\n")}\r\nBEGIN:VEVENT`),
  );
}

/** RFC 5545 §3.1: a content line is at most 75 octets, continued on lines that start with one space. */
const LINE_OCTETS = 75;

/**
 * The library folds at 75 characters, so a line with an en dash or an accented
 * name (2–4 bytes each in UTF-8) runs past 75 octets. Unfolds every line and
 * folds it again by octets, never inside a character, with CRLF line ends.
 */
export function foldByOctets(text: string): string {
  const lines = text.replace(/\r?\n[ \t]/g, "").split(/\r?\n/);
  const out: string[] = [];
  for (const line of lines) {
    let part = "";
    let octets = 0;
    let limit = LINE_OCTETS;
    for (const char of line) {
      const size = Buffer.byteLength(char, "utf8");
      if (octets + size > limit) {
        out.push(part);
        // A continuation line's leading space counts towards its 75.
        part = " ";
        octets = 1;
        limit = LINE_OCTETS;
      }
      part += char;
      octets += size;
    }
    out.push(part);
  }
  return out.join("\r\n");
}
