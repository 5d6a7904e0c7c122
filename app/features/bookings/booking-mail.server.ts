import type { EventRow } from "~/db/schema";
import { formatPrice, formatSessionDate, formatSessionWhen } from "~/features/events/format";
import { sessionCalendarFile } from "~/features/mail/ics.server";
import { factsText, htmlPage, type Facts } from "~/features/mail/layout.server";
import type { OutgoingMail } from "~/features/mail/outbox.server";
import type { SiteSettings } from "~/site-settings";
import { formatUsPhone, type BookingInput } from "./schema";
import { calendarUid } from "~/features/mail/calendar-uid.server";
import { questionsSentence, replyAddress, replyOrWrite } from "~/features/mail/addressing";
import { manageButton, manageSentence } from "~/features/private-links/manage-link.server";

/**
 * D8: the booker's confirmation (the session's date and time in the venue's
 * zone, location, facilitator, price and payment link, with the session as an
 * .ics file, and the link to the booking's private page, decision 0087) and a
 * notice to the session's organiser (else the organisation).
 */
export function bookingMails(
  site: Pick<SiteSettings, "orgName" | "contactEmail" | "publicUrl">,
  b: { id: string; input: Pick<BookingInput, "fullName" | "email" | "phone" | "communicationPreferences">; event: EventRow; accessUrl: string },
): OutgoingMail[] {
  const { input, event } = b;
  const when = formatSessionWhen(event.starts_at, event.ends_at, event.time_zone);
  const where = [event.venue, event.city].filter(Boolean).join(", ");
  const price = event.price_cents === null ? "To be confirmed" : formatPrice(event.price_cents, event.currency);
  const session: Facts = [
    ["Session", event.title],
    ["Date and time", when],
    ["Location", where],
    ["Facilitator", event.facilitator ?? "To be announced"],
    ["Price", price],
    ...(event.payment_link ? ([["Payment link", event.payment_link]] as Facts) : []),
  ];
  const ics = bookingCalendarFile(site, b.id, event);

  const greeting = `Dear ${input.fullName},`;
  const intro = `Thank you for booking a seat with ${site.orgName}. Your seat in the Family Constellation session below is reserved.`;
  const outro = [
    ...(event.payment_link ? [`Your seat is held for you; please complete your payment at ${event.payment_link} before the session.`] : []),
    "The session is attached as a calendar file, in the venue's local time.",
    // A reply reaches the session's organizer (Reply-To): the mail says so, and names each address by its role.
    questionsSentence(site, { kind: "family", organiser_email: event.organiser_email }),
    `Warm regards,\nThe ${site.orgName} team`,
  ];
  const subject = `Booking confirmed: ${event.title} | ${site.orgName}`;
  const booker: OutgoingMail = {
    topic: `family-booking:${b.id}`,
    to: input.email,
    replyTo: event.organiser_email ?? site.contactEmail,
    subject,
    text: `${greeting}\n\n${intro}\n\n${factsText(session)}\n\n${manageSentence(b.accessUrl, "booking")}\n\n${outro.join("\n\n")}\n`,
    html: htmlPage(subject, [greeting, intro], session, outro, manageButton(b.accessUrl, "booking")),
    attachments: [{ filename: "session.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: ics }],
  };

  const person: Facts = [
    ["Name", input.fullName],
    ["Email", input.email],
    // As staff screens and the CSV write it.
    ["Phone", formatUsPhone(input.phone)],
    ["Wants news", input.communicationPreferences ? "Yes" : "No"],
  ];
  const noticeSubject = `New Family Constellation booking: ${event.city} (${formatSessionDate(event.starts_at, event.time_zone)})`;
  const notice: OutgoingMail = {
    topic: `family-booking:${b.id}`,
    to: event.organiser_email ?? site.contactEmail,
    replyTo: input.email,
    subject: noticeSubject,
    text: `A new booking arrived.\n\n${factsText([...session, ...person])}\nBooking id: ${b.id}\n`,
    html: htmlPage(noticeSubject, ["A new booking arrived."], [...session, ...person, ["Booking id", b.id]], [], undefined, { wholeTitle: true }),
  };
  return [booker, notice];
}

/**
 * A booking canceled, with the calendar's CANCEL for the entry the booker's
 * confirmation carried (same UID, the next SEQUENCE).
 *
 * - By a staff member for its booker (decision 0082), who asked by phone or
 *   email, say: "Our team has canceled…", as the registrant's of decision
 *   0080. The session's own organizer, when it has one apart from the team,
 *   had the booking's notice and gets the cancel's; the team itself is not
 *   told (it did it, and the audit trail has it).
 * - By the booker from their private page (decision 0087): "As you asked…",
 *   as the registrant's own cancel. The notice goes where the booking's notice
 *   went (the session's organizer, else the organization), as the registrant's
 *   goes to the team that had their registration's notice.
 */
export function bookingCancelledMails(
  site: Pick<SiteSettings, "orgName" | "contactEmail" | "publicUrl">,
  b: { id: string; fullName: string; email: string; event: EventRow; sequence: number; waitingList: boolean },
  by: "team" | "booker" = "team",
): OutgoingMail[] {
  const { event } = b;
  const when = formatSessionWhen(event.starts_at, event.ends_at, event.time_zone);
  const where = [event.venue, event.city].filter(Boolean).join(", ");
  const session: Facts = [
    ["Session", event.title],
    ["Date and time", when],
    ["Location", where],
  ];
  const ics = bookingCalendarFile(site, b.id, event, { sequence: b.sequence + 1, cancelled: true });
  const subject = `Booking canceled: ${event.title} | ${site.orgName}`;
  const greeting = `Dear ${b.fullName},`;
  const intro =
    by === "team"
      ? "Our team has canceled your booking for the Family Constellation session below and released your seat."
      : "As you asked, your booking for the Family Constellation session below is canceled and your seat has been released.";
  const outro = [
    "The attached calendar file removes the session from your calendar.",
    by === "team"
      ? `If you did not expect this, or would like to book another session, ${replyOrWrite(site, event)}.`
      : `If this was a mistake, or you would like to book another session, ${replyOrWrite(site, event)}.`,
    `Warm regards,\nThe ${site.orgName} team`,
  ];
  const booker: OutgoingMail = {
    topic: `family-booking:${b.id}`,
    to: b.email,
    // Where the booking's confirmation replied to: one person's mails about one seat reach one inbox.
    replyTo: replyAddress(site, event),
    subject,
    text: `${greeting}\n\n${intro}\n\n${factsText(session)}\n\n${outro.join("\n\n")}\n`,
    html: htmlPage(subject, [greeting, intro], session, outro),
    attachments: [{ filename: "session.ics", contentType: "text/calendar; charset=utf-8; method=CANCEL", content: ics }],
  };
  const organiser = event.organiser_email;
  const seat = b.waitingList ? "The seat goes to the waiting list: the first person in line is offered it." : "The seat is free again.";
  if (by === "booker") {
    const bookerSubject = `Booking canceled by the booker: ${event.city} (${formatSessionDate(event.starts_at, event.time_zone)})`;
    const bookerIntro = `A booker canceled from their booking page. ${seat}`;
    const facts: Facts = [...session, ["Name", b.fullName], ["Email", b.email], ["Booking id", b.id]];
    return [
      booker,
      {
        topic: `family-booking:${b.id}`,
        // Where the booking's own notice went (bookingMails).
        to: organiser ?? site.contactEmail,
        replyTo: b.email,
        subject: bookerSubject,
        text: `${bookerIntro}\n\n${factsText(facts)}\n`,
        html: htmlPage(bookerSubject, [bookerIntro], facts, [], undefined, { wholeTitle: true }),
      },
    ];
  }
  if (!organiser || organiser.toLowerCase() === site.contactEmail.toLowerCase()) return [booker];
  const noticeSubject = `Booking canceled by our team: ${event.city} (${formatSessionDate(event.starts_at, event.time_zone)})`;
  const noticeIntro = `Our team canceled this booking and told the booker. ${seat}`;
  const person: Facts = [
    ["Name", b.fullName],
    ["Email", b.email],
    ["Booking id", b.id],
  ];
  const notice: OutgoingMail = {
    topic: `family-booking:${b.id}`,
    to: organiser,
    replyTo: site.contactEmail,
    subject: noticeSubject,
    text: `${noticeIntro}\n\n${factsText([...session, ...person])}\n`,
    html: htmlPage(noticeSubject, [noticeIntro], [...session, ...person], [], undefined, { wholeTitle: true }),
  };
  return [booker, notice];
}

/**
 * The calendar entry of one Family Constellation booking: one UID for its whole
 * life, so an update (a higher `sequence`) or a cancellation replaces it. The
 * UID is the booking's id and the site's stored calendar host: a change of
 * PUBLIC_URL must not turn a later update into a second entry (calendarUid, decision 0079).
 */
export function bookingCalendarFile(
  site: Pick<SiteSettings, "orgName" | "contactEmail" | "publicUrl">,
  bookingId: string,
  event: EventRow,
  change: { sequence?: number; cancelled?: boolean } = {},
): string {
  const when = formatSessionWhen(event.starts_at, event.ends_at, event.time_zone);
  return sessionCalendarFile({
    uid: calendarUid("family-booking", bookingId),
    title: event.title,
    startsAt: event.starts_at,
    endsAt: event.ends_at,
    timeZone: event.time_zone,
    location: [event.venue, event.city].filter(Boolean).join(", "),
    description: `${event.title}\n${when}${event.facilitator ? `\nFacilitator: ${event.facilitator}` : ""}\nQuestions: ${event.organiser_email ?? site.contactEmail}`,
    organiser: { name: event.organiser ?? site.orgName, email: event.organiser_email ?? site.contactEmail },
    url: `${site.publicUrl}/family-constellation`,
    ...change,
  });
}
