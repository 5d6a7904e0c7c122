import type { EventRow, RegistrationRow } from "~/db/schema";
import { formatPrice, formatSessionDate, formatSessionWhen } from "~/features/events/format";
import { sessionCalendarFile } from "~/features/mail/ics.server";
import { factsText, htmlPage, type Facts } from "~/features/mail/layout.server";
import type { OutgoingMail } from "~/features/mail/outbox.server";
import type { SiteSettings } from "~/site-settings";
import type { RegistrationInput } from "./schema";
import { calendarUid } from "~/features/mail/calendar-uid.server";
import { manageButton, manageSentence } from "~/features/private-links/manage-link.server";

/** What the confirmation says of the registrant: from the form, or from a stored row (a waiting-list offer confirmed). */
export type MailedRegistration = Pick<RegistrationInput, "firstName" | "email" | "nameAsCertificate" | "mobileNo" | "occupation" | "communicationPreferences"> & {
  hearAbout?: string | null | undefined;
};

export { manageButton, manageSentence } from "~/features/private-links/manage-link.server";

/**
 * D8: the registrant's confirmation (plain text and HTML, every value escaped,
 * the session as an .ics file in the venue's time zone) and a notice to the
 * organisation's address.
 */
export function registrationMails(
  site: Pick<SiteSettings, "orgName" | "contactEmail" | "publicUrl">,
  r: {
    id: string;
    input: MailedRegistration;
    event: EventRow;
    programmeTitle: string | null;
    accessUrl: string;
    /** The calendar entry's SEQUENCE when the session has moved since (a registration confirmed later: an approval). */
    sequence?: number;
    /** Another opening sentence (a registration staff approved). */
    intro?: string;
    /** Another subject, which the mail's heading follows (a registration staff approved). */
    subject?: string;
  },
): OutgoingMail[] {
  const { input, event } = r;
  const { session } = sessionFacts(event, r.programmeTitle);
  const ics = registrationCalendarFile(site, r.id, event, r.programmeTitle, r.sequence ? { sequence: r.sequence } : {});

  const greeting = `Dear ${input.firstName},`;
  const intro = r.intro ?? `Thank you for registering with ${site.orgName}. Your place in the session below is confirmed.`;
  const manage = manageSentence(r.accessUrl);
  // The session's payment link, as the Family Constellation confirmation gives it: the price alone says what, not where.
  const payment: Facts = event.payment_link ? [["Payment link", event.payment_link]] : [];
  const outro = [
    ...(event.payment_link ? [`Your seat is held for you; please complete your payment at ${event.payment_link} before the session.`] : []),
    "The session is attached as a calendar file, in the venue's local time.",
    `If you have questions or cannot attend, reply to this email or write to ${site.contactEmail}.`,
    `Warm regards,\nThe ${site.orgName} team`,
  ];
  const subject = r.subject ?? `Registration confirmed: ${event.title} | ${site.orgName}`;
  const registrant: OutgoingMail = {
    topic: `registration:${r.id}`,
    to: input.email,
    replyTo: site.contactEmail,
    subject,
    text: `${greeting}\n\n${intro}\n\n${factsText([...session, ...payment])}\nName on certificate: ${input.nameAsCertificate}\n\n${manage}\n\n${outro.join("\n\n")}\n`,
    html: htmlPage(subject, [greeting, intro], [...session, ...payment, ["Name on certificate", input.nameAsCertificate]], outro, manageButton(r.accessUrl)),
    attachments: [{ filename: "session.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: ics }],
  };

  const person: Facts = [
    ["Name", input.nameAsCertificate],
    ["Email", input.email],
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
    html: htmlPage(noticeSubject, ["A new registration arrived."], [...session, ...person, ["Registration id", r.id]], [], undefined, { wholeTitle: true }),
  };
  return [registrant, notice];
}

/** What a mail says of a session: its date and time in the venue's zone (D13), place and price. */
export function sessionFacts(event: EventRow, programmeTitle: string | null) {
  const when = formatSessionWhen(event.starts_at, event.ends_at, event.time_zone);
  const where = [event.venue, event.city].filter(Boolean).join(", ");
  const price = event.price_cents === null ? "See the program page" : formatPrice(event.price_cents, event.currency);
  const programme = programmeTitle ?? event.title;
  const session: Facts = [
    ["Program", programme],
    ["Session", event.title],
    ["Date and time", when],
    ["Venue", where],
    ["Price", price],
  ];
  return { when, where, programme, session };
}

/**
 * The calendar entry of one registration: one UID for its whole life, so a
 * later update (a higher `sequence`) or cancellation replaces the same entry.
 * The registration's id and the site's stored calendar host, so a change of
 * PUBLIC_URL keeps it (calendarUid, decision 0079).
 */
export function registrationCalendarFile(
  site: Pick<SiteSettings, "orgName" | "contactEmail" | "publicUrl">,
  registrationId: string,
  event: EventRow,
  programmeTitle: string | null,
  change: { sequence?: number; cancelled?: boolean } = {},
): string {
  const { when, where, programme } = sessionFacts(event, programmeTitle);
  return sessionCalendarFile({
    uid: calendarUid("registration", registrationId),
    title: event.title,
    startsAt: event.starts_at,
    endsAt: event.ends_at,
    timeZone: event.time_zone,
    location: where,
    description: `${programme}\n${when}\nQuestions: ${site.contactEmail}`,
    organiser: { name: site.orgName, email: site.contactEmail },
    ...change,
  });
}

/** A registrant cancelled from their private page: their confirmation of it, with the calendar entry's CANCEL, and the team's notice. */
export function registrationCancelledMails(
  site: Pick<SiteSettings, "orgName" | "contactEmail" | "publicUrl">,
  r: { registration: RegistrationRow; event: EventRow; programmeTitle: string | null; sequence: number },
  /** People wait for the session: the seat goes to the first of them, not back on sale. */
  waitingList = false,
  /** The registrant canceled from their page (the team is told), or a staff member canceled for them (decision 0080). */
  by: "registrant" | "team" = "registrant",
): OutgoingMail[] {
  const { registration, event } = r;
  const { session } = sessionFacts(event, r.programmeTitle);
  const ics = registrationCalendarFile(site, registration.id, event, r.programmeTitle, { sequence: r.sequence + 1, cancelled: true });
  const subject = `Registration canceled: ${event.title} | ${site.orgName}`;
  const greeting = `Dear ${registration.first_name},`;
  const intro =
    by === "team"
      ? "Our team has canceled your registration for the session below and released your seat."
      : "As you asked, your registration for the session below is canceled and your seat has been released.";
  const outro = [
    "The attached calendar file removes the session from your calendar.",
    by === "team"
      ? `If you did not expect this, or would like to join another session, write to ${site.contactEmail}.`
      : `If this was a mistake, or you would like to join another session, write to ${site.contactEmail}.`,
    `Warm regards,\nThe ${site.orgName} team`,
  ];
  const registrant: OutgoingMail = {
    topic: `registration:${registration.id}`,
    to: registration.email,
    replyTo: site.contactEmail,
    subject,
    text: `${greeting}\n\n${intro}\n\n${factsText(session)}\n\n${outro.join("\n\n")}\n`,
    html: htmlPage(subject, [greeting, intro], session, outro),
    attachments: [{ filename: "session.ics", contentType: "text/calendar; charset=utf-8; method=CANCEL", content: ics }],
  };
  const noticeSubject = `Canceled by the registrant: ${event.title} (${formatSessionDate(event.starts_at, event.time_zone)})`;
  const person: Facts = [
    ["Name", registration.name_on_certificate],
    ["Email", registration.email],
    ["Registration id", registration.id],
  ];
  const noticeIntro = `A registrant canceled from their registration page. ${
    waitingList ? "The seat goes to the waiting list: the first person in line is offered it." : "The seat is free again."
  }`;
  const notice: OutgoingMail = {
    topic: `registration:${registration.id}`,
    to: site.contactEmail,
    replyTo: registration.email,
    subject: noticeSubject,
    text: `${noticeIntro}\n\n${factsText([...session, ...person])}\n`,
    html: htmlPage(noticeSubject, [noticeIntro], [...session, ...person], [], undefined, { wholeTitle: true }),
  };
  // A staff member's cancel needs no notice to the team: they did it, and the audit trail has it.
  return by === "team" ? [registrant] : [registrant, notice];
}
