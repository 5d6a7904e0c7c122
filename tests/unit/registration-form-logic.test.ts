import { afterEach, describe, expect, it, vi } from "vitest";
import {
  bannerText,
  failureText,
  initialSessionId,
  NotSucceeded,
  photoProblem,
  registerPath,
  registrationEndpoint,
  serverFieldErrors,
  sessionFields,
  sessionOptions,
  sessionPlace,
  type FormSession,
} from "~/features/registrations/form-logic";
import { ApiError, apiRequest } from "~/lib/api-client";

const session = (over: Partial<FormSession> = {}): FormSession => ({
  _id: "s-1",
  title: "Decode Your Mind",
  city: "New York",
  venue: "Hudson Hall",
  timeslot: "Full day",
  startDate: "2025-03-05T14:00:00.000Z",
  endDate: "2025-03-05T23:00:00.000Z",
  timeZone: "America/New_York",
  availability: "open",
  programId: "decode-1",
  ...over,
});

describe("session choice", () => {
  it("labels every session 'city | event | date' and disables those that cannot be joined, saying why (a full one offers its waiting list)", () => {
    const options = sessionOptions([
      session(),
      session({ _id: "s-2", availability: "full", city: "Denver" }),
      session({ _id: "s-3", availability: "closed", city: "Austin" }),
      session({ _id: "s-4", availability: "no-enrol", city: "Boston" }),
    ]);
    expect(options.map((o) => [o.text, o.disabled])).toEqual([
      ["New York | Decode Your Mind | 5th Mar 2025", false],
      ["Denver | Decode Your Mind | 5th Mar 2025 (Fully booked: waiting list)", false],
      ["Austin | Decode Your Mind | 5th Mar 2025 (Registration closed)", true],
      ["Boston | Decode Your Mind | 5th Mar 2025 (No online registration)", true],
    ]);
  });

  it("two sessions of one title in one city on one day each say their start time, at the venue with its zone", () => {
    const options = sessionOptions([session(), session({ _id: "evening", startDate: "2025-03-05T23:30:00.000Z", endDate: "2025-03-06T02:00:00.000Z" }), session({ _id: "other", city: "Denver", timeZone: "America/Denver" })]);
    expect(options.map((o) => o.text)).toEqual([
      "New York | Decode Your Mind | 5th Mar 2025 | 9:00 AM EST",
      "New York | Decode Your Mind | 5th Mar 2025 | 6:30 PM EST",
      "Denver | Decode Your Mind | 5th Mar 2025",
    ]);
  });

  it("preselects the asked-for session when it is open or full (its waiting list), else the first open one, else none", () => {
    const list = [session({ _id: "a", availability: "full" }), session({ _id: "b" }), session({ _id: "c" })];
    expect(initialSessionId(list, "c")).toBe("c");
    expect(initialSessionId(list, "a")).toBe("a");
    expect(initialSessionId(list, undefined)).toBe("b");
    expect(initialSessionId([session({ availability: "full" })], undefined)).toBe("");
    expect(initialSessionId([], "x")).toBe("");
  });

  it("shows a session signed up for on its own page but never lets the form take it (decision 0015)", () => {
    const elsewhere = session({ _id: "ext", externalLink: "https://tickets.example.org/x" });
    const fullElsewhere = session({ _id: "ext-full", availability: "full", externalLink: "/family-constellation" });
    const options = sessionOptions([elsewhere, fullElsewhere, session({ _id: "bad-link", externalLink: "javascript:alert(1)" })]);
    expect(options.map((o) => [o.id, o.reason, o.disabled])).toEqual([
      ["ext", "Sign-up on its own page", true],
      ["ext-full", "Sign-up on its own page", true],
      // A link the site would never open is no sign-up page: the form takes the session.
      ["bad-link", null, false],
    ]);
    expect(initialSessionId([elsewhere, session({ _id: "here" })], "ext")).toBe("here");
    expect(initialSessionId([elsewhere, fullElsewhere], undefined)).toBe("");
  });

  it("fills venue and time slot from the session, else from the known-city fallback (§4)", () => {
    expect(sessionPlace(session())).toEqual({ venue: "Hudson Hall", timeslot: "Full day" });
    expect(sessionPlace(session({ venue: null, timeslot: null }))).toEqual({ venue: "Main Hall", timeslot: "Morning" });
    expect(sessionPlace(session({ city: "los angeles", venue: "", timeslot: null }))).toEqual({ venue: "Conference Center", timeslot: "Evening" });
    expect(sessionPlace(session({ city: "Chicago, IL", venue: null, timeslot: "Evening" }))).toEqual({ venue: "Training Room", timeslot: "Evening" });
    expect(sessionPlace(session({ city: "Boise", venue: null, timeslot: null }))).toEqual({ venue: "", timeslot: "" });
    expect(sessionPlace(null)).toEqual({ venue: "", timeslot: "" });
  });

  it("gives the wire fields of a session: label as city, course date and 12-hour time at the venue", () => {
    expect(sessionFields(session({ venue: null, timeslot: null }))).toEqual({
      upcomingEventId: "s-1",
      city: "New York | Decode Your Mind | 5th Mar 2025",
      venue: "Main Hall",
      timeslot: "Morning",
      courseDetailVenue: "Main Hall",
      courseDetailDate: "2025-03-05",
      courseDetailTime: "9:00 AM",
      programId: "decode-1",
    });
  });
});

describe("failure texts (§8)", () => {
  it("prefers the server's message, then network, then HTTP status, then the error's text", () => {
    expect(failureText(new ApiError("x", 409, { message: "This session is full" }, "This session is full"))).toBe("This session is full");
    expect(failureText(new ApiError("Network error", 0, null))).toBe("Network request failed");
    expect(failureText(new ApiError("API request failed", 502, null))).toBe("HTTP error! status: 502");
    expect(failureText(new NotSucceeded())).toBe("Failed to submit registration");
    expect(failureText(new Error("Boom"))).toBe("Boom");
    expect(failureText("weird")).toBe("An unexpected error occurred");
  });

  it("wraps the DECODE banner in 'Submission failed: …' and shows the ICH one as it is", () => {
    expect(bannerText("decode", "This session is full")).toBe("Submission failed: This session is full");
    expect(bannerText("decode", "")).toBe("Submission failed: Unknown error");
    expect(bannerText("hypnotherapy", "This session is full")).toBe("This session is full");
  });

  it("reads the field errors of a 400 answer, ignoring anything that is not text", () => {
    const error = new ApiError("x", 400, { errors: { email: "Please enter a valid email address", weird: 3 } }, "x");
    expect(serverFieldErrors(error)).toEqual({ email: "Please enter a valid email address" });
    expect(serverFieldErrors(new ApiError("x", 400, null))).toEqual({});
    expect(serverFieldErrors(new Error("x"))).toEqual({});
  });
});

describe("photos, paths and endpoints", () => {
  it("refuses a photo over 5 MB or of another declared type, in the server's words", () => {
    expect(photoProblem({ size: 5 * 1024 * 1024, type: "image/png" }, "The profile image")).toBeNull();
    expect(photoProblem({ size: 5 * 1024 * 1024 + 1, type: "image/png" }, "The profile image")).toBe("The profile image must be 5 MB or smaller");
    expect(photoProblem({ size: 10, type: "image/gif" }, "The front of your ID")).toBe("The front of your ID must be a JPEG, PNG or WebP image");
    expect(photoProblem({ size: 10, type: "" }, "x")).toBeNull();
  });

  it("posts DECODE and TASSO to /registration, ICH to /ich/ich-registration; enrol links go to /register/{id}", () => {
    expect(registrationEndpoint("decode")).toBe("/registration");
    expect(registrationEndpoint("hypnotherapy")).toBe("/ich/ich-registration");
    expect(registerPath("s-decode-1-a")).toBe("/register/s-decode-1-a");
    expect(registerPath("a/b")).toBe("/register/a%2Fb");
  });
});

describe("apiRequest bodies", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends a FormData as multipart (the browser sets the boundary) and other bodies as JSON", async () => {
    const calls: RequestInit[] = [];
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      calls.push(init);
      return Response.json({ success: true }, { status: 201 });
    });
    const form = new FormData();
    form.set("firstName", "Ana");
    await apiRequest("POST", "/registration", form);
    await apiRequest("POST", "/contact", { a: 1 });
    expect(calls[0]!.body).toBe(form);
    expect(calls[0]!.headers).not.toHaveProperty("Content-Type");
    expect(calls[1]!.body).toBe('{"a":1}');
    expect(calls[1]!.headers).toHaveProperty("Content-Type", "application/json");
  });
});
