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
import { scheduleSequence } from "~/features/events/events.server";
import { hashAccessToken, isAccessToken, newAccessToken } from "~/features/private-links/token.server";
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
