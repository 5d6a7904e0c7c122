import type { Kysely } from "kysely";
import type { AppServices } from "~/context.server";
import type { Database } from "~/db/db.server";
import type { DB, EventRow, RegistrationKind, RegistrationRow } from "~/db/schema";
import { lockEvent, writeTransaction } from "~/db/transactions.server";
import { recordAudit } from "~/features/audit/audit.server";
import { fillsSeatsHere, scheduleSequence, waitingCounts } from "~/features/events/events.server";
import { formatSessionDate } from "~/features/events/format";
import { enqueueMail, withdrawSessionNews } from "~/features/mail/outbox.server";
import { erasureRequestMail } from "~/features/retention/erasure-request-mail.server";
import { registrationCancelledMails } from "./registration-mail.server";
import { BY_LINK_HOLDER, hashAccessToken, isAccessToken, newAccessToken } from "~/features/private-links/token.server";

/** Who a registrant's own action is recorded as: nobody by name (see the audit trail's "The registrant"). */
const REGISTRANT = BY_LINK_HOLDER;

/**
 * The private page of a registration (issue 11): reached only through the link
 * in the registrant's confirmation mail. The link's token is 256 random bits;
 * the database keeps only its SHA-256, so a copy of the database opens no page.
 * A token is good until its session has ended.
 */
export { hashAccessToken, newAccessToken } from "~/features/private-links/token.server";

export function accessPath(token: string): string {
  return `/my-registration/${token}`;
}

/**
 * A new link to a registration's private page, for a later mail about its seat
 * (decision 0048): only the confirmation's link is on the registration row, and
 * only as a hash, so a later mail cannot repeat it. Written with `trx`, the
 * transaction that queues the mail, so a link exists exactly when its mail does.
 * Returns the link's path.
 */
export async function addAccessLink(trx: Kysely<DB>, registrationId: string, now = new Date()): Promise<string> {
  const access = newAccessToken();
  await trx.insertInto("registration_links").values({ token_hash: access.hash, registration_id: registrationId, created_at: now.toISOString() }).execute();
  return accessPath(access.token);
}

/** The registration a token's hash opens: the confirmation's link, or one sent in a later mail. */
async function registrationByTokenHash(db: Database, hash: string): Promise<RegistrationRow | undefined> {
  const first = await db.selectFrom("registrations").selectAll().where("access_token_hash", "=", hash).executeTakeFirst();
  if (first) return first;
  return db
    .selectFrom("registrations")
    .selectAll("registrations")
    .innerJoin("registration_links", "registration_links.registration_id", "registrations.id")
    .where("registration_links.token_hash", "=", hash)
    .where("registrations.anonymised_at", "is", null)
    .executeTakeFirst();
}

export type RegistrationAccess = {
  registration: RegistrationRow;
  event: EventRow;
  programmeTitle: string | null;
  /** The SEQUENCE of the registration's calendar entry: how often the session has moved. */
  sequence: number;
};

/** The registration a token opens, or null: a malformed, unknown or expired token all look the same. */
export async function findByAccessToken(db: Database, token: string, now = new Date()): Promise<RegistrationAccess | null> {
  if (!isAccessToken(token)) return null;
  const registration = await registrationByTokenHash(db, hashAccessToken(token));
  if (!registration) return null;
  const event = await db.selectFrom("events").selectAll().where("id", "=", registration.event_id).executeTakeFirst();
  if (!event || Date.parse(event.ends_at) <= now.getTime()) return null;
  const programme = registration.programme_id
    ? await db.selectFrom("programmes").select("title").where("id", "=", registration.programme_id).executeTakeFirst()
    : undefined;
  return { registration, event, programmeTitle: programme?.title ?? null, sequence: await scheduleSequence(db, event.id) };
}

export type CancelOutcome = "cancelled" | "already-cancelled" | "not-found" | "started" | "session-cancelled";

/**
 * Cancels the registration a token opens: the seat is free at commit (seats
 * count only registrations that are not cancelled), and the registrant's
 * cancellation (with an .ics CANCEL for the same calendar entry) and the
 * team's notice are queued in the same transaction.
 */
export async function cancelByAccessToken(
  services: Pick<AppServices, "db" | "mailWorker" | "config">,
  token: string,
  now = new Date(),
): Promise<CancelOutcome> {
  const found = await findByAccessToken(services.db, token, now);
  if (!found) return "not-found";
  // "not-holding" and "erased" are a staff cancel's answers only.
  return (await cancelFound(services, found, { by: "registrant" }, now)) as CancelOutcome;
}

/** Who cancels a registration: the registrant from their private page, or a staff member for them (decision 0080). */
export type CancelledBy = { by: "registrant" } | { by: "team"; actor: { id: string; email: string }; ip: string | null; via: "staff screen" | "api" };

/**
 * What a staff cancel may find besides a cancel: a seat that is not held (a
 * waiting-list entry, say) is not theirs to cancel here; nor is a seat held while
 * an earlier level is checked, which is declined under Approvals (its registrant
 * has no calendar entry to remove yet, and is told with the decline's own mail).
 */
export type StaffCancelOutcome = CancelOutcome | "not-holding" | "awaiting-approval" | "erased";

/** The details dialog's "Cancel registration" answer: the outcome for this record, shown in the dialog. */
export type StaffCancelAnswer = { ok: true; id: string; message: string } | { ok: false; id: string; error: string };

export const REGISTRATION_CANCELLED_BY_STAFF = "The registration was canceled and the registrant was emailed. Their seat is free again.";

/** What each refused staff cancel says, and its status code. */
export const STAFF_CANCEL_REFUSED: Record<Exclude<StaffCancelOutcome, "cancelled">, { status: number; error: string }> = {
  "not-found": { status: 404, error: "This registration no longer exists." },
  "already-cancelled": { status: 409, error: "This registration was already canceled." },
  "not-holding": { status: 409, error: "Only a registration that holds a seat can be canceled here. Someone on the waiting list is removed from it instead." },
  "awaiting-approval": { status: 409, error: "This registration awaits approval of an earlier level: decline it under Approvals instead." },
  erased: { status: 409, error: "This registrant's details were erased, so there is no address to tell. Delete the registration instead." },
  started: { status: 409, error: "This session has already started, so the registration can no longer be canceled." },
  "session-cancelled": { status: 409, error: "This session was canceled, and everyone holding a seat has been told." },
};

/** The status of a seat a registrant has been confirmed (with a calendar entry) and can be told is canceled. */
const CANCELLABLE = new Set(["registered"]);

/**
 * A staff member cancels a registration for its registrant (who asked by phone
 * or email, say): the same as the registrant's own cancel (the seat freed at
 * commit, the registrant mailed with the calendar's CANCEL), recorded under
 * the staff member's name, and without the team's notice (the team did it).
 * Only a held seat of a session that is still to come; an erased
 * registration has no address left to tell.
 */
export async function cancelByStaff(
  services: Pick<AppServices, "db" | "mailWorker" | "config">,
  registrationId: string,
  who: Extract<CancelledBy, { by: "team" }>,
  kinds: readonly RegistrationKind[],
  now = new Date(),
): Promise<{ outcome: StaffCancelOutcome; eventId: string | null }> {
  const registration = await services.db
    .selectFrom("registrations")
    .selectAll()
    .where("id", "=", registrationId)
    .where("kind", "in", kinds)
    .executeTakeFirst();
  if (!registration) return { outcome: "not-found", eventId: null };
  if (registration.anonymised_at) return { outcome: "erased", eventId: registration.event_id };
  if (registration.status === "cancelled") return { outcome: "already-cancelled", eventId: registration.event_id };
  if (registration.status === "awaiting_approval") return { outcome: "awaiting-approval", eventId: registration.event_id };
  if (!CANCELLABLE.has(registration.status)) return { outcome: "not-holding", eventId: registration.event_id };
  const event = await services.db.selectFrom("events").selectAll().where("id", "=", registration.event_id).executeTakeFirst();
  if (!event) return { outcome: "not-found", eventId: null };
  const programme = registration.programme_id
    ? await services.db.selectFrom("programmes").select("title").where("id", "=", registration.programme_id).executeTakeFirst()
    : undefined;
  const found = { registration, event, programmeTitle: programme?.title ?? null, sequence: await scheduleSequence(services.db, event.id) };
  return { outcome: await cancelFound(services, found, who, now), eventId: event.id };
}

/** The cancel itself, re-checked under the session's lock: one transaction for the status, the mails and the audit entry. */
export async function cancelFound(
  services: Pick<AppServices, "db" | "mailWorker" | "config">,
  found: RegistrationAccess,
  who: CancelledBy,
  now: Date,
): Promise<StaffCancelOutcome> {
  const outcome = await writeTransaction(services.db, async (trx) => {
    await lockEvent(trx, found.event.id);
    const current = await trx.selectFrom("registrations").selectAll().where("id", "=", found.registration.id).executeTakeFirst();
    if (!current) return "not-found" as const;
    if (current.status === "cancelled") return "already-cancelled" as const;
    // Erased since the page was read (an erasure commits under the same lock): nobody is left to tell, and the
    // registrant's link opens nothing any more (decision 0104).
    if (current.anonymised_at) return who.by === "team" ? ("erased" as const) : ("not-found" as const);
    if (who.by === "team" && current.status === "awaiting_approval") return "awaiting-approval" as const;
    if (who.by === "team" && !CANCELLABLE.has(current.status)) return "not-holding" as const;
    const event = await trx.selectFrom("events").selectAll().where("id", "=", found.event.id).executeTakeFirst();
    if (!event || event.status === "Cancelled") return "session-cancelled" as const;
    if (Date.parse(event.starts_at) <= now.getTime()) return "started" as const;
    await trx
      .updateTable("registrations")
      .set({ status: "cancelled", cancelled_at: now.toISOString() })
      .where("id", "=", found.registration.id)
      .execute();
    // Offered to the first person waiting right after (offerSeatsNow), if the session still takes people.
    const waiting = (await waitingCounts(trx, [found.event.id])).get(found.event.id) ?? 0;
    const offered = waiting > 0 && fillsSeatsHere(event, now);
    // Written from the rows as they are under the lock, not as the page read them: a name, an address or the
    // session's time may have changed since (decision 0104).
    const fresh: RegistrationAccess = { ...found, registration: current, event, sequence: await scheduleSequence(trx, event.id) };
    const mails = registrationCancelledMails(services.config.site, fresh, offered, who.by);
    await withdrawSessionNews(trx, "registration", current.id, now);
    await enqueueMail(trx, mails);
    await recordAudit(
      trx,
      who.by === "registrant"
        ? {
            action: "cancel",
            // The registrant, named by the target alone: no email or address of theirs is kept here, where an
            // erasure or the retention job would not reach it (decision 0056).
            actor: REGISTRANT,
            target: { type: "registration", id: found.registration.id },
            ip: null,
            detail: { via: "private page", session: found.event.id },
          }
        : {
            action: "staff-cancel",
            actor: who.actor,
            target: { type: "registration", id: found.registration.id },
            ip: who.ip,
            detail: { via: who.via, session: found.event.id },
          },
      now,
    );
    return "cancelled" as const;
  });
  if (outcome === "cancelled") services.mailWorker.kick();
  return outcome;
}

/**
 * A registrant asks, from their private page, for their personal details to
 * be erased (issue 11 point 4). The request is stored (staff see it and carry
 * it out with one action), recorded in the audit trail, and the team is told
 * by mail, all in one transaction. Asking twice changes nothing.
 */
export async function requestErasureByAccessToken(
  services: Pick<AppServices, "db" | "mailWorker" | "config">,
  token: string,
  now = new Date(),
): Promise<"requested" | "already-requested" | "not-found"> {
  const found = await findByAccessToken(services.db, token, now);
  if (!found) return "not-found";
  return requestErasureFound(services, found, now);
}

/** The erasure request of a registration its link opened (read before, outside the transaction, as a page reads it). */
export async function requestErasureFound(
  services: Pick<AppServices, "db" | "mailWorker" | "config">,
  found: NonNullable<Awaited<ReturnType<typeof findByAccessToken>>>,
  now = new Date(),
): Promise<"requested" | "already-requested" | "not-found"> {
  const outcome = await writeTransaction(services.db, async (trx) => {
    const marked = await trx
      .updateTable("registrations")
      .set({ erasure_requested_at: now.toISOString() })
      .where("id", "=", found.registration.id)
      .where("erasure_requested_at", "is", null)
      // Erased by staff since the link was read (decision 0108): nothing left to ask for, and no mail to the team.
      .where("anonymised_at", "is", null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) {
      const row = await trx.selectFrom("registrations").select("anonymised_at").where("id", "=", found.registration.id).executeTakeFirst();
      return !row || row.anonymised_at ? ("not-found" as const) : ("already-requested" as const);
    }
    await recordAudit(
      trx,
      {
        action: "erasure-request",
        actor: REGISTRANT,
        target: { type: "registration", id: found.registration.id },
        ip: null,
        detail: { via: "private page" },
      },
      now,
    );
    await enqueueMail(trx, [
      erasureRequestMail(services.config.site, {
        topic: `registration:${found.registration.id}`,
        subject: `Erasure requested: registration ${found.registration.id}`,
        intro: "A registrant asked, from their private page, for their personal details to be erased.",
        facts: [
          ["Registration id", found.registration.id],
          ["Session", `${found.event.title}, ${formatSessionDate(found.event.starts_at, found.event.time_zone)}`],
        ],
      }),
    ]);
    return "requested" as const;
  });
  if (outcome === "requested") services.mailWorker.kick();
  return outcome;
}
