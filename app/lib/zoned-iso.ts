/** Instants written as a venue's local time with its UTC offset (schema.org dates, calendar files). Isomorphic. */

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the venue's local time with its offset: '2026-12-05T09:00:00-05:00'
 * (what schema.org asks for an event's start). An unknown zone falls back to UTC.
 */
export function zonedIsoString(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let f = offsetFormatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-US", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
        hourCycle: "h23",
        timeZoneName: "longOffset",
      });
    } catch {
      return date.toISOString();
    }
    offsetFormatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(date).map((x) => [x.type, x.value]));
  // 'GMT-05:00', or plain 'GMT' at UTC.
  const offset = String(p.timeZoneName).replace(/^GMT/, "") || "+00:00";
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${offset}`;
}
