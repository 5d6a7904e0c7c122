import * as z from "zod/mini";
import { parseContactStatus } from "./status";
import { checkbox, emailPattern, optionalText, requiredText, validate } from "~/lib/validation";

/** Spec part 1 §3.2: the country select, in order, after the empty 'Select Country'. */
export const countryOptions = [
  { value: "US", label: "United States" },
  { value: "IN", label: "India" },
  { value: "UK", label: "United Kingdom" },
  { value: "CA", label: "Canada" },
  { value: "AU", label: "Australia" },
] as const;

const countryCodes = countryOptions.map((c) => c.value) as string[];

/**
 * Optional plus, then at least 10 digits, spaces, hyphens or parentheses (spec
 * part 1 §5.1), of which at least 7 are digits (ours: '(((())))))' is no
 * number to call back; no country in the list has a shorter one).
 */
export const phonePattern = /^(?=(?:\D*\d){7})\+?[\d\s\-()]{10,}$/;

/** Spec part 1 §5.1, with its exact messages; upper bounds are ours (docs/decisions/0004). */
export const contactSchema = z.object({
  firstName: requiredText({ required: "First name is required", invalid: "Invalid first name", min: 2, max: 100, name: true }),
  lastName: requiredText({ required: "Last name is required", invalid: "Invalid last name", min: 2, max: 100, name: true }),
  email: requiredText({ required: "Email is required", invalid: "Invalid email address", max: 254, pattern: emailPattern, patternMessage: "Invalid email address" }),
  phoneNumber: requiredText({ required: "Phone number is required", invalid: "Invalid phone number", max: 30, pattern: phonePattern, patternMessage: "Invalid phone number" }),
  country: z.string({ error: "Country is required" }).check(
    z.trim(),
    z.minLength(1, { error: "Country is required", abort: true }),
    z.refine((v) => countryCodes.includes(v), { error: "Please choose a country from the list" }),
  ),
  zipCode: requiredText({ required: "Zip code is required", invalid: "Invalid zip code", min: 3, max: 12 }),
  message: optionalText({ max: 5000, invalid: "Invalid message", multiline: true }),
  acceptPrivacyPolicy: checkbox("You must accept the privacy policy"),
});

export type ContactInput = z.output<typeof contactSchema>;
export type ContactField = keyof z.input<typeof contactSchema>;
export const contactFields = Object.keys(contactSchema.shape) as ContactField[];

export function validateContact(values: unknown) {
  return validate<typeof contactSchema, ContactField>(contactSchema, values);
}

/** D3: the message a visitor from 'Find a Therapist Near Me' starts with. */
export const therapistRequestMessage =
  "Hello, I would like to be matched with a certified therapist near me. Please get in touch with suitable options.";

/** Staff set a message's status (issue 9, point 5): New, Read or Replied. */
export const CONTACT_STATUS_REQUIRED = "Please choose New, Read or Replied";

export const contactStatusSchema = z.object({
  status: z.string({ error: CONTACT_STATUS_REQUIRED }).check(z.refine((v) => parseContactStatus(v) !== null, { error: CONTACT_STATUS_REQUIRED })),
});

export type ContactStatusField = keyof z.input<typeof contactStatusSchema>;

export function validateContactStatus(values: unknown) {
  return validate<typeof contactStatusSchema, ContactStatusField>(contactStatusSchema, values);
}
