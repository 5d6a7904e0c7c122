import type { ContactMessageRow } from "~/db/schema";
import type { OutgoingMail } from "~/features/mail/outbox.server";
import type { SiteSettings } from "~/site-settings";
import { countryOptions } from "./schema";

/**
 * D8: a real acknowledgement to the visitor, and the message itself to the team
 * (Reply-To the visitor). Queued in the outbox with the message, so a mail
 * server that is down delays them but never loses them or fails the submission.
 */
export function contactMails(site: Pick<SiteSettings, "orgName" | "contactEmail">, m: ContactMessageRow): OutgoingMail[] {
  const { orgName, contactEmail } = site;
  const country = countryOptions.find((c) => c.value === m.country)?.label ?? m.country;
  const yourMessage = m.message ? `\nYour message:\n\n${m.message}\n` : "";
  return [
    {
      topic: `contact:${m.id}`,
      to: m.email,
      subject: `We received your message | ${orgName}`,
      text: `Dear ${m.first_name},

Thank you for writing to ${orgName}. We have received your message and will contact you soon, usually within two business days.
${yourMessage}
If you need to add anything, simply reply to this email or write to ${contactEmail}.

Warm regards,
The ${orgName} team
`,
    },
    {
      topic: `contact:${m.id}`,
      to: contactEmail,
      replyTo: m.email,
      subject: `New contact message from ${m.first_name} ${m.last_name}`,
      text: `A new message arrived through the Contact Us form.

Name: ${m.first_name} ${m.last_name}
Email: ${m.email}
Phone: ${m.phone_number}
Country: ${country}
Zip code: ${m.zip_code}
Received: ${m.created_at}

Message:
${m.message ?? "(none)"}
`,
    },
  ];
}
