import type { EventRow } from "~/db/schema";
import { formatPrice, formatSessionDate, formatTimeRange } from "~/features/events/format";
import { sessionCalendarFile } from "~/features/mail/ics.server";
import { factsText, htmlPage, type Facts } from "~/features/mail/layout.server";
import type { OutgoingMail } from "~/features/mail/outbox.server";
import type { SiteSettings } from "~/site-settings";
import type { RegistrationInput } from "./schema";

/**
 * D8: the registrant's confirmation (plain text and HTML, every value escaped,
 * the session as an .ics file in the venue's time zone) and a notice to the
 * organisation's address.
 */
export function registrationMails(
  site: Pick<SiteSettings, "orgName" | "contactEmail" | "publicUrl">,
  r: { id: string; input: RegistrationInput; event: EventRow; programmeTitle: string | null },
): OutgoingMail[] {
  const { input, event } = r;
  const when = `${formatSessionDate(event.starts_at, event.time_zone)}, ${formatTimeRange(event.starts_at, event.ends_at, event.time_zone)}`;
  const where = [event.venue, event.city].filter(Boolean).join(", ");
  const price = event.price_cents === null ? "See the program page" : formatPrice(event.price_cents, event.currency);
  const programme = r.programmeTitle ?? event.title;
  const session: Facts = [
    ["Program", programme],
    ["Session", event.title],
    ["Date and time", when],
    ["Venue", where],
    ["Price", price],
  ];
  const host = new URL(site.publicUrl).hostname;
  const ics = sessionCalendarFile({
    uid: `registration-${r.id}@${host}`,
    title: event.title,
    startsAt: event.starts_at,
    endsAt: event.ends_at,
    timeZone: event.time_zone,
    location: where,
    description: `${programme}\n${when}\nQuestions: ${site.contactEmail}`,
    organiser: { name: site.orgName, email: site.contactEmail },
  });

  const greeting = `Dear ${input.firstName},`;
  const intro = `Thank you for registering with ${site.orgName}. Your place in the session below is confirmed.`;
  const outro = [
    "The session is attached as a calendar file, in the venue's local time.",
    `If you have questions or cannot attend, reply to this e-mail or write to ${site.contactEmail}.`,
    `Warm regards,\nThe ${site.orgName} team`,
  ];
  const subject = `Registration confirmed: ${event.title} | ${site.orgName}`;
  const registrant: OutgoingMail = {
    topic: `registration:${r.id}`,
    to: input.email,
    replyTo: site.contactEmail,
    subject,
    text: `${greeting}\n\n${intro}\n\n${factsText(session)}\nName on certificate: ${input.nameAsCertificate}\n\n${outro.join("\n\n")}\n`,
    html: htmlPage(subject, [greeting, intro], [...session, ["Name on certificate", input.nameAsCertificate]], outro),
    attachments: [{ filename: "session.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: ics }],
  };

  const person: Facts = [
    ["Name", input.nameAsCertificate],
    ["E-mail", input.email],
    ["Mobile", input.mobileNo],
    ["Occupation", input.occupation],
    ["Heard about us", input.hearAbout ?? "Not given"],
    ["Wants news", input.communicationPreferences ? "Yes" : "No"],
  ];
  const noticeSubject = `New registration: ${event.title} (${formatSessionDate(event.starts_at, event.time_zone)})`;
  const notice: OutgoingMail = {
    topic: `registration:${r.id}`,
    to: site.contactEmail,
    replyTo: input.email,
    subject: noticeSubject,
    text: `A new registration arrived.\n\n${factsText([...session, ...person])}\nRegistration id: ${r.id}\n`,
    html: htmlPage(noticeSubject, ["A new registration arrived."], [...session, ...person, ["Registration id", r.id]], []),
  };
  return [registrant, notice];
}
