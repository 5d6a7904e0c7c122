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
