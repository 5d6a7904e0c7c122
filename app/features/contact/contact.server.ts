import { RateLimiterRes } from "rate-limiter-flexible";
import type { AppServices, RequestInfo } from "~/context.server";
import type { ContactMessageRow } from "~/db/schema";
import { lockKey, writeTransaction } from "~/db/transactions.server";
import { validateContact, type ContactField, type ContactInput } from "./schema";
import type { FieldErrors } from "~/lib/validation";
import { enqueueMail } from "~/features/mail/outbox.server";
import { contactMails } from "./contact-mail.server";
import { addressKey } from "~/lib/address-key";

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

/**
 * Spends one of the client's form submissions. `ip` is the request's address,
 * counted by its network for IPv6 (`addressKey`, decision 0072); `scope` keeps
 * an allowance of its own apart (the prerequisite check's, the full session's
 * resend check's).
 */
export async function consumeFormAllowance(
  services: Pick<AppServices, "formLimiter">,
  ip: string,
  scope = "",
): Promise<Extract<ContactOutcome, { status: "rate-limited" }> | null> {
  try {
    await services.formLimiter.consume(`${scope}${addressKey(ip)}`);
    return null;
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e;
    return rateLimited(e.msBeforeNext);
  }
}

/**
 * Whether the client has no form submission left, without spending one: read before a large body is
 * (decision 0114), so a client past its allowance is answered 429 without 16 MB of photos read first.
 */
export async function formAllowanceSpent(
  services: Pick<AppServices, "formLimiter">,
  ip: string,
): Promise<Extract<ContactOutcome, { status: "rate-limited" }> | null> {
  const used = await services.formLimiter.get(addressKey(ip));
  if (!used || used.remainingPoints > 0 || used.msBeforeNext <= 0) return null;
  return rateLimited(used.msBeforeNext);
}

function rateLimited(msBeforeNext: number): Extract<ContactOutcome, { status: "rate-limited" }> {
  const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return {
    status: "rate-limited",
    retryAfterSeconds,
    message: `Too many submissions from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  };
}

/**
 * How long the same message from the same sender counts as one: a form sent
 * again after its answer was lost (a reload of the answer without JavaScript,
 * a second click, a retry after a dropped connection) is not stored, nor
 * mailed, twice (decision 0065).
 */
export const RESEND_WINDOW_MS = 15 * 60 * 1000;

/** The message and its two mails, in one transaction; the same message sent again within the window is the one stored. */
async function storeContactMessage(
  services: Pick<AppServices, "db" | "config">,
  input: ContactInput,
): Promise<ContactMessageRow> {
  const now = new Date().toISOString();
  const since = new Date(Date.parse(now) - RESEND_WINDOW_MS).toISOString();
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
  return writeTransaction(services.db, async (trx) => {
    await lockKey(trx, `contact:${input.email.toLowerCase()}`);
    const same = await trx
      .selectFrom("contact_messages")
      .selectAll()
      .where("email", "=", row.email)
      .where("first_name", "=", row.first_name)
      .where("last_name", "=", row.last_name)
      .where("phone_number", "=", row.phone_number)
      .where("country", "=", row.country)
      .where("zip_code", "=", row.zip_code)
      .where((eb) => (row.message === null ? eb("message", "is", null) : eb("message", "=", row.message)))
      .where("created_at", ">", since)
      .where("anonymised_at", "is", null)
      .executeTakeFirst();
    if (same) return same;
    const stored = await trx.insertInto("contact_messages").values(row).returningAll().executeTakeFirstOrThrow();
    await enqueueMail(trx, contactMails(services.config.site, stored));
    return stored;
  });
}
