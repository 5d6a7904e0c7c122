import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import {
  DOB_FUTURE,
  DOB_INVALID,
  DOB_TOO_YOUNG,
  FIX_ERRORS_MESSAGE,
  SUBMITTING_TOAST,
  SUCCESS_TOAST,
  TERMS_TEXT,
  BOOKING_TERMS_TEXT,
  hearAboutOptions,
  httpErrorMessage,
  registrationSchema,
  nameAsCertificate,
  normaliseMobile,
  registrationFields,
  submissionFailedMessage,
  validateRegistration,
} from "~/features/registrations/schema";

/** A complete DECODE registration as the dialog sends it. */
const valid = {
  firstName: "Ann",
  middleName: "",
  lastName: "Lee",
  nameAsCertificate: "Ann Lee",
  email: "ann@example.com",
  mobileNo: "5551234567",
  dob: "1990-05-01",
  occupation: "Teacher",
  currentAddress: "1 Main St, Springfield",
  isSameAddress: false,
  permanenetAddress: "",
  city: "New York | DECODE Level 1 | 5th Mar 2025",
  venue: "Main Hall",
  timeslot: "Morning",
  TelNo: "",
  hearAbout: "Google",
  communicationPreferences: true,
  termsandcondition: true,
  levelName: "DECODE Level 1: Decode Your Mind",
  level: "",
  upcomingEventId: "evt-123",
  programId: "decode-1",
  courseDetailDate: "2025-03-05",
  courseDetailTime: "9:00 AM",
  courseDetailVenue: "Main Hall",
};

function errorsOf(values: unknown) {
  const r = validateRegistration(values);
  return r.ok ? {} : r.errors;
}
const errorsFor = (patch: Record<string, unknown>) => errorsOf({ ...valid, ...patch });
function dataFor(patch: Record<string, unknown>) {
  const r = validateRegistration({ ...valid, ...patch });
  if (!r.ok) throw new Error(`rejected: ${JSON.stringify(r.errors)}`);
  return r.data;
}

// Noon UTC on 1 March 2026: 7 AM in New York, the same calendar day.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-03-01T12:00:00Z"));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("registration schema (spec part 2 §5)", () => {
  it("accepts a complete registration and trims text", () => {
    const data = dataFor({ firstName: "  Ann ", occupation: " Teacher " });
    expect(data.firstName).toBe("Ann");
    expect(data.occupation).toBe("Teacher");
    expect(data.middleName).toBeUndefined();
    expect(data.hearAbout).toBe("Google");
    expect(data.upcomingEventId).toBe("evt-123");
  });

  it.each([
    ["firstName", "", "First name is required"],
    ["firstName", "   ", "First name is required"],
    ["firstName", undefined, "First name is required"],
    ["lastName", "", "Last name is required"],
    ["lastName", null, "Last name is required"],
    ["email", "", "Email is required"],
    ["email", "ann@", "Please enter a valid email address"],
    ["email", "ann.example.com", "Please enter a valid email address"],
    ["email", "ann@example", "Please enter a valid email address"],
    ["mobileNo", "", "Mobile number is required"],
    ["mobileNo", undefined, "Mobile number is required"],
    ["mobileNo", "555123456", "Mobile number must be 10 digits"],
    ["mobileNo", "55512345678", "Mobile number must be 10 digits"],
    ["mobileNo", "555-CALL-NOW", "Mobile number must be 10 digits"],
    ["mobileNo", "+44 20 7946 0958", "Mobile number must be 10 digits"],
    ["mobileNo", "1 555 123 4567", "Mobile number must be 10 digits"],
    ["city", "", "City is required"],
    ["city", undefined, "City is required"],
    ["dob", "", "Date of birth is required"],
    ["dob", undefined, "Date of birth is required"],
    ["occupation", "", "Occupation is required"],
    ["levelName", "", "Level name is required"],
    ["levelName", undefined, "Level name is required"],
    ["termsandcondition", false, "You must accept the terms and conditions"],
    ["termsandcondition", "false", "You must accept the terms and conditions"],
    ["termsandcondition", "", "You must accept the terms and conditions"],
    ["termsandcondition", undefined, "You must accept the terms and conditions"],
    ["upcomingEventId", "", "Please choose a session"],
    ["upcomingEventId", undefined, "Please choose a session"],
    ["upcomingEventId", "../etc/passwd", "Please choose a session"],
  ])("%s = %j gives %j", (field, value, message) => {
    expect(errorsFor({ [field]: value })).toEqual({ [field]: message });
  });

  it("reports every missing required field at once, each with its own message", () => {
    expect(errorsOf({})).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      mobileNo: "Mobile number is required",
      dob: "Date of birth is required",
      occupation: "Occupation is required",
      city: "City is required",
      termsandcondition: "You must accept the terms and conditions",
      levelName: "Level name is required",
      upcomingEventId: "Please choose a session",
    });
  });

  it("keeps middle name, addresses, how-heard, telephone and communication preference optional", () => {
    const data = dataFor({
      middleName: undefined,
      currentAddress: undefined,
      permanenetAddress: null,
      hearAbout: "",
      TelNo: undefined,
      communicationPreferences: undefined,
      programId: "",
      courseDetailDate: "",
      courseDetailTime: "",
    });
    expect(data).toMatchObject({ communicationPreferences: false, isSameAddress: false });
    expect(data.hearAbout).toBeUndefined();
    expect(data.programId).toBeUndefined();
  });
});

describe("mobile number: exactly 10 digits", () => {
  it.each([
    ["5551234567", "5551234567"],
    ["(555) 123-4567", "5551234567"],
    ["555.123.4567", "5551234567"],
    [" 555 123 4567 ", "5551234567"],
    ["+1 (555) 123-4567", "5551234567"],
    ["+15551234567", "5551234567"],
  ])("%j is accepted as %j", (typed, stored) => {
    expect(dataFor({ mobileNo: typed }).mobileNo).toBe(stored);
  });

  it("normalises only separators and the +1 code", () => {
    expect(normaliseMobile("(555) 123-4567")).toBe("5551234567");
    expect(normaliseMobile("+1-555-123-4567")).toBe("5551234567");
    expect(normaliseMobile("+44 1234")).toBe("+441234");
  });

  it("refuses a number too long to be one, and control characters", () => {
    expect(errorsFor({ mobileNo: "5".repeat(31) })).toEqual({ mobileNo: "Must be at most 30 characters" });
    expect(errorsFor({ mobileNo: "555123\u00004567" })).toEqual({ mobileNo: "Mobile number must be 10 digits" });
  });
});

describe("date of birth", () => {
  it("accepts someone who turned 18 today in New York, refuses the day before", () => {
    expect(errorsFor({ dob: "2008-03-01" })).toEqual({});
    expect(errorsFor({ dob: "2008-03-02" })).toEqual({ dob: DOB_TOO_YOUNG });
    expect(DOB_TOO_YOUNG).toBe("You must be at least 18 years old");
  });

  it("uses the New York date, not UTC: at 02:00 UTC on 1 March it is still 28 February there", () => {
    vi.setSystemTime(new Date("2026-03-01T02:00:00Z"));
    expect(errorsFor({ dob: "2008-02-28" })).toEqual({});
    expect(errorsFor({ dob: "2008-03-01" })).toEqual({ dob: DOB_TOO_YOUNG });
  });

  it("someone born on 29 February comes of age on 1 March in a common year", () => {
    vi.setSystemTime(new Date("2026-02-28T17:00:00Z"));
    expect(errorsFor({ dob: "2008-02-29" })).toEqual({ dob: DOB_TOO_YOUNG });
    vi.setSystemTime(new Date("2026-03-01T17:00:00Z"));
    expect(errorsFor({ dob: "2008-02-29" })).toEqual({});
  });

  it.each([
    ["1990-02-30", DOB_INVALID],
    ["1990-13-01", DOB_INVALID],
    ["1990-5-1", DOB_INVALID],
    ["05/01/1990", DOB_INVALID],
    ["1899-12-31", DOB_INVALID],
    ["1990-05-01T00:00:00Z", "Must be at most 10 characters"],
    ["2026-03-02", DOB_FUTURE],
    ["2030-01-01", DOB_FUTURE],
  ])("%j gives %j", (value, message) => {
    expect(errorsFor({ dob: value })).toEqual({ dob: message });
  });

  it("accepts a leap day that exists", () => {
    expect(errorsFor({ dob: "2000-02-29" })).toEqual({});
  });
});

describe("form text values", () => {
  it("reads booleans sent as text", () => {
    const on = dataFor({ termsandcondition: "on", communicationPreferences: "true", isSameAddress: "true" });
    expect(on).toMatchObject({ termsandcondition: true, communicationPreferences: true, isSameAddress: true });
    const off = dataFor({ termsandcondition: "true", communicationPreferences: "false", isSameAddress: "" });
    expect(off).toMatchObject({ termsandcondition: true, communicationPreferences: false, isSameAddress: false });
  });

  it("treats empty text as absent", () => {
    const data = dataFor({ middleName: "", venue: "", timeslot: "  ", courseDetailVenue: "" });
    expect(data.middleName).toBeUndefined();
    expect(data.venue).toBeUndefined();
    expect(data.timeslot).toBeUndefined();
  });

  it("accepts ids and the level as numbers", () => {
    const data = dataFor({ upcomingEventId: 42, programId: 7, level: 3 });
    expect(data).toMatchObject({ upcomingEventId: "42", programId: "7", level: "3" });
  });

  it("drops fields the wire does not define", () => {
    const data = dataFor({ isAdmin: true, _id: "x" }) as Record<string, unknown>;
    expect(data.isAdmin).toBeUndefined();
    expect(data._id).toBeUndefined();
  });
});

describe("derived values", () => {
  it("rebuilds the name on the certificate from the three names, whatever was sent", () => {
    expect(dataFor({ firstName: " Mary ", middleName: "Ann", lastName: "Smith", nameAsCertificate: "Someone Else" }).nameAsCertificate).toBe(
      "Mary Ann Smith",
    );
    expect(dataFor({ middleName: "", nameAsCertificate: "" }).nameAsCertificate).toBe("Ann Lee");
  });

  it("copies the current address to the permanent one while the box is ticked", () => {
    expect(dataFor({ isSameAddress: "on", currentAddress: "1 Main St", permanenetAddress: "elsewhere" }).permanenetAddress).toBe("1 Main St");
    expect(dataFor({ isSameAddress: "false", currentAddress: "1 Main St", permanenetAddress: "2 Oak Ave" }).permanenetAddress).toBe("2 Oak Ave");
  });

  it("nameAsCertificate joins with single spaces, trims and skips empty parts", () => {
    expect(nameAsCertificate("Ann", "", "Lee")).toBe("Ann Lee");
    expect(nameAsCertificate("  Ann ", " Marie  Claire ", " Lee ")).toBe("Ann Marie Claire Lee");
    expect(nameAsCertificate("Ann", null, undefined)).toBe("Ann");
    expect(nameAsCertificate("", "", "")).toBe("");
  });
});

describe("optional fields, when given, must be valid", () => {
  it.each([
    ["hearAbout", "TikTok", "Please choose an option from the list"],
    ["hearAbout", "google", "Please choose an option from the list"],
    ["TelNo", "call me", "Please enter a valid telephone number"],
    ["TelNo", "12345", "Please enter a valid telephone number"],
    ["programId", "a b", "Invalid program"],
    ["courseDetailDate", "2025-02-30", "Invalid course date"],
    ["courseDetailTime", "13:00", "Invalid course time"],
    ["middleName", "x".repeat(101), "Must be at most 100 characters"],
    ["currentAddress", "x".repeat(501), "Must be at most 500 characters"],
  ])("%s = %j gives %j", (field, value, message) => {
    expect(errorsFor({ [field]: value })).toEqual({ [field]: message });
  });

  it("accepts the 12-hour times browsers make of a session's start, and still refuses a 24-hour one", () => {
    const made = new Date("2027-03-01T09:05:00").toLocaleTimeString("en-US", { hour: "2-digit", minute: "2-digit" });
    for (const time of ["9:05 AM", "09:05 AM", "9:05:00 AM", "9:05\u202fAM", "12:30 pm", "9:05 a.m.", made, new Date("2027-03-01T21:05:00").toLocaleTimeString("en-US")]) {
      expect(errorsFor({ courseDetailTime: time })).toEqual({});
    }
    for (const time of ["21:05", "0:30 AM", "13:00 PM", "9:5 AM", "9:05 XM"]) expect(errorsFor({ courseDetailTime: time })).toEqual({ courseDetailTime: "Invalid course time" });
  });

  it("accepts every how-did-you-hear option", () => {
    expect(hearAboutOptions).toEqual(["Facebook", "Instagram", "Google", "LinkedIn", "Friends/Relatives", "Other"]);
    for (const option of hearAboutOptions) expect(errorsFor({ hearAbout: option })).toEqual({});
  });

  it("accepts a landline in the usual forms", () => {
    for (const tel of ["(212) 555-0100", "+1 212 555 0100", "555-0100"]) expect(errorsFor({ TelNo: tel })).toEqual({});
  });
});

describe("control characters: each text field has its own 'Invalid …' message", () => {
  it.each([
    ["firstName", "Invalid first name"],
    ["middleName", "Invalid middle name"],
    ["lastName", "Invalid last name"],
    ["email", "Please enter a valid email address"],
    ["occupation", "Invalid occupation"],
    ["city", "Invalid city"],
    ["venue", "Invalid venue"],
    ["levelName", "Invalid level name"],
    ["courseDetailVenue", "Invalid course venue"],
  ])("%s with a NUL gives %j", (field, message) => {
    expect(errorsFor({ [field]: "ab\u0000c" })).toEqual({ [field]: message });
  });

  it("lets addresses span lines but not hold other controls", () => {
    expect(errorsFor({ currentAddress: "1 Main St\nSpringfield" })).toEqual({});
    expect(errorsFor({ currentAddress: "1 Main St\u0007" })).toEqual({ currentAddress: "Invalid current address" });
    expect(errorsFor({ permanenetAddress: "x\u001b" })).toEqual({ permanenetAddress: "Invalid permanent address" });
  });
});

describe("texts", () => {
  it("has the spec's messages and toasts", () => {
    expect(FIX_ERRORS_MESSAGE).toBe("Please fix the errors below before submitting");
    expect(SUBMITTING_TOAST).toBe("Submitting registration...");
    expect(SUCCESS_TOAST).toBe("Registration submitted successfully!");
    expect(submissionFailedMessage("This session is full")).toBe("Submission failed: This session is full");
    expect(submissionFailedMessage("")).toBe("Submission failed: Unknown error");
    expect(httpErrorMessage(502)).toBe("HTTP error! status: 502");
  });

  it("the terms cover each point of spec §2.3", () => {
    for (const point of ["over 18", "own free will", "mental or psychological disorder", "psychiatric treatment", "discharge", "curriculum"]) {
      expect(TERMS_TEXT).toContain(point);
    }
    // A Family Constellation booking: the same points in a session's words, with no curriculum or program.
    for (const point of ["over 18", "own free will", "mental or psychological disorder", "psychiatric treatment", "discharge", "what the session involves"]) {
      expect(BOOKING_TERMS_TEXT).toContain(point);
    }
    expect(BOOKING_TERMS_TEXT).not.toMatch(/curriculum|program/);
  });

  it("lists the wire fields with their spellings", () => {
    expect(registrationFields).toEqual([
      "firstName", "middleName", "lastName", "nameAsCertificate", "email", "mobileNo", "dob", "occupation",
      "currentAddress", "isSameAddress", "permanenetAddress", "city", "venue", "timeslot", "TelNo", "hearAbout",
      "communicationPreferences", "termsandcondition", "levelName", "level", "upcomingEventId", "programId",
      "courseDetailDate", "courseDetailTime", "courseDetailVenue",
      // Level prerequisites (decision 0031).
      "completedElsewhere", "prerequisiteNote",
    ]);
  });
});

describe("OpenAPI", () => {
  it("describes the request body as JSON Schema, wire names and required fields included", () => {
    const schema = z.toJSONSchema(registrationSchema, { io: "input" }) as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(registrationFields);
    expect(schema.required).toEqual(
      expect.arrayContaining(["firstName", "lastName", "email", "mobileNo", "dob", "occupation", "city", "levelName", "upcomingEventId"]),
    );
    expect(schema.required).not.toContain("middleName");
  });
});
