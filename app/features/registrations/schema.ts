/**
 * The DECODE / ICH / TASSO registration (spec part 2 §2.3, §3, §5, §8), checked
 * in the dialog and again on the server. Field names are the wire's, spelling
 * included (`permanenetAddress`, `TelNo`, `termsandcondition`). Values may come
 * as JSON or as form text: booleans as "true"/"false"/"on", empty text = absent.
 * Choices the spec leaves open: docs/decisions/0007-enrolment-rules.md.
 */
import * as z from "zod/mini";
import { courseDetailDate, DEFAULT_TIME_ZONE } from "~/features/events/format";
import { PREREQUISITE_NOTE_INVALID, PREREQUISITE_NOTE_MAX, prerequisiteNoteProblem } from "~/features/prerequisites/rules";
import { checkbox, emailPattern, optionalText, requiredText, validate, type FieldErrors } from "~/lib/validation";
import { isWireTrue } from "~/lib/wire-flag";

/** Spec part 2 §3, in this order. */
export const hearAboutOptions = ["Facebook", "Instagram", "Google", "LinkedIn", "Friends/Relatives", "Other"] as const;
export type HearAbout = (typeof hearAboutOptions)[number];

const TERMS_COMMON =
  "I do not have any mental or psychological disorder and I am not under psychiatric treatment. " +
  "I discharge the organization, its trainers and its staff of all obligations arising from my participation. ";
/** Spec part 2 §2.3, written out as the registrant reads it beside the checkbox. */
export const TERMS_TEXT =
  "I confirm that I am over 18 years of age and that I am attending this program of my own free will. " +
  TERMS_COMMON +
  "I have read and understood the curriculum of the program.";
/**
 * The same terms for a Family Constellation booking, in a session's words: one session has no
 * curriculum, and "this program" would name a course the booker did not choose.
 */
export const BOOKING_TERMS_TEXT =
  "I confirm that I am over 18 years of age and that I am attending this session of my own free will. " +
  TERMS_COMMON +
  "I have read and understood what the session involves, as described on the Family Constellation page.";

export const FIX_ERRORS_MESSAGE = "Please fix the errors below before submitting";
export const SUBMITTING_LABEL = "Submitting...";
export const SUBMITTING_TOAST = "Submitting registration...";
export const SUCCESS_TOAST = "Registration submitted successfully!";
/** Spec part 2 §2.3 and §9: the confirmation view closes itself after 5 s. */
export const SUCCESS_AUTO_CLOSE_MS = 5000;

/** Spec part 2 §8, in the order the dialog falls back through them. */
export const SUBMIT_FAILED_MESSAGE = "Failed to submit registration";
export const UNEXPECTED_ERROR_MESSAGE = "An unexpected error occurred";
export const REQUEST_FAILED_MESSAGE = "Request failed. Please try again.";
export const NETWORK_FAILED_MESSAGE = "Network request failed";
export const UNKNOWN_ERROR = "Unknown error";
export const httpErrorMessage = (status: number) => `HTTP error! status: ${status}`;
/** The DECODE dialog's banner: 'Submission failed: {message or Unknown error}'. */
export const submissionFailedMessage = (message?: string | null) => `Submission failed: ${message?.trim() || UNKNOWN_ERROR}`;

/** The name as it is printed on the certificate: the three names, trimmed, joined by single spaces. */
export function nameAsCertificate(first?: string | null, middle?: string | null, last?: string | null): string {
  return [first, middle, last]
    .map((part) => (part ?? "").replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join(" ");
}

/** A form or JSON flag: true, "true", "on", "1", "yes"; anything else (absent, "", "false") is false. */
const flag = z.pipe(
  z.transform(isWireTrue),
  z.boolean(),
);

/** Numbers are accepted where the wire may carry an id or a level as a number. */
const numberAsText = z.transform((v: unknown) => (typeof v === "number" && Number.isFinite(v) ? String(v) : v));

/** Separators a person types inside a phone number: spaces, dashes, dots, parentheses. */
const phoneSeparators = /[\s\-.()]/g;

/**
 * Mobile number: the separators are dropped and a leading '+1' (the USA code)
 * is allowed; what remains must be exactly 10 digits. The output is the 10 digits.
 */
export function normaliseMobile(value: string): string {
  const compact = value.replace(phoneSeparators, "");
  return compact.startsWith("+1") ? compact.slice(2) : compact;
}

const mobileNo = z.pipe(
  requiredText({ required: "Mobile number is required", invalid: "Mobile number must be 10 digits", max: 30 }),
  z.pipe(z.transform(normaliseMobile), z.string().check(z.regex(/^\d{10}$/, { error: "Mobile number must be 10 digits" }))),
);

/** Optional landline: digits and separators, 7 to 15 digits, optional leading '+'. */
const telNo = z.pipe(
  optionalText({ max: 30, invalid: "Please enter a valid telephone number" }),
  z.optional(
    z.string().check(
      z.refine((v) => /^\+?[\d\s\-.()]+$/.test(v) && /^\d{7,15}$/.test(v.replace(/[^\d]/g, "")), {
        error: "Please enter a valid telephone number",
      }),
    ),
  ),
);

/** Oldest date of birth accepted: anything earlier is a typing slip. */
const EARLIEST_DOB = "1900-01-01";
export const MINIMUM_AGE = 18;
export const DOB_INVALID = "Please enter a valid date of birth";
export const DOB_FUTURE = "Date of birth cannot be in the future";
export const DOB_TOO_YOUNG = `You must be at least ${MINIMUM_AGE} years old`;

function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/**
 * Today's date where the organisation is (America/New_York): the same answer in
 * the browser and on the server, and never earlier than the date anywhere in
 * the continental USA, so nobody turning 18 today is refused.
 */
function today(): string {
  return courseDetailDate(new Date(), DEFAULT_TIME_ZONE) ?? new Date().toISOString().slice(0, 10);
}

/** The date `years` before `day` ('2026-03-01', 18 → '2008-03-01'); someone born on 29 Feb comes of age on 1 Mar. */
function yearsBefore(day: string, years: number): string {
  return `${String(Number(day.slice(0, 4)) - years).padStart(4, "0")}${day.slice(4)}`;
}

const dob = requiredText({ required: "Date of birth is required", invalid: DOB_INVALID, max: 10 }).check(
  z.refine((v) => isCalendarDate(v) && v >= EARLIEST_DOB, { error: DOB_INVALID, abort: true }),
  z.refine((v) => v <= today(), { error: DOB_FUTURE, abort: true }),
  z.refine((v) => v <= yearsBefore(today(), MINIMUM_AGE), { error: DOB_TOO_YOUNG }),
);

const hearAbout = z.pipe(
  optionalText({ max: 40, invalid: "Please choose an option from the list" }),
  z.optional(z.enum(hearAboutOptions, { error: "Please choose an option from the list" })),
);

/** Ids of sessions and programmes: letters, digits, '-' and '_' (UUIDs, Mongo ids, slugs). */
const idPattern = /^[A-Za-z0-9_-]+$/;

export const SESSION_REQUIRED = "Please choose a session";

/** The wire fields, each with its rule; `registrationSchema` adds the derived values. */
export const registrationFieldsSchema = z.object({
  firstName: requiredText({ required: "First name is required", invalid: "Invalid first name", max: 100, name: true }),
  middleName: optionalText({ max: 100, invalid: "Invalid middle name", name: true }),
  lastName: requiredText({ required: "Last name is required", invalid: "Invalid last name", max: 100, name: true }),
  /** Read only in the form; recomputed from the three names, whatever is sent. */
  nameAsCertificate: optionalText({ max: 310, invalid: "Invalid name as on certificate" }),
  email: requiredText({
    required: "Email is required",
    invalid: "Please enter a valid email address",
    max: 254,
    pattern: emailPattern,
    patternMessage: "Please enter a valid email address",
  }),
  mobileNo,
  dob,
  occupation: requiredText({ required: "Occupation is required", invalid: "Invalid occupation", max: 100 }),
  currentAddress: optionalText({ max: 500, invalid: "Invalid current address", multiline: true }),
  isSameAddress: flag,
  permanenetAddress: optionalText({ max: 500, invalid: "Invalid permanent address", multiline: true }),
  /** The session choice's label, 'city | event | 5th Mar 2025' (spec §3). */
  city: requiredText({ required: "City is required", invalid: "Invalid city", max: 300 }),
  venue: optionalText({ max: 200, invalid: "Invalid venue" }),
  timeslot: optionalText({ max: 100, invalid: "Invalid time slot" }),
  TelNo: telNo,
  hearAbout,
  communicationPreferences: flag,
  termsandcondition: checkbox("You must accept the terms and conditions"),
  levelName: requiredText({ required: "Level name is required", invalid: "Invalid level name", max: 200 }),
  level: z.pipe(numberAsText, optionalText({ max: 200, invalid: "Invalid level" })),
  upcomingEventId: z.pipe(
    numberAsText,
    requiredText({ required: SESSION_REQUIRED, invalid: SESSION_REQUIRED, max: 64, pattern: idPattern, patternMessage: SESSION_REQUIRED }),
  ),
  programId: z.pipe(
    numberAsText,
    z.pipe(
      optionalText({ max: 64, invalid: "Invalid program" }),
      z.optional(z.string().check(z.regex(idPattern, { error: "Invalid program" }))),
    ),
  ),
  courseDetailDate: z.pipe(
    optionalText({ max: 10, invalid: "Invalid course date" }),
    z.optional(z.string().check(z.refine(isCalendarDate, { error: "Invalid course date" }))),
  ),
  // Any 12-hour clock text a browser makes of the start: "9:00 AM", "09:00 AM", "9:00:00 AM", "9:00\u202fAM"
  // (ICU's narrow space), "9:00 a.m.". The stored time is the session's own in any case.
  courseDetailTime: z.pipe(
    optionalText({ max: 16, invalid: "Invalid course time" }),
    z.optional(z.string().check(z.regex(/^(0?[1-9]|1[0-2]):[0-5]\d(:[0-5]\d)?[ \u00a0\u202f]?[AP]\.?M\.?$/i, { error: "Invalid course time" }))),
  ),
  courseDetailVenue: optionalText({ max: 200, invalid: "Invalid course venue" }),
  /** 'I completed the earlier level elsewhere' (decision 0031): with a note, a level whose earlier one was not attended is held for approval. */
  completedElsewhere: flag,
  prerequisiteNote: optionalText({ max: PREREQUISITE_NOTE_MAX, invalid: PREREQUISITE_NOTE_INVALID, multiline: true }),
});

/**
 * The whole registration. After the field rules: nameAsCertificate is rebuilt
 * from the names, and while isSameAddress is ticked the permanent address is
 * the current one (spec §4), so a hand-made request cannot make them disagree.
 */
export const registrationSchema = z.pipe(
  registrationFieldsSchema,
  z.transform((d: z.output<typeof registrationFieldsSchema>) => ({
    ...d,
    nameAsCertificate: nameAsCertificate(d.firstName, d.middleName, d.lastName),
    permanenetAddress: d.isSameAddress ? d.currentAddress : d.permanenetAddress,
  })),
);

export type RegistrationInput = z.output<typeof registrationSchema>;
export type RegistrationField = keyof z.input<typeof registrationFieldsSchema>;
export const registrationFields = Object.keys(registrationFieldsSchema.shape) as RegistrationField[];

/** Every field's rule, and the note's: required once 'I completed the earlier level elsewhere' is ticked. */
export function validateRegistration(values: unknown) {
  const result = validate<typeof registrationSchema, RegistrationField>(registrationSchema, values);
  const note = values && typeof values === "object" ? prerequisiteNoteProblem(values as Record<string, unknown>) : null;
  if (!note) return result;
  const errors: FieldErrors<RegistrationField> = result.ok ? {} : { ...result.errors };
  errors.prerequisiteNote ??= note;
  return { ok: false as const, errors };
}
