/**
 * A staff member cancels a Family Constellation booking for its booker
 * (decision 0082), as decision 0080 lets them cancel a registration: the seat
 * is released at commit (seats count no cancelled booking, and the status
 * change moves the page cache's version), the booker is mailed with the
 * calendar's CANCEL, and the audit trail names who, all in one transaction
 * under the session's lock. The caller then offers the seat (`offerSeatsNow`).
 */
import type { AppServices } from "~/context.server";
import { lockEvent, writeTransaction } from "~/db/transactions.server";
import type { AuditActor } from "~/features/audit/audit.server";
import { recordAudit } from "~/features/audit/audit.server";
import { fillsSeatsHere, scheduleSequence, waitingCounts } from "~/features/events/events.server";
import { enqueueMail, withdrawSessionNews } from "~/features/mail/outbox.server";
import { BY_LINK_HOLDER } from "~/features/private-links/token.server";
import { bookingCancelledMails } from "./booking-mail.server";

export type BookingCancelOutcome = "cancelled" | "not-found" | "already-cancelled" | "not-holding" | "erased" | "started" | "session-cancelled";

/** The details dialog's "Cancel booking" answer: the outcome for this record, shown in the dialog. */
export type BookingCancelAnswer = { ok: true; id: string; message: string } | { ok: false; id: string; error: string };

export const BOOKING_CANCELLED_BY_STAFF = "The booking was canceled and the booker was emailed. Their seat is free again.";

/** What each refused cancel says, and its status code. */
export const BOOKING_CANCEL_REFUSED: Record<Exclude<BookingCancelOutcome, "cancelled">, { status: 404 | 409; error: string }> = {
  "not-found": { status: 404, error: "This booking no longer exists." },
  "already-cancelled": { status: 409, error: "This booking was already canceled." },
  "not-holding": { status: 409, error: "Only a booking that holds a seat can be canceled here. Someone on the waiting list is removed from it instead." },
  erased: { status: 409, error: "This booker's details were erased, so there is no address to tell. Delete the booking instead." },
  started: { status: 409, error: "This session has already started, so the booking can no longer be canceled." },
  "session-cancelled": { status: 409, error: "This session was canceled, and everyone holding a seat has been told." },
};

/** What a booking's row must be for staff to cancel it: a confirmed seat ('booked'), details kept. */
export function bookingCancellable(b: { status: string; anonymised_at: string | null }, event: { status: string; starts_at: string }, now = new Date()): boolean {
  return b.status === "booked" && !b.anonymised_at && event.status !== "Cancelled" && Date.parse(event.starts_at) > now.getTime();
}

/** Who cancels a booking: its booker from their private page (decision 0087), or a staff member for them (decision 0082). */
export type BookingCancelledBy = { by: "booker" } | { by: "team"; actor: AuditActor; ip: string | null; via: "staff screen" | "api" };

export async function cancelBookingByStaff(
  services: Pick<AppServices, "db" | "mailWorker" | "config">,
  bookingId: string,
  who: { actor: AuditActor; ip: string | null; via: "staff screen" | "api" },
  now = new Date(),
): Promise<{ outcome: BookingCancelOutcome; eventId: string | null }> {
  if (bookingId.length === 0 || bookingId.length > 100) return { outcome: "not-found", eventId: null };
  const where = await services.db.selectFrom("family_bookings").select("event_id").where("id", "=", bookingId).executeTakeFirst();
  if (!where) return { outcome: "not-found", eventId: null };
  return { outcome: await cancelBookingCore(services, bookingId, where.event_id, { by: "team", ...who }, now), eventId: where.event_id };
}

/**
 * The cancel itself, for staff and booker alike, re-checked under the
 * session's lock: one transaction for the status, the mails and the audit
 * entry. The caller offers the freed seat (`offerSeatsNow`) once it is
 * "cancelled". A booker's link no longer opens an erased booking, so only
 * staff meet "erased".
 */
export async function cancelBookingCore(
  services: Pick<AppServices, "db" | "mailWorker" | "config">,
  bookingId: string,
  eventId: string,
  who: BookingCancelledBy,
  now = new Date(),
): Promise<BookingCancelOutcome> {
  const outcome = await writeTransaction(services.db, async (trx) => {
    // The session's lock before the row is read: a cancel, erasure or offer committed meanwhile is seen.
    await lockEvent(trx, eventId);
    const booking = await trx
      .selectFrom("family_bookings")
      .select(["id", "event_id", "full_name", "email", "status", "anonymised_at"])
      .where("id", "=", bookingId)
      .executeTakeFirst();
    if (!booking || booking.event_id !== eventId) return "not-found" as const;
    if (booking.status === "cancelled") return "already-cancelled" as const;
    if (booking.anonymised_at) return who.by === "team" ? ("erased" as const) : ("not-found" as const);
    if (booking.status !== "booked") return "not-holding" as const;
    const event = await trx.selectFrom("events").selectAll().where("id", "=", booking.event_id).executeTakeFirst();
    if (!event || event.status === "Cancelled") return "session-cancelled" as const;
    if (Date.parse(event.starts_at) <= now.getTime()) return "started" as const;
    const changed = await trx
      .updateTable("family_bookings")
      .set({ status: "cancelled" })
      .where("id", "=", booking.id)
      .where("status", "=", "booked")
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) return "already-cancelled" as const;
    const waiting = (await waitingCounts(trx, [event.id])).get(event.id) ?? 0;
    await withdrawSessionNews(trx, "family-booking", booking.id, now);
    await enqueueMail(
      trx,
      bookingCancelledMails(
        services.config.site,
        {
          id: booking.id,
          fullName: booking.full_name,
          email: booking.email,
          event,
          sequence: await scheduleSequence(trx, event.id),
          waitingList: waiting > 0 && fillsSeatsHere(event, now),
        },
        who.by,
      ),
      now,
    );
    await recordAudit(
      trx,
      who.by === "booker"
        ? {
            action: "cancel",
            // The booker, named by the target alone: no email or address of theirs is kept here (decision 0056).
            actor: BY_LINK_HOLDER,
            ip: null,
            target: { type: "family-booking", id: booking.id },
            detail: { via: "private page", session: event.id },
          }
        : { action: "staff-cancel", actor: who.actor, ip: who.ip, target: { type: "family-booking", id: booking.id }, detail: { via: who.via, session: event.id } },
      now,
    );
    return "cancelled" as const;
  });
  if (outcome === "cancelled") services.mailWorker.kick();
  return outcome;
}
