import type { AppServices } from "~/context.server";
import type { Database } from "~/db/db.server";
import { lockEvent, writeTransaction } from "~/db/transactions.server";
import { recordAudit } from "~/features/audit/audit.server";
import { enqueueMail } from "~/features/mail/outbox.server";
import { accessPath, newAccessToken } from "~/features/registrations/access.server";
import { registrationMails } from "~/features/registrations/registration-mail.server";
import { offerSeatsNow } from "~/features/waiting-list/offers.server";
import { approvedIntro, declinedMail } from "./prerequisites.server";
import { toldSession } from "~/features/events/told";

/**
 * Staff decide registrations held for approval (decision 0031): approving
 * confirms the seat (the usual confirmation with its calendar file and private
 * link), declining releases it (and offers it to the waiting list). The
 * registrant is mailed either way, through the outbox, in the transaction that
 * records the decision and its audit entry.
 */

export type AwaitingApproval = {
  id: string;
  name: string;
  email: string;
  note: string;
  createdAt: string;
  programmeTitle: string | null;
  requiredTitle: string | null;
  event: { id: string; title: string; city: string; startsAt: string; endsAt: string; timeZone: string };
};

/** Every registration awaiting approval, oldest first (the first to ask is answered first). */
export async function listAwaitingApproval(db: Database): Promise<AwaitingApproval[]> {
  const rows = await db
    .selectFrom("registrations as r")
    .innerJoin("events as e", "e.id", "r.event_id")
    .leftJoin("programmes as p", "p.id", "r.programme_id")
    .leftJoin("programmes as q", "q.id", "p.requires_programme_id")
    .select([
      "r.id",
      "r.first_name",
      "r.last_name",
      "r.email",
      "r.prerequisite_note",
      "r.created_at",
      "p.title as programme_title",
      "q.title as required_title",
      "e.id as event_id",
      "e.title as event_title",
      "e.city",
      "e.starts_at",
      "e.ends_at",
      "e.time_zone",
    ])
    .where("r.status", "=", "awaiting_approval")
    .orderBy("r.created_at")
    .orderBy("r.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    // Erased on request meanwhile (decision 0025): nobody to name or mail.
    name: `${r.first_name} ${r.last_name}`.trim() || "Erased registrant",
    email: r.email,
    note: r.prerequisite_note ?? "",
    createdAt: r.created_at,
    programmeTitle: r.programme_title ?? null,
    requiredTitle: r.required_title ?? null,
    event: { id: r.event_id, title: r.event_title, city: r.city, startsAt: r.starts_at, endsAt: r.ends_at, timeZone: r.time_zone },
  }));
}

type Actor = { id: string; email: string; ip: string | null };
type Services = Pick<AppServices, "db" | "config" | "mailWorker">;

export type DecisionOutcome = "approved" | "declined" | "not-found" | "ended";

async function pending(db: Database, id: string) {
  if (!id || id.length > 100) return null;
  return db.selectFrom("registrations").select(["id", "event_id"]).where("id", "=", id).where("status", "=", "awaiting_approval").executeTakeFirst();
}

/**
 * Approves one registration: its status becomes 'registered', a private page
 * token is made, and the confirmation (saying it was approved) is queued. A
 * session that has ended is not approved (decline it instead).
 */
export async function approveRegistration(services: Services, actor: Actor, id: string, now = new Date()): Promise<DecisionOutcome> {
  const found = await pending(services.db, id);
  if (!found) return "not-found";
  const site = services.config.site;
  const outcome = await writeTransaction(services.db, async (trx) => {
    await lockEvent(trx, found.event_id);
    const r = await trx.selectFrom("registrations").selectAll().where("id", "=", id).where("status", "=", "awaiting_approval").executeTakeFirst();
    if (!r) return "not-found" as const;
    const event = await trx.selectFrom("events").selectAll().where("id", "=", r.event_id).executeTakeFirstOrThrow();
    if (Date.parse(event.ends_at) <= now.getTime()) return "ended" as const;
    const access = newAccessToken();
    await trx
      .updateTable("registrations")
      .set({ status: "registered", access_token_hash: access.hash, prerequisite_decided_at: now.toISOString(), prerequisite_decided_by: actor.email, told_session: toldSession(event) })
      .where("id", "=", id)
      .execute();
    const programme = r.programme_id
      ? await trx
          .selectFrom("programmes as p")
          .leftJoin("programmes as q", "q.id", "p.requires_programme_id")
          .select(["p.title", "q.title as required_title"])
          .where("p.id", "=", r.programme_id)
          .executeTakeFirst()
      : undefined;
    const [confirmation] = registrationMails(site, {
      id: r.id,
      input: {
        firstName: r.first_name,
        email: r.email,
        nameAsCertificate: r.name_on_certificate,
        mobileNo: r.mobile_no,
        occupation: r.occupation,
        hearAbout: r.hear_about,
        communicationPreferences: r.communication_preferences === 1,
      },
      event,
      programmeTitle: programme?.title ?? null,
      accessUrl: `${site.publicUrl}${accessPath(access.token)}`,
      intro: approvedIntro(site, programme?.required_title ?? null),
      subject: `Registration approved: ${event.title} | ${site.orgName}`,
    });
    if (r.email) await enqueueMail(trx, [confirmation!], now);
    await recordAudit(trx, { action: "approve", actor: { id: actor.id, email: actor.email }, target: { type: "registration", id }, ip: actor.ip, detail: { session: event.id } }, now);
    return "approved" as const;
  });
  if (outcome === "approved") services.mailWorker.kick();
  return outcome;
}

/**
 * Declines one registration: its status becomes 'declined' (a released
 * status: the seat is free at commit), the registrant's mail is queued, and
 * the freed seat is offered to the session's waiting list at once.
 */
export async function declineRegistration(services: Services, actor: Actor, id: string, now = new Date()): Promise<DecisionOutcome> {
  const found = await pending(services.db, id);
  if (!found) return "not-found";
  const site = services.config.site;
  const outcome = await writeTransaction(services.db, async (trx) => {
    await lockEvent(trx, found.event_id);
    const r = await trx.selectFrom("registrations").selectAll().where("id", "=", id).where("status", "=", "awaiting_approval").executeTakeFirst();
    if (!r) return "not-found" as const;
    const event = await trx.selectFrom("events").selectAll().where("id", "=", r.event_id).executeTakeFirstOrThrow();
    await trx
      .updateTable("registrations")
      .set({ status: "declined", prerequisite_decided_at: now.toISOString(), prerequisite_decided_by: actor.email })
      .where("id", "=", id)
      .execute();
    const programme = r.programme_id
      ? await trx
          .selectFrom("programmes as p")
          .leftJoin("programmes as q", "q.id", "p.requires_programme_id")
          .select(["p.title", "q.title as required_title"])
          .where("p.id", "=", r.programme_id)
          .executeTakeFirst()
      : undefined;
    if (r.email) {
      await enqueueMail(
        trx,
        [declinedMail(site, { id: r.id, firstName: r.first_name, email: r.email, event, programmeTitle: programme?.title ?? null, requiredTitle: programme?.required_title ?? null })],
        now,
      );
    }
    await recordAudit(trx, { action: "decline", actor: { id: actor.id, email: actor.email }, target: { type: "registration", id }, ip: actor.ip, detail: { session: event.id } }, now);
    return "declined" as const;
  });
  if (outcome === "declined") {
    services.mailWorker.kick();
    // The seat is free: the first person waiting gets it (decision 0026).
    await offerSeatsNow(services, found.event_id, now);
  }
  return outcome;
}
