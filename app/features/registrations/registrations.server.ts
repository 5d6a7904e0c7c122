import type { Kysely } from "kysely";
import type { AppServices, RequestInfo } from "~/context.server";
import type { DB, EventRow, RegistrationKind } from "~/db/schema";
import { isUniqueViolation, seatTransaction } from "~/db/transactions.server";
import { insertRows, reusableQuery } from "~/db/reusable.server";
import { consumeFormAllowance } from "~/features/contact/contact.server";
import { alreadyEntered, availability, sameSessionRow, seatsTaken, sessionBeforeLock } from "~/features/events/events.server";
import { resentToFullSession } from "~/features/events/full-resend.server";
import { ALREADY_REGISTERED, refusalMessages, SIGN_UP_ELSEWHERE } from "~/features/events/seats";
import { safeExternalLink } from "~/lib/external-link";
import { courseDetailDate, courseDetailTime, sessionLabel } from "~/features/events/format";
import { enqueueMail } from "~/features/mail/outbox.server";
import { cleanImage, ImageRejected, storeImage, type CleanImage } from "~/features/uploads/images.server";
import type { FieldErrors } from "~/lib/validation";
import { joinedAt, waitingListMail, waitingPosition, wantsWaitingList } from "~/features/waiting-list/join.server";
import { awaitingApprovalMails, hasAttended, type Requirement } from "~/features/prerequisites/prerequisites.server";
import { AWAITING_APPROVAL_TEXT, decidePrerequisite } from "~/features/prerequisites/rules";
import { accessPath, newAccessToken } from "./access.server";
import { registrationMails } from "./registration-mail.server";
import { validateRegistration, type RegistrationField, type RegistrationInput } from "./schema";
import { toldSession } from "~/features/events/told";

export const REGISTRATION_CREATED = "Registration submitted successfully! We will email you the details shortly.";
export const REGISTRATION_INVALID = "Please fix the errors below before submitting";
export { ALREADY_REGISTERED, SESSION_FULL, refusalMessages } from "~/features/events/seats";
export const REGISTRATION_AWAITING_APPROVAL = AWAITING_APPROVAL_TEXT;

/** The photo parts of the ICH registration (wire names kept). */
export const photoFields = { profileImage: "profile", idPhotofront: "id_front", idphotoback: "id_back" } as const;
export type PhotoField = keyof typeof photoFields;
const photoLabels: Record<PhotoField, string> = {
  profileImage: "The profile image",
  idPhotofront: "The front of your ID",
  idphotoback: "The back of your ID",
};

export type RegistrationOutcome =
  | { status: "created"; id: string }
  | { status: "waiting"; id: string; position: number }
  /** The earlier level was not attended here; the registrant said they completed it elsewhere: the seat is held for staff to approve. */
  | { status: "awaiting-approval"; id: string }
  | { status: "invalid"; errors: FieldErrors<RegistrationField | PhotoField> }
  | { status: "refused"; code: 404 | 409; message: string; errors?: FieldErrors<RegistrationField> }
  | { status: "rate-limited"; retryAfterSeconds: number; message: string };

/** Which sessions each registration call takes. */
const acceptedKinds: Record<"decode" | "hypnotherapy", RegistrationKind[]> = {
  decode: ["decode", "tasso"],
  hypnotherapy: ["hypnotherapy"],
};

/**
 * One registration: counted against the sender's address, validated with the
 * browser's schema, photos checked and re-encoded, then — in one write
 * transaction that locks the session — seats re-counted, the duplicate rule
 * checked, and the registration, its photos and its two mails stored together.
 * Nothing is stored from a refused request.
 */
export async function submitRegistration(
  services: Pick<AppServices, "db" | "formLimiter" | "mailWorker" | "config">,
  request: Pick<RequestInfo, "ip">,
  channel: "decode" | "hypnotherapy",
  values: Record<string, unknown>,
  photos: Partial<Record<PhotoField, Uint8Array>> = {},
): Promise<RegistrationOutcome> {
  const result = validateRegistration(values);
  let before: Awaited<ReturnType<typeof sessionBeforeLock>> | undefined;
  // A session already full is refused from a plain read (decision 0033), as the
  // locked transaction below would refuse it: before queuing for the session's
  // lock, and before spending the visitor's form allowance on an answer that
  // stores nothing and sends nothing.
  if (result.ok && !wantsWaitingList(values)) {
    const input = result.data;
    const applies = (event: EventRow) =>
      acceptedKinds[channel].includes(event.kind as RegistrationKind) && !(input.programId && event.programme_id && input.programId !== event.programme_id);
    before = await sessionBeforeLock(services.db, input.upcomingEventId, applies);
    if (before.full) {
      // A resend by the person who took the last seat is told so (decision 0066).
      const resent = await resentToFullSession(services, request.ip, "registrations", input.upcomingEventId, input.email.toLowerCase());
      return { status: "refused", code: 409, message: resent ? ALREADY_REGISTERED : refusalMessages.full };
    }
  }
  const limited = await consumeFormAllowance(services, request.ip);
  if (limited) return limited;

  const errors: FieldErrors<RegistrationField | PhotoField> = result.ok ? {} : { ...result.errors };
  const cleaned: Partial<Record<PhotoField, CleanImage>> = {};
  for (const field of Object.keys(photoFields) as PhotoField[]) {
    const bytes = photos[field];
    if (!bytes || bytes.byteLength === 0) continue;
    try {
      cleaned[field] = await cleanImage(bytes, photoLabels[field]);
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      errors[field] = error.message;
    }
  }
  if (!result.ok || Object.keys(errors).length > 0) return { status: "invalid", errors };
  const input = result.data;
  const emailKey = input.email.toLowerCase();
  // What does not depend on the seats is read before the session's lock is
  // taken: under load every statement inside the lock waits its turn on a busy
  // server, and every registration for the session waits for the lock.
  const session = before ? before.event : await services.db.selectFrom("events").select(["programme_id", "capacity"]).where("id", "=", input.upcomingEventId).executeTakeFirst();
  const early = await programmeContext(services.db, session?.programme_id ?? null, emailKey);
  // An earlier registration with this email is found before the lock too (a racing twin: caught below).
  if (await alreadyEntered(services.db, "registrations", input.upcomingEventId, emailKey)) return { status: "refused", code: 409, message: ALREADY_REGISTERED };
  // The confirmation and the team's notice are written before the lock as well,
  // from the session as read above, and written again inside only if the locked
  // row or the programme's title differ (no mail tells an older time or place).
  const id = crypto.randomUUID();
  const access = newAccessToken();
  const accessUrl = `${services.config.site.publicUrl}${accessPath(access.token)}`;
  const prepared = before?.event
    ? { event: before.event, mails: registrationMails(services.config.site, { id, input, event: before.event, programmeTitle: early.programmeTitle, accessUrl }) }
    : null;

  try {
    const outcome = await seatTransaction(services.db, input.upcomingEventId, session?.capacity, async (trx, event) => {
      if (!event || !acceptedKinds[channel].includes(event.kind as RegistrationKind)) {
        return { status: "refused", code: 404, message: "This session does not exist.", errors: { upcomingEventId: "Please choose a session" } } as const;
      }
      if (input.programId && event.programme_id && input.programId !== event.programme_id) {
        return { status: "refused", code: 409, message: "This session belongs to another program.", errors: { upcomingEventId: "Please choose a session" } } as const;
      }
      // Seats are counted only where there is a limit to count them against.
      const taken = event.capacity === null ? 0 : ((await seatsTaken(trx, [event.id])).get(event.id) ?? 0);
      const state = availability(event, taken);
      const waiting = state === "full" && wantsWaitingList(values);
      // A twin of this request (a second click, a resend) may have taken the last seat meanwhile: it is this person's.
      if (state === "full" && (await alreadyEntered(trx, "registrations", event.id, emailKey))) return { status: "refused", code: 409, message: ALREADY_REGISTERED } as const;
      if (state !== "open" && !waiting) return { status: "refused", code: 409, message: refusalMessages[state] } as const;
      if (safeExternalLink(event.external_link)) {
        return { status: "refused", code: 409, message: SIGN_UP_ELSEWHERE, errors: { upcomingEventId: SIGN_UP_ELSEWHERE } } as const;
      }

      // Level prerequisites (decision 0031): the earlier level attended by this email, or a note for staff, or a refusal.
      // Read again only if staff moved the session to another programme meanwhile.
      const { requirement, attended, programmeTitle, programmeLevel } =
        event.programme_id === early.programmeId ? early : await programmeContext(trx, event.programme_id, emailKey);
      // Spec part 1 §3, 'levelName (from the stored level)': a programme's session stores the programme's
      // title and level number (none for one staff created without), whatever the client sent; only a
      // session without a programme keeps what the form sent.
      const stored: RegistrationInput = event.programme_id
        ? { ...input, levelName: programmeTitle ?? input.levelName, level: programmeLevel === null ? undefined : String(programmeLevel) }
        : input;
      const prerequisite = decidePrerequisite({
        levelTitle: requirement?.programme.title ?? event.title,
        required: requirement?.required ?? null,
        attended,
        completedElsewhere: input.completedElsewhere,
        note: input.prerequisiteNote,
      });
      if (prerequisite.kind === "refused") {
        return { status: "refused", code: 409, message: prerequisite.message, errors: { completedElsewhere: prerequisite.message } } as const;
      }
      const note = prerequisite.kind === "awaiting-approval" ? prerequisite.note : null;

      if (waiting) {
        await insertRegistration(trx, id, event, stored, emailKey, cleaned, null, "waiting", note);
        const position = await waitingPosition(trx, event.id, id);
        await enqueueMail(trx, [waitingListMail(services.config.site, { to: input.email, name: input.firstName, event, position, topic: `registration:${id}` })]);
        return { status: "waiting", id, position } as const;
      }
      if (note !== null && requirement) {
        // The seat is held; the private page's link and the calendar file come with the approval.
        await insertRegistration(trx, id, event, stored, emailKey, cleaned, null, "awaiting_approval", note);
        await enqueueMail(
          trx,
          awaitingApprovalMails(services.config.site, {
            registrant: { id, firstName: input.firstName, nameOnCertificate: input.nameAsCertificate, email: input.email, note },
            event,
            programmeTitle: requirement.programme.title,
            requiredTitle: requirement.required.title,
          }),
        );
        return { status: "awaiting-approval", id } as const;
      }
      await insertRegistration(trx, id, event, stored, emailKey, cleaned, access.hash);
      const mails =
        prepared && programmeTitle === early.programmeTitle && sameSessionRow(prepared.event, event)
          ? prepared.mails
          : registrationMails(services.config.site, { id, input, event, programmeTitle, accessUrl });
      await enqueueMail(trx, mails);
      return { status: "created", id } as const;
    }, { rollbackIf: (o) => o.status === "refused" });
    if (outcome.status === "created" || outcome.status === "waiting" || outcome.status === "awaiting-approval") services.mailWorker.kick();
    return outcome;
  } catch (error) {
    // Two requests from one person for one session can pass the check together;
    // the unique index lets only one commit.
    if (isUniqueViolation(error)) return { status: "refused", code: 409, message: ALREADY_REGISTERED };
    throw error;
  }
}

/**
 * A programme's title and level, and the programme it requires (what `requirementOf` reads), in one
 * read: run for every registration, its SQL compiled once.
 */
const programmeRow = reusableQuery((db, p: { programmeId: string }) =>
  db
    .selectFrom("programmes as p")
    .leftJoin("programmes as r", "r.id", "p.requires_programme_id")
    .select(["p.title as title", "p.level as level", "r.id as required_id", "r.title as required_title"])
    .where("p.id", "=", p.programmeId),
);

/** A session's programme as a registration needs it: its title, the level it requires, and whether this email attended that level. */
async function programmeContext(db: Kysely<DB>, programmeId: string | null, emailKey: string) {
  if (!programmeId) return { programmeId, requirement: null, attended: false, programmeTitle: null, programmeLevel: null };
  const [programme] = await programmeRow(db, { programmeId });
  const requirement: Requirement | null =
    programme && programme.required_id !== null && programme.required_title !== null
      ? { programme: { id: programmeId, title: programme.title }, required: { id: programme.required_id, title: programme.required_title } }
      : null;
  const attended = requirement ? await hasAttended(db, emailKey, requirement.required.id) : false;
  return { programmeId, requirement, attended, programmeTitle: programme?.title ?? null, programmeLevel: programme?.level ?? null };
}

async function insertRegistration(
  trx: Kysely<DB>,
  id: string,
  event: EventRow,
  input: RegistrationInput,
  emailKey: string,
  photos: Partial<Record<PhotoField, CleanImage>>,
  accessTokenHash: string | null,
  status: "registered" | "waiting" | "awaiting_approval" = "registered",
  prerequisiteNote: string | null = null,
): Promise<void> {
  const fileIds: Partial<Record<PhotoField, string>> = {};
  for (const field of Object.keys(photos) as PhotoField[]) {
    fileIds[field] = await storeImage(trx, photos[field]!, photoFields[field]);
  }
  const now = status === "waiting" ? await joinedAt(trx, event.id) : new Date().toISOString();
  // Its SQL compiled once (some forty columns: Kysely's building and compiling cost as much as the insert).
  await insertRows(trx, "registrations", [
    {
      id,
      event_id: event.id,
      programme_id: event.programme_id,
      kind: event.kind as RegistrationKind,
      first_name: input.firstName,
      middle_name: input.middleName ?? null,
      last_name: input.lastName,
      name_on_certificate: input.nameAsCertificate,
      email: input.email,
      email_key: emailKey,
      mobile_no: input.mobileNo,
      date_of_birth: input.dob,
      occupation: input.occupation,
      current_address: input.currentAddress ?? null,
      same_address: input.isSameAddress ? 1 : 0,
      permanent_address: input.permanenetAddress ?? null,
      // What the session really is, whatever label the form sent.
      session_label: sessionLabel({ city: event.city, title: event.title, startsAt: event.starts_at, timeZone: event.time_zone }),
      venue: event.venue ?? input.venue ?? null,
      time_slot: event.time_slot ?? input.timeslot ?? null,
      tel_no: input.TelNo ?? null,
      hear_about: input.hearAbout ?? null,
      communication_preferences: input.communicationPreferences ? 1 : 0,
      terms_accepted_at: now,
      level_name: input.levelName,
      level: input.level ?? null,
      course_date: courseDetailDate(event.starts_at, event.time_zone),
      course_time: courseDetailTime(event.starts_at, event.time_zone),
      course_venue: event.venue ?? event.city,
      profile_image_id: fileIds.profileImage ?? null,
      id_front_id: fileIds.idPhotofront ?? null,
      id_back_id: fileIds.idphotoback ?? null,
      created_at: now,
      access_token_hash: accessTokenHash,
      status,
      prerequisite_note: prerequisiteNote,
      // Its confirmation (or waiting-list or approval mail) states these details.
      told_session: toldSession(event),
    },
  ]);
}
