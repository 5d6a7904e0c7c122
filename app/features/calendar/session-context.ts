import { formatSessionWhen } from "~/features/events/format";
import type { CalendarSession } from "./calendar-data";

/**
 * What a row's controls name after their own words ("Enroll Now: …", "Add to calendar: …"), so that
 * each names its session apart from the others in a list of links: two sessions of one title on one day
 * in two cities (or at two times) read differently. "Family Constellation, Chicago, 2nd Dec 2026,
 * 1:00 PM – 6:00 PM CST".
 */
export function sessionContext(event: Pick<CalendarSession, "title" | "city" | "startDate" | "endDate" | "timeZone">): string {
  return [event.title, event.city, formatSessionWhen(event.startDate, event.endDate, event.timeZone)].filter(Boolean).join(", ");
}
