import fs from "node:fs/promises";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import type { Database } from "~/db/db.server";
import type { DB } from "~/db/schema";
import { clearWriteAheadLog, lockEvent, writeTransaction } from "~/db/transactions.server";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { deleteMailsAbout } from "~/features/mail/outbox.server";
import type { StaffSettings } from "~/features/settings/schema";
import { currentSettings } from "~/features/settings/settings.server";
import { offerSeatsNow } from "~/features/waiting-list/offers.server";
import type { AppServices } from "~/context.server";

/**
 * Retention of personal data (issue 11 point 4, decision 0025). Rows are not
 * deleted but anonymised: the personal details go, the row stays, so seats,
 * counts per session and per month remain for statistics. ID photos and
 * profile images go sooner than the rest.
 */
export type RetentionPolicy = {
  /** Days after a session ends that its registrants' ID photos and profile images are kept. */
  photoDays: number;
  /** Years after a session ends that its registrations and bookings keep their personal details. */
  registrationYears: number;
  /** Years after a contact message arrives that it keeps the sender's details and text. */
  contactYears: number;
};

const DAY_MS = 86_400_000;

/** The same day `years` earlier; from 29 February to a year without one, the 28th (not 1 March, a day short). */
function yearsBefore(now: Date, years: number): Date {
  const d = new Date(now.getTime());
  d.setUTCFullYear(d.getUTCFullYear() - years);
  if (d.getUTCMonth() !== now.getUTCMonth()) d.setUTCDate(0);
  return d;
}

/** The instants before which each kind of data is past its time. */
export function retentionCutoffs(policy: RetentionPolicy, now: Date) {
  return {
    photosOfSessionsEndedBefore: new Date(now.getTime() - policy.photoDays * DAY_MS).toISOString(),
    personalOfSessionsEndedBefore: yearsBefore(now, policy.registrationYears).toISOString(),
    contactsReceivedBefore: yearsBefore(now, policy.contactYears).toISOString(),
  };
}

const JOB: AuditActor = { id: null, email: "retention job" };

/** What removing a registration's personal details sets (the email key stays unique per row). */
const anonymousRegistration = (now: Date) => ({
  first_name: "",
  middle_name: null,
  last_name: "",
  name_on_certificate: "",
  email: "",
  email_key: sql<string>`'erased:' || id`,
  mobile_no: "",
  tel_no: null,
  date_of_birth: "",
  current_address: null,
  permanent_address: null,
  access_token_hash: null,
  // A confirmed offer's link stops saying "Your seat is confirmed" to whoever holds it (decision 0069).
  offer_token_hash: null,
  profile_image_id: null,
  id_front_id: null,
  id_back_id: null,
  // What the registrant wrote about an earlier level (decision 0031) may name them.
  prerequisite_note: null,
  anonymised_at: now.toISOString(),
});

/** A Family Constellation booking without its booker's details: what the retention job and a staff erasure leave. */
export const anonymousBooking = (now: Date) => ({
  full_name: "",
  email: "",
  email_key: sql<string>`'erased:' || id`,
  phone: "",
  offer_token_hash: null,
  anonymised_at: now.toISOString(),
});

/** A contact message without its sender's details and text: what the retention job and a staff erasure leave. The country, date and status stay. */
export const anonymousContact = (now: Date) => ({
  first_name: "",
  last_name: "",
  email: "",
  phone_number: "",
  zip_code: "",
  message: null,
  anonymised_at: now.toISOString(),
});

/** Deletes the private-page links later mails carried (decision 0048); the confirmation's goes with `access_token_hash`. */
async function dropLinks(trx: Kysely<DB>, registrationIds: readonly string[]): Promise<void> {
  if (registrationIds.length) await trx.deleteFrom("registration_links").where("registration_id", "in", registrationIds).execute();
}

/** Deletes the links to Family Constellation bookings' private pages (decision 0087): an erased booking opens no page. */
export async function dropBookingLinks(trx: Kysely<DB>, bookingIds: readonly string[]): Promise<void> {
  if (bookingIds.length) await trx.deleteFrom("family_booking_links").where("booking_id", "in", bookingIds).execute();
}

/** Deletes the files (photos) of the given registrations and clears their references; returns how many files went. */
async function dropPhotos(trx: Kysely<DB>, registrationIds: readonly string[]): Promise<number> {
  if (registrationIds.length === 0) return 0;
  const rows = await trx
    .selectFrom("registrations")
    .select(["profile_image_id", "id_front_id", "id_back_id"])
    .where("id", "in", registrationIds)
    .execute();
  const fileIds = rows.flatMap((r) => [r.profile_image_id, r.id_front_id, r.id_back_id]).filter((v): v is string => Boolean(v));
  await trx.updateTable("registrations").set({ profile_image_id: null, id_front_id: null, id_back_id: null }).where("id", "in", registrationIds).execute();
  if (fileIds.length === 0) return 0;
  const deleted = await trx.deleteFrom("files").where("id", "in", fileIds).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

export type PurgeReport = { photos: number; registrations: number; bookings: number; contacts: number; mails: number; signIns: number };

/**
 * Days the audit trail keeps the address typed into a failed or limited staff
 * sign-in, and the IP it came from: anyone on the internet can be recorded
 * there, not only staff, and the privacy policy promises technical records of
 * IP addresses for about 30 days. The entry itself stays, without them.
 */
export const SIGN_IN_ATTEMPT_KEEP_DAYS = 30;

/**
 * Days a mail is kept in the outbox once it was sent or failed for good
 * (decision 0048): long enough to look into a delivery problem, and no longer,
 * since each holds personal details and, in a registrant's mails, a live link
 * to their private page.
 */
export const MAIL_KEEP_DAYS = 7;

const BATCH = 500;

/**
 * One pass of the retention job: every kind past its time, in batches, each
 * batch one transaction with its audit record. Idempotent: what was done is
 * not done again, so any instance may run it at any time.
 */
export async function purgeExpired(db: Database, policy: RetentionPolicy, now = new Date()): Promise<PurgeReport> {
  const cut = retentionCutoffs(policy, now);
  const report: PurgeReport = { photos: 0, registrations: 0, bookings: 0, contacts: 0, mails: 0, signIns: 0 };
  const endedBefore = (iso: string) => db.selectFrom("events").select("id").where("ends_at", "<", iso);

  /**
   * One kind of purge: ids chosen `BATCH` at a time until none is left, each
   * batch changed and recorded (`purge`, by the job) in one transaction.
   * Returns the sum of what each batch reports.
   */
  async function inBatches(
    select: () => Promise<Array<{ id: string }>>,
    apply: (trx: Kysely<DB>, ids: string[]) => Promise<number>,
    audit: (ids: string[], n: number) => { type: string; detail: Record<string, unknown> },
  ): Promise<number> {
    let total = 0;
    for (;;) {
      const ids = (await select()).map((r) => r.id);
      if (ids.length === 0) return total;
      total += await writeTransaction(db, async (trx) => {
        const n = await apply(trx, ids);
        const { type, detail } = audit(ids, n);
        await recordAudit(trx, { action: "purge", actor: JOB, target: { type }, detail }, now);
        return n;
      });
    }
  }

  // 1. Photos of sessions ended more than photoDays ago.
  report.photos = await inBatches(
    () =>
      db
        .selectFrom("registrations")
        .select("id")
        .where("event_id", "in", endedBefore(cut.photosOfSessionsEndedBefore))
        .where((eb) => eb.or([eb("profile_image_id", "is not", null), eb("id_front_id", "is not", null), eb("id_back_id", "is not", null)]))
        .limit(BATCH)
        .execute(),
    (trx, ids) => dropPhotos(trx, ids),
    (ids, files) => ({ type: "registration-photos", detail: { registrations: ids.length, files, sessionsEndedBefore: cut.photosOfSessionsEndedBefore } }),
  );

  // 2 and 3. Registrations and Family Constellation bookings of sessions ended more than registrationYears ago.
  const unanonymisedOf = (table: "registrations" | "family_bookings") => () =>
    db
      .selectFrom(table)
      .select("id")
      .where("event_id", "in", endedBefore(cut.personalOfSessionsEndedBefore))
      .where("anonymised_at", "is", null)
      .limit(BATCH)
      .execute();
  const personal = (type: string) => (ids: string[]) => ({ type, detail: { anonymised: ids.length, sessionsEndedBefore: cut.personalOfSessionsEndedBefore } });
  report.registrations = await inBatches(
    unanonymisedOf("registrations"),
    async (trx, ids) => {
      await dropPhotos(trx, ids);
      await dropLinks(trx, ids);
      await trx.updateTable("registrations").set(anonymousRegistration(now)).where("id", "in", ids).execute();
      return ids.length;
    },
    personal("registrations"),
  );
  report.bookings = await inBatches(
    unanonymisedOf("family_bookings"),
    async (trx, ids) => {
      await dropBookingLinks(trx, ids);
      await trx.updateTable("family_bookings").set(anonymousBooking(now)).where("id", "in", ids).execute();
      return ids.length;
    },
    personal("family-bookings"),
  );

  // 4. Contact messages received more than contactYears ago.
  report.contacts = await inBatches(
    () =>
      db
        .selectFrom("contact_messages")
        .select("id")
        .where("created_at", "<", cut.contactsReceivedBefore)
        .where("anonymised_at", "is", null)
        .limit(BATCH)
        .execute(),
    async (trx, ids) => {
      await trx.updateTable("contact_messages").set(anonymousContact(now)).where("id", "in", ids).execute();
      return ids.length;
    },
    (ids) => ({ type: "contact-messages", detail: { anonymised: ids.length, receivedBefore: cut.contactsReceivedBefore } }),
  );

  // 5. Mails sent more than MAIL_KEEP_DAYS ago, and those that failed for good and were queued that long ago; a mail still to be sent stays.
  const mailsBefore = new Date(now.getTime() - MAIL_KEEP_DAYS * DAY_MS).toISOString();
  report.mails = await inBatches(
    () =>
      db
        .selectFrom("outbox")
        .select("id")
        .where((eb) =>
          eb.or([
            eb.and([eb("status", "=", "sent"), eb("sent_at", "<", mailsBefore)]),
            eb.and([eb("status", "=", "failed"), eb("created_at", "<", mailsBefore)]),
          ]),
        )
        .limit(BATCH)
        .execute(),
    async (trx, ids) => Number((await trx.deleteFrom("outbox").where("id", "in", ids).executeTakeFirst()).numDeletedRows),
    (_ids, n) => ({ type: "mails", detail: { deleted: n, before: mailsBefore } }),
  );

  // 6. Failed and limited staff sign-ins of more than SIGN_IN_ATTEMPT_KEEP_DAYS ago: the address typed and the IP go.
  const attemptsBefore = new Date(now.getTime() - SIGN_IN_ATTEMPT_KEEP_DAYS * DAY_MS).toISOString();
  report.signIns = await inBatches(
    () =>
      db
        .selectFrom("audit_events")
        .select("id")
        .where("action", "in", ["sign-in-failed", "sign-in-limited"])
        .where("at", "<", attemptsBefore)
        .where((eb) => eb.or([eb("actor_email", "is not", null), eb("ip", "is not", null)]))
        .limit(BATCH)
        .execute(),
    async (trx, ids) => Number((await trx.updateTable("audit_events").set({ actor_email: null, ip: null }).where("id", "in", ids).executeTakeFirst()).numUpdatedRows),
    (_ids, n) => ({ type: "sign-in-attempts", detail: { cleared: n, before: attemptsBefore } }),
  );
  // What went is gone from the database file; from its write-ahead log too (decision 0109).
  if (report.photos + report.registrations + report.bookings + report.contacts + report.mails + report.signIns > 0) await clearWriteAheadLog(db);
  return report;
}

/**
 * A registrant's erasure request, carried out by staff with one action: the
 * registration's personal details and photos go at once, recorded as the
 * staff member's. Returns false when there is no such registration or it was
 * already anonymised.
 *
 * A seat held stays held (decision 0025). An entry still waiting for a seat,
 * or holding an offer of one, leaves the list: with its address gone nobody
 * could be told of a seat, and an offer's link would confirm a seat for no one.
 * `releasedSeatOf` then names the session whose offered seat is free again.
 */
export async function eraseRegistration(
  db: Database,
  registrationId: string,
  actor: AuditActor,
  ip: string | null,
  now = new Date(),
  releasedSeatOf?: (eventId: string) => void,
): Promise<boolean> {
  const done = await writeTransaction(db, async (trx) => {
    // The session's lock first, as an offer, its confirmation and the waiting-list job take it, and the row
    // read after it: on PostgreSQL a confirmation committed meanwhile would otherwise be overwritten.
    const where = await trx.selectFrom("registrations").select("event_id").where("id", "=", registrationId).executeTakeFirst();
    if (!where) return false;
    if (where.event_id) await lockEvent(trx, where.event_id);
    const row = await trx
      .selectFrom("registrations")
      .select(["id", "event_id", "status", "anonymised_at", "erasure_requested_at"])
      .where("id", "=", registrationId)
      .executeTakeFirst();
    if (!row || row.anonymised_at) return false;
    const files = await dropPhotos(trx, [row.id]);
    await dropLinks(trx, [row.id]);
    // The copies of the mails about it (names, addresses, links), whether sent or not: their address is being erased.
    await deleteMailsAbout(trx, "registration", row.id);
    const leavesList = row.status === "waiting" || row.status === "offered";
    await trx
      .updateTable("registrations")
      .set({ ...anonymousRegistration(now), ...(leavesList ? { status: "removed", offer_token_hash: null, offer_expires_at: null } : {}) })
      .where("id", "=", row.id)
      .execute();
    if (row.status === "offered" && row.event_id) releasedSeatOf?.(row.event_id);
    await recordAudit(trx, { action: "erase", actor, target: { type: "registration", id: row.id }, ip, detail: { files, requested: row.erasure_requested_at } }, now);
    return true;
  });
  // Gone from the database file; gone from its write-ahead log too (decision 0109).
  if (done) await clearWriteAheadLog(db);
  return done;
}

/**
 * `eraseRegistration` for a staff screen: a seat offer the entry held passes to
 * the next in line at once. The erasure has committed by then, so a failed
 * offer is logged and left to the periodic job, not answered as a failure.
 */
export async function eraseRegistrationAndPassOn(
  services: Pick<AppServices, "db" | "config" | "mailWorker" | "logger">,
  registrationId: string,
  actor: AuditActor,
  ip: string | null,
): Promise<boolean> {
  let released: string | null = null;
  const erased = await eraseRegistration(services.db, registrationId, actor, ip, new Date(), (eventId) => (released = eventId));
  if (released) await offerSeatsNow(services, released).catch((error: unknown) => services.logger.error({ err: error }, "waiting-list offer after an erasure failed"));
  return erased;
}

const LAST_RUN_KEY = "retention_last_run";
/** The claim (the LAST_RUN_KEY value) of the last run that finished. */
const LAST_DONE_KEY = "retention_last_done";
/**
 * A claim whose run neither finished nor gave it back (its process died) may
 * be taken again after this long. A pass takes seconds; this is far past any,
 * so two instances still never run it at once.
 */
const STALE_CLAIM_MS = 6 * 3_600_000;

/**
 * Claims today's run for this instance: true for exactly one caller per
 * `everyMs` across all instances (the app_meta row is moved only when its
 * previous value is old enough; a lost race moves nothing). A run that failed
 * gave its claim back (`releaseRetentionRun`), so the next check claims it
 * again; one whose process died is taken again after STALE_CLAIM_MS.
 */
export async function claimRetentionRun(db: Database, everyMs: number, now = new Date()): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    const previous = await trx.selectFrom("app_meta").select("value").where("key", "=", LAST_RUN_KEY).executeTakeFirst();
    if (!previous) {
      // Two instances finding no row at once: one inserts, the other claims nothing.
      const inserted = await trx.insertInto("app_meta").values({ key: LAST_RUN_KEY, value: now.toISOString() }).onConflict((oc) => oc.column("key").doNothing()).executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows) === 1;
    }
    const age = now.getTime() - Date.parse(previous.value);
    if (age < everyMs) {
      if (age < STALE_CLAIM_MS) return false;
      const done = await trx.selectFrom("app_meta").select("value").where("key", "=", LAST_DONE_KEY).executeTakeFirst();
      if (done?.value === previous.value) return false;
    }
    const moved = await trx
      .updateTable("app_meta")
      .set({ value: now.toISOString() })
      .where("key", "=", LAST_RUN_KEY)
      .where("value", "=", previous.value)
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1;
  });
}

/** Gives back the claim made at `claimedAt` after its run failed: the next check, on any instance, claims the day again. */
export async function releaseRetentionRun(db: Database, claimedAt: Date): Promise<void> {
  // Only this instance's own claim: one taken since (a stale claim retaken) is not touched.
  await db.deleteFrom("app_meta").where("key", "=", LAST_RUN_KEY).where("value", "=", claimedAt.toISOString()).execute();
}

/** Records that the run claimed at `claimedAt` finished. */
async function finishRetentionRun(db: Database, claimedAt: Date): Promise<void> {
  const value = claimedAt.toISOString();
  await db.insertInto("app_meta").values({ key: LAST_DONE_KEY, value }).onConflict((oc) => oc.column("key").doUpdateSet({ value })).execute();
}

/**
 * One check of the daily job: claims the day's run and, if this instance won
 * it, runs `run`. A run that throws gives its claim back before the error goes
 * on; when even that fails (the database is away), the claim is given back at
 * this instance's next check, before it claims again.
 */
export function retentionCheck(db: Database, run: (now: Date) => Promise<PurgeReport>) {
  let unreleased: Date | null = null;
  return async (now = new Date()): Promise<PurgeReport | null> => {
    if (unreleased) {
      await releaseRetentionRun(db, unreleased);
      unreleased = null;
    }
    if (!(await claimRetentionRun(db, DAY_MS, now))) return null;
    let report: PurgeReport;
    try {
      report = await run(now);
    } catch (error) {
      await releaseRetentionRun(db, now).catch(() => (unreleased = now));
      throw error;
    }
    await finishRetentionRun(db, now);
    return report;
  };
}

/** The retention periods in force now (staff may change them on /admin/settings, decision 0038). */
export async function currentRetentionPolicy(db: Database, defaults: StaffSettings): Promise<RetentionPolicy> {
  const { photoDays, registrationYears, contactYears } = await currentSettings(db, defaults);
  return { photoDays, registrationYears, contactYears };
}

/** One pass with the periods in force when it starts: what the daily job runs once it wins the day's claim. */
export async function runRetentionPass(db: Database, defaults: StaffSettings, now = new Date()): Promise<PurgeReport> {
  return purgeExpired(db, await currentRetentionPolicy(db, defaults), now);
}

/** How long a mail file being written may stay unfinished before the sweep takes it for abandoned. */
const PARTIAL_KEEP_MS = 3_600_000;

/**
 * Without a mail server each mail is written to this instance's outbox folder
 * (mailer.server.ts). Those copies go when the outbox table's do: MAIL_KEEP_DAYS
 * after they were written, as the privacy policy says. A mail is first written
 * beside the folder as `.<name>.eml.partial`; one a failed write or a crash
 * left there is removed after an hour (a write in progress takes milliseconds).
 * Returns how many files went.
 */
export async function purgeOldMailFiles(outboxDir: string, now = new Date()): Promise<number> {
  const mailsBefore = now.getTime() - MAIL_KEEP_DAYS * DAY_MS;
  const partialsBefore = now.getTime() - PARTIAL_KEEP_MS;
  const dataDir = path.dirname(outboxDir);
  const partials = (await namesIn(dataDir)).filter((name) => /^\..+\.eml\.partial$/.test(name));
  const mails = (await namesIn(outboxDir)).filter((name) => name.endsWith(".eml"));
  let removed = 0;
  for (const [file, before] of [
    ...partials.map((name) => [path.join(dataDir, name), partialsBefore] as const),
    ...mails.map((name) => [path.join(outboxDir, name), mailsBefore] as const),
  ]) {
    try {
      if ((await fs.stat(file)).mtimeMs >= before) continue;
      await fs.rm(file, { force: true });
      removed += 1;
    } catch (error) {
      // Gone meanwhile (another look at the folder): nothing to do.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return removed;
}

/** A folder's names; none when it does not exist (no mail was written yet). */
async function namesIn(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/**
 * The daily retention job: each instance checks hourly (and soon after start)
 * whether the day's run is due and, when it wins the claim, runs it with the
 * periods in force then. Each instance also clears old mail files from its own
 * outbox folder, hourly, since no other instance can reach it.
 */
export function startRetentionJob(
  db: Database,
  defaults: StaffSettings,
  logger: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void },
  outboxDir?: string,
) {
  let running: Promise<void> | null = null;
  const check = retentionCheck(db, (now) => runRetentionPass(db, defaults, now));
  const tick = () => {
    running ??= (async () => {
      try {
        if (outboxDir) {
          // A folder that cannot be read must not hold up the database's pass.
          const files = await purgeOldMailFiles(outboxDir).catch((error: unknown) => {
            logger.warn({ err: error }, "old mail files could not be removed from the outbox folder");
            return 0;
          });
          if (files > 0) logger.info({ files }, "old mail files removed from the outbox folder");
        }
        const report = await check();
        if (report) logger.info({ ...report }, "retention job done");
      } catch (error) {
        logger.warn({ err: error }, "retention job failed; will retry within the hour");
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, 3_600_000);
  timer.unref();
  const first = setTimeout(tick, 5_000);
  first.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}

export type ErasureRequest = {
  /** A registration's (decision 0025) or a Family Constellation booking's (decision 0089). */
  kind: "registration" | "family-booking";
  id: string;
  name: string;
  email: string;
  requestedAt: string;
  session: string;
  startsAt: string;
  timeZone: string;
};

/** Staff: registrations and bookings whose person asked for erasure and that still hold personal details, oldest request first. */
export async function listErasureRequests(db: Database): Promise<ErasureRequest[]> {
  const [registrations, bookings] = await Promise.all([
    db
      .selectFrom("registrations")
      .innerJoin("events", "events.id", "registrations.event_id")
      .select([
        "registrations.id",
        "registrations.first_name",
        "registrations.last_name",
        "registrations.email",
        "registrations.erasure_requested_at",
        "events.title",
        "events.starts_at",
        "events.time_zone",
      ])
      .where("registrations.erasure_requested_at", "is not", null)
      .where("registrations.anonymised_at", "is", null)
      .execute(),
    db
      .selectFrom("family_bookings")
      .innerJoin("events", "events.id", "family_bookings.event_id")
      .select(["family_bookings.id", "family_bookings.full_name", "family_bookings.email", "family_bookings.erasure_requested_at", "events.title", "events.starts_at", "events.time_zone"])
      .where("family_bookings.erasure_requested_at", "is not", null)
      .where("family_bookings.anonymised_at", "is", null)
      .execute(),
  ]);
  const event = (r: { title: string; starts_at: string; time_zone: string }) => ({ session: r.title, startsAt: r.starts_at, timeZone: r.time_zone });
  return [
    ...registrations.map((r) => ({
      kind: "registration" as const,
      id: r.id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      email: r.email,
      requestedAt: r.erasure_requested_at ?? "",
      ...event(r),
    })),
    ...bookings.map((b) => ({ kind: "family-booking" as const, id: b.id, name: b.full_name, email: b.email, requestedAt: b.erasure_requested_at ?? "", ...event(b) })),
  ].sort((a, b) => a.requestedAt.localeCompare(b.requestedAt) || a.id.localeCompare(b.id));
}
