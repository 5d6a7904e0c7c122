import type { ContactMessageRow } from "~/db/schema";
import { DEFAULT_TIME_ZONE, formatSessionWhen } from "~/features/events/format";
import { factsText, htmlPage, type Facts } from "~/features/mail/layout.server";
import type { OutgoingMail } from "~/features/mail/outbox.server";
import type { SiteSettings } from "~/site-settings";
import { countryOptions } from "./schema";

/**
 * D8: a real acknowledgement to the visitor (without the message: decision 0072), and the message itself to the team
 * (Reply-To the visitor). Queued in the outbox with the message, so a mail
 * server that is down delays them but never loses them or fails the submission.
 * Text and HTML, as every other mail of the site.
 */
export function contactMails(site: Pick<SiteSettings, "orgName" | "contactEmail">, m: ContactMessageRow): OutgoingMail[] {
  const { orgName, contactEmail } = site;
  const country = countryOptions.find((c) => c.value === m.country)?.label ?? m.country;

  const greeting = `Dear ${m.first_name},`;
  const intro = `Thank you for writing to ${orgName}. We have received your message and will contact you soon, usually within two business days.`;
  const outro = [`If you need to add anything, simply reply to this email or write to ${contactEmail}.`, `Warm regards,\nThe ${orgName} team`];
  const ackSubject = `We received your message | ${orgName}`;

  // The team reads the time it arrived as the site writes dates, in the organization's zone.
  const received = formatSessionWhen(m.created_at, null, DEFAULT_TIME_ZONE);
  const details: Facts = [
    ["Name", `${m.first_name} ${m.last_name}`],
    ["Email", m.email],
    ["Phone", m.phone_number],
    ["Country", country],
    ["Zip code", m.zip_code],
    ["Received", received],
    ["Message", m.message ?? "(none)"],
  ];
  const noticeIntro = "A new message arrived through the Contact Us form.";
  const noticeSubject = `New contact message from ${m.first_name} ${m.last_name}`;

  return [
    {
      topic: `contact:${m.id}`,
      to: m.email,
      // It says "simply reply": the reply reaches the team even when MAIL_FROM is a relay's sender.
      replyTo: contactEmail,
      subject: ackSubject,
      // The message is not quoted back (decision 0072): this mail goes to an address nobody has confirmed, and
      // quoting what was typed would let anyone send their own text, links included, in the organization's mail.
      text: `${greeting}\n\n${intro}\n\n${outro.join("\n\n")}\n`,
      html: htmlPage(ackSubject, [greeting, intro], [], outro),
    },
    {
      topic: `contact:${m.id}`,
      to: contactEmail,
      replyTo: m.email,
      subject: noticeSubject,
      text: `${noticeIntro}\n\n${factsText(details.slice(0, -1))}\n\nMessage:\n${m.message ?? "(none)"}\n`,
      html: htmlPage(noticeSubject, [noticeIntro], details, [], undefined, { wholeTitle: true }),
    },
  ];
}
