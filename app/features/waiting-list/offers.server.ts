import type { Kysely } from "kysely";
import type { AppServices } from "~/context.server";
import type { Database } from "~/db/db.server";
import type { DB, EventRow } from "~/db/schema";
import { lockEvent, writeTransaction } from "~/db/transactions.server";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { bookingMails } from "~/features/bookings/booking-mail.server";
import { fillsSeatsHere, RELEASED_STATUSES } from "~/features/events/events.server";
import { formatSessionDate, formatSessionWhen, formatTimeRange } from "~/features/events/format";
import { placeLabel, replyAddress } from "~/features/mail/addressing";
import { factsText, htmlPage, type Facts } from "~/features/mail/layout.server";
import { enqueueMail, type OutgoingMail } from "~/features/mail/outbox.server";
import { accessPath, hashAccessToken, newAccessToken } from "~/features/registrations/access.server";
import { addBookingLink } from "~/features/bookings/booking-access.server";
import { registrationMails } from "~/features/registrations/registration-mail.server";
import { awaitingApprovalMails, hasAttended, requirementOf } from "~/features/prerequisites/prerequisites.server";
import { currentSettings } from "~/features/settings/settings.server";
import type { SiteSettings } from "~/site-settings";
import { toldSession } from "~/features/events/told";

/**
 * Seat offers to the waiting list (issue 11 point 1, decision 0026). When a
 * seat frees (a cancellation, a deletion by staff, a raised capacity) the
 * first entries, in order of arrival, get an offer: a mailed link that holds
 * the seat for `offerHours`. Offers are made inside a transaction that locks
 * the session and counts every seat holder (registered, booked, offered), so
 * offers, confirmations and new registrations never together exceed the
 * capacity; newcomers cannot take a freed seat first, since waiting entries
 * count as taken for them (see `seatsTaken`).
 */
type Site = Pick<SiteSettings, "orgName" | "contactEmail" | "publicUrl">;
type Table = "registrations" | "family_bookings";
const TABLES: readonly Table[] = ["registrations", "family_bookings"];
export type EntryKind = "registration" | "family-booking";
const kindOf = (t: Table): EntryKind => (t === "registrations" ? "registration" : "family-booking");
const tableOf = (k: EntryKind): Table => (k === "registration" ? "registrations" : "family_bookings");

export function offerPath(token: string): string {
  return `/waiting-list/${token}`;
}

type Entry = {
  kind: EntryKind;
  id: string;
  name: string;
  /** Who the mails greet: a registration's first name, a booking's full name (as their confirmations do). */
  greetingName: string;
  email: string;
  createdAt: string;
  status: string;
  offerExpiresAt: string | null;
};

/** A session's waiting list and open offers, in order of arrival. */
export async function waitingEntries(db: Kysely<DB>, eventId: string, statuses: readonly string[] = ["waiting", "offered"]): Promise<Entry[]> {
  return (await waitingEntriesOf(db, [eventId], statuses)).get(eventId) ?? [];
}

/** The waiting lists and open offers of several sessions, each in order of arrival: two queries, whatever their number. */
async function waitingEntriesOf(db: Kysely<DB>, eventIds: readonly string[], statuses: readonly string[] = ["waiting", "offered"]): Promise<Map<string, Entry[]>> {
  const byEvent = new Map<string, Entry[]>();
  if (eventIds.length === 0) return byEvent;
  const regs = await db
    .selectFrom("registrations")
    .select(["id", "event_id", "first_name", "last_name", "email", "created_at", "status", "offer_expires_at"])
    .where("event_id", "in", [...eventIds])
    .where("status", "in", statuses)
    .execute();
  const books = await db
    .selectFrom("family_bookings")
    .select(["id", "event_id", "full_name", "email", "created_at", "status", "offer_expires_at"])
    .where("event_id", "in", [...eventIds])
    .where("status", "in", statuses)
    .execute();
  const add = (eventId: string, entry: Entry) => {
    const list = byEvent.get(eventId);
    if (list) list.push(entry);
    else byEvent.set(eventId, [entry]);
  };
  for (const r of regs) {
    add(r.event_id, {
      kind: "registration",
      id: r.id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      greetingName: r.first_name,
      email: r.email,
      createdAt: r.created_at,
      status: r.status,
      offerExpiresAt: r.offer_expires_at,
    });
  }
  for (const b of books) {
    add(b.event_id, {
      kind: "family-booking",
      id: b.id,
      name: b.full_name,
      greetingName: b.full_name,
      email: b.email,
      createdAt: b.created_at,
      status: b.status,
      offerExpiresAt: b.offer_expires_at,
    });
  }
  for (const list of byEvent.values()) list.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1));
  return byEvent;
}

/** Seats held for real (registered, booked, offered, awaiting approval): everyone but the released and the waiting. */
async function seatsHeld(trx: Kysely<DB>, eventId: string): Promise<number> {
  return (await seatsHeldOf(trx, [eventId])).get(eventId) ?? 0;
}

/** The same for several sessions: two grouped counts, whatever their number. */
async function seatsHeldOf(db: Kysely<DB>, eventIds: readonly string[]): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  if (eventIds.length === 0) return held;
  for (const t of TABLES) {
    const rows = await db
      .selectFrom(t)
      .select((eb) => ["event_id", eb.fn.countAll<number | string>().as("n")])
      .where("event_id", "in", [...eventIds])
      .where("status", "not in", [...RELEASED_STATUSES, "waiting"])
      .groupBy("event_id")
      .execute();
    for (const r of rows) held.set(r.event_id, (held.get(r.event_id) ?? 0) + Number(r.n));
  }
  return held;
}

function sessionFacts(event: EventRow, entry: Entry): Facts {
  return [
    ["Session", event.title],
    ["Date and time", formatSessionWhen(event.starts_at, event.ends_at, event.time_zone)],
    [placeLabel(entry.kind), [event.venue, event.city].filter(Boolean).join(", ")],
  ];
}

function offerMail(site: Site, entry: Entry, event: EventRow, url: string, expiresAt: Date): OutgoingMail {
  const subject = `A seat is free for you: ${event.title} | ${site.orgName}`;
  const greeting = `Dear ${entry.greetingName},`;
  // The venue's time with its zone: '26th Nov 2026 at 8:15 AM PST'.
  const until = `${formatSessionDate(expiresAt.toISOString(), event.time_zone)} at ${formatTimeRange(expiresAt.toISOString(), null, event.time_zone)}`;
  const untilStart = expiresAt.getTime() >= Date.parse(event.starts_at);
  const intro = `Good news: a seat has freed up in the session below and it is yours if you want it. We hold it for you until ${until}${untilStart ? ", when the session starts" : ""}.`;
  const outro = [
    "If you no longer need it, simply let the link expire: the seat then goes to the next person waiting.",
    `Warm regards,\nThe ${site.orgName} team`,
  ];
  const facts = sessionFacts(event, entry);
  return {
    topic: `${entry.kind}:${entry.id}`,
    to: entry.email,
    replyTo: replyAddress(site, event),
    subject,
    text: `${greeting}\n\n${intro}\n\n${factsText(facts)}\n\nConfirm my seat: ${url}\n\n${outro.join("\n\n")}\n`,
    html: htmlPage(subject, [greeting, intro], facts, outro, { label: "Confirm my seat", url }),
  };
}

function expiredMail(site: Site, entry: Entry, event: EventRow, othersWaiting: boolean): OutgoingMail {
  const subject = `Seat offer expired: ${event.title} | ${site.orgName}`;
  const greeting = `Dear ${entry.greetingName},`;
  const intro = `The seat we held for you in the session below was not confirmed in time, so ${
    othersWaiting ? "it has passed to the next person on the waiting list" : "we have released it"
  }.`;
  const outro = [`If you would still like to attend this or another session, write to ${site.contactEmail}.`, `Warm regards,\nThe ${site.orgName} team`];
  const facts = sessionFacts(event, entry);
  return { topic: `${entry.kind}:${entry.id}`, to: entry.email, replyTo: replyAddress(site, event), subject, text: `${greeting}\n\n${intro}\n\n${factsText(facts)}\n\n${outro.join("\n\n")}\n`, html: htmlPage(subject, [greeting, intro], facts, outro) };
}

/**
 * The list's end at the start. "No seat became free" is said only of a session that takes people here
 * as it starts; one staff have closed (or set to no enrollment, or sent to a page of its own) may have
 * had a seat free and its offer taken back (decision 0111), so of it the mail says only what is sure:
 * the session has started and its list has ended.
 */
function noSeatMail(site: Site, entry: Entry, event: EventRow): OutgoingMail {
  const tookPeopleUntilStart = fillsSeatsHere(event, new Date(Date.parse(event.starts_at) - 1));
  const subject = `${tookPeopleUntilStart ? "No seat became free" : "Waiting list ended"}: ${event.title} | ${site.orgName}`;
  const greeting = `Dear ${entry.greetingName},`;
  const intro = tookPeopleUntilStart
    ? "No seat became free in the session below before it started, so your place on its waiting list has ended. We are sorry we could not fit you in this time."
    : "The session below has started, so its waiting list has ended, and your place on it with it. We are sorry we could not fit you in this time.";
  const outro = [`If you would like to join another session, write to ${site.contactEmail}.`, `Warm regards,\nThe ${site.orgName} team`];
  const facts = sessionFacts(event, entry);
  return { topic: `${entry.kind}:${entry.id}`, to: entry.email, replyTo: replyAddress(site, event), subject, text: `${greeting}\n\n${intro}\n\n${factsText(facts)}\n\n${outro.join("\n\n")}\n`, html: htmlPage(subject, [greeting, intro], facts, outro) };
}

/**
 * How long after a session's start the people still waiting for it are told
 * their place has ended. The job runs every few minutes, so they normally
 * hear within minutes; entries of sessions that started longer ago (data from
 * before this rule) leave the list without a mail that would come far too late.
 */
const TELL_AFTER_START_MS = 2 * 24 * 3_600_000;

/**
 * A session that has started takes nobody more: its waiting list ends, and
 * each person still on it is told (decision 0069), inside the caller's
 * transaction holding the session's lock. Returns how many left the list.
 */
async function endWaitingListAtStart(trx: Kysely<DB>, site: Site, event: EventRow, now: Date): Promise<number> {
  const waiting = await waitingEntries(trx, event.id, ["waiting"]);
  const tell = now.getTime() - Date.parse(event.starts_at) < TELL_AFTER_START_MS;
  for (const entry of waiting) {
    await trx.updateTable(tableOf(entry.kind)).set({ status: "expired" }).where("id", "=", entry.id).where("status", "=", "waiting").execute();
    if (tell) await enqueueMail(trx, [noSeatMail(site, entry, event)], now);
  }
  return waiting.length;
}

/** Makes one entry an offer (inside the caller's transaction): a new token, the hold's end, the mail. */
async function makeOffer(trx: Kysely<DB>, site: Site, entry: Entry, event: EventRow, offerHours: number, now: Date): Promise<void> {
  const token = newAccessToken();
  // Never past the session's start: the link stops working then, whatever the hold's length.
  const expires = new Date(Math.min(now.getTime() + offerHours * 3_600_000, Date.parse(event.starts_at)));
  await trx
    .updateTable(tableOf(entry.kind))
    .set({ status: "offered", offer_token_hash: token.hash, offer_expires_at: expires.toISOString() })
    .where("id", "=", entry.id)
    .execute();
  await enqueueMail(trx, [offerMail(site, entry, event, `${site.publicUrl}${offerPath(token.token)}`, expires)], now);
}

/**
 * A session that has stopped giving seats out here (closed, no enrollment, a page of its own) while
 * it has offers open: each offer goes back to the waiting list, its link no longer works, and its
 * holder keeps their place in line, to be offered again if staff open the session once more.
 * Inside the caller's transaction, which holds the session's lock.
 */
async function returnOffersToList(trx: Kysely<DB>, eventId: string): Promise<number> {
  let returned = 0;
  for (const t of TABLES) {
    const done = await trx.updateTable(t).set({ status: "waiting", offer_token_hash: null, offer_expires_at: null }).where("event_id", "=", eventId).where("status", "=", "offered").executeTakeFirst();
    returned += Number(done.numUpdatedRows);
  }
  return returned;
}

/**
 * Staff saved these sessions (inside the save's transaction, after its writes): each that no longer
 * gives seats out here (closed, its programme closed, no enrollment, a page of its own) gives its open
 * offers back to its list now rather than at the job's next pass, so the staff screens and the seats
 * shown never count a seat held for an offer nobody can confirm (decision 0114). Each session is locked
 * first, in id order, as a confirmation locks it. Returns how many offers went back.
 */
export async function takeBackOffersOnSave(trx: Kysely<DB>, eventIds: readonly string[], now = new Date()): Promise<number> {
  if (eventIds.length === 0) return 0;
  const withOffers = new Set<string>();
  for (const t of TABLES) {
    const rows = await trx.selectFrom(t).select("event_id").distinct().where("event_id", "in", [...eventIds]).where("status", "=", "offered").execute();
    for (const r of rows) withOffers.add(r.event_id);
  }
  let returned = 0;
  for (const id of [...withOffers].sort()) {
    await lockEvent(trx, id);
    const event = await trx.selectFrom("events").selectAll().where("id", "=", id).executeTakeFirst();
    // Started: its offers ended at the start. Canceled: its cancellation ended its list and told everyone.
    if (event && event.status !== "Cancelled" && Date.parse(event.starts_at) > now.getTime() && !fillsSeatsHere(event, now)) returned += await returnOffersToList(trx, id);
  }
  return returned;
}

/**
 * Offers every free seat of one session to its waiting list, first come first
 * served, inside the caller's write transaction (which must hold the session's
 * lock). Returns how many offers were made.
 */
export async function offerFreeSeats(trx: Kysely<DB>, site: Site, event: EventRow, offerHours: number, now = new Date()): Promise<number> {
  if (!fillsSeatsHere(event, now)) return 0;
  const waiting = await waitingEntries(trx, event.id, ["waiting"]);
  if (waiting.length === 0) return 0;
  const free = event.capacity === null ? waiting.length : event.capacity - (await seatsHeld(trx, event.id));
  const chosen = waiting.slice(0, Math.max(0, free));
  for (const entry of chosen) await makeOffer(trx, site, entry, event, offerHours, now);
  return chosen.length;
}

/**
 * The waiting-list job (every instance, every SESSION_JOBS_SECONDS, and right
 * after a cancellation): lapsed offers expire (their entry leaves the list,
 * with a mail), then each session with people waiting offers its free seats,
 * or, once it has started, ends its waiting list and tells those on it.
 */
export async function runWaitingList(db: Database, site: Site, offerHours: number, now = new Date()): Promise<{ expired: number; offered: number; ended: number }> {
  let expired = 0;
  let offered = 0;
  let ended = 0;
  const sessions = new Set<string>();
  for (const t of TABLES) {
    const lapsed = await db.selectFrom(t).select(["id", "event_id"]).where("status", "=", "offered").where("offer_expires_at", "<=", now.toISOString()).execute();
    for (const row of lapsed) {
      expired += await writeTransaction(db, async (trx) => {
        await lockEvent(trx, row.event_id);
        // A session closed by staff (or sent elsewhere) before its start: the offer was not let lapse, it was
        // taken back, and goes back to the list rather than out of it.
        const before = await trx.selectFrom("events").selectAll().where("id", "=", row.event_id).executeTakeFirst();
        if (before && before.status !== "Cancelled" && Date.parse(before.starts_at) > now.getTime() && !fillsSeatsHere(before, now)) {
          await returnOffersToList(trx, before.id);
          return 0;
        }
        const done = await trx
          .updateTable(t)
          .set({ status: "expired", offer_token_hash: null })
          .where("id", "=", row.id)
          .where("status", "=", "offered")
          .where("offer_expires_at", "<=", now.toISOString())
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) return 0;
        const event = await trx.selectFrom("events").selectAll().where("id", "=", row.event_id).executeTakeFirst();
        const entry = (await waitingEntries(trx, row.event_id, ["expired"])).find((e) => e.id === row.id);
        // Passed on only while the session can still take people: an offer that ran out at the start is released.
        const othersWaiting = Boolean(event && fillsSeatsHere(event, now)) && (await waitingEntries(trx, row.event_id, ["waiting"])).length > 0;
        if (event && entry) await enqueueMail(trx, [expiredMail(site, entry, event, othersWaiting)], now);
        return 1;
      });
      sessions.add(row.event_id);
    }
    const withWaiting = await db.selectFrom(t).select("event_id").distinct().where("status", "in", ["waiting", "offered"]).execute();
    for (const r of withWaiting) sessions.add(r.event_id);
  }
  for (const eventId of sessions) {
    const done = await writeTransaction(db, async (trx) => {
      await lockEvent(trx, eventId);
      const event = await trx.selectFrom("events").selectAll().where("id", "=", eventId).executeTakeFirst();
      if (!event) return { offered: 0, ended: 0 };
      // Started (a canceled session's list was ended, and told, by its cancellation): nobody more is taken.
      if (Date.parse(event.starts_at) <= now.getTime() && event.status !== "Cancelled") return { offered: 0, ended: await endWaitingListAtStart(trx, site, event, now) };
      // Closed by staff (or sent elsewhere) since its offers were made: they go back to the list.
      if (event.status !== "Cancelled" && !fillsSeatsHere(event, now)) await returnOffersToList(trx, event.id);
      return { offered: await offerFreeSeats(trx, site, event, offerHours, now), ended: 0 };
    });
    offered += done.offered;
    ended += done.ended;
  }
  return { expired, offered, ended };
}

export type OfferView = { kind: EntryKind; id: string; name: string; email: string; expiresAt: string; event: EventRow };

/** The open offer a link's token opens, or null (wrong, used, expired: all alike). */
export async function findOffer(db: Kysely<DB>, token: string, now = new Date()): Promise<OfferView | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const hash = hashAccessToken(token);
  for (const t of TABLES) {
    const row = await db.selectFrom(t).select(["id", "event_id", "email", "status", "offer_expires_at"]).where("offer_token_hash", "=", hash).executeTakeFirst();
    if (!row || row.status !== "offered" || !row.offer_expires_at || Date.parse(row.offer_expires_at) <= now.getTime()) continue;
    const event = await db.selectFrom("events").selectAll().where("id", "=", row.event_id).executeTakeFirst();
    if (!event || !fillsSeatsHere(event, now)) return null;
    const entry = (await waitingEntries(db, row.event_id, ["offered"])).find((e) => e.id === row.id);
    if (!entry) return null;
    return { kind: kindOf(t), id: row.id, name: entry.name, email: row.email, expiresAt: row.offer_expires_at, event };
  }
  return null;
}

/**
 * What a confirmed offer's link shows (its page after "Confirm my seat"): the
 * kind of entry and whether its seat waits for staff, while the entry holds
 * that seat. The offer's token hash is kept on the entry once confirmed for
 * this alone (findOffer reads only offered entries), so the confirmation page
 * is never shown for a made-up, lapsed or withdrawn link (decision 0069).
 */
export async function findConfirmedOffer(db: Kysely<DB>, token: string): Promise<{ kind: EntryKind; awaitingApproval: boolean } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const hash = hashAccessToken(token);
  for (const t of TABLES) {
    const row = await db.selectFrom(t).select(["status", "event_id"]).where("offer_token_hash", "=", hash).executeTakeFirst();
    if (!row) continue;
    // A seat in a session since canceled is no seat.
    const event = await db.selectFrom("events").select("status").where("id", "=", row.event_id).executeTakeFirst();
    if (!event || event.status === "Cancelled") return null;
    if (row.status === "registered" || row.status === "booked" || row.status === "awaiting_approval") {
      return { kind: kindOf(t), awaitingApproval: row.status === "awaiting_approval" };
    }
    return null;
  }
  return null;
}

/**
 * Confirms an offer: the entry becomes a registration (or booking) holding its
 * seat, and the usual confirmation (with its .ics, and for a registration the
 * private page's link) is queued, in one transaction. An offer that lapsed a
 * moment ago is refused: its seat may already be someone else's.
 */
export async function confirmOffer(
  services: Pick<AppServices, "db" | "config" | "mailWorker">,
  token: string,
  now = new Date(),
): Promise<"confirmed" | "awaiting-approval" | "not-found"> {
  const site = services.config.site;
  const offer = await findOffer(services.db, token, now);
  if (!offer) return "not-found";
  const result = await writeTransaction(services.db, async (trx) => {
    await lockEvent(trx, offer.event.id);
    // The session as it is now: staff may have moved it since the offer was read, and the confirmation states it.
    const event = await trx.selectFrom("events").selectAll().where("id", "=", offer.event.id).executeTakeFirst();
    // Read again under the lock, as findOffer read it before: a session canceled, deleted or moved to start by now
    // since then holds no seat to confirm (decision 0104).
    if (!event || event.status === "Cancelled" || Date.parse(event.starts_at) <= now.getTime()) return "not-found" as const;
    // Closed by staff, or sent to a page of its own, since: no seat is given here; the offer goes back to the list.
    if (!fillsSeatsHere(event, now)) {
      await returnOffersToList(trx, event.id);
      return "not-found" as const;
    }
    const table = tableOf(offer.kind);
    if (offer.kind === "registration") {
      // Joined with 'I completed the earlier level elsewhere' (decision 0031): the seat is held for staff to approve.
      const held = await trx.selectFrom("registrations").selectAll().where("id", "=", offer.id).executeTakeFirst();
      const requirement = held?.prerequisite_note && !held.prerequisite_decided_at ? await requirementOf(trx, held.programme_id) : null;
      if (held && requirement && !(await hasAttended(trx, held.email_key, requirement.required.id))) {
        const done = await trx
          .updateTable("registrations")
          .set({ status: "awaiting_approval", offer_expires_at: null, told_session: toldSession(event), seat_confirmed_at: now.toISOString() })
          .where("id", "=", offer.id)
          .where("status", "=", "offered")
          .where("offer_expires_at", ">", now.toISOString())
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) return "not-found" as const;
        await enqueueMail(
          trx,
          awaitingApprovalMails(site, {
            registrant: { id: held.id, firstName: held.first_name, nameOnCertificate: held.name_on_certificate, email: held.email, note: held.prerequisite_note! },
            event,
            programmeTitle: requirement.programme.title,
            requiredTitle: requirement.required.title,
          }),
          now,
        );
        return "awaiting-approval" as const;
      }
      const access = newAccessToken();
      const done = await trx
        .updateTable("registrations")
        .set({ status: "registered", offer_expires_at: null, access_token_hash: access.hash, told_session: toldSession(event), seat_confirmed_at: now.toISOString() })
        .where("id", "=", offer.id)
        .where("status", "=", "offered")
        .where("offer_expires_at", ">", now.toISOString())
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return "not-found" as const;
      const r = await trx.selectFrom("registrations").selectAll().where("id", "=", offer.id).executeTakeFirstOrThrow();
      const programme = r.programme_id ? await trx.selectFrom("programmes").select("title").where("id", "=", r.programme_id).executeTakeFirst() : undefined;
      await enqueueMail(
        trx,
        registrationMails(site, {
          id: r.id,
          input: {
            firstName: r.first_name,
            email: r.email,
            nameAsCertificate: r.name_on_certificate,
            mobileNo: r.mobile_no,
            occupation: r.occupation,
            hearAbout: r.hear_about ?? undefined,
            communicationPreferences: r.communication_preferences === 1,
          },
          event,
          programmeTitle: programme?.title ?? null,
          accessUrl: `${site.publicUrl}${accessPath(access.token)}`,
        }),
        now,
      );
    } else {
      const done = await trx
        .updateTable(table)
        .set({ status: "booked", offer_expires_at: null, told_session: toldSession(event), seat_confirmed_at: now.toISOString() })
        .where("id", "=", offer.id)
        .where("status", "=", "offered")
        .where("offer_expires_at", ">", now.toISOString())
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return "not-found" as const;
      const b = await trx.selectFrom("family_bookings").selectAll().where("id", "=", offer.id).executeTakeFirstOrThrow();
      await enqueueMail(
        trx,
        bookingMails(site, {
          id: b.id,
          input: { fullName: b.full_name, email: b.email, phone: b.phone, communicationPreferences: b.communication_preferences === 1 },
          event,
          // The booking's private page (decision 0087), as a confirmed registration gets its own.
          accessUrl: `${site.publicUrl}${await addBookingLink(trx, b.id, now)}`,
        }),
        now,
      );
    }
    return "confirmed" as const;
  });
  if (result !== "not-found") services.mailWorker.kick();
  return result;
}

/**
 * Staff: offer the seat to one entry now, out of turn (only when a seat is free, and only for a session that
 * still takes people: an offer for one canceled or already started would promise a seat that cannot be had).
 */
export async function offerByHand(
  db: Database,
  site: Site,
  kind: EntryKind,
  id: string,
  offerHours: number,
  actor: AuditActor,
  ip: string | null,
  now = new Date(),
): Promise<"offered" | "no-seat" | "closed" | "not-found"> {
  const table = tableOf(kind);
  const row = await db.selectFrom(table).select(["event_id", "status"]).where("id", "=", id).executeTakeFirst();
  if (!row || row.status !== "waiting") return "not-found";
  return writeTransaction(db, async (trx) => {
    await lockEvent(trx, row.event_id);
    const event = await trx.selectFrom("events").selectAll().where("id", "=", row.event_id).executeTakeFirstOrThrow();
    const entry = (await waitingEntries(trx, event.id, ["waiting"])).find((e) => e.id === id);
    if (!entry) return "not-found" as const;
    if (!fillsSeatsHere(event, now)) return "closed" as const;
    if (event.capacity !== null && (await seatsHeld(trx, event.id)) >= event.capacity) return "no-seat" as const;
    await makeOffer(trx, site, entry, event, offerHours, now);
    await recordAudit(trx, { action: "update", actor, target: { type: kind, id }, ip, detail: { waitingList: "offered by hand" } }, now);
    return "offered" as const;
  });
}

/** Staff: remove an entry from the waiting list (an open offer is withdrawn; its seat goes to the next). */
export async function removeEntry(
  db: Database,
  site: Site,
  offerHours: number,
  kind: EntryKind,
  id: string,
  actor: AuditActor,
  ip: string | null,
  now = new Date(),
): Promise<{ removed: boolean; mailed: boolean; withdrawn: boolean; offered: number }> {
  const table = tableOf(kind);
  return writeTransaction(db, async (trx) => {
    const found = await trx.selectFrom(table).select("event_id").where("id", "=", id).executeTakeFirst();
    if (!found) return { removed: false, mailed: false, withdrawn: false, offered: 0 };
    // The session's lock before the entry is read: an offer confirmed at the same moment is either seen here or waits.
    await lockEvent(trx, found.event_id);
    const entry = (await waitingEntries(trx, found.event_id, ["waiting", "offered"])).find((e) => e.id === id);
    const withdrawn = entry?.status === "offered" ? entry : undefined;
    const done = await trx
      .updateTable(table)
      .set({ status: "removed", offer_token_hash: null, offer_expires_at: null })
      .where("id", "=", id)
      .where("status", "in", ["waiting", "offered"])
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return { removed: false, mailed: false, withdrawn: false, offered: 0 };
    await recordAudit(trx, { action: "delete", actor, target: { type: kind, id }, ip, detail: { waitingList: "removed" } }, now);
    const event = await trx.selectFrom("events").selectAll().where("id", "=", found.event_id).executeTakeFirst();
    if (!event || !entry) return { removed: true, mailed: false, withdrawn: false, offered: 0 };
    // The person is told they are no longer in line: their waiting-list mail promised to write when a seat frees (decision 0069).
    await enqueueMail(trx, [withdrawnMail(site, entry, event, Boolean(withdrawn))], now);
    if (!withdrawn) return { removed: true, mailed: true, withdrawn: false, offered: 0 };
    // An entry that held an offer: its link no longer works, and the seat passes on now, not at the next job.
    return { removed: true, mailed: true, withdrawn: true, offered: await offerFreeSeats(trx, site, event, offerHours, now) };
  });
}

function withdrawnMail(site: Site, entry: Entry, event: EventRow, heldOffer: boolean): OutgoingMail {
  const subject = heldOffer ? `Seat offer withdrawn: ${event.title} | ${site.orgName}` : `Off the waiting list: ${event.title} | ${site.orgName}`;
  const greeting = `Dear ${entry.greetingName},`;
  const intro = heldOffer
    ? "Our team has taken you off the waiting list for the session below, so the seat we offered you is no longer held for you and the link in our earlier email no longer works."
    : "Our team has taken you off the waiting list for the session below, so we will not write to you when a seat frees up.";
  const outro = [`If you think this is a mistake, or would still like to attend, write to ${site.contactEmail}.`, `Warm regards,\nThe ${site.orgName} team`];
  const facts = sessionFacts(event, entry);
  return { topic: `${entry.kind}:${entry.id}`, to: entry.email, replyTo: replyAddress(site, event), subject, text: `${greeting}\n\n${intro}\n\n${factsText(facts)}\n\n${outro.join("\n\n")}\n`, html: htmlPage(subject, [greeting, intro], facts, outro) };
}

/** Offers a session's free seats now, in a transaction of its own (after a seat was freed elsewhere). */
export async function offerSeatsNow(services: Pick<AppServices, "db" | "config" | "mailWorker">, eventId: string, now = new Date()): Promise<number> {
  const { offerHours } = await currentSettings(services.db, services.config.settingDefaults);
  const n = await writeTransaction(services.db, async (trx) => {
    await lockEvent(trx, eventId);
    const event = await trx.selectFrom("events").selectAll().where("id", "=", eventId).executeTakeFirst();
    return event ? offerFreeSeats(trx, services.config.site, event, offerHours, now) : 0;
  });
  if (n > 0) services.mailWorker.kick();
  return n;
}

export type WaitingSession = {
  id: string;
  title: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  city: string;
  capacity: number | null;
  /** Seats nobody holds or has been offered (null: not limited); staff can offer one by hand only when this is above 0. */
  seatsFree: number | null;
  /** False while the session gives no seats out here (closed, no online enrollment, its own sign-up page). */
  takesPeopleHere: boolean;
  entries: Entry[];
};

/** Staff: every upcoming session with people waiting or holding an offer, soonest first, each list in order of arrival. */
export async function listWaitingSessions(db: Database, now = new Date()): Promise<WaitingSession[]> {
  const ids = new Set<string>();
  for (const t of TABLES) {
    const rows = await db.selectFrom(t).select("event_id").distinct().where("status", "in", ["waiting", "offered"]).execute();
    for (const r of rows) ids.add(r.event_id);
  }
  if (ids.size === 0) return [];
  const events = await db
    .selectFrom("events")
    .selectAll()
    .where("id", "in", [...ids])
    .where("starts_at", ">", now.toISOString())
    .orderBy("starts_at")
    .execute();
  // Every session's seats and list in four queries, not four per session (decision 0114).
  const shown = events.map((e) => e.id);
  const [held, lists] = [await seatsHeldOf(db, shown), await waitingEntriesOf(db, shown)];
  return events.map((e) => ({
    id: e.id,
    title: e.title,
    startsAt: e.starts_at,
    endsAt: e.ends_at,
    timeZone: e.time_zone,
    city: e.city,
    capacity: e.capacity,
    seatsFree: e.capacity === null ? null : Math.max(0, e.capacity - (held.get(e.id) ?? 0)),
    takesPeopleHere: fillsSeatsHere(e, now),
    entries: lists.get(e.id) ?? [],
  }));
}
