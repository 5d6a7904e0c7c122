import type { EventJson } from "~/features/events/events.server";
import { courseDetailDate, formatSessionWhen } from "~/features/events/format";
import { sessionCalendarFile } from "~/features/mail/ics.server";
import type { SiteSettings } from "~/site-settings";
import { calendarUid } from "~/features/mail/calendar-uid.server";

/**
 * 'Add to calendar' on the event calendar: the session as an .ics file, in the
 * venue's time zone (D13), with the same UID for every download of a session so
 * a second import updates the entry instead of doubling it: the session's id
 * and the site's stored calendar host, so a change of PUBLIC_URL keeps it (calendarUid, decision 0079).
 */
export function eventCalendarDownload(event: EventJson, site: Pick<SiteSettings, "orgName" | "contactEmail" | "publicUrl">, sequence: number) {
  const when = formatSessionWhen(event.startDate, event.endDate, event.timeZone);
  const body = sessionCalendarFile({
    uid: calendarUid("event", event._id),
    title: event.title,
    startsAt: event.startDate,
    endsAt: event.endDate,
    timeZone: event.timeZone,
    location: [event.venue, event.city].filter(Boolean).join(", "),
    description: `${event.programTitle ?? event.title}\n${when}\nSchedule and enrollment: ${site.publicUrl}/schedule\nQuestions: ${site.contactEmail}`,
    organiser: { name: event.organiser ?? site.orgName, email: event.organiserEmail ?? site.contactEmail },
    url: event.externalLink ?? `${site.publicUrl}/schedule`,
    // How often the session moved (its cancellation included, decision 0032), as in the mails: a
    // download after a move replaces the entry imported before, and one after a cancellation removes it.
    sequence,
    ...(event.availability === "cancelled" ? { cancelled: true } : {}),
  });
  const slug = event.title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "session";
  // The file's METHOD, repeated in the Content-Type as RFC 5545 §8.1 asks of a file that has one.
  const method = event.availability === "cancelled" ? "CANCEL" : "PUBLISH";
  return { body, method, filename: `${slug}-${courseDetailDate(event.startDate, event.timeZone) ?? "session"}.ics` };
}
