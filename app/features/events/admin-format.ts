/**
 * How the staff events table shows a session's date and time (spec part 2
 * §2.10; D13: at the venue, in its time zone). Isomorphic.
 *
 * Our sessions always store a start and an end. A record with only its single
 * legacy `date` (no end that can be read) reads
 * '5th Mar 2025, 9:00 AM EST (Legacy format)'. An end equal to the start is one
 * the event form allows ('after or equal to start'): it shows the start time
 * alone, without the legacy label. A record whose start cannot be read shows
 * 'No date set'.
 */
import { formatSessionDate, formatTimeRange } from "./format";

export const LEGACY_FORMAT = "(Legacy format)";
export const NO_DATE_SET = "No date set";

export type DateCell = { date: string; time: string | null; legacy: boolean } | null;

export function eventDateCell(startDate: string | null | undefined, endDate: string | null | undefined, timeZone: string): DateCell {
  const start = startDate ? Date.parse(startDate) : Number.NaN;
  if (Number.isNaN(start)) return null;
  const end = endDate ? Date.parse(endDate) : Number.NaN;
  const legacy = Number.isNaN(end);
  const range = formatTimeRange(startDate, legacy || end === start ? null : endDate, timeZone);
  // A session over several days names its days in the range already.
  const multiDay = /\d(?:st|nd|rd|th) /.test(range);
  return { date: multiDay ? range : formatSessionDate(startDate, timeZone), time: multiDay ? null : range, legacy };
}

/** The cell as one line of text (for the card layout and for tests). */
export function eventDateText(startDate: string | null | undefined, endDate: string | null | undefined, timeZone: string): string {
  const cell = eventDateCell(startDate, endDate, timeZone);
  if (!cell) return NO_DATE_SET;
  return [cell.date, cell.time].filter(Boolean).join(", ") + (cell.legacy ? ` ${LEGACY_FORMAT}` : "");
}

/** 'Showing 6 to 10 of 12 results' (spec §2.10). */
export function showingText(page: number, pageSize: number, total: number): string {
  if (total === 0) return "Showing 0 to 0 of 0 results";
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return `Showing ${from} to ${to} of ${total} results`;
}

/** Up to 5 page numbers around the current page (spec §9). */
export function pageWindow(page: number, totalPages: number, size = 5): number[] {
  const count = Math.min(size, totalPages);
  let first = Math.max(1, page - Math.floor(size / 2));
  first = Math.min(first, totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => first + i);
}
