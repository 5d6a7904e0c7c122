import { sql } from "kysely";
import type { AppServices, RequestInfo } from "~/context.server";
import type { Database } from "~/db/db.server";
import { isUniqueViolation, seatTransaction } from "~/db/transactions.server";
import { insertRows } from "~/db/reusable.server";
import { consumeFormAllowance } from "~/features/contact/contact.server";
import { alreadyEntered, availability, eventToJson, sameSessionRow, seatsTaken, sessionBeforeLock, type EventJson } from "~/features/events/events.server";
import { resentToFullSession } from "~/features/events/full-resend.server";
import { enqueueMail } from "~/features/mail/outbox.server";
import { likePattern } from "~/features/admin-lists/lists.server";
import { refusalMessages, SIGN_UP_ELSEWHERE } from "~/features/events/seats";
import { safeExternalLink } from "~/lib/external-link";
import { ALREADY_REGISTERED } from "~/features/events/seats";
import type { FieldErrors } from "~/lib/validation";
import { joinedAt, waitingListMail, waitingPosition, wantsWaitingList } from "~/features/waiting-list/join.server";
import { bookingMails } from "./booking-mail.server";
import { addBookingLink, bookingAccessPath } from "./booking-access.server";
import { newAccessToken } from "~/features/private-links/token.server";
import { validateBooking, type BookingField } from "./schema";
import { toldSession } from "~/features/events/told";

export const BOOKING_CREATED = "Your seat is booked! We have emailed you the details.";
export const BOOKING_INVALID = "Please fix the errors below before submitting";
export const SESSION_NOT_FOUND = "This session does not exist.";
/** Spec part 2 §8: the public list's failure text. */
export const FAMILY_EVENTS_FAILED = "Failed to fetch family events";

export type BookingOutcome =
  | { status: "created"; id: string }
  | { status: "waiting"; id: string; position: number }
  | { status: "invalid"; errors: FieldErrors<BookingField> }
  | { status: "refused"; code: 404 | 409; message: string }
  | { status: "rate-limited"; retryAfterSeconds: number; message: string };

/**
 * One Family Constellation booking: counted against the sender's address,
 * validated with the dialog's schema, then — in the same kind of write
 * transaction that locks the session as a registration takes — seats counted
 * (registrations and bookings), the duplicate rule checked, and the booking
 * and its two mails stored together. Nothing is stored from a refused request.
 */
export async function submitBooking(
  services: Pick<AppServices, "db" | "formLimiter" | "mailWorker" | "config">,
  request: Pick<RequestInfo, "ip">,
  values: Record<string, unknown>,
): Promise<BookingOutcome> {
  const result = validateBooking(values);
  // A session already full is refused from a plain read (decision 0033), as the
  // locked transaction below would: before queuing for its lock, and without
  // spending the visitor's form allowance on an answer that stores nothing.
  const session = result.ok && !wantsWaitingList(values) ? await sessionBeforeLock(services.db, result.data.programId, (event) => event.kind === "family") : undefined;
  if (session?.full && result.ok) {
    // A resend by the person who took the last seat is told so (decision 0066).
    const resent = await resentToFullSession(services, request.ip, "family_bookings", result.data.programId, result.data.email.toLowerCase());
    return { status: "refused", code: 409, message: resent ? ALREADY_REGISTERED : refusalMessages.full };
  }
  const limited = await consumeFormAllowance(services, request.ip);
  if (limited) return limited;
  if (!result.ok) return { status: "invalid", errors: result.errors };
  const input = result.data;
  const emailKey = input.email.toLowerCase();
  // What does not need the session's lock is done before it: an earlier booking
  // with this email (a racing twin: caught below) and the two mails, written
  // again inside only if the locked row differs from the one read before (no
  // mail tells an older time or place).
  if (await alreadyEntered(services.db, "family_bookings", input.programId, emailKey)) return { status: "refused", code: 409, message: ALREADY_REGISTERED };
  const id = crypto.randomUUID();
  // The private page's link (decision 0087): made here for the mails written before the lock, stored with the booking.
  const access = newAccessToken();
  const accessUrl = `${services.config.site.publicUrl}${bookingAccessPath(access.token)}`;
  const early = session?.event?.kind === "family" ? session.event : undefined;
  const prepared = early ? { event: early, mails: bookingMails(services.config.site, { id, input, event: early, accessUrl }) } : null;
  try {
    const outcome = await seatTransaction(services.db, input.programId, session?.event?.capacity, async (trx, found) => {
      const event = found?.kind === "family" ? found : undefined;
      if (!event) return { status: "refused", code: 404, message: SESSION_NOT_FOUND } as const;
      // Seats are counted only where there is a limit to count them against.
      const taken = event.capacity === null ? 0 : ((await seatsTaken(trx, [event.id])).get(event.id) ?? 0);
      const state = availability(event, taken);
      const waiting = state === "full" && wantsWaitingList(values);
      // A twin of this request (a second click, a resend) may have taken the last seat meanwhile: it is this person's.
      if (state === "full" && (await alreadyEntered(trx, "family_bookings", event.id, emailKey))) return { status: "refused", code: 409, message: ALREADY_REGISTERED } as const;
      if (state !== "open" && !waiting) return { status: "refused", code: 409, message: refusalMessages[state] } as const;
      if (safeExternalLink(event.external_link)) return { status: "refused", code: 409, message: SIGN_UP_ELSEWHERE } as const;
      const now = waiting ? await joinedAt(trx, event.id) : new Date().toISOString();
      // Its SQL compiled once per shape (with or without the waiting status).
      await insertRows(trx, "family_bookings", [
        {
          id,
          event_id: event.id,
          full_name: input.fullName,
          email: input.email,
          email_key: emailKey,
          phone: input.phone,
          communication_preferences: input.communicationPreferences ? 1 : 0,
          terms_accepted_at: now,
          created_at: now,
          told_session: toldSession(event),
          ...(waiting ? { status: "waiting" } : {}),
        },
      ]);
      if (waiting) {
        const position = await waitingPosition(trx, event.id, id);
        await enqueueMail(trx, [waitingListMail(services.config.site, { to: input.email, name: input.fullName, event, position, topic: `family-booking:${id}` })]);
        return { status: "waiting", id, position } as const;
      }
      await addBookingLink(trx, id, new Date(now), access);
      await enqueueMail(trx, prepared && sameSessionRow(prepared.event, event) ? prepared.mails : bookingMails(services.config.site, { id, input, event, accessUrl }));
      return { status: "created", id } as const;
    }, { rollbackIf: (o) => o.status === "refused" });
    if (outcome.status === "created" || outcome.status === "waiting") services.mailWorker.kick();
    return outcome;
  } catch (error) {
    // Two requests from one person can pass the check together; the unique index lets one commit.
    if (isUniqueViolation(error)) return { status: "refused", code: 409, message: ALREADY_REGISTERED };
    throw error;
  }
}

/** A Family Constellation session as the wire and the page read it. */
export type FamilySession = EventJson;

/**
 * The public list of Family Constellation sessions (spec §2.4, §7): sessions
 * that have not started (D12), soonest first, each with its seats left; a
 * search matches the city, venue, title or facilitator.
 */
export async function listFamilySessions(db: Database, query: { search: string; page: number; limit: number }, now = new Date()) {
  let base = db.selectFrom("events").where("kind", "=", "family").where("starts_at", ">", now.toISOString()).where("status", "<>", "Cancelled");
  const search = query.search.trim();
  if (search) {
    const pattern = likePattern(search);
    base = base.where(
      sql<boolean>`(lower(city) like ${pattern} escape '\\' or lower(coalesce(venue, '')) like ${pattern} escape '\\' or lower(title) like ${pattern} escape '\\' or lower(coalesce(facilitator, '')) like ${pattern} escape '\\')`,
    );
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst())?.n ?? 0);
  const rows = await base
    .selectAll()
    .orderBy("starts_at")
    .orderBy("id")
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const taken = await seatsTaken(db, rows.map((r) => r.id));
  const events = rows.map((r) => eventToJson(r, taken.get(r.id) ?? 0, null, now));
  const totalPages = Math.max(1, Math.ceil(total / query.limit));
  return { events, totalEvents: total, totalPages, currentPage: query.page };
}

/** One Family Constellation session (past ones too: a booking page explains it cannot be booked). */
export async function getFamilySession(db: Database, id: string, now = new Date()): Promise<FamilySession | null> {
  if (id.length > 100) return null;
  const row = await db.selectFrom("events").selectAll().where("id", "=", id).where("kind", "=", "family").executeTakeFirst();
  if (!row) return null;
  const taken = (await seatsTaken(db, [row.id])).get(row.id) ?? 0;
  return eventToJson(row, taken, null, now);
}
