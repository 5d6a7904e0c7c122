/**
 * Staff management of Hypnotherapy and DECODE programmes (issue 9, points 8–12):
 * create, update and delete one programme with its upcoming sessions and its
 * thumbnail, in one transaction with its audit entry. The sessions are the very
 * `events` rows visitors enrol in (written through the events feature's
 * `writeSession`, which refuses a capacity below the seats taken). Rich text is
 * sanitised here before it is stored, and again whenever it is sent (S4).
 * Choices: docs/decisions/0023-programme-management.md.
 */
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/db/db.server";
import type { DB, ProgrammeKind } from "~/db/schema";
import { lockEvent, lockProgramme, lockProgrammeOrder, writeTransaction } from "~/db/transactions.server";
import { recordAudit } from "~/features/audit/audit.server";
import { writeSession, type StaffActor } from "~/features/events/events-admin.server";
import { keepStoredInstant } from "~/features/events/schema";
import { isCurrentVersion, readExpectedVersion, VERSION_INVALID } from "~/lib/edit-version";
import { cleanThumbnail, deleteThumbnailIfUnused, storeThumbnail, ThumbnailRejected, type CleanThumbnail } from "~/features/uploads/thumbnails.server";
import { sanitizeRichText } from "~/lib/sanitize.server";
import { getProgramme, type ProgrammeJson } from "./programmes.server";
import { richTextToPlain, SESSION_END_AFTER, validateProgramForm, type AdminProgramKind, type ProgramErrors, type ProgramInput, type SessionInput } from "./schema";
import { REQUIRED_LEVEL_CIRCLE, REQUIRED_LEVEL_INVALID } from "~/features/prerequisites/rules";
import { takeBackOffersOnSave } from "~/features/waiting-list/offers.server";
import { mergedDetails } from "./page-sections.server";

export type ManagedKind = Extract<ProgrammeKind, AdminProgramKind>;

/** TASSO has one program, the one its page shows (D4): its sessions are added to it. */
export const ONE_TASSO_PROGRAM = "There is already a TASSO program: open it to add or change its sessions.";
/** `details` sent for TASSO, whose page has its own content rather than a level page's sections 3 to 7. */
export const PAGE_SECTIONS_TASSO = "The TASSO program's page has no benefit, curriculum, audience, prerequisite or workshop sections to set";

/** Whether staff can add a program of `kind`: any number of DECODE and ICH programs, one TASSO program. */
export async function canAddProgramme(db: Kysely<DB>, kind: ManagedKind): Promise<boolean> {
  if (kind !== "tasso") return true;
  return !(await db.selectFrom("programmes").select("id").where("kind", "=", kind).executeTakeFirst());
}


export type { StaffActor };

export type ProgramSaveOutcome =
  | { status: "created" | "updated"; program: ProgrammeJson }
  | { status: "invalid"; errors: ProgramErrors }
  | { status: "stale" }
  | { status: "not-found" };

/** A save from a form opened before someone else saved the same program (409). */
export const PROGRAM_CHANGED_MEANWHILE = "Someone else changed this program after you opened it. Close this form and open it again to see their changes, then make yours again.";

export type ProgramSubmission = { values: Record<string, unknown>; thumbnail?: Uint8Array | undefined };

/** A session people hold seats in cannot be dropped from the list. */
export const sessionHasRegistrations = (title: string, n: number) =>
  `The session '${title}' has ${n} ${n === 1 ? "registration" : "registrations"} and cannot be removed`;
export const programHasRegistrations = (n: number) =>
  `This program's sessions have ${n} ${n === 1 ? "registration" : "registrations"}, so it cannot be deleted. Set its status to Closed instead.`;

/** Sanitises the rich text of a valid form (S4); text that sanitises to nothing visible counts as missing. */
function sanitiseInput(input: ProgramInput): { ok: true; data: ProgramInput } | { ok: false; errors: ProgramErrors } {
  const errors: ProgramErrors = {};
  const cardPoints = input.cardPoints.map((p) => sanitizeRichText(p)).filter((p) => richTextToPlain(p) !== "");
  if (cardPoints.length === 0) errors.cardPoints = "Card points are required";
  const learningSections = input.learningSections.map((s, i) => {
    const content = sanitizeRichText(s.content);
    if (!richTextToPlain(content)) errors[`learningSections.${i}.content`] = "Section content is required";
    return { _id: s._id ?? crypto.randomUUID(), title: s.title, content };
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, data: { ...input, cardPoints, learningSections } };
}

/** Counts registrations and bookings held in each session, whatever their status (their records point at it). */
async function heldBy(trx: Kysely<DB>, ids: readonly string[]): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  if (ids.length === 0) return held;
  const rows = await trx
    .selectFrom("registrations")
    .select((eb) => ["event_id", eb.fn.countAll<number>().as("n")])
    .where("event_id", "in", ids)
    .groupBy("event_id")
    .unionAll(
      trx
        .selectFrom("family_bookings")
        .select((eb) => ["event_id", eb.fn.countAll<number>().as("n")])
        .where("event_id", "in", ids)
        .groupBy("event_id"),
    )
    .execute();
  for (const r of rows) held.set(r.event_id, (held.get(r.event_id) ?? 0) + Number(r.n));
  return held;
}

/** A session of the form was canceled after the form was opened: it cannot be saved with the rest. */
export const sessionCanceledMeanwhile = (title: string) =>
  `The session '${title}' was canceled after you opened this form and can no longer be changed. Reload to see the current sessions.`;

class Refused extends Error {
  readonly errors: ProgramErrors;
  constructor(errors: ProgramErrors) {
    super("refused");
    this.errors = errors;
  }
}

/**
 * Writes the submitted sessions of a programme: existing ones (by `_id`) are
 * updated, new ones inserted, and upcoming ones missing from the list deleted
 * (refused when anyone registered). Past sessions are history: left as they are.
 */
const SESSION_GONE = "This session no longer exists; reload the list";

async function writeSessions(trx: Kysely<DB>, kind: ManagedKind, programmeId: string, sessions: SessionInput[], now: Date, updating: boolean) {
  const existing = await trx.selectFrom("events").selectAll().where("programme_id", "=", programmeId).execute();
  const byId = new Map(existing.map((e) => [e.id, e]));
  const kept = new Set<string>();
  const errors: ProgramErrors = {};
  for (const s of sessions) {
    const current = s._id ? byId.get(s._id) : undefined;
    if (updating && s._id && !current) {
      // An update naming a session the program no longer has (deleted since the form or the client read it): not
      // made anew. A new program's rows are all new, whatever ids a client copied into them.
      errors[`upcomingEvents.${s.row}.eventName`] = SESSION_GONE;
      continue;
    }
    if (current) kept.add(current.id);
    // A wall-clock time shown and sent back unchanged keeps its instant (the second 1:30 AM of a fall-back night).
    const startsAt = current && s.wallClock?.start ? keepStoredInstant(new Date(s.startsAt), true, s.timeZone, current.starts_at, current.time_zone).toISOString() : s.startsAt;
    const endsAt = current && s.wallClock?.end ? keepStoredInstant(new Date(s.endsAt), true, s.timeZone, current.ends_at, current.time_zone).toISOString() : s.endsAt;
    // The order, known only now for times in a repeated hour (the form's check leaves those to here).
    if (Date.parse(endsAt) <= Date.parse(startsAt)) {
      errors[`upcomingEvents.${s.row}.endDate`] = SESSION_END_AFTER;
      continue;
    }
    const outcome = await writeSession(
      trx,
      { id: current?.id, kind, programmeId },
      {
        title: s.title,
        startsAt,
        endsAt,
        timeZone: s.timeZone,
        city: s.city,
        // Left out of the update: the limit as stored now, not as read before the lock.
        capacity: s.keepCapacity && current ? current.capacity : s.capacity,
        organiser: s.organiser,
        organiserEmail: s.organiserEmail ?? (null as unknown as string),
        priceCents: s.priceCents,
        paymentLink: s.paymentLink,
        // What this form does not edit stays as it was.
        facilitator: current?.facilitator ?? null,
        externalLink: current?.external_link ?? null,
        // A cancelled session is refused by writeSession (it cannot be reopened by editing).
        status: current?.status === "Closed" ? "Closed" : "Open",
      },
      now,
    );
    if (outcome.status === "invalid") {
      for (const [k, m] of Object.entries(outcome.errors)) {
        if (!m) continue;
        // The form has no status field: a session canceled since the form was opened is said above the list.
        if (k === "status") errors.upcomingEvents ??= sessionCanceledMeanwhile(s.title);
        else errors[`upcomingEvents.${s.row}.${k}`] = m;
      }
    } else if (outcome.status === "not-found") {
      errors[`upcomingEvents.${s.row}.eventName`] = SESSION_GONE;
    }
  }
  // Cancelled sessions are history too (the form does not show them).
  const dropped = existing.filter((e) => !kept.has(e.id) && e.status !== "Cancelled" && Date.parse(e.starts_at) > now.getTime());
  // Each locked before its seats are counted: a registration committing in between would otherwise
  // be counted as none, and the delete then fail on its foreign key.
  for (const e of dropped) await lockEvent(trx, e.id);
  const held = await heldBy(trx, dropped.map((e) => e.id));
  for (const e of dropped) {
    const n = held.get(e.id) ?? 0;
    if (n > 0) {
      errors.upcomingEvents ??= sessionHasRegistrations(e.title, n);
      continue;
    }
    await trx.deleteFrom("events").where("id", "=", e.id).execute();
  }
  if (Object.keys(errors).length > 0) throw new Refused(errors);
  return { written: sessions.length, removed: dropped.length };
}

/**
 * Validates a submission (spec §5) and creates (no `id`) or updates a programme
 * of `kind` with its sessions and thumbnail, recording who did it; nothing is
 * written when any rule fails.
 */
export async function saveProgramme(
  db: Database,
  kind: ManagedKind,
  actor: StaffActor,
  submission: ProgramSubmission,
  id?: string,
  now = new Date(),
): Promise<ProgramSaveOutcome> {
  if (id !== undefined && (id.length === 0 || id.length > 100)) return { status: "not-found" };
  // An update's sessions keep the time zone and seat limit they have where the submission leaves them out.
  const stored = id
    ? new Map(
        (await db.selectFrom("events").select(["id", "time_zone", "capacity", "starts_at", "price_cents"]).where("programme_id", "=", id).execute()).map((e) => [
          e.id,
          { timeZone: e.time_zone, capacity: e.capacity, startsAt: e.starts_at, priceCents: e.price_cents },
        ]),
      )
    : undefined;
  const checked = validateProgramForm(submission.values, stored);
  const errors: ProgramErrors = checked.ok ? {} : { ...checked.errors };
  const version = readExpectedVersion(submission.values.updatedAt);
  if (!version.ok) errors.updatedAt = VERSION_INVALID;
  // An update that leaves the sessions out keeps them, as it keeps the required level and the thumbnail;
  // only a list, even an empty one, replaces them.
  const sessionsGiven = ["upcomingEvents", "events", "sessions"].some((k) => submission.values[k] !== undefined);
  let thumbnail: CleanThumbnail | null = null;
  if (submission.thumbnail) {
    try {
      thumbnail = await cleanThumbnail(submission.thumbnail);
    } catch (error) {
      if (!(error instanceof ThumbnailRejected)) throw error;
      errors.thumbnail = error.message;
    }
  }
  if (!checked.ok || Object.keys(errors).length > 0) {
    if (id && !(await exists(db, kind, id))) return { status: "not-found" };
    return { status: "invalid", errors };
  }
  const clean = sanitiseInput(checked.data);
  if (!clean.ok) return { status: "invalid", errors: clean.errors };
  const input = clean.data;
  // Only the level pages have sections 3 to 7; TASSO's page is its own.
  if (input.pageSections && kind === "tasso") return { status: "invalid", errors: { details: PAGE_SECTIONS_TASSO } };
  const removeThumbnail = ["true", "1", "on"].includes(String(submission.values.removeThumbnail ?? "").toLowerCase()) || submission.values.removeThumbnail === true;

  try {
    const outcome = await writeTransaction(db, async (trx) => {
      const at = now.toISOString();
      const columns = {
        title: input.title,
        subtitle: input.subtitle,
        video_url: input.videoUrl,
        duration: input.duration,
        status: input.status,
        card_points: JSON.stringify(input.cardPoints),
        learning_sections: JSON.stringify(input.learningSections),
        // Sent or not (decision 0094): left out, an update keeps the stored ones and a create has none.
        ...(input.certification !== undefined ? { certification: input.certification } : {}),
        ...(input.enrollmentFeatures !== undefined ? { enrollment_features: JSON.stringify(input.enrollmentFeatures) } : {}),
        updated_at: at,
      };
      let programmeId = id;
      let previousThumbnail: string | null = null;
      if (!programmeId) {
        programmeId = crypto.randomUUID();
        await lockProgrammeOrder(trx, kind);
        if (!(await canAddProgramme(trx, kind))) throw new Refused({ title: ONE_TASSO_PROGRAM });
        const top = await trx.selectFrom("programmes").select((eb) => eb.fn.max("sort_order").as("m")).where("kind", "=", kind).executeTakeFirst();
        await trx
          .insertInto("programmes")
          .values({
            id: programmeId,
            kind,
            level: null,
            ...columns,
            thumbnail: thumbnail ? await storeThumbnail(trx, thumbnail, now) : null,
            ...(input.pageSections && kind !== "tasso" ? { details: JSON.stringify(mergedDetails(kind, null, null, input.pageSections)) } : {}),
            sort_order: Number(top?.m ?? 0) + 1,
            created_at: at,
          })
          .execute();
      } else {
        // A save that sets the earlier level runs one at a time per kind, as creates and deletes do
        // (kind, then the programme, then its sessions): it reads the other programmes of the kind to
        // refuse a circle, and the level it names must not be deleted, nor name it back, meanwhile.
        if (input.requiredProgramId !== undefined) await lockProgrammeOrder(trx, kind);
        await lockProgramme(trx, programmeId);
        const row = await trx.selectFrom("programmes").select(["id", "thumbnail", "updated_at", "level", "details"]).where("id", "=", programmeId).where("kind", "=", kind).executeTakeFirst();
        if (!row) return { status: "not-found" } as const;
        if (!isCurrentVersion(row.updated_at, version.ok ? version.at : null)) return { status: "stale" } as const;
        previousThumbnail = row.thumbnail;
        const nextThumbnail = thumbnail ? await storeThumbnail(trx, thumbnail, now) : removeThumbnail ? null : row.thumbnail;
        // The sections sent replace theirs; the others keep what the page shows (D11).
        const details = input.pageSections && kind !== "tasso" ? { details: JSON.stringify(mergedDetails(kind, row.level, parseStoredDetails(row.details), input.pageSections)) } : {};
        await trx.updateTable("programmes").set({ ...columns, ...details, thumbnail: nextThumbnail }).where("id", "=", programmeId).execute();
        if (nextThumbnail !== previousThumbnail) await deleteThumbnailIfUnused(trx, previousThumbnail);
      }
      if (input.requiredProgramId !== undefined) await setRequiredLevel(trx, kind, programmeId, input.requiredProgramId);
      const sessions = id && !sessionsGiven ? { written: 0, removed: 0 } : await writeSessions(trx, kind, programmeId, input.sessions, now, Boolean(id));
      // A Closed programme closes enrolment in all its sessions; each keeps its own status for when it reopens.
      const closed = input.status === "Closed" ? 1 : 0;
      await trx.updateTable("events").set({ programme_closed: closed }).where("programme_id", "=", programmeId).where("programme_closed", "<>", closed).execute();
      // A session this save closed (or the programme's close) with offers open: they go back to the list now.
      const programmeSessions = id ? await trx.selectFrom("events").select("id").where("programme_id", "=", programmeId).execute() : [];
      const offersTakenBack = await takeBackOffersOnSave(trx, programmeSessions.map((e) => e.id), now);
      await recordAudit(
        trx,
        {
          action: id ? "update" : "create",
          actor: { id: actor.staff.accountId, email: actor.staff.email },
          target: { type: `${kind}-program`, id: programmeId },
          ip: actor.ip,
          detail: {
            title: input.title,
            status: input.status,
            sessions: sessions.written,
            sessionsRemoved: sessions.removed,
            thumbnail: Boolean(thumbnail),
            ...(input.pageSections && kind !== "tasso" ? { pageSections: Object.keys(input.pageSections) } : {}),
            ...(offersTakenBack ? { offersTakenBack } : {}),
            ...(input.requiredProgramId !== undefined ? { requiredProgramId: input.requiredProgramId } : {}),
          },
        },
        now,
      );
      return { status: "saved", id: programmeId } as const;
    });
    if (outcome.status === "not-found" || outcome.status === "stale") return outcome;
    const program = await getProgramme(db, kind, outcome.id);
    return { status: id ? "updated" : "created", program: program! };
  } catch (error) {
    if (error instanceof Refused) return { status: "invalid", errors: error.errors };
    throw error;
  }
}

/**
 * Sets the earlier level a programme requires (decision 0031): another
 * programme of the same kind, never one that (through its own requirement)
 * already requires this one, which would be a circle nobody could enter.
 */
async function setRequiredLevel(trx: Kysely<DB>, kind: ManagedKind, programmeId: string, requiredId: string | null) {
  if (requiredId !== null) {
    if (requiredId === programmeId) throw new Refused({ requiredProgramId: REQUIRED_LEVEL_INVALID });
    const all = await trx.selectFrom("programmes").select(["id", "requires_programme_id"]).where("kind", "=", kind).execute();
    const byId = new Map(all.map((p) => [p.id, p.requires_programme_id]));
    if (!byId.has(requiredId)) throw new Refused({ requiredProgramId: REQUIRED_LEVEL_INVALID });
    const seen = new Set<string>();
    for (let at: string | null | undefined = requiredId; at && !seen.has(at); at = byId.get(at)) {
      if (at === programmeId) throw new Refused({ requiredProgramId: REQUIRED_LEVEL_CIRCLE });
      seen.add(at);
    }
  }
  await trx.updateTable("programmes").set({ requires_programme_id: requiredId }).where("id", "=", programmeId).execute();
}

/** The stored details as JSON, or null when absent or unreadable (the page then borrows its level's content). */
function parseStoredDetails(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

async function exists(db: Database, kind: ManagedKind, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom("programmes").select("id").where("id", "=", id).where("kind", "=", kind).executeTakeFirst());
}

export type ProgramDeleteOutcome = { status: "deleted" } | { status: "not-found" } | { status: "refused"; message: string };

/**
 * Deletes a programme, its sessions and its thumbnail, with its audit entry.
 * Refused while any of its sessions holds a registration (their records point at it).
 */
export async function deleteProgramme(db: Database, kind: ManagedKind, actor: StaffActor, id: string, now = new Date()): Promise<ProgramDeleteOutcome> {
  if (id.length === 0 || id.length > 100) return { status: "not-found" };
  return writeTransaction(db, async (trx) => {
    // The kind, the programme, then each of its sessions, locked before anything is counted (as a save
    // does): a parallel save or registration either finished first and is seen, or waits and then finds
    // it gone. The kind's lock keeps a save that names this programme as its earlier level from
    // deadlocking with the delete's clearing of that link.
    await lockProgrammeOrder(trx, kind);
    await lockProgramme(trx, id);
    const row = await trx.selectFrom("programmes").select(["id", "title", "thumbnail"]).where("id", "=", id).where("kind", "=", kind).executeTakeFirst();
    if (!row) return { status: "not-found" } as const;
    const sessions = await trx.selectFrom("events").select("id").where("programme_id", "=", id).orderBy("id").execute();
    for (const s of sessions) await lockEvent(trx, s.id);
    const held = await heldBy(trx, sessions.map((s) => s.id));
    const n = [...held.values()].reduce((a, b) => a + b, 0);
    const direct = await trx.selectFrom("registrations").select((eb) => eb.fn.countAll<number>().as("n")).where("programme_id", "=", id).executeTakeFirst();
    const total = Math.max(n, Number(direct?.n ?? 0));
    if (total > 0) return { status: "refused", message: programHasRegistrations(total) } as const;
    if (sessions.length > 0) await trx.deleteFrom("events").where("programme_id", "=", id).execute();
    await trx.deleteFrom("programmes").where("id", "=", id).execute();
    await deleteThumbnailIfUnused(trx, row.thumbnail);
    await recordAudit(
      trx,
      {
        action: "delete",
        actor: { id: actor.staff.accountId, email: actor.staff.email },
        target: { type: `${kind}-program`, id },
        ip: actor.ip,
        detail: { title: row.title, sessionsRemoved: sessions.length },
      },
      now,
    );
    return { status: "deleted" } as const;
  });
}
