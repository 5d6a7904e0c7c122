import { DEFAULT_TIME_ZONE } from "~/features/events/format";

/** Dates on the staff screens, in the organisation's time zone (the same on the server and in the browser). */
const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: DEFAULT_TIME_ZONE });
/** With the zone's abbreviation ('Nov 25, 2026, 11:03 AM EST'): staff in other zones read it right, and it matches the audit trail. */
const dayTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
  timeZone: DEFAULT_TIME_ZONE,
});
const dayTimeSeconds = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  timeZoneName: "short",
  timeZone: DEFAULT_TIME_ZONE,
});

export function staffDate(iso: string | null | undefined): string {
  if (!iso) return "Date Not Available";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "Date Not Available" : day.format(d);
}

export function staffDateTime(iso: string | null | undefined): string {
  if (!iso) return "Date Not Available";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "Date Not Available" : dayTime.format(d);
}

const calendarDay = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/**
 * A calendar date stored as 'YYYY-MM-DD' (a date of birth, a course's day at its venue) as the staff
 * screens write dates: 'Apr 12, 1990'. Read as that day itself, in no zone; any other text as stored.
 */
export function staffCalendarDate(value: string | null | undefined): string | null | undefined {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim()) : null;
  if (!m) return value;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) || d.getUTCDate() !== Number(m[3]) ? value : calendarDay.format(d);
}

/** The audit trail's moments, to the second: 'Nov 25, 2026, 11:03:13 AM EST'. */
export function staffMoment(iso: string | null | undefined): string {
  if (!iso) return "Date Not Available";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "Date Not Available" : dayTimeSeconds.format(d);
}

/** A level as staff read it: a program's bare level number (what the level pages send) as 'Level 1'; any other text as stored. */
export function staffLevel(level: string | null | undefined): string | null | undefined {
  return level && /^\d+$/.test(level.trim()) ? `Level ${level.trim()}` : level;
}
