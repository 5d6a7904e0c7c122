import { DEFAULT_TIME_ZONE } from "~/features/events/format";

/** Dates on the staff screens, in the organisation's time zone (the same on the server and in the browser). */
const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: DEFAULT_TIME_ZONE });
const dayTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: DEFAULT_TIME_ZONE });

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
