import { createEvent } from "ics";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { zonedIsoString } from "~/features/calendar/event-jsonld";

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

/** Local wall-clock time of an instant in a zone, as iCalendar's basic form: 20261203T090000. */
function localStamp(iso: string, timeZone: string): string {
  return zonedIsoString(iso, timeZone).slice(0, 19).replace(/[-:]/g, "");
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
 */
export function sessionCalendarFile(entry: CalendarEntry): string {
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
    ...(entry.organiser ? { organizer: entry.organiser } : {}),
    ...(entry.url ? { url: entry.url } : {}),
  });
  if (error || !value) throw error ?? new Error("could not build the calendar file");
  const vtimezone = timeZoneBlock(entry.timeZone);
  if (!vtimezone) return value; // an unknown zone: keep the exact UTC times
  return value
    .replace(/\r?\n/g, "\r\n")
    .replace(/^DTSTART:\d{8}T\d{6}Z$/m, `DTSTART;TZID=${entry.timeZone}:${localStamp(entry.startsAt, entry.timeZone)}`)
    .replace(/^DTEND:\d{8}T\d{6}Z$/m, `DTEND;TZID=${entry.timeZone}:${localStamp(entry.endsAt, entry.timeZone)}`)
    .replace("BEGIN:VEVENT", `${vtimezone.replace(/\r?\n/g, "\r\n")}\r\nBEGIN:VEVENT`);
}
