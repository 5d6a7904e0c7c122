import { RateLimiterRes } from "rate-limiter-flexible";
import type { AppServices, RequestInfo } from "~/context.server";
import type { ContactMessageRow } from "~/db/schema";
import { validateContact, type ContactField, type ContactInput } from "./schema";
import type { FieldErrors } from "~/lib/validation";
import { enqueueMail } from "~/features/mail/outbox.server";
import { contactMails } from "./contact-mail.server";

export const CONTACT_SUCCESS = "Message sent successfully! We will contact you soon.";
export const CONTACT_INVALID = "Please correct the highlighted fields.";

export type ContactOutcome =
  | { status: "created"; message: ContactMessageRow }
  | { status: "invalid"; errors: FieldErrors<ContactField> }
  | { status: "rate-limited"; retryAfterSeconds: number; message: string };

/**
 * One contact-form submission: counted against the sender's address, validated
 * with the same schema the browser uses, then stored in one insert.
 */
export async function submitContact(
  services: Pick<AppServices, "db" | "formLimiter" | "mailWorker" | "config">,
  request: Pick<RequestInfo, "ip">,
  values: unknown,
): Promise<ContactOutcome> {
  const limited = await consumeFormAllowance(services, request.ip);
  if (limited) return limited;

  const result = validateContact(values);
  if (!result.ok) return { status: "invalid", errors: result.errors };
  const message = await storeContactMessage(services, result.data);
  services.mailWorker.kick();
  return { status: "created", message };
}

export async function consumeFormAllowance(
  services: Pick<AppServices, "formLimiter">,
  key: string,
): Promise<Extract<ContactOutcome, { status: "rate-limited" }> | null> {
  try {
    await services.formLimiter.consume(key);
    return null;
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e;
    const retryAfterSeconds = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
    const minutes = Math.ceil(retryAfterSeconds / 60);
    return {
      status: "rate-limited",
      retryAfterSeconds,
      message: `Too many submissions from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    };
  }
}

/** The message and its two mails, in one transaction. */
async function storeContactMessage(
  services: Pick<AppServices, "db" | "config">,
  input: ContactInput,
): Promise<ContactMessageRow> {
  const now = new Date().toISOString();
  const row = {
    id: crypto.randomUUID(),
    first_name: input.firstName,
    last_name: input.lastName,
    email: input.email,
    phone_number: input.phoneNumber,
    country: input.country,
    zip_code: input.zipCode,
    message: input.message ?? null,
    accepted_privacy_at: now,
    created_at: now,
  };
  return services.db.transaction().execute(async (trx) => {
    const stored = await trx.insertInto("contact_messages").values(row).returningAll().executeTakeFirstOrThrow();
    await enqueueMail(trx, contactMails(services.config.site, stored));
    return stored;
  });
}
