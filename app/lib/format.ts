import { rememberedSeedable, seedableCache, zoneMinute } from "./bounded-cache";

/** 75 → "1:15"; 3725 → "1:02:05". Non-finite values show as 0:00. */
export function formatClock(totalSeconds: number): string {
  const s = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** Spoken form for screen readers: 75 → "1 minute 15 seconds". */
export function spokenDuration(totalSeconds: number): string {
  const s = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const m = Math.floor(s / 60);
  const sec = s % 60;
  const parts: string[] = [];
  if (m) parts.push(`${m} minute${m === 1 ? "" : "s"}`);
  parts.push(`${sec} second${sec === 1 ? "" : "s"}`);
  return parts.join(" ");
}

function ordinal(n: number): string {
  const rem100 = n % 100;
  if (rem100 >= 11 && rem100 <= 13) return `${n}th`;
  return `${n}${({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th"}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An en-US date formatter for a zone, made once and kept: constructing one costs
 * far more than formatting with it (it showed in the registration profile).
 */
export function dateTimeFormat(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone} ${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
    formatters.set(key, f);
  }
  return f;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * Spec part 1 §3.4: dates display like '5th Mar 2025'. The calendar date is taken
 * in `timeZone` (the venue's), so an evening session is not shown on the next day.
 */
export function formatEventDate(value: string | Date | null | undefined, timeZone = "America/New_York"): string | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  // By zone and minute, as the parts in events/format.ts: the same session dates, over and over.
  return rememberedSeedable(eventDates, zoneMinute(date, timeZone), 1000, () => {
    const parts = dateTimeFormat(timeZone, { year: "numeric", month: "numeric", day: "numeric" }).formatToParts(date);
    const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
    return `${ordinal(get("day"))} ${MONTHS[get("month") - 1]} ${get("year")}`;
  });
}
// Pure: a bundle that never formats a date drops it.
const eventDates = /* @__PURE__ */ seedableCache<string>("event-date");
