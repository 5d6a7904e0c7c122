/**
 * The private page of a Family Constellation booking (decision 0087), as a
 * registration's (decisions 0019, 0048): reached only through a link in a mail
 * about the booker's seat. Every link is a row of `family_booking_links`
 * holding its token's SHA-256, written in the transaction that queues its
 * mail; a link is good until the session has ended. The cancel is the staff
 * cancel's core (`cancelBookingCore`) in its booker's variant.
 */
import type { Kysely } from "kysely";
import type { AppServices } from "~/context.server";
import type { Database } from "~/db/db.server";
import type { DB, EventRow, FamilyBookingRow } from "~/db/schema";
import { lockEvent, writeTransaction } from "~/db/transactions.server";
import { recordAudit } from "~/features/audit/audit.server";
import { scheduleSequence } from "~/features/events/events.server";
import { formatSessionDate } from "~/features/events/format";
import { enqueueMail } from "~/features/mail/outbox.server";
import { erasureRequestMail } from "~/features/retention/erasure-request-mail.server";
import { BY_LINK_HOLDER, hashAccessToken, isAccessToken, newAccessToken } from "~/features/private-links/token.server";
import { cancelBookingCore, type BookingCancelOutcome } from "./booking-cancel.server";

export function bookingAccessPath(token: string): string {
  return `/my-booking/${token}`;
}

/**
 * A new link to a booking's private page for a mail about its seat, written
 * with `trx` (the transaction that queues the mail), so a link exists exactly
 * when its mail does. `access` is a token made before the transaction (the
 * confirmation is written before the session's lock); else a new one.
 * Returns the link's path.
 */
export async function addBookingLink(trx: Kysely<DB>, bookingId: string, now = new Date(), access = newAccessToken()): Promise<string> {
  await trx.insertInto("family_booking_links").values({ token_hash: access.hash, booking_id: bookingId, created_at: now.toISOString() }).execute();
  return bookingAccessPath(access.token);
}

export type BookingAccess = {
  booking: FamilyBookingRow;
  event: EventRow;
  /** The SEQUENCE of the booking's calendar entry: how often the session has moved. */
  sequence: number;
};

/** The booking a token opens, or null: a malformed, unknown or expired token (or an erased booking) all look the same. */
export async function findBookingByToken(db: Database, token: string, now = new Date()): Promise<BookingAccess | null> {
  if (!isAccessToken(token)) return null;
  const booking = await db
    .selectFrom("family_bookings")
    .selectAll("family_bookings")
    .innerJoin("family_booking_links", "family_booking_links.booking_id", "family_bookings.id")
    .where("family_booking_links.token_hash", "=", hashAccessToken(token))
    .where("family_bookings.anonymised_at", "is", null)
    .executeTakeFirst();
  if (!booking) return null;
  const event = await db.selectFrom("events").selectAll().where("id", "=", booking.event_id).executeTakeFirst();
  if (!event || Date.parse(event.ends_at) <= now.getTime()) return null;
  return { booking, event, sequence: await scheduleSequence(db, event.id) };
}

/**
 * Cancels the booking a token opens: the seat is free at commit, the booker's
 * mail ("As you asked…", with the calendar's CANCEL) and the organizer's
 * notice are queued and the audit entry written, in one transaction under the
 * session's lock. Returns the session too, for the caller to offer the seat.
 */
export async function cancelBookingByToken(
  services: Pick<AppServices, "db" | "mailWorker" | "config">,
  token: string,
  now = new Date(),
): Promise<{ outcome: Exclude<BookingCancelOutcome, "erased">; eventId: string | null }> {
  const found = await findBookingByToken(services.db, token, now);
  if (!found) return { outcome: "not-found", eventId: null };
  const outcome = await cancelBookingCore(services, found.booking.id, found.event.id, { by: "booker" }, now);
  // The booker's variant never answers "erased" (an erased booking's link opens nothing).
  return { outcome: outcome === "erased" ? "not-found" : outcome, eventId: found.event.id };
}

/**
 * A booker asks, from their private page, for their details to be erased
 * (decision 0089), as a registrant can (0025): the request is stored for staff
 * to carry out from "Waiting lists and requests", recorded in the audit trail
 * (no actor, no address), and the team is told by mail, in one transaction.
 * Asking twice changes nothing. The seat is not touched.
 */
export async function requestBookingErasureByToken(
  services: Pick<AppServices, "db" | "mailWorker" | "config">,
  token: string,
  now = new Date(),
): Promise<"requested" | "already-requested" | "not-found"> {
  const found = await findBookingByToken(services.db, token, now);
  if (!found) return "not-found";
  const { booking, event } = found;
  const outcome = await writeTransaction(services.db, async (trx) => {
    // The session's lock, as a staff erasure takes it: an erasure committed meanwhile is seen, and nothing is asked of an erased row.
    await lockEvent(trx, event.id);
    const marked = await trx
      .updateTable("family_bookings")
      .set({ erasure_requested_at: now.toISOString() })
      .where("id", "=", booking.id)
      .where("erasure_requested_at", "is", null)
      .where("anonymised_at", "is", null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return "already-requested" as const;
    await recordAudit(
      trx,
      { action: "erasure-request", actor: BY_LINK_HOLDER, target: { type: "family-booking", id: booking.id }, ip: null, detail: { via: "private page" } },
      now,
    );
    await enqueueMail(trx, [
      erasureRequestMail(services.config.site, {
        topic: `family-booking:${booking.id}`,
        subject: `Erasure requested: Family Constellation booking ${booking.id}`,
        intro: "A Family Constellation booker asked, from their private page, for their personal details to be erased.",
        facts: [
          ["Booking id", booking.id],
          ["Session", `${event.title}, ${event.city}, ${formatSessionDate(event.starts_at, event.time_zone)}`],
        ],
      }),
    ]);
    return "requested" as const;
  });
  if (outcome === "requested") services.mailWorker.kick();
  return outcome;
}
