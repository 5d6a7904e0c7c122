/**
 * The Family Constellation booking (spec part 2 §2.4, §3, §5, §8), checked in
 * the dialog and again on the server. Wire names are the original's:
 * `programId` is the session, `termsAndCondition` the terms checkbox.
 * Choices the spec leaves open: docs/decisions/0014-family-bookings.md.
 */
import * as z from "zod/mini";
import { normaliseMobile } from "~/features/registrations/schema";
import { ApiError } from "~/lib/api-client";
import { checkbox, emailPattern, requiredText, validate } from "~/lib/validation";
import { isWireTrue } from "~/lib/wire-flag";

export const FULL_NAME_REQUIRED = "Full name is required";
export const EMAIL_REQUIRED = "Email is required";
export const EMAIL_INVALID = "Please enter a valid email address";
export const PHONE_REQUIRED = "Phone number is required";
export const PHONE_INVALID = "Phone number must be 10 digits";
export const TERMS_REQUIRED = "You must accept the terms and conditions";
export const SESSION_REQUIRED = "Please choose a session";

/** Spec part 2 §4 and §8. */
export const PROCESSING_LABEL = "Processing...";
export const BOOK_LABEL = "Confirm Booking";
export const SUCCESS_FALLBACK = "Registration successful!";
export const FAILURE_FALLBACK = "Failed to register for session";
export const failureToast = (message: string) => `Registration failed: ${message}`;
/** Spec part 2 §9: the confirmation view closes itself after 3 s. */
export const CONFIRMATION_AUTO_CLOSE_MS = 3000;
/** The fixed country prefix shown before the phone field (the audience is in the USA). */
export const PHONE_PREFIX = "+1";

/** '+1 (555) 123-4567' from the 10 digits stored after the fixed +1: staff screens, the CSV and the team's notice mail. */
export function formatUsPhone(digits: string): string {
  const d = digits.replace(/\D/g, "");
  return d.length === 10 ? `${PHONE_PREFIX} (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : `${PHONE_PREFIX} ${digits}`;
}

const flag = z.pipe(
  z.transform(isWireTrue),
  z.boolean(),
);

const idPattern = /^[A-Za-z0-9_-]+$/;

export const bookingSchema = z.object({
  programId: z.pipe(
    z.transform((v: unknown) => (typeof v === "number" && Number.isFinite(v) ? String(v) : v)),
    requiredText({ required: SESSION_REQUIRED, invalid: SESSION_REQUIRED, max: 64, pattern: idPattern, patternMessage: SESSION_REQUIRED }),
  ),
  fullName: requiredText({ required: FULL_NAME_REQUIRED, invalid: "Invalid full name", max: 200, name: true }),
  email: requiredText({ required: EMAIL_REQUIRED, invalid: EMAIL_INVALID, max: 254, pattern: emailPattern, patternMessage: EMAIL_INVALID }),
  /** Typed after the fixed '+1': separators dropped, a repeated '+1' allowed, then exactly 10 digits. */
  phone: z.pipe(
    requiredText({ required: PHONE_REQUIRED, invalid: PHONE_INVALID, max: 30 }),
    z.pipe(z.transform(normaliseMobile), z.string().check(z.regex(/^\d{10}$/, { error: PHONE_INVALID }))),
  ),
  termsAndCondition: checkbox(TERMS_REQUIRED),
  communicationPreferences: flag,
});

export type BookingInput = z.output<typeof bookingSchema>;
export type BookingField = keyof z.input<typeof bookingSchema>;

export function validateBooking(values: unknown) {
  return validate<typeof bookingSchema, BookingField>(bookingSchema, values);
}

export { bookPath, seatsLeftText } from "./links";

/**
 * The {message} of 'Registration failed: {message}' (spec §8): the server's
 * message, else the error's own message, else 'Failed to register for session'.
 */
export function bookingFailureText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message.trim()) return error.message;
  return FAILURE_FALLBACK;
}

/** The success toast: the server's `message`, else 'Registration successful!'. */
export function bookingSuccessText(answer: unknown): string {
  const message = answer && typeof answer === "object" && "message" in answer ? (answer as { message: unknown }).message : null;
  return typeof message === "string" && message.trim() ? message : SUCCESS_FALLBACK;
}
