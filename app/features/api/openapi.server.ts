import { z } from "zod";
import * as zm from "zod/mini";
import { AUDIT_ACTIONS } from "~/features/audit/actions";
import { bookingSchema } from "~/features/bookings/schema";
import { dateRangeQuerySchema, eventListQuerySchema, eventTypeAliases } from "~/features/calendar/query";
import { contactSchema } from "~/features/contact/schema";
import { eventFormSchema } from "~/features/events/schema";
import { listQuerySchema } from "~/features/programmes/query";
import { registrationSchema } from "~/features/registrations/schema";

/**
 * The public JSON contract (spec part 1 §7 and part 2 §7) as OpenAPI 3.1,
 * generated from zod schemas: the request schemas are the very ones the
 * handlers validate with; the response schemas below are checked against real
 * answers by tests/integration/openapi.test.ts, so the document cannot drift.
 */

// ---- Responses ------------------------------------------------------------

export const errorResponse = z.strictObject({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional().describe("One message per field, keyed by the field's wire name"),
});

const id = z.string().describe("Record id (also sent as `_id` everywhere)");
const instant = z.iso.datetime({ offset: true }).describe("An instant, ISO 8601 in UTC");

export const sessionSchema = z
  .strictObject({
    _id: id,
    id,
    title: z.string(),
    eventName: z.string(),
    event: z.string(),
    city: z.string(),
    location: z.string(),
    venue: z.string().nullable(),
    timeslot: z.string().nullable(),
    startDate: instant,
    endDate: instant,
    date: instant,
    formattedStartDate: z.string().describe("The start's date at the venue as the site shows it: '5th Mar 2025'"),
    timeZone: z.string().describe("The venue's IANA time zone: show times in it (D13)"),
    price: z.number().nullable().describe("In currency units (dollars), null when not set"),
    currency: z.string(),
    organiser: z.string().nullable(),
    organisedby: z.string().nullable(),
    organizerEmail: z.string().nullable(),
    organiserEmail: z.string().nullable(),
    facilitator: z.string().nullable(),
    paymentLink: z.string().nullable(),
    status: z.enum(["Open", "Closed", "Cancelled"]).describe("'Cancelled': staff cancelled the session; it is no longer listed"),
    capacity: z.string().describe("'10 Seats', or 'Not Limited'"),
    seats: z.number().int().nullable().describe("Capacity as a number; null when not limited"),
    seatsLeft: z.number().int().nullable().describe("Seats still free; null when not limited"),
    availability: z.enum(["open", "closed", "past", "no-enrol", "full", "cancelled"]),
    externalLink: z.string().nullable(),
    link: z.string().nullable(),
    pagelink: z.string().nullable(),
    programId: z.string().nullable(),
    programTitle: z.string().nullable(),
    eventType: z.enum(["hyp", "fc", "decode"]).nullable(),
    programType: z.enum(["hypnotherapy", "family"]).nullable(),
    noenroll: z.boolean(),
  })
  .meta({ id: "Session" });

export const calendarEventSchema = sessionSchema
  .extend({ kind: z.enum(["decode", "hypnotherapy", "tasso", "family", "other"]).describe("The session's program kind (TASSO and other sessions have no eventType)") })
  .meta({ id: "CalendarSession" });

export const eventListResponse = z.strictObject({
  success: z.literal(true),
  data: z.array(calendarEventSchema).describe("The sessions, soonest first; never one that has started (D12)"),
  events: z.array(calendarEventSchema).describe("The same list as data (clients of the original read either)"),
  totalPages: z.number().int(),
  totalEvents: z.number().int(),
  currentPage: z.number().int(),
});

export const eventOneResponse = z.strictObject({ success: z.literal(true), data: calendarEventSchema });

export const programmeSchema = z
  .strictObject({
    _id: id,
    title: z.string(),
    subtitle: z.string(),
    subtitle1: z.string().nullable(),
    level: z.number().int().nullable(),
    cardPoints: z.array(z.string()).describe("Sanitised HTML (S4)"),
    learningSections: z.array(z.strictObject({ _id: z.string(), title: z.string(), content: z.string().describe("Sanitised HTML (S4)") })),
    enrollment_features: z.array(z.string()),
    duration: z.string(),
    buttonText: z.string().nullable(),
    videoUrl: z.string().nullable(),
    thumbnail: z.string().nullable(),
    certification: z.string().nullable(),
    price: z.number().nullable(),
    currency: z.string(),
    status: z.enum(["Open", "Closed"]),
    kind: z.enum(["decode", "hypnotherapy", "tasso"]),
    details: z.unknown().nullable().describe("Benefits, curriculum, audience, prerequisites and instructor, or null for the built-in content"),
    requiredProgramId: z.string().nullable().describe("The earlier level a registrant must have attended (or be approved for), or null"),
    upcomingEvents: z.array(sessionSchema).describe("Sessions that have not started, soonest first (D12)"),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: "Program" });

export const programmeListResponse = z.strictObject({
  success: z.literal(true),
  programs: z.array(programmeSchema),
  totalPages: z.number().int(),
  totalPrograms: z.number().int(),
  currentPage: z.number().int(),
});

export const programmeOneResponse = z.strictObject({ success: z.literal(true), data: programmeSchema });

export const contactCreatedResponse = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  data: z.strictObject({ _id: id, createdAt: instant }),
});

export const registrationCreatedResponse = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  waitingList: z.literal(true).optional().describe("The session was full: the registration joined its waiting list"),
  awaitingApproval: z.literal(true).optional().describe("The earlier level was not attended here; the seat is held until staff approve or decline"),
  data: z.strictObject({ _id: id, position: z.number().int().optional().describe("The place on the waiting list") }),
});

export const prerequisiteCheckResponse = z.strictObject({
  success: z.literal(true),
  required: z
    .strictObject({ title: z.string().describe("The earlier level's program title"), name: z.string().describe("Its short name, e.g. 'Level I'") })
    .nullable()
    .describe("null: the session's level requires no earlier one"),
  met: z.boolean().describe("Whether this email address attended the earlier level (true when none is required)"),
  message: z.string().nullable().describe("What the form says, e.g. 'Level II requires Level I. We could not find a completed Level I for this email address.'"),
});

export const bookingCreatedResponse = z.strictObject({
  success: z.literal(true),
  message: z.string().describe("Shown to the visitor as the success text"),
  waitingList: z.literal(true).optional().describe("The session was full and waitingList was sent: the booking joined its waiting list"),
  data: z.strictObject({ _id: id, position: z.number().int().optional().describe("The place on the waiting list") }),
});

export const familyEventListResponse = z.strictObject({
  success: z.literal(true),
  events: z.array(sessionSchema).describe("Family Constellation sessions that have not started (D12), soonest first"),
  totalEvents: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
  limit: z.number().int(),
});

export const familyEventOneResponse = z.strictObject({ success: z.literal(true), data: sessionSchema });

export const adminEventSchema = sessionSchema
  .extend({
    price: z.string().nullable().describe("Spec part 2 §3 'Event (admin)': the price as text with a dollar sign, '$375', '$1,500.50' (the public session JSON gives a number)"),
    priceText: z.string().nullable().describe("The same text as price (kept for clients that read it)"),
    priceAmount: z.number().nullable().describe("The price in dollars, as a number"),
    seatsTaken: z.number().int().describe("Seats held by bookings and registrations, or offered to the waiting list (canceled ones and those still waiting left out)"),
    waiting: z.number().int().describe("Bookings and registrations on the session's waiting list"),
    records: z
      .number()
      .int()
      .describe("Every booking and registration that points at the session, whatever its status (canceled ones, and people who left its waiting list, included): while any is kept, the session cannot be deleted"),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: "AdminFamilyEvent" });

export const adminEventListResponse = z.strictObject({
  success: z.literal(true),
  events: z.array(adminEventSchema).describe("Every Family Constellation session, past ones included, latest start first"),
  totalEvents: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
  limit: z.number().int(),
});

export const adminEventOneResponse = z.strictObject({ success: z.literal(true), data: adminEventSchema });
export const adminEventSavedResponse = z.strictObject({ success: z.literal(true), message: z.string(), data: adminEventSchema });

export const staffLoginResponse = z.strictObject({
  success: z.literal(true),
  token: z.string().describe("Send as 'Authorization: Bearer <token>'; stored only as a hash on the server"),
  expiresAt: instant,
});

const staffSettingsSchema = z
  .strictObject({
    offerHours: z.number().int().min(1).max(168).describe("Hours a waiting-list offer holds its seat (default WAITING_LIST_OFFER_HOURS)"),
    reminderDays: z.array(z.number().int().min(1).max(60)).max(5).describe("Reminder mails, days before a session, largest first; [] for none (default REMINDER_DAYS)"),
    photoDays: z.number().int().min(1).max(3650).describe("Days after a session ends that ID photos and profile images are kept (default RETENTION_PHOTO_DAYS)"),
    registrationYears: z.number().int().min(1).max(20).describe("Years after a session ends that registrations and bookings keep personal details (default RETENTION_REGISTRATION_YEARS)"),
    contactYears: z.number().int().min(1).max(20).describe("Years after arrival that contact messages keep personal details (default RETENTION_CONTACT_YEARS)"),
  })
  .meta({ id: "StaffSettings" });

export const settingsResponse = z.strictObject({
  success: z.literal(true),
  message: z.string().optional(),
  changes: z.array(z.strictObject({ setting: z.string(), from: z.string(), to: z.string() })).optional().describe("What a PUT changed, old and new value as text"),
  data: staffSettingsSchema.extend({
    defaults: staffSettingsSchema.describe("The environment's values, in force while staff have not changed a setting"),
    changed: z.record(z.string(), z.strictObject({ at: instant, by: z.string().nullable() })).describe("The settings staff changed, when and by whom"),
  }),
});

export const auditListResponse = z.strictObject({
  success: z.literal(true),
  data: z.array(
    z.strictObject({
      _id: id,
      id,
      at: instant,
      actorEmail: z.string().nullable(),
      action: z.string(),
      targetType: z.string().nullable(),
      targetId: z.string().nullable(),
      ip: z.string().nullable(),
      detail: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  pagination: z.strictObject({
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
    limit: z.number().int(),
    nextPage: z.number().int().nullable(),
    prevPage: z.number().int().nullable(),
  }),
});

// ---- Staff lists: contact messages and family consultations (issue 9 point 11) ----

const staffPagination = <K extends string>(totalKey: K) =>
  z.strictObject({
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    limit: z.number().int(),
    nextPage: z.number().int().nullable(),
    prevPage: z.number().int().nullable(),
    total: z.number().int(),
    ...(totalKey === "total" ? {} : { [totalKey]: z.number().int() }),
  });

export const staffContactSchema = z
  .strictObject({
    _id: id,
    fullName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    contactNo: z.string().describe("The same as phoneNumber (the original's search read either)"),
    country: z.string().describe("The code the form sends: US, IN, UK, CA or AU"),
    countryName: z.string(),
    zipCode: z.string(),
    message: z.string().nullable(),
    status: z.enum(["New", "Read", "Replied"]),
    statusChangedAt: instant.nullable(),
    statusChangedBy: z.string().nullable().describe("The email of the staff member who last set the status"),
    createdAt: instant,
    formattedDate: z.string().describe("When it was received, in New York time"),
    erasedAt: instant.nullable().describe("When the sender's details and message were erased, on request or by the retention job; null while they are kept"),
  })
  .meta({ id: "StaffContact" });

export const staffContactListResponse = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  data: z.array(staffContactSchema),
  pagination: staffPagination("total"),
});

export const staffContactOneResponse = z.strictObject({ success: z.literal(true), data: staffContactSchema });
export const staffContactStatusResponse = z.strictObject({ success: z.literal(true), message: z.string(), data: staffContactSchema });

export const staffConsultationSchema = z
  .strictObject({
    _id: id,
    fullName: z.string(),
    email: z.string(),
    phone: z.string().describe("'+1 (555) 123-4567'"),
    location: z.string().describe("Venue and city of the session"),
    city: z.string(),
    venue: z.string().nullable(),
    event: z.string(),
    date: instant.describe("The session's start"),
    endDate: instant,
    timeZone: z.string(),
    formattedEventDate: z.string(),
    eventTime: z.string(),
    organisedBy: z.string().nullable(),
    organiserEmail: z.string().nullable(),
    facilitator: z.string().nullable(),
    price: z.number().nullable(),
    currency: z.string(),
    sessionId: z.string(),
    status: z.enum(["Booked", "Cancelled"]),
    statusLabel: z.string().describe("The stored status as staff read it: 'Booked', 'Canceled', 'On the waiting list', 'Seat offered', 'Offer expired', 'Removed from the waiting list'"),
    communicationPreferences: z.boolean(),
    termsAcceptedAt: instant,
    createdAt: instant.describe("The registration date"),
    formattedDate: z.string().describe("The registration date in New York time"),
    erasedAt: instant.nullable().describe("When the booker's details were erased, on request or by the retention job; null while they are kept"),
  })
  .meta({ id: "StaffFamilyConsultation" });

export const staffConsultationListResponse = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  data: z.array(staffConsultationSchema),
  pagination: staffPagination("totalRegistrations"),
});

export const staffConsultationOneResponse = z.strictObject({ success: z.literal(true), data: staffConsultationSchema });
export const staffDeleteResponse = z.strictObject({ success: z.literal(true), message: z.string() });
// ---- Staff: DECODE and ICH registrations (issue 9, points 5-7, 11) --------

const nullableText = z.string().nullable();
export const staffRegistrationSchema = z.strictObject({
  _id: id,
  firstName: z.string(),
  middleName: nullableText,
  lastName: z.string(),
  nameAsCertificate: z.string(),
  email: z.string(),
  mobileNo: z.string(),
  dob: z.string(),
  occupation: z.string(),
  currentAddress: nullableText,
  isSameAddress: z.boolean(),
  permanenetAddress: nullableText.describe("Spelt as the original spelt it"),
  city: z.string().describe("The session: 'city | event | date'"),
  venue: nullableText,
  timeslot: nullableText,
  TelNo: nullableText,
  hearAbout: nullableText,
  communicationPreferences: z.boolean(),
  termsandcondition: z.literal(true),
  levelName: z.string(),
  level: nullableText,
  upcomingEventId: z.string(),
  programId: nullableText,
  courseDetailDate: nullableText,
  courseDetailTime: nullableText,
  courseDetailVenue: nullableText,
  profileImage: nullableText.describe("URL of the private photo (staff only), null when none"),
  idPhotofront: nullableText.describe("URL of the private photo (staff only), null when none"),
  idphotoback: nullableText.describe("URL of the private photo (staff only), null when none"),
  status: z.string().describe("'registered', or 'cancelled' by the registrant"),
  cancelledAt: instant.nullable(),
  createdAt: instant,
});

export const staffRegistrationListResponse = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  data: z.array(staffRegistrationSchema),
  pagination: z.strictObject({
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    totalRegistrations: z.number().int(),
    total: z.number().int(),
    capped: z.boolean().describe("true: more than total match the search, and only the newest total can be paged (decision 0027); narrow it with another word or a date range"),
    limit: z.number().int(),
    nextPage: z.number().int().nullable(),
    prevPage: z.number().int().nullable(),
  }),
});

export const staffRegistrationOneResponse = z.strictObject({
  success: z.literal(true),
  data: staffRegistrationSchema.extend({ eventTitle: nullableText, programTitle: nullableText }),
});

export const deletedResponse = z.strictObject({ success: z.literal(true), message: z.string() });

// ---- The document -----------------------------------------------------------

type Json = Record<string, unknown>;

const json = (schema: z.ZodType): Json => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", reused: "ref", unrepresentable: "any" }) as Json;
  return rest;
};
const jsonMini = (schema: zm.ZodMiniType): Json => {
  const { $schema: _ignored, ...rest } = zm.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json;
  return rest;
};

/**
 * A request body's schema as a client may send it: `optional` left out of its
 * required list (fields with a default, or an update's fields that keep the
 * stored value), and `extra` properties added or replaced.
 */
function asSent(schema: Json, optional: readonly string[], extra: Record<string, Json> = {}): Json {
  const required = ((schema.required as string[] | undefined) ?? []).filter((name) => !optional.includes(name));
  return { ...schema, required, properties: { ...(schema.properties as Record<string, Json>), ...extra } };
}

const waitingListFlag: Json = {
  type: "boolean",
  description: "true (or 1, or 'true', 'on', '1', 'yes' in any case): when the session is full, join its waiting list instead of being refused; the 201 answer then has waitingList and data.position",
};

const answer = (description: string, schema: z.ZodType, headers?: Json) => ({
  description,
  content: { "application/json": { schema: json(schema) } },
  ...(headers ? { headers } : {}),
});
const refusal = (description: string) => answer(description, errorResponse);
const retryAfter = { "Retry-After": { description: "Seconds until the next submission is accepted", schema: { type: "integer" } } };

/** Staff calls: a Bearer token from POST /api/admin/login, or the staff area's session cookie. */
const staffSecurity = [{ bearerAuth: [] }, { cookieAuth: [] }];
const staffRefusals = {
  401: refusal("No valid session or token (none, expired, signed out or forged)"),
  403: refusal("A cross-site browser request"),
};

const settingsSchemaJson: Json = { ...(json(staffSettingsSchema.partial()) as Record<string, Json>), required: [] };
const settingsBody = {
  required: true,
  content: { "application/json": { schema: settingsSchemaJson }, "application/x-www-form-urlencoded": { schema: settingsSchemaJson } },
};
const settingsWriteResponses = {
  200: answer("Saved (or nothing changed)", settingsResponse),
  400: refusal("A setting is out of range or unknown (one message per field, 'Not a setting' for an unknown name); nothing saved"),
  413: refusal("The body is too large"),
  415: refusal("The body is not JSON or a urlencoded form"),
  ...staffRefusals,
};

const contactStatusBody: Json = { type: "object", required: ["status"], properties: { status: { type: "string", enum: ["New", "Read", "Replied"] } } };

const prerequisiteCheckBody: Json = {
  type: "object",
  required: ["upcomingEventId", "email"],
  properties: { upcomingEventId: { type: "string", maxLength: 64 }, email: { type: "string", format: "email", maxLength: 254 } },
};

function adminEventBody(): Json {
  const fields = asSent(jsonMini(eventFormSchema), ["timeZone"]);
  const described = {
    ...fields,
    properties: {
      ...(fields as { properties?: Record<string, Json> }).properties,
      capacity: {
        anyOf: [
          { type: "string", pattern: "^\\d{1,6}\\s*[Ss][Ee][Aa][Tt][Ss]?$", description: "'10 Seats' or '1 Seat' (any letter case); the number alone is sent as a JSON integer" },
          { type: "integer", minimum: 1 },
        ],
      },
      price: {
        anyOf: [
          { type: "string", description: "'$375', '$375.00' or '$1,500.00'" },
          { type: "number", minimum: 0 },
        ],
      },
      updatedAt: {
        type: "string",
        format: "date-time",
        description: "On an update: the event's updatedAt as read. When the event has been saved since, the update is refused with 409 instead of undoing that save. Left out: the update applies whatever changed",
      },
    },
    description:
      "The event form (spec part 2 §5). startDate and endDate: a wall-clock time at the venue ('2026-12-05T09:00', read in timeZone) or an instant with an offset. capacity: '10 Seats' or a number. price: '$375', '$1,500.00' or a number of dollars. timeZone: the venue's IANA zone; when not given, an update keeps the event's and a new event gets America/New_York (D13). event: always 'Family Constellation' (any other name is refused).",
  };
  return {
    required: true,
    content: {
      "application/json": { schema: described },
      "application/x-www-form-urlencoded": { schema: described },
      "multipart/form-data": { schema: described },
    },
  };
}

const adminEventWriteRefusals = {
  400: refusal("A field is invalid (one message per field, the form's own), or the body cannot be read"),
  413: refusal("The body is too large"),
  415: refusal("The body is not JSON, a urlencoded form or multipart data"),
};

function queryParameters(): Json[] {
  const schema = json(listQuerySchema) as { properties: Record<string, Json> };
  return Object.entries(schema.properties).map(([name, s]) => ({ name, in: "query", required: false, schema: s }));
}

function eventQueryParameters(schema: z.ZodType = eventListQuerySchema): Json[] {
  // As a client sends it: a value with a default is optional.
  const { properties, required = [] } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as { properties: Record<string, Json>; required?: string[] };
  return Object.entries(properties).map(([name, s]) => ({ name, in: "query", required: required.includes(name), schema: s }));
}

function eventListCall(summary: string, parameters: Json[], bad: string) {
  return {
    get: {
      summary,
      parameters,
      responses: {
        200: answer("A page of sessions, soonest first, with seats left counted live", eventListResponse),
        400: refusal(bad),
      },
    },
  };
}

const idParameter = { name: "id", in: "path", required: true, schema: { type: "string", maxLength: 100 } };

/** ?search=&page=&limit=&startDate=&endDate= of a staff list (the CSV takes no page or limit). */
function staffListParameters(paged = true): Json[] {
  const day = { type: "string", format: "date", description: "YYYY-MM-DD, read in New York time; empty for an open end" };
  return [
    { name: "search", in: "query", required: false, schema: { type: "string", maxLength: 200 } },
    ...(paged
      ? [
          { name: "page", in: "query", required: false, schema: { type: "integer", minimum: 1, default: 1 } },
          { name: "limit", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 100, default: 10 } },
        ]
      : []),
    { name: "startDate", in: "query", required: false, schema: day },
    { name: "endDate", in: "query", required: false, schema: day },
  ];
}

function csvAnswer(fileName: string): Json {
  return {
    description: `The file, streamed, saved as ${fileName} ('start' / 'today' for an open end)`,
    content: { "text/csv": { schema: { type: "string" } } },
  };
}

function contactStatusCall(summary: string): Json {
  return {
    summary,
    security: staffSecurity,
    parameters: [idParameter],
    requestBody: {
      required: true,
      content: {
        "application/json": { schema: contactStatusBody },
        "application/x-www-form-urlencoded": { schema: contactStatusBody },
      },
    },
    responses: {
      200: answer("Saved", staffContactStatusResponse),
      400: refusal("The status is not New, Read or Replied"),
      404: refusal("No such message"),
      413: refusal("The body is too large"),
      415: refusal("The body is not JSON or a urlencoded form"),
      ...staffRefusals,
    },
  };
}

function listCall(what: string) {
  return {
    get: {
      summary: `The public list of ${what} programs, each with its upcoming sessions`,
      parameters: queryParameters(),
      responses: {
        200: answer("A page of programs, highest level first", programmeListResponse),
        400: refusal("A query value is out of range"),
      },
    },
  };
}

function oneCall(what: string) {
  return {
    get: {
      summary: `One ${what} program with its upcoming sessions`,
      parameters: [idParameter],
      responses: { 200: answer("The program, wrapped in data", programmeOneResponse), 404: refusal("No such program") },
    },
  };
}

function registrationBody(withPhotos: boolean): Json {
  const fields = asSent(jsonMini(registrationSchema), ["isSameAddress", "communicationPreferences", "completedElsewhere"], { waitingList: waitingListFlag });
  const photo = { type: "string", contentMediaType: "image/jpeg", description: "JPEG, PNG or WebP, at most 5 MB; re-encoded, kept private (S5)" };
  const multipart = withPhotos
    ? { ...fields, properties: { ...(fields.properties as Json), profileImage: photo, idPhotofront: photo, idphotoback: photo } }
    : fields;
  return {
    required: true,
    content: {
      // With photos, multipart is the way to send them; a body without photos may come as JSON or a form too.
      "application/json": { schema: fields },
      "application/x-www-form-urlencoded": { schema: fields },
      "multipart/form-data": { schema: multipart },
    },
  };
}

function registrationCall(summary: string, withPhotos: boolean) {
  return {
    post: {
      summary,
      requestBody: registrationBody(withPhotos),
      responses: {
        201: answer("Registered; a confirmation email with the session as an .ics file follows", registrationCreatedResponse),
        400: refusal("A field is invalid (one message per field), or the body cannot be read"),
        404: refusal("No such session"),
        409: refusal(
          "'This session is full', 'You are already registered for this session.', the session is closed, past, canceled, takes no online registrations or takes sign-ups on its own page (externalLink), or its level requires an earlier one this email has not attended (errors.completedElsewhere; send completedElsewhere=true with a prerequisiteNote to be held for approval)",
        ),
        413: refusal("The body is too large"),
        415: refusal("The body is not JSON, a urlencoded form or multipart data"),
        429: answer("Too many submissions from this address", errorResponse, retryAfter),
      },
    },
  };
}

const listQueryParameters: Json[] = [
  { name: "search", in: "query", required: false, schema: { type: "string", maxLength: 200 }, description: "Words found in the first or last name, email, level, city or mobile number" },
  { name: "page", in: "query", required: false, schema: { type: "integer", minimum: 1, default: 1 } },
  { name: "limit", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 100, default: 10 } },
  { name: "startDate", in: "query", required: false, schema: { type: "string", format: "date" }, description: "First registration day (America/New_York), inclusive" },
  { name: "endDate", in: "query", required: false, schema: { type: "string", format: "date" }, description: "Last registration day (America/New_York), inclusive" },
];

function staffRegistrationCalls(prefix: string, what: string) {
  const csvParameters = listQueryParameters.filter((p) => p.name !== "page" && p.name !== "limit");
  return {
    list: {
      get: {
        summary: `${what} registrations, newest first, 10 a page, searched and filtered on the server (staff)`,
        description:
          "Asked with no query parameter at all, the answer holds every registration of the list, newest first, streamed (the spec's DECODE client reads the whole list and searches it itself; decision 0063); pagination then says page 1 of 1.",
        security: staffSecurity,
        parameters: listQueryParameters,
        responses: { 200: answer("A page of registrations, or all of them", staffRegistrationListResponse), 400: refusal("A query value cannot be used (one message per value)"), ...staffRefusals },
      },
    },
    [`${prefix}/download-csv`]: {
      get: {
        summary: `${what} registrations as CSV (RFC 4180, UTF-8 with BOM), the search and date range applied, streamed (staff)`,
        security: staffSecurity,
        parameters: csvParameters,
        responses: {
          200: {
            description: `The file, named ${what.toLowerCase()}-registrations_<start|start>_to_<end|today>.csv`,
            headers: { "Content-Disposition": { schema: { type: "string" } } },
            content: { "text/csv": { schema: { type: "string" } } },
          },
          400: refusal("A date cannot be used"),
          ...staffRefusals,
        },
      },
    },
    [`${prefix}/{id}`]: {
      get: {
        summary: `One ${what} registration (recorded in the audit trail) (staff)`,
        security: staffSecurity,
        parameters: [idParameter],
        responses: { 200: answer("The registration", staffRegistrationOneResponse), 404: refusal("No such registration"), ...staffRefusals },
      },
      patch: {
        summary: `Cancels a ${what} registration for its registrant: the seat is freed (offered to the waiting list first) and the registrant is emailed (staff)`,
        description: "Only a confirmed registration (registered) of a session still to come, whose details were not erased; one awaiting approval is declined instead. Decision 0080.",
        security: staffSecurity,
        parameters: [idParameter],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { type: "object", required: ["status"], properties: { status: { const: "cancelled" } } } } },
        },
        responses: {
          200: answer("Canceled; the registrant's email is queued", deletedResponse),
          400: refusal("The body is not `{ \"status\": \"cancelled\" }`"),
          404: refusal("No such registration"),
          409: refusal("Already canceled, not holding a seat, awaiting approval, erased, started, or its session was canceled"),
          ...staffRefusals,
        },
      },
      delete: {
        summary: `Deletes a ${what} registration and its photos; its seat is free again (staff)`,
        security: staffSecurity,
        parameters: [idParameter],
        responses: { 200: answer("Deleted", deletedResponse), 404: refusal("'Failed to delete registration: registration not found'"), ...staffRefusals },
      },
    },
  };
}

function bookingCall(summary: string) {
  const fields = asSent(jsonMini(bookingSchema), ["communicationPreferences"], { waitingList: waitingListFlag });
  return {
    post: {
      summary,
      requestBody: {
        required: true,
        content: {
          "application/json": { schema: fields },
          "application/x-www-form-urlencoded": { schema: fields },
          "multipart/form-data": { schema: fields },
        },
      },
      responses: {
        201: answer("Booked; a confirmation email with the session as an .ics file follows, and the organiser is told", bookingCreatedResponse),
        400: refusal("A field is invalid (one message per field), or the body cannot be read"),
        404: refusal("No such Family Constellation session"),
        409: refusal("'This session is full', 'You are already registered for this session.', or the session is closed, has started or takes sign-ups on its own page (externalLink)"),
        413: refusal("The body is too large"),
        415: refusal("The body is not JSON, a urlencoded form or multipart data"),
        429: answer("Too many submissions from this address", errorResponse, retryAfter),
      },
    },
  };
}

// ---- Staff programme calls (/api/hypnotherapy, /api/decode) ---------------

export const adminProgrammeListResponse = programmeListResponse.extend({ limit: z.number().int() });
export const adminProgrammeSavedResponse = z.strictObject({ success: z.literal(true), message: z.string(), data: programmeSchema });
export const adminProgrammeDeletedResponse = z.strictObject({ success: z.literal(true), message: z.string() });

const richHtml = { type: "string", description: "HTML from the editor; sanitised to paragraphs, headings, bold, italic, underline, lists and links (S4)" };
const programmeSessionBody: Json = {
  type: "object",
  description: "A session visitors enroll in. A row with every field empty is dropped; give `_id` to update an existing session (sessions left out are deleted unless someone registered).",
  properties: {
    _id: { type: "string" },
    eventName: { type: "string", minLength: 5 },
    startDate: { type: "string", description: "'2026-12-05T09:00' at the venue, or an instant with an offset" },
    endDate: { type: "string", description: "Strictly after startDate" },
    timeZone: { type: "string", description: "The venue's IANA zone. Left out: an existing session (by _id) keeps its own, a new one gets America/New_York" },
    location: { type: "string", minLength: 3 },
    organiser: { type: "string", minLength: 3 },
    organizerEmail: { type: "string", format: "email" },
    price: { type: "string", description: "'$99', '$1,500' or '99.99'" },
    paymentLink: { type: "string", format: "uri" },
    capacity: { type: "string", description: "Seats: a whole number ('12', or '12 Seats' as this API answers it); empty or 'Not Limited' for not limited; never below the seats already taken. Left out: an existing session (by _id) keeps its own" },
  },
};
const programmeFields: Json = {
  type: "object",
  required: ["title", "subtitle", "cardPoints", "duration", "status", "learningSections"],
  properties: {
    title: { type: "string", minLength: 5 },
    subtitle: { type: "string", minLength: 10 },
    videoUrl: { type: "string", format: "uri" },
    duration: { type: "string", pattern: "^[\\p{L}\\p{N} ]+$" },
    status: { type: "string", enum: ["Open", "Closed"], description: "Closed: none of its sessions takes registrations; each keeps its own status for when the program opens again" },
    cardPoints: { type: "array", items: richHtml, minItems: 1 },
    learningSections: {
      type: "array",
      minItems: 1,
      items: { type: "object", required: ["title", "content"], properties: { _id: { type: "string" }, title: { type: "string", minLength: 3 }, content: richHtml } },
    },
    upcomingEvents: { type: "array", items: programmeSessionBody, description: "The program's upcoming sessions, the whole list: sessions left out are deleted (refused when anyone registered). Left out of an update altogether: the sessions stay as they are" },
    updatedAt: { type: "string", format: "date-time", description: "On an update: the program's updatedAt as read. When the program has been saved since, the update is refused with 409 instead of undoing that save. Left out: the update applies whatever changed" },
    requiredProgramId: { type: ["string", "null"], description: "The earlier level required: the id of another program of this kind, '' or null for none; left out: unchanged" },
    certification: { type: ["string", "null"], maxLength: 120, description: "The line under the title on the program's page; '' or null for the site's default; left out: unchanged" },
    enrollmentFeatures: {
      type: ["array", "string"],
      items: { type: "string", maxLength: 120 },
      maxItems: 12,
      description: "What is included (the checklist under the price): a list, or text with one item per line; empty items are dropped; left out: unchanged. `enrollment_features`, as the API answers it, is read too",
    },
    details: {
      type: "object",
      description:
        "A level page's sections 3 to 7 (DECODE and hypnotherapy programs; refused for TASSO): each list sent replaces its section, whose items are one line of at most 300 characters, 30 at most; an empty list hides the section. sessionDetails is the Upcoming Workshop section (null hides it). Lists left out keep what the page shows, its level's built-in content included. Field errors are keyed by the form's names: immediateBenefits, longTermBenefits, curriculum, whoShouldAttend, prerequisites, workshopTime, workshopVenue, workshopRegistration, workshopDiscount (or details when the object itself is malformed). The form's fields of those names are read too: a list as text, one item per line",
      properties: {
        immediateBenefits: { type: "array", items: { type: "string", maxLength: 300 }, maxItems: 30 },
        longTermBenefits: { type: "array", items: { type: "string", maxLength: 300 }, maxItems: 30 },
        curriculum: { type: "array", items: { type: "string", maxLength: 300 }, maxItems: 30 },
        whoShouldAttend: { type: "array", items: { type: "string", maxLength: 300 }, maxItems: 30 },
        prerequisites: { type: "array", items: { type: "string", maxLength: 300 }, maxItems: 30 },
        sessionDetails: {
          type: ["object", "null"],
          properties: {
            time: { type: "string", maxLength: 500 },
            venue: { type: "string", maxLength: 500 },
            registration: { type: "string", maxLength: 500 },
            discount_note: { type: "string", maxLength: 500 },
          },
        },
      },
    },
    removeThumbnail: { type: "boolean", description: "On update: drop the current thumbnail" },
  },
};
const programmeMultipart: Json = {
  type: "object",
  required: ["title", "subtitle", "cardPoints", "duration", "status", "learningSections"],
  properties: {
    ...(programmeFields.properties as Json),
    cardPoints: { type: "string", description: "JSON text of the cardPoints list" },
    learningSections: { type: "string", description: "JSON text of the learningSections list" },
    upcomingEvents: { type: "string", description: "JSON text of the upcomingEvents list" },
    enrollmentFeatures: { type: "string", description: "One item per line, or JSON text of the list" },
    details: { type: "string", description: "JSON text of the details object (or its lists as fields of their own, one item per line)" },
    updatedAt: { type: "string", format: "date-time", description: "As in the JSON body" },
    removeThumbnail: { type: "string", enum: ["true", "false"] },
    thumbnail: { type: "string", contentMediaType: "application/octet-stream", description: "PNG, JPG, GIF or WebP by content, at most 5 MB; public, served resized from /uploads/{name}" },
  },
};
const programmeBody = { required: true, content: { "application/json": { schema: programmeFields }, "multipart/form-data": { schema: programmeMultipart } } };
const programmeWriteRefusals = {
  400: refusal("A field is invalid (one message per field, nested ones keyed like 'learningSections.0.title' or 'upcomingEvents.1.capacity'), the thumbnail is refused, or the body cannot be read"),
  413: refusal("The body is too large"),
  415: refusal("The body is not JSON, a urlencoded form or multipart data"),
};

function adminProgrammeCalls(what: string) {
  return {
    get: {
      summary: `Staff: every ${what} program, 10 a page, with its upcoming sessions; search matches title, subtitle and status`,
      security: staffSecurity,
      parameters: queryParameters(),
      responses: { 200: answer("A page of programs", adminProgrammeListResponse), 400: refusal("A query value is out of range"), ...staffRefusals },
    },
    post: {
      summary: `Staff: create a ${what} program with its sessions and an optional thumbnail`,
      security: staffSecurity,
      requestBody: programmeBody,
      responses: {
        201: answer("Created ('Program created successfully')", adminProgrammeSavedResponse),
        409: refusal("TASSO only: there is already a TASSO program (errors.title says so)"),
        ...programmeWriteRefusals,
        ...staffRefusals,
      },
    },
  };
}

function adminProgrammeOneCalls(what: string) {
  return {
    get: {
      summary: `Staff: one ${what} program`,
      security: staffSecurity,
      parameters: [idParameter],
      responses: { 200: answer("The program, wrapped in data", programmeOneResponse), 404: refusal("No such program"), ...staffRefusals },
    },
    put: {
      summary: `Staff: update a ${what} program (the whole form again; PATCH is the same)`,
      security: staffSecurity,
      parameters: [idParameter],
      requestBody: programmeBody,
      responses: {
        200: answer("Updated ('Program updated successfully')", adminProgrammeSavedResponse),
        404: refusal("No such program"),
        409: refusal("updatedAt was sent and the program has been saved since"),
        ...programmeWriteRefusals,
        ...staffRefusals,
      },
    },
    patch: {
      summary: `Staff: update a ${what} program (same as PUT)`,
      security: staffSecurity,
      parameters: [idParameter],
      requestBody: programmeBody,
      responses: {
        200: answer("Updated", adminProgrammeSavedResponse),
        404: refusal("No such program"),
        409: refusal("updatedAt was sent and the program has been saved since"),
        ...programmeWriteRefusals,
        ...staffRefusals,
      },
    },
    delete: {
      summary: `Staff: delete a ${what} program with its sessions and thumbnail`,
      security: staffSecurity,
      parameters: [idParameter],
      responses: {
        200: answer("Deleted ('Program deleted successfully')", adminProgrammeDeletedResponse),
        404: refusal("No such program"),
        409: refusal("Someone registered in one of its sessions"),
        ...staffRefusals,
      },
    },
  };
}

export function openApiDocument(publicUrl: string, orgName: string): Json {
  const decodeStaff = staffRegistrationCalls("/api/registration", "DECODE");
  const ichStaff = staffRegistrationCalls("/api/ich", "ICH");
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: `${orgName} public API`,
      version: "1.0.0",
      description:
        "The public calls of the site. Field spellings of the original site are kept on the wire (permanenetAddress, TelNo, termsandcondition, _id). Write calls refuse cross-site browser requests (403).",
    },
    servers: [{ url: publicUrl }],
    paths: {
      "/api/contact": {
        post: {
          summary: "Send the Contact Us form",
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonMini(contactSchema) }, "application/x-www-form-urlencoded": { schema: jsonMini(contactSchema) } },
          },
          responses: {
            201: answer("Stored; an acknowledgement email follows", contactCreatedResponse),
            400: refusal("A field is invalid (one message per field), or the body cannot be read"),
            413: refusal("The body is too large"),
            415: refusal("The body is not JSON or a urlencoded form"),
            429: answer("Too many submissions from this address", errorResponse, retryAfter),
          },
        },
      },
      "/api/contacts": {
        get: {
          summary: "Contact messages, newest first, 10 a page (search: name, email, country, phone, status; date range: received)",
          description:
            "Asked with no query parameter at all, the answer holds every message, newest first, streamed (the spec's contacts client has no paging and searches in the browser; decision 0063); pagination then says page 1 of 1.",
          security: staffSecurity,
          parameters: staffListParameters(),
          responses: { 200: answer("A page of messages, or all of them", staffContactListResponse), 400: refusal("A query value cannot be used"), ...staffRefusals },
        },
      },
      "/api/contacts/download-csv": {
        get: {
          summary: "Contact messages as CSV (UTF-8 with BOM), the search and date range applied; recorded in the audit trail",
          security: staffSecurity,
          parameters: staffListParameters(false),
          responses: { 200: csvAnswer("contacts_{start}_to_{end}.csv"), 400: refusal("A date cannot be used"), ...staffRefusals },
        },
      },
      "/api/contacts/{id}": {
        get: {
          summary: "One contact message (the view is recorded in the audit trail)",
          security: staffSecurity,
          parameters: [idParameter],
          responses: { 200: answer("The message, wrapped in data", staffContactOneResponse), 404: refusal("No such message"), ...staffRefusals },
        },
        patch: contactStatusCall("Set a message's status: New, Read or Replied"),
        put: contactStatusCall("The same as PATCH"),
      },
      "/api/family-consultation": {
        get: {
          summary: "Family consultation registrations (Family Constellation bookings), newest first, 10 a page (date range: registration date)",
          security: staffSecurity,
          parameters: staffListParameters(),
          responses: { 200: answer("A page of bookings", staffConsultationListResponse), 400: refusal("A query value cannot be used"), ...staffRefusals },
        },
      },
      "/api/family-consultation/download-csv": {
        get: {
          summary: "Family consultation registrations as CSV (UTF-8 with BOM), the search and date range applied; recorded in the audit trail",
          security: staffSecurity,
          parameters: staffListParameters(false),
          responses: { 200: csvAnswer("family-consultation-registrations_{start}_to_{end}.csv"), 400: refusal("A date cannot be used"), ...staffRefusals },
        },
      },
      "/api/family-consultation/{id}": {
        get: {
          summary: "One booking (the view is recorded in the audit trail)",
          security: staffSecurity,
          parameters: [idParameter],
          responses: { 200: answer("The booking, wrapped in data", staffConsultationOneResponse), 404: refusal("No such booking"), ...staffRefusals },
        },
        patch: {
          summary: "Cancels a booking for its booker: the seat is freed (offered to the waiting list first) and the booker is emailed with the calendar's CANCEL (staff)",
          description:
            "Only a confirmed booking (status Booked, not waiting or offered) of a session still to come and not canceled, whose details were not erased. `status` may be sent as `cancelled` or as the wire's `Cancelled`. Recorded in the audit trail. Decision 0082.",
          security: staffSecurity,
          parameters: [idParameter],
          requestBody: {
            required: true,
            content: { "application/json": { schema: { type: "object", required: ["status"], properties: { status: { enum: ["cancelled", "Cancelled"] } } } } },
          },
          responses: {
            200: answer("Canceled; the booker's email is queued", staffDeleteResponse),
            400: refusal("The body is not `{ \"status\": \"cancelled\" }`"),
            404: refusal("No such booking"),
            409: refusal("Already canceled, on the waiting list or offered a seat, erased, started, or its session was canceled"),
            ...staffRefusals,
          },
        },
        delete: {
          summary: "Delete a booking; its seat is free at once (recorded in the audit trail)",
          security: staffSecurity,
          parameters: [idParameter],
          responses: { 200: answer("Deleted", staffDeleteResponse), 404: refusal("No such booking"), ...staffRefusals },
        },
      },
      "/api/decode/user": listCall("DECODE"),
      "/api/decode/user/{id}": oneCall("DECODE"),
      "/api/hypnotherapy/user": listCall("Integrated Clinical Hypnotherapy"),
      "/api/hypnotherapy/user/{id}": oneCall("Integrated Clinical Hypnotherapy"),
      "/api/events/open": eventListCall(
        "The event calendar: every session that has not started, soonest first (search in title, city, venue, facilitator, organizer)",
        eventQueryParameters(),
        "A query value is out of range (one message per field)",
      ),
      "/api/events/open/type/{type}": eventListCall(
        "The calendar's sessions of one kind",
        [
          { name: "type", in: "path", required: true, schema: { type: "string", enum: Object.keys(eventTypeAliases) }, description: "hyp and ich mean hypnotherapy; fc means family" },
          ...eventQueryParameters(),
        ],
        "An unknown type, or a query value out of range (one message per field)",
      ),
      "/api/events/open/upcoming": eventListCall(
        "The sessions open for enrollment now: not started, Open, enrollment online and a seat left",
        eventQueryParameters(),
        "A query value is out of range (one message per field)",
      ),
      "/api/events/open/date-range": eventListCall(
        "The sessions that have not started and begin on a day from startDate to endDate (inclusive), each day read at the session's venue (D13)",
        eventQueryParameters(dateRangeQuerySchema),
        "A day is missing or not a date, the end is before the start, or the range is longer than 367 days",
      ),
      "/api/events/open/{id}": {
        get: {
          summary: "One session (a started one too, with availability 'past')",
          parameters: [idParameter],
          responses: { 200: answer("The session, wrapped in data", eventOneResponse), 404: refusal("No such session") },
        },
      },
      "/api/registration": { ...registrationCall("Register for a DECODE or TASSO session", false), ...decodeStaff.list },
      "/api/prerequisite-check": {
        post: {
          summary: "Before registering: does the session's level require an earlier one, and did this email address attend it? (yes or no for this address only)",
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: prerequisiteCheckBody },
              "application/x-www-form-urlencoded": { schema: prerequisiteCheckBody },
            },
          },
          responses: {
            200: answer("The answer", prerequisiteCheckResponse),
            400: refusal("The session id or email address is invalid"),
            404: refusal("No such session"),
            413: refusal("The body is too large"),
            415: refusal("The body is not JSON or a urlencoded form"),
            429: answer("Too many checks from this address (a level with a requirement counts like a form)", errorResponse, retryAfter),
          },
        },
      },
      "/api/registration/download-csv": decodeStaff["/api/registration/download-csv"],
      "/api/registration/{id}": decodeStaff["/api/registration/{id}"],
      "/api/ich": ichStaff.list,
      "/api/ich/download-csv": ichStaff["/api/ich/download-csv"],
      "/api/ich/{id}": ichStaff["/api/ich/{id}"],
      "/api/admin/registrations/{id}/photos/{photo}": {
        get: {
          summary: "A registration's private photo (S5): inline, named, never cached; every view recorded (staff)",
          security: staffSecurity,
          parameters: [idParameter, { name: "photo", in: "path", required: true, schema: { type: "string", enum: ["profile", "id-front", "id-back"] } }],
          responses: {
            200: { description: "The image (JPEG, PNG or WebP)", headers: { "Content-Disposition": { schema: { type: "string" } } }, content: { "image/*": { schema: { type: "string", contentMediaType: "image/*" } } } },
            404: refusal("'Image not found'"),
            ...staffRefusals,
          },
        },
      },
      "/api/ich/ich-registration": registrationCall("Register for an ICH session, with optional photos", true),
      "/api/familyConsitalation/register": bookingCall("Book a seat in a Family Constellation session (the original's spelling)"),
      "/api/familyConstellation/register": bookingCall("Book a seat in a Family Constellation session (correctly spelt alias)"),
      "/api/familyEvent/user": {
        get: {
          summary: "The public list of Family Constellation sessions, with capacity ('10 Seats') and seats left",
          parameters: queryParameters().map((p) =>
            p.name === "limit" ? { ...p, schema: { ...(p.schema as Json), default: 50 }, description: "Page size, 1 to 50; 50 when not given" } : p,
          ),
          responses: {
            200: answer("A page of upcoming sessions", familyEventListResponse),
            400: refusal("A query value is out of range"),
          },
        },
      },
      "/api/familyEvent/user/{id}": {
        get: {
          summary: "One Family Constellation session, with capacity and seats left",
          parameters: [idParameter],
          responses: { 200: answer("The session, wrapped in data", familyEventOneResponse), 404: refusal("No such session") },
        },
      },
      "/api/familyEvent": {
        get: {
          summary: "Staff: every Family Constellation session, past ones included, with seats taken (search in title, location, facilitator, organizer, status)",
          security: staffSecurity,
          parameters: queryParameters().map((p) => (p.name === "limit" ? { ...p, schema: { ...(p.schema as Json), default: 50 }, description: "Page size, 1 to 50; 50 when not given" } : p)),
          responses: {
            200: answer("A page of sessions", adminEventListResponse),
            400: refusal("A query value is out of range"),
            ...staffRefusals,
          },
        },
        post: {
          summary: "Staff: create a Family Constellation session",
          security: staffSecurity,
          requestBody: adminEventBody(),
          responses: {
            201: answer("Created ('Event created successfully'); shown on the public pages at once", adminEventSavedResponse),
            ...adminEventWriteRefusals,
            ...staffRefusals,
          },
        },
      },
      "/api/familyEvent/{id}": {
        get: {
          summary: "Staff: one Family Constellation session",
          security: staffSecurity,
          parameters: [idParameter],
          responses: { 200: answer("The session, wrapped in data", adminEventOneResponse), 404: refusal("No such session"), ...staffRefusals },
        },
        put: {
          summary: "Staff: update a Family Constellation session (the whole form)",
          security: staffSecurity,
          parameters: [idParameter],
          requestBody: adminEventBody(),
          responses: {
            200: answer("Updated ('Event updated successfully')", adminEventSavedResponse),
            ...adminEventWriteRefusals,
            404: refusal("No such session"),
            409: refusal("updatedAt was sent and the event has been saved since"),
            ...staffRefusals,
          },
        },
        delete: {
          summary: "Staff: delete a Family Constellation session nobody has booked",
          security: staffSecurity,
          parameters: [idParameter],
          responses: {
            200: answer("Deleted ('Event deleted successfully')", z.strictObject({ success: z.literal(true), message: z.string() })),
            404: refusal("No such session"),
            409: refusal("People have booked the session: close it instead, or remove the bookings first"),
            ...staffRefusals,
          },
        },
      },
      "/api/admin/login": {
        post: {
          summary: "Staff sign-in: a Bearer token for the staff calls (1 day, or 30 days with rememberMe)",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["email", "password"],
                  properties: { email: { type: "string", format: "email" }, password: { type: "string" }, rememberMe: { type: "boolean" } },
                },
              },
              "application/x-www-form-urlencoded": {
                schema: {
                  type: "object",
                  required: ["email", "password"],
                  properties: { email: { type: "string", format: "email" }, password: { type: "string" }, rememberMe: { type: "string", enum: ["true", "false"] } },
                },
              },
            },
          },
          responses: {
            200: answer("Signed in", staffLoginResponse),
            400: refusal("Email or password missing or malformed"),
            401: refusal("The email or password is incorrect (the same answer whether the account exists or not)"),
            413: refusal("The body is too large"),
            415: refusal("The body is not JSON or a urlencoded form"),
            429: answer("Too many attempts for this account or from this address", errorResponse, retryAfter),
          },
        },
      },
      "/api/admin/logout": {
        post: {
          summary: "Ends the session or token the call is made with",
          security: staffSecurity,
          responses: { 200: answer("Signed out", z.strictObject({ success: z.literal(true), message: z.string() })), ...staffRefusals },
        },
      },
      "/api/hypnotherapy": adminProgrammeCalls("Integrated Clinical Hypnotherapy"),
      "/api/hypnotherapy/{id}": adminProgrammeOneCalls("Integrated Clinical Hypnotherapy"),
      "/api/decode": adminProgrammeCalls("DECODE"),
      "/api/decode/{id}": adminProgrammeOneCalls("DECODE"),
      "/api/tasso": adminProgrammeCalls("TASSO"),
      "/api/tasso/{id}": adminProgrammeOneCalls("TASSO"),
      "/api/admin/audit": {
        get: {
          summary: "The audit trail, newest first, 25 a page (read only)",
          security: staffSecurity,
          parameters: [
            { name: "action", in: "query", required: false, schema: { type: "string", enum: Object.keys(AUDIT_ACTIONS) } },
            { name: "q", in: "query", required: false, schema: { type: "string", maxLength: 200 } },
            { name: "page", in: "query", required: false, schema: { type: "integer", minimum: 1 } },
          ],
          responses: { 200: answer("A page of audit entries", auditListResponse), 400: refusal("An unknown action, or a page that is not a whole number from 1"), ...staffRefusals },
        },
      },
      "/api/admin/settings": {
        get: {
          summary: "The settings staff may change (offer hours, reminder days, retention periods): the values in force, their defaults, and which were changed",
          security: staffSecurity,
          responses: { 200: answer("The settings", settingsResponse), ...staffRefusals },
        },
        put: {
          summary: "Change any of the settings (one left out keeps its value); applies at once on every instance, each change recorded in the audit trail with its old and new value. reminderDays: an array of days or a text such as '7, 1' or 'none'",
          security: staffSecurity,
          requestBody: settingsBody,
          responses: settingsWriteResponses,
        },
        patch: {
          summary: "The same as PUT: only the settings named change",
          security: staffSecurity,
          requestBody: settingsBody,
          responses: settingsWriteResponses,
        },
      },
    },
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "A token from POST /api/admin/login" },
        cookieAuth: { type: "apiKey", in: "cookie", name: "__Host-staff_session", description: "The staff area's session (named staff_session when PUBLIC_URL is http)" },
      },
    },
  };
}
