import type { AppServices } from "~/context.server";
import type { EventKind } from "~/db/schema";
import { lockEvent, writeTransaction } from "~/db/transactions.server";
import { recordAudit } from "~/features/audit/audit.server";
import { scheduleSequence } from "~/features/events/events.server";
import { enqueueMail, withdrawSessionNews, type OutgoingMail } from "~/features/mail/outbox.server";
import { recipientsOf, sessionCancelledMail, sessionCancelledWaitingMail, TOLD_OF_MOVES } from "./session-mail.server";

/**
 * Staff cancel a session (issue 11 point 3, decision 0032). In one write
 * transaction that locks the session: its status becomes 'Cancelled' (public
 * lists drop it at once: the events trigger moves the page cache's version),
 * a `session_notices` row of kind 'cancel' counts the change in the calendar
 * SEQUENCE (decision 0024), every seat holder's mail with METHOD:CANCEL is
 * queued in the outbox, those waiting, holding an offer or awaiting approval
 * are released and told, and the audit trail records it. Nothing is half done.
 */
export type CancelSessionOutcome =
  | { status: "cancelled"; notified: number; released: number }
  | { status: "not-found" }
  | { status: "already-cancelled" }
  | { status: "ended" };

export const SESSION_CANCELLED = "Session canceled. Everyone who held a seat is being emailed.";
export const SESSION_ALREADY_CANCELLED = "This session was already canceled.";
export const SESSION_ENDED = "This session has already ended, so it cannot be canceled.";
export const SESSION_NOT_FOUND = "This session no longer exists.";

/** Statuses released by a cancellation: people who held no confirmed seat (no calendar entry to remove). */
const PENDING = ["waiting", "offered", "awaiting_approval"];

export async function cancelSession(
  services: Pick<AppServices, "db" | "config" | "mailWorker">,
  actor: { id: string; email: string; ip: string | null },
  eventId: string,
  kinds: readonly EventKind[],
  now = new Date(),
): Promise<CancelSessionOutcome> {
  if (!eventId || eventId.length > 100) return { status: "not-found" };
  const site = services.config.site;
  const outcome = await writeTransaction(services.db, async (trx) => {
    await lockEvent(trx, eventId);
    const event = await trx.selectFrom("events").selectAll().where("id", "=", eventId).where("kind", "in", [...kinds]).executeTakeFirst();
    if (!event) return { status: "not-found" } as const;
    if (event.status === "Cancelled") return { status: "already-cancelled" } as const;
    if (Date.parse(event.ends_at) <= now.getTime()) return { status: "ended" } as const;
    const at = now.toISOString();
    await trx.updateTable("events").set({ status: "Cancelled", cancelled_at: at, cancelled_by: actor.email, updated_at: at }).where("id", "=", eventId).execute();
    await trx.insertInto("session_notices").values({ event_id: eventId, kind: "cancel", created_at: at, processed_at: at }).execute();
    const cancelled = { ...event, status: "Cancelled" as const, cancelled_at: at, cancelled_by: actor.email };
    const sequence = await scheduleSequence(trx, eventId);
    const holders = await recipientsOf(trx, eventId);
    // Nothing about the session that is still waiting to go out may arrive after its cancellation.
    for (const who of await recipientsOf(trx, eventId, TOLD_OF_MOVES)) await withdrawSessionNews(trx, who.kind, who.id, now);
    const mails: OutgoingMail[] = holders.map((who) => sessionCancelledMail(site, who, cancelled, sequence));

    const pendingRegistrations = await trx
      .selectFrom("registrations")
      .select(["id", "first_name", "email"])
      .where("event_id", "=", eventId)
      .where("status", "in", PENDING)
      .execute();
    const pendingBookings = await trx
      .selectFrom("family_bookings")
      .select(["id", "full_name", "email"])
      .where("event_id", "=", eventId)
      .where("status", "in", PENDING)
      .execute();
    if (pendingRegistrations.length > 0) {
      await trx.updateTable("registrations").set({ status: "removed", offer_token_hash: null }).where("event_id", "=", eventId).where("status", "in", PENDING).execute();
    }
    if (pendingBookings.length > 0) {
      await trx.updateTable("family_bookings").set({ status: "removed", offer_token_hash: null }).where("event_id", "=", eventId).where("status", "in", PENDING).execute();
    }
    for (const r of pendingRegistrations) mails.push(sessionCancelledWaitingMail(site, { kind: "registration", id: r.id, name: r.first_name, email: r.email }, cancelled));
    for (const b of pendingBookings) mails.push(sessionCancelledWaitingMail(site, { kind: "family-booking", id: b.id, name: b.full_name, email: b.email }, cancelled));
    // Nobody to mail when a registrant's details were erased on request. In batches: one insert stays
    // well inside both databases' limits on bound values, whatever the capacity.
    const addressed = mails.filter((m) => m.to);
    for (let i = 0; i < addressed.length; i += 500) await enqueueMail(trx, addressed.slice(i, i + 500), now);
    await recordAudit(
      trx,
      {
        action: "session-cancel",
        actor: { id: actor.id, email: actor.email },
        target: { type: "event", id: eventId },
        ip: actor.ip,
        detail: { title: event.title, startsAt: event.starts_at, city: event.city, notified: holders.length, released: pendingRegistrations.length + pendingBookings.length },
      },
      now,
    );
    return { status: "cancelled", notified: holders.length, released: pendingRegistrations.length + pendingBookings.length } as const;
  });
  if (outcome.status === "cancelled") services.mailWorker.kick();
  return outcome;
}
