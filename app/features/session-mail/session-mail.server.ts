import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "~/db/db.server";
import type { DB, EventRow } from "~/db/schema";
import { lockEvent, writeTransaction } from "~/db/transactions.server";
import { bookingCalendarFile } from "~/features/bookings/booking-mail.server";
import { scheduleSequence } from "~/features/events/events.server";
import { courseDetailDate, formatSessionWhen, parseEventInstant } from "~/features/events/format";
import { parseToldSession, toldSession, type ToldSession } from "~/features/events/told";
import { placeLabel, questionsSentence, replyAddress, replyOrWrite } from "~/features/mail/addressing";
import { factsText, htmlPage, type Facts } from "~/features/mail/layout.server";
import { enqueueMail, type OutgoingMail } from "~/features/mail/outbox.server";
import { addAccessLink } from "~/features/registrations/access.server";
import { addBookingLink } from "~/features/bookings/booking-access.server";
import { manageButton, manageSentence, registrationCalendarFile } from "~/features/registrations/registration-mail.server";
import { currentSettings } from "~/features/settings/settings.server";
import type { StaffSettings } from "~/features/settings/schema";
import { runWaitingList } from "~/features/waiting-list/offers.server";
import { zonedIsoString } from "~/lib/zoned-iso";
import type { SiteSettings } from "~/site-settings";

/**
 * Mail about a session after the confirmation (issue 11 point 3, decision 0024):
 * reminders some days before it, and an update to every registrant when staff
 * move it. Both are jobs every server process runs; they are claimed through
 * the database (a unique reminder row, a notice marked processed) in the same
 * transaction that queues the mail, so each mail is queued exactly once however
 * many instances run and whenever one restarts.
 */

/** Who holds a seat and so gets reminders and updates (not those waiting, nor offers not yet confirmed). */
const SEAT_HOLDING = ["registered", "booked"];
/**
 * Who is told when the session moves: the seat holders, and a registration
 * awaiting approval of its earlier level, whose seat is held too and whose mail
 * stated the date (decision 0057). It has no calendar entry or private page
 * until it is approved, so its update carries neither.
 */
export const TOLD_OF_MOVES = [...SEAT_HOLDING, "awaiting_approval"];

type Site = Pick<SiteSettings, "orgName" | "contactEmail" | "publicUrl">;
const DAY_MS = 86_400_000;

/** Someone holding a seat in a session: a registration (DECODE, ICH, TASSO) or a Family Constellation booking. */
export type Recipient = {
  kind: "registration" | "family-booking";
  id: string;
  name: string;
  email: string;
  /**
   * When the seat's confirmation went out: the registration, or the later
   * confirmation of its waiting-list offer or its approval (decision 0070).
   */
  createdAt: string;
  programmeTitle: string | null;
  /** A registration awaiting approval: no calendar entry or private page yet. */
  awaitingApproval?: boolean;
};

/** The latest of a row's moments (ISO texts; null for one that never happened). */
function latest(...moments: Array<string | null>): string {
  return moments.filter((m): m is string => m !== null).reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
}

/**
 * Everyone holding a seat in one session who can be written to: cancelled
 * seats left out, and so are rows whose personal details were erased (on
 * request or by retention, decision 0025): their address is gone, and a mail
 * queued to it could never be delivered.
 */
export async function recipientsOf(db: Kysely<DB>, eventId: string, statuses: readonly string[] = SEAT_HOLDING): Promise<Recipient[]> {
  const registrations = await db
    .selectFrom("registrations")
    .leftJoin("programmes", "programmes.id", "registrations.programme_id")
    .select([
      "registrations.id",
      "registrations.first_name",
      "registrations.email",
      "registrations.created_at",
      "registrations.seat_confirmed_at",
      "registrations.prerequisite_decided_at",
      "registrations.status",
      "programmes.title as programme_title",
    ])
    .where("registrations.event_id", "=", eventId)
    .where("registrations.status", "in", statuses)
    .where("registrations.anonymised_at", "is", null)
    .where("registrations.email", "<>", "")
    .orderBy("registrations.created_at")
    .execute();
  const bookings = await db
    .selectFrom("family_bookings")
    .select(["id", "full_name", "email", "created_at", "seat_confirmed_at"])
    .where("event_id", "=", eventId)
    .where("status", "in", SEAT_HOLDING)
    .where("anonymised_at", "is", null)
    .where("email", "<>", "")
    .orderBy("created_at")
    .execute();
  return [
    ...registrations.map((r) => ({
      kind: "registration" as const,
      id: r.id,
      name: r.first_name,
      email: r.email,
      createdAt: latest(r.created_at, r.seat_confirmed_at, r.prerequisite_decided_at),
      programmeTitle: r.programme_title ?? null,
      ...(r.status === "awaiting_approval" ? { awaitingApproval: true } : {}),
    })),
    ...bookings.map((b) => ({ kind: "family-booking" as const, id: b.id, name: b.full_name, email: b.email, createdAt: latest(b.created_at, b.seat_confirmed_at), programmeTitle: null })),
  ];
}

function calendarFile(site: Site, who: Recipient, event: EventRow, sequence: number, cancelled = false): string {
  return who.kind === "registration"
    ? registrationCalendarFile(site, who.id, event, who.programmeTitle, { sequence, cancelled })
    : bookingCalendarFile(site, who.id, event, { sequence, cancelled });
}


const whenOf = (p: ToldSession) => formatSessionWhen(p.starts_at, p.ends_at, p.time_zone);
const placeOf = (p: ToldSession) => [p.venue, p.city].filter(Boolean).join(", ");

function sessionFacts(event: EventRow, who: Pick<Recipient, "kind" | "programmeTitle">): Facts {
  return [
    ...(who.programmeTitle ? ([["Program", who.programmeTitle]] as Facts) : []),
    ["Session", event.title],
    ["Date and time", whenOf(event)],
    [placeLabel(who.kind), placeOf(event)],
  ];
}

/**
 * What an update mail says the session was: the previous date and time and
 * the previous place, each only where it differs from now. Empty when the
 * session is back where it was.
 */
export function previousFacts(before: ToldSession, event: EventRow, kind: Recipient["kind"]): Facts {
  const facts: Facts = [];
  if (whenOf(before) !== whenOf(event)) facts.push(["Previous date and time", whenOf(before)]);
  if (placeOf(before) !== placeOf(event)) facts.push([`Previous ${placeLabel(kind).toLowerCase()}`, placeOf(before)]);
  return facts;
}

/**
 * Notes, in the transaction that queues a mail stating `event`'s details to
 * `who`, that they were told them, and returns what they had been told before
 * (read in the same transaction). Null when the seat is no longer theirs to be
 * written to (cancelled, erased or deleted since they were read), and then no
 * mail may be queued.
 */
async function noteTold(trx: Kysely<DB>, who: Recipient, event: EventRow): Promise<{ before: ToldSession | null } | null> {
  const table = who.kind === "registration" ? "registrations" : "family_bookings";
  const row = await trx
    .selectFrom(table)
    .select("told_session")
    .where("id", "=", who.id)
    .where("status", "in", TOLD_OF_MOVES)
    .where("anonymised_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  await trx.updateTable(table).set({ told_session: toldSession(event) }).where("id", "=", who.id).execute();
  return { before: parseToldSession(row.told_session) };
}

/** A new link to the private page of a registrant or a booker (decision 0087), for the mail being queued in `trx`. */
async function accessUrlFor(trx: Kysely<DB>, site: Site, who: Recipient, now: Date): Promise<string | undefined> {
  if (who.kind === "family-booking") return `${site.publicUrl}${await addBookingLink(trx, who.id, now)}`;
  // Awaiting approval: the private page comes with the approval (decision 0031).
  return who.awaitingApproval ? undefined : `${site.publicUrl}${await addAccessLink(trx, who.id, now)}`;
}

/** 'tomorrow', 'in 2 days', 'in 7 days'. */
export function daysAway(days: number): string {
  return days <= 0 ? "today" : days === 1 ? "tomorrow" : `in ${days} days`;
}

/**
 * Calendar days from `now` to the session's first day, both read at the venue:
 * what a reminder says. Not the reminder's own number: one sent late (after an
 * outage, decision 0024) or for a number of days staff just added is sent
 * nearer the session than that.
 */
export function calendarDaysUntil(startsAt: string, timeZone: string, now: Date): number {
  const day = (iso: string | null) => (iso ? Date.parse(`${iso}T00:00:00Z`) : Number.NaN);
  const days = Math.round((day(courseDetailDate(startsAt, timeZone)) - day(courseDetailDate(now, timeZone))) / 86_400_000);
  return Number.isFinite(days) ? days : 0;
}

export { replyAddress } from "~/features/mail/addressing";

function personalMail(
  site: Site,
  who: Recipient,
  event: EventRow,
  sequence: number,
  text: { topic: string; subject: string; intro: string; after: string; questions?: string; cancelled?: boolean; moreFacts?: Facts; accessUrl?: string },
): OutgoingMail {
  const greeting = `Dear ${who.name},`;
  const facts = [...sessionFacts(event, who), ...(text.moreFacts ?? [])];
  const questions = text.questions ?? questionsSentence(site, event);
  const outro = [text.after, questions, `Warm regards,\nThe ${site.orgName} team`];
  const noun = who.kind === "family-booking" ? "booking" : "registration";
  const manage = text.accessUrl ? `${manageSentence(text.accessUrl, noun)}\n\n` : "";
  return {
    topic: text.topic,
    to: who.email,
    replyTo: replyAddress(site, event),
    subject: text.subject,
    text: `${greeting}\n\n${text.intro}\n\n${factsText(facts)}\n\n${manage}${outro.join("\n\n")}\n`,
    html: htmlPage(text.subject, [greeting, text.intro], facts, outro, text.accessUrl ? manageButton(text.accessUrl, noun) : undefined),
    // Awaiting approval: no calendar entry yet to update; the approval brings it.
    attachments: who.awaitingApproval
      ? []
      : [
          {
            filename: "session.ics",
            contentType: `text/calendar; charset=utf-8; method=${text.cancelled ? "CANCEL" : "PUBLISH"}`,
            content: calendarFile(site, who, event, sequence, text.cancelled === true),
          },
        ],
  };
}

/** `accessUrl`: a new link to the person's private page (`addAccessLink`, `addBookingLink`). */
export function reminderMail(
  site: Site,
  who: Recipient,
  event: EventRow,
  daysBefore: number,
  sequence: number,
  accessUrl?: string,
  previous: Facts = [],
  now = new Date(),
): OutgoingMail {
  const when = daysAway(calendarDaysUntil(event.starts_at, event.time_zone, now));
  return personalMail(site, who, event, sequence, {
    accessUrl,
    moreFacts: previous,
    topic: `reminder:${who.kind}:${who.id}:${daysBefore}`,
    // A reminder that also brings news says so in its subject, where a reader decides whether to open it.
    subject: `${previous.length ? "Reminder, with new details" : "Reminder"}: ${event.title} is ${when} | ${site.orgName}`,
    intro:
      `This is a friendly reminder that your session with ${site.orgName} is ${when}. We look forward to seeing you.` +
      (previous.length ? " Its date, time or place has changed since we last wrote: the details below are the new ones." : ""),
    after: "The session is attached again as a calendar file, in the venue's local time.",
  });
}

/**
 * A moved session's mail: the new details, then what changed from (`previous`,
 * from `previousFacts`; empty when the mail cannot know what this person was
 * last told).
 */
export function scheduleUpdateMail(site: Site, who: Recipient, event: EventRow, sequence: number, previous: Facts = [], accessUrl?: string): OutgoingMail {
  return personalMail(site, who, event, sequence, {
    accessUrl,
    topic: `session-update:${who.kind}:${who.id}:${sequence}`,
    subject: `Session changed: ${event.title} | ${site.orgName}`,
    intro: "The date, time or place of your session has changed. Your seat is kept; here are the new details.",
    after: who.awaitingApproval
      ? "Your registration still awaits our approval of the earlier level; the calendar file comes with the approval."
      : "The attached calendar file moves the session in your calendar to the new time, in the venue's local time.",
    moreFacts: previous,
  });
}

/**
 * Staff cancelled the session (decision 0032): every seat holder's mail, with
 * the calendar entry's METHOD:CANCEL (same UID, the SEQUENCE that counts the
 * cancellation), so calendar programs remove it. Times in the venue's zone.
 */
export function sessionCancelledMail(site: Site, who: Recipient, event: EventRow, sequence: number): OutgoingMail {
  return personalMail(site, who, event, sequence, {
    topic: `session-cancel:${who.kind}:${who.id}`,
    subject: `Session canceled: ${event.title} | ${site.orgName}`,
    intro: `We are sorry to tell you that ${site.orgName} has canceled the session below. Your seat is released and you do not need to do anything.`,
    after: "The attached calendar file removes the session from your calendar.",
    questions: `If you have already paid, or would like a place in another session, ${replyOrWrite(site, event)}, and we will arrange it with you.`,
    cancelled: true,
  });
}

/** Someone waiting (or awaiting approval) in a session staff cancelled: told, with no calendar file (they never had an entry). */
export function sessionCancelledWaitingMail(site: Site, who: { kind: Recipient["kind"]; id: string; name: string; email: string }, event: EventRow): OutgoingMail {
  const subject = `Session canceled: ${event.title} | ${site.orgName}`;
  const greeting = `Dear ${who.name},`;
  const intro = `We are sorry to tell you that ${site.orgName} has canceled the session below, so your request for a seat in it is closed. You do not need to do anything.`;
  const facts = sessionFacts(event, { kind: who.kind, programmeTitle: null });
  const outro = [`If you would like a place in another session, ${replyOrWrite(site, event)}.`, `Warm regards,\nThe ${site.orgName} team`];
  return {
    topic: `session-cancel:${who.kind}:${who.id}`,
    to: who.email,
    replyTo: replyAddress(site, event),
    subject,
    text: `${greeting}\n\n${intro}\n\n${factsText(facts)}\n\n${outro.join("\n\n")}\n`,
    html: htmlPage(subject, [greeting, intro], facts, outro),
  };
}

/**
 * The moment of the reminder `days` before a session: the same wall-clock time
 * at the venue, that many calendar days earlier (decision 0079), so across a
 * change of the clocks the 1-day reminder still goes out the day before and
 * says 'tomorrow'. A time the clocks skip that day moves forward by the gap,
 * and one they repeat is the first, as for a session's own time (parseEventInstant).
 */
export function reminderMoment(startsAt: string, timeZone: string, days: number): number {
  const start = Date.parse(startsAt);
  const local = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})/.exec(zonedIsoString(startsAt, timeZone));
  if (!local) return start - days * DAY_MS;
  const [, y, m, d, time] = local;
  const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) - days)).toISOString().slice(0, 10);
  const moment = parseEventInstant(`${day}T${time}`, timeZone);
  // The local form holds whole seconds: the start's milliseconds are added back.
  return moment ? moment.getTime() + (((start % 1000) + 1000) % 1000) : start - days * DAY_MS;
}

/**
 * The reminder that is due now for someone who registered at `createdAt` for a
 * session starting at `startsAt` in `timeZone`: the smallest of `daysList`
 * whose moment has come (reminderMoment) and that came after they registered,
 * so a late registrant is not reminded of what their confirmation just said,
 * and after a pause only the nearest reminder goes out. Null when none is due
 * or the session has begun.
 */
export function dueReminder(daysList: readonly number[], startsAt: string, timeZone: string, createdAt: string, now: Date): number | null {
  const start = Date.parse(startsAt);
  if (!(start > now.getTime())) return null;
  const due = daysList.filter((d) => {
    const moment = reminderMoment(startsAt, timeZone, d);
    return moment <= now.getTime() && Date.parse(createdAt) < moment;
  });
  return due.length ? Math.min(...due) : null;
}

/** Queues every reminder due now; returns how many were queued. */
export async function queueDueReminders(db: Database, site: Site, daysList: readonly number[], now = new Date()): Promise<number> {
  if (daysList.length === 0) return 0;
  // A day more than the longest reminder: across a change of the clocks its moment is up to an hour further from the start.
  const horizon = new Date(now.getTime() + (Math.max(...daysList) + 1) * DAY_MS).toISOString();
  const events = await db
    .selectFrom("events")
    .selectAll()
    .where("starts_at", ">", now.toISOString())
    .where("starts_at", "<=", horizon)
    .where("status", "<>", "Cancelled")
    .execute();
  let queued = 0;
  for (const event of events) {
    const recipients = await recipientsOf(db, event.id);
    const due = recipients.flatMap((who) => {
      const days = dueReminder(daysList, event.starts_at, event.time_zone, who.createdAt, now);
      return days === null ? [] : [{ who, days }];
    });
    if (due.length === 0) continue;
    const sent = await db
      .selectFrom("session_reminders")
      .select(["recipient_kind", "recipient_id", "days_before", "sent_at"])
      .where("event_id", "=", event.id)
      .execute();
    const sentAt = new Map(sent.map((s) => [`${s.recipient_kind}:${s.recipient_id}:${s.days_before}`, Date.parse(String(s.sent_at))]));
    for (const { who, days } of due) {
      // A reminder sent counts for this date if it went out at most a day before this date's moment for it.
      // One sent for an earlier date (the session was postponed since) does not: it goes out again.
      const since = new Date(reminderMoment(event.starts_at, event.time_zone, days) - DAY_MS).toISOString();
      const before = sentAt.get(`${who.kind}:${who.id}:${days}`);
      if (before !== undefined && before >= Date.parse(since)) continue;
      // The row is the claim: another instance that got here first made the insert (or the renewal) do nothing.
      const claimed = await writeTransaction(db, async (trx) => {
        // The session's lock first, as every cancel, erasure and move takes it: what is read below is then what
        // they committed, and none of them can commit between that read and this mail (decision 0104).
        await lockEvent(trx, event.id);
        // The session as it is now, not as read before the loop: staff may have moved or cancelled it meanwhile.
        // Moved (another start or zone), the reminder due and its window were worked out from the old time: no
        // claim is made, and the next pass works them out again from the new one (decision 0110).
        const current = await trx.selectFrom("events").selectAll().where("id", "=", event.id).executeTakeFirst();
        if (!current || current.status === "Cancelled" || Date.parse(current.starts_at) <= now.getTime()) return false;
        if (current.starts_at !== event.starts_at || current.time_zone !== event.time_zone) return false;
        const row = await trx
          .insertInto("session_reminders")
          .values({ recipient_kind: who.kind, recipient_id: who.id, days_before: days, event_id: event.id, sent_at: now.toISOString() })
          .onConflict((oc) =>
            oc
              .columns(["recipient_kind", "recipient_id", "days_before"])
              .doUpdateSet({ sent_at: now.toISOString(), event_id: event.id })
              .where("session_reminders.sent_at", "<", since),
          )
          .returning("recipient_id")
          .executeTakeFirst();
        if (!row) return false;
        // The person as they are now (their name and address), not as read before the loop.
        const person = (await recipientsOf(trx, current.id)).find((r) => r.kind === who.kind && r.id === who.id);
        if (!person) return false;
        const told = await noteTold(trx, person, current);
        if (!told) return false;
        // A change not yet announced is announced here, and the update job then has nothing to tell this person.
        const previous = told.before ? previousFacts(told.before, current, person.kind) : [];
        const sequenceNow = await scheduleSequence(trx, current.id);
        await enqueueMail(trx, [reminderMail(site, person, current, days, sequenceNow, await accessUrlFor(trx, site, person, now), previous, now)], now);
        return true;
      });
      if (claimed) queued += 1;
    }
  }
  return queued;
}

/**
 * Mails every registrant of each moved session its new details, with the
 * calendar entry's next SEQUENCE. A notice is claimed by marking it processed
 * in the transaction that queues its mail. When a session moved several times
 * before the job ran, only its newest notice sends mail (with the final
 * details); the older ones are marked processed.
 *
 * Each mail also says what the session was (decision 0048): what that
 * person's last mail told them (`told_session`: the confirmation, a reminder
 * or an earlier update), where it differs. Someone to whom nothing differs
 * (the session moved and moved back, or they registered after the move) gets
 * no mail.
 */
export async function queueScheduleUpdates(db: Database, site: Site, now = new Date()): Promise<number> {
  const pending = await db
    .selectFrom("session_notices")
    .select(["id", "event_id"])
    .where("processed_at", "is", null)
    .where("kind", "=", "update")
    .orderBy("id")
    .limit(100)
    .execute();
  const newest = new Map<string, string>();
  for (const n of pending) newest.set(n.event_id, String(n.id));
  let queued = 0;
  for (const notice of pending) {
    const id = String(notice.id);
    queued += await writeTransaction(db, async (trx) => {
      const claimed = await trx
        .updateTable("session_notices")
        .set({ processed_at: now.toISOString() })
        .where("id", "=", id)
        .where("processed_at", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1 || newest.get(notice.event_id) !== id) return 0;
      // The session's lock, as for a reminder: no cancel or erasure commits between the reads below and the mails.
      await lockEvent(trx, notice.event_id);
      const event = await trx.selectFrom("events").selectAll().where("id", "=", notice.event_id).executeTakeFirst();
      // A session already over, gone or cancelled (its people had the cancellation) needs no update.
      if (!event || event.status === "Cancelled" || Date.parse(event.ends_at) <= now.getTime()) return 0;
      const sequence = await scheduleSequence(trx, event.id);
      const mails: OutgoingMail[] = [];
      for (const who of await recipientsOf(trx, event.id, TOLD_OF_MOVES)) {
        const told = await noteTold(trx, who, event);
        if (!told) continue;
        // Rows from before migration 0023 know nothing of what they were told: the new details alone.
        const previous = told.before ? previousFacts(told.before, event, who.kind) : [];
        if (told.before && previous.length === 0) continue;
        mails.push(scheduleUpdateMail(site, who, event, sequence, previous, await accessUrlFor(trx, site, who, now)));
      }
      await enqueueMail(trx, mails, now);
      return mails.length;
    });
  }
  return queued;
}

export type SessionMailJobs = { runNow: () => Promise<void>; stop: () => Promise<void> };

/**
 * One pass of the session jobs. Reminders come before schedule updates: a session moved into a
 * reminder's window gets one mail, the reminder, which states the change itself (and records it as
 * told, so the update job has nothing left to say), not an update and a reminder in the same second.
 */
export async function runSessionJobsPass(
  db: Database,
  site: Site,
  settings: { reminderDays: number[]; offerHours: number },
  now = new Date(),
): Promise<{ updates: number; reminders: number; waitingList: Awaited<ReturnType<typeof runWaitingList>> }> {
  const reminders = await queueDueReminders(db, site, settings.reminderDays, now);
  const updates = await queueScheduleUpdates(db, site, now);
  const waitingList = await runWaitingList(db, site, settings.offerHours, now);
  return { updates, reminders, waitingList };
}

/**
 * Runs the jobs (schedule updates, reminders, the waiting list's expiries and offers) at start and every `intervalMs`, never overlapping itself;
 * `onQueued` is told when mail was queued (the outbox worker then sends it at
 * once). Errors are logged and the next tick tries again.
 */
export function startSessionMailJobs(
  db: Database,
  opts: { site: Site; settingDefaults: StaffSettings; intervalMs: number; logger: Logger; onQueued: () => void },
): SessionMailJobs {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= (async () => {
      try {
        // Read at every pass: a value staff saved applies from the next pass, on every instance (decision 0038).
        const settings = await currentSettings(db, opts.settingDefaults);
        const { updates, reminders, waitingList } = await runSessionJobsPass(db, opts.site, settings);
        if (updates + reminders + waitingList.expired + waitingList.offered + waitingList.ended > 0) {
          opts.logger.info({ updates, reminders, ...waitingList }, "session mail queued");
          opts.onQueued();
        }
      } catch (error) {
        opts.logger.warn({ err: error }, "session mail job failed; will retry");
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void run(), opts.intervalMs);
  timer.unref();
  const first = setTimeout(() => void run(), 1_000);
  first.unref();
  return {
    runNow: run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
