import type { AppServices } from "~/context.server";
import type { ContactMessageRow } from "~/db/schema";
import { countryOptions } from "./schema";

/**
 * D8: a real acknowledgement to the visitor, and the message itself to the team
 * (Reply-To the visitor). A mail failure is logged, never shown as a failed
 * submission: the message is already stored.
 */
export async function sendContactMails(services: Pick<AppServices, "mailer" | "logger" | "config">, m: ContactMessageRow) {
  const { orgName, contactEmail } = services.config.site;
  const country = countryOptions.find((c) => c.value === m.country)?.label ?? m.country;
  const yourMessage = m.message ? `\nYour message:\n\n${m.message}\n` : "";
  const mails = [
    {
      to: m.email,
      subject: `We received your message | ${orgName}`,
      text: `Dear ${m.first_name},

Thank you for writing to ${orgName}. We have received your message and will contact you soon, usually within two working days.
${yourMessage}
If you need to add anything, simply reply to this e-mail or write to ${contactEmail}.

Warm regards,
The ${orgName} team
`,
    },
    {
      to: contactEmail,
      replyTo: m.email,
      subject: `New contact message from ${m.first_name} ${m.last_name}`,
      text: `A new message arrived through the Contact Us form.

Name: ${m.first_name} ${m.last_name}
E-mail: ${m.email}
Phone: ${m.phone_number}
Country: ${country}
Zip code: ${m.zip_code}
Received: ${m.created_at}

Message:
${m.message ?? "(none)"}
`,
    },
  ];
  for (const mail of mails) {
    try {
      await services.mailer.send(mail);
    } catch (error) {
      services.logger.error({ err: error, contactId: m.id }, "contact e-mail could not be sent");
    }
  }
}
