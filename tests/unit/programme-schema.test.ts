import { describe, expect, it } from "vitest";
import { readDateTime, START_IN_PAST, toLocalInput } from "~/features/events/schema";
import {
  CARD_POINTS_REQUIRED,
  CERTIFICATION_INVALID,
  DURATION_INVALID,
  FEATURES_INVALID,
  DURATION_REQUIRED,
  isEmptySessionRow,
  readList,
  richTextToPlain,
  SECTION_CONTENT_REQUIRED,
  SECTION_TITLE_MIN,
  SECTION_TITLE_REQUIRED,
  SECTIONS_REQUIRED,
  SESSION_CAPACITY_INVALID,
  SESSION_EMAIL_INVALID,
  SESSION_END_AFTER,
  SESSION_END_REQUIRED,
  SESSION_INVALID_DATE,
  SESSION_LOCATION,
  SESSION_NAME,
  SESSION_ORGANIZER,
  SESSION_PAYMENT_REQUIRED,
  SESSION_PRICE_FORMAT,
  SESSION_PRICE_REQUIRED,
  SESSION_START_FIRST,
  SESSION_START_REQUIRED,
  SESSION_TIME_ZONE_INVALID,
  SESSION_URL_INVALID,
  STATUS_REQUIRED,
  storedSessionsOf,
  SUBTITLE_MIN,
  SUBTITLE_REQUIRED,
  TITLE_MIN,
  TITLE_REQUIRED,
  validateProgramForm,
  VIDEO_URL_INVALID,
} from "~/features/programmes/schema";

const valid = () => ({
  title: "Level One Foundations",
  subtitle: "Everything a new practitioner needs",
  videoUrl: "",
  duration: "2 Days",
  status: "Open",
  cardPoints: ["<ul><li><p>Point</p></li></ul>"],
  learningSections: [{ title: "Basics", content: "<p>Content</p>" }],
  upcomingEvents: [] as Array<Record<string, unknown>>,
});

const row = (o: Record<string, unknown> = {}) => ({
  eventName: "Spring Intensive",
  startDate: "2030-04-01T09:00",
  endDate: "2030-04-01T17:00",
  timeZone: "America/Chicago",
  location: "Chicago",
  organiser: "Dr. Lee",
  organizerEmail: "",
  price: "$99",
  paymentLink: "https://pay.example.org/x",
  capacity: "",
  ...o,
});

function errorsOf(values: Record<string, unknown>) {
  const r = validateProgramForm(values);
  return r.ok ? {} : r.errors;
}

describe("the programme form (spec part 2 §5 'Programme form')", () => {
  it("reads a price with thousands separators as the event form does: '$1,500' is 150000 cents", () => {
    const r = validateProgramForm({ ...valid(), upcomingEvents: [row({ price: "$1,500" })] });
    expect(r.ok && r.data.sessions[0]!.priceCents).toBe(150000);
  });

  it("accepts a valid form and returns clean values", () => {
    const r = validateProgramForm({ ...valid(), upcomingEvents: [row({ price: "99.5", capacity: "20", organizerEmail: "lee@example.org" })] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.videoUrl).toBeNull();
    expect(r.data.sessions).toEqual([
      {
        title: "Spring Intensive",
        startsAt: "2030-04-01T14:00:00.000Z",
        endsAt: "2030-04-01T22:00:00.000Z",
        timeZone: "America/Chicago",
        city: "Chicago",
        organiser: "Dr. Lee",
        organiserEmail: "lee@example.org",
        priceCents: 9950,
        paymentLink: "https://pay.example.org/x",
        capacity: 20,
        // Both times were typed as the venue's wall-clock time, not sent as instants.
        wallClock: { start: true, end: true },
        row: 0,
      },
    ]);
  });

  it.each([
    ["title", "", TITLE_REQUIRED],
    ["title", "Abcd", TITLE_MIN],
    ["subtitle", " ", SUBTITLE_REQUIRED],
    ["subtitle", "Too short", SUBTITLE_MIN],
    ["videoUrl", "youtube dot com", VIDEO_URL_INVALID],
    ["duration", "", DURATION_REQUIRED],
    ["duration", "2-3 days", DURATION_INVALID],
    ["status", "", STATUS_REQUIRED],
    ["status", "Pending", STATUS_REQUIRED],
    ["cardPoints", [], CARD_POINTS_REQUIRED],
    ["cardPoints", ["<p></p>"], CARD_POINTS_REQUIRED],
    ["cardPoints", "<ul><li><p> &nbsp;</p></li></ul>", CARD_POINTS_REQUIRED],
    ["learningSections", [], SECTIONS_REQUIRED],
  ])("%s = %j: '%s'", (field, value, message) => {
    expect(errorsOf({ ...valid(), [field]: value })[field]).toBe(message);
  });

  it("checks each learning section: title required, at least 3 characters, content required", () => {
    const errors = errorsOf({ ...valid(), learningSections: [{ title: "", content: "<p>x</p>" }, { title: "ab", content: "<p>ok</p>" }, { title: "Fine", content: "<p></p>" }] });
    expect(errors).toEqual({
      "learningSections.0.title": SECTION_TITLE_REQUIRED,
      "learningSections.1.title": SECTION_TITLE_MIN,
      "learningSections.2.content": SECTION_CONTENT_REQUIRED,
    });
  });

  it("accepts the lists as JSON text (multipart) and old points lists as bullets", () => {
    const r = validateProgramForm({
      ...valid(),
      cardPoints: JSON.stringify(["<p>One</p>"]),
      learningSections: JSON.stringify([{ title: "Old style", points: ["First", "Second <b>"] }]),
      upcomingEvents: JSON.stringify([]),
    });
    expect(r.ok && r.data.learningSections[0]!.content).toBe("<ul><li><p>First</p></li><li><p>Second &lt;b&gt;</p></li></ul>");
    expect(readList("[oops")).toBeNull();
    expect(readList("<p>x</p>")).toEqual(["<p>x</p>"]);
    expect(richTextToPlain("<p>a&nbsp;<b>b</b></p>")).toBe("a b");
  });
});

describe("programme upcoming events (spec part 2 §5)", () => {
  const sessionErrors = (o: Record<string, unknown>) => errorsOf({ ...valid(), upcomingEvents: [row(o)] });

  it("drops fully empty rows and checks a row once any field is filled", () => {
    expect(isEmptySessionRow({ eventName: " ", timeZone: "America/New_York" })).toBe(true);
    const r = validateProgramForm({ ...valid(), upcomingEvents: [{}, { eventName: "", price: "" }] });
    expect(r.ok && r.data.sessions).toEqual([]);
    expect(errorsOf({ ...valid(), upcomingEvents: [{ location: "Boston" }] })).toEqual({
      "upcomingEvents.0.startDate": SESSION_START_REQUIRED,
      "upcomingEvents.0.endDate": SESSION_END_REQUIRED,
      "upcomingEvents.0.eventName": SESSION_NAME,
      "upcomingEvents.0.organiser": SESSION_ORGANIZER,
      "upcomingEvents.0.price": SESSION_PRICE_REQUIRED,
      "upcomingEvents.0.paymentLink": SESSION_PAYMENT_REQUIRED,
    });
  });

  it.each([
    [{ startDate: "" }, "startDate", SESSION_START_REQUIRED],
    [{ startDate: "" }, "endDate", SESSION_START_FIRST],
    [{ startDate: "tomorrow" }, "startDate", SESSION_INVALID_DATE],
    [{ endDate: "" }, "endDate", SESSION_END_REQUIRED],
    [{ endDate: "2030-04-01T09:00" }, "endDate", SESSION_END_AFTER],
    [{ endDate: "2030-04-01T08:00" }, "endDate", SESSION_END_AFTER],
    [{ endDate: "2030-13-01T08:00" }, "endDate", SESSION_INVALID_DATE],
    [{ eventName: "Tiny" }, "eventName", SESSION_NAME],
    [{ location: "NY" }, "location", SESSION_LOCATION],
    [{ organiser: "Al" }, "organiser", SESSION_ORGANIZER],
    [{ organizerEmail: "not-an-email" }, "organizerEmail", SESSION_EMAIL_INVALID],
    [{ price: "" }, "price", SESSION_PRICE_REQUIRED],
    [{ price: "99.999" }, "price", SESSION_PRICE_FORMAT],
    // The event form's bound too (decision 0055).
    [{ price: "$1000000.01" }, "price", "Price must be $1,000,000 or less"],
    [{ price: "$ninety" }, "price", SESSION_PRICE_FORMAT],
    // Thousands separators only where they belong (the event form takes "$1,500" too).
    [{ price: "$1,50" }, "price", SESSION_PRICE_FORMAT],
    [{ price: "$1,000,000.01" }, "price", "Price must be $1,000,000 or less"],
    [{ paymentLink: "" }, "paymentLink", SESSION_PAYMENT_REQUIRED],
    [{ paymentLink: "pay.example.org" }, "paymentLink", SESSION_URL_INVALID],
    [{ capacity: "0" }, "capacity", SESSION_CAPACITY_INVALID],
    [{ capacity: "2.5" }, "capacity", SESSION_CAPACITY_INVALID],
    [{ timeZone: "Mars/Olympus" }, "timeZone", SESSION_TIME_ZONE_INVALID],
  ])("%j: %s '%s'", (o, field, message) => {
    expect(sessionErrors(o)[`upcomingEvents.0.${field}`]).toBe(message);
  });

  it("refuses a start before today at the venue (it would be stored and never shown), except a stored session sent back unchanged", () => {
    const inZone = (ms: number) => toLocalInput(new Date(ms), "America/Chicago");
    const lastWeek = { startDate: inZone(Date.now() - 7 * 86_400_000), endDate: inZone(Date.now() - 7 * 86_400_000 + 3_600_000) };
    expect(sessionErrors(lastWeek)).toEqual({ "upcomingEvents.0.startDate": START_IN_PAST });
    // Earlier today still counts as today, as in the event form (one moment for both, whatever the clock does meanwhile).
    const now = new Date();
    const today = toLocalInput(now, "America/Chicago").slice(0, 10);
    expect(validateProgramForm({ ...valid(), upcomingEvents: [row({ startDate: `${today}T00:05`, endDate: `${today}T23:55` })] }, undefined, now)).toMatchObject({ ok: true });
    const storedAt = (iso: string) => new Map([["s-1", { timeZone: "America/Chicago", capacity: null, startsAt: iso, priceCents: 4500 }]]);
    const sentBack = { ...valid(), upcomingEvents: [row({ _id: "s-1", ...lastWeek })] };
    expect(validateProgramForm(sentBack, storedAt(readDateTime(lastWeek.startDate, "America/Chicago")!.toISOString())).ok).toBe(true);
    // Moved into the past: refused like a new one.
    expect(validateProgramForm(sentBack, storedAt(new Date(Date.now() + 30 * 86_400_000).toISOString()))).toEqual({ ok: false, errors: { "upcomingEvents.0.startDate": START_IN_PAST } });
  });

  it("a stored session without a price (a free open evening) may be saved without one; a new one may not, nor one that had a price", () => {
    const stored = (priceCents: number | null) => new Map([["s-1", { timeZone: "America/Chicago", capacity: null, startsAt: "2030-04-01T14:00:00.000Z", priceCents }]]);
    const sent = { ...valid(), upcomingEvents: [row({ _id: "s-1", price: "" })] };
    const kept = validateProgramForm(sent, stored(null));
    expect(kept.ok && kept.data.sessions[0]!.priceCents).toBeNull();
    expect(validateProgramForm(sent, stored(4500))).toEqual({ ok: false, errors: { "upcomingEvents.0.price": SESSION_PRICE_REQUIRED } });
    expect(sessionErrors({ price: "" })).toEqual({ "upcomingEvents.0.price": SESSION_PRICE_REQUIRED });
    expect(storedSessionsOf([{ _id: "s-1", timeZone: "America/Chicago", seats: 12, startDate: "2030-04-01T14:00:00.000Z", price: 99.99 }]).get("s-1")).toEqual({
      timeZone: "America/Chicago",
      capacity: 12,
      startsAt: "2030-04-01T14:00:00.000Z",
      priceCents: 9999,
    });
  });

  it("accepts the price forms of the spec: $99, 99.99, $99.9", () => {
    for (const price of ["$99", "99.99", "$99.9", "99"]) expect(sessionErrors({ price })).toEqual({});
  });
});

describe("a session's end in a fall-back night's repeated hour", () => {
  const night = (startDate: string, endDate: string) =>
    errorsOf({ ...valid(), upcomingEvents: [row({ timeZone: "America/New_York", startDate, endDate })] })["upcomingEvents.0.endDate"];
  it("is refused in the form only when even its second pass is not after the start", () => {
    // 01:15 may be the second 01:15 (EST), after the first 01:30 (EDT): the server decides with the stored session.
    expect(night("2030-11-03T01:30", "2030-11-03T01:15")).toBeUndefined();
    expect(night("2030-11-03T01:30", "2030-11-03T00:45")).toBe("End date must be after start date");
    expect(night("2030-11-04T09:00", "2030-11-03T01:15")).toBe("End date must be after start date");
  });
});

describe("the certification line and what is included (decision 0094)", () => {
  const data = (values: Record<string, unknown>) => {
    const r = validateProgramForm(values);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.data;
  };

  it("left out (an older client), neither is in the clean values, so the stored ones are kept", () => {
    const d = data(valid());
    expect("certification" in d).toBe(false);
    expect("enrollmentFeatures" in d).toBe(false);
  });

  it("reads the form's text one item per line, trimmed, empty lines dropped; an empty certification is the default (null)", () => {
    const d = data({ ...valid(), certification: "  ", enrollmentFeatures: " Two full days\r\n\n  Workbook and audio \n" });
    expect(d.certification).toBeNull();
    expect(d.enrollmentFeatures).toEqual(["Two full days", "Workbook and audio"]);
    expect(data({ ...valid(), certification: " Certified Practitioner ", enrollmentFeatures: "" })).toMatchObject({ certification: "Certified Practitioner", enrollmentFeatures: [] });
  });

  it("reads a list, a list as JSON text (multipart) and the API's own name for it", () => {
    expect(data({ ...valid(), enrollmentFeatures: ["A", " B "] }).enrollmentFeatures).toEqual(["A", "B"]);
    expect(data({ ...valid(), enrollmentFeatures: JSON.stringify(["A", "B"]) }).enrollmentFeatures).toEqual(["A", "B"]);
    expect(data({ ...valid(), enrollment_features: ["From the API"], certification: null })).toMatchObject({ enrollmentFeatures: ["From the API"], certification: null });
  });

  it("refuses more than 12 items, an item over 120 characters, a non-text item, control characters, a certification over 120 characters or not text", () => {
    const many = Array.from({ length: 13 }, (_, i) => `Item ${i + 1}`).join("\n");
    expect(errorsOf({ ...valid(), enrollmentFeatures: many })).toEqual({ enrollmentFeatures: FEATURES_INVALID });
    expect(errorsOf({ ...valid(), enrollmentFeatures: "x".repeat(121) })).toEqual({ enrollmentFeatures: FEATURES_INVALID });
    expect(errorsOf({ ...valid(), enrollmentFeatures: ["ok", 5] })).toEqual({ enrollmentFeatures: FEATURES_INVALID });
    expect(errorsOf({ ...valid(), enrollmentFeatures: { a: 1 } })).toEqual({ enrollmentFeatures: FEATURES_INVALID });
    expect(errorsOf({ ...valid(), enrollmentFeatures: "bell\u0007" })).toEqual({ enrollmentFeatures: FEATURES_INVALID });
    expect(errorsOf({ ...valid(), certification: "é".repeat(121) })).toEqual({ certification: CERTIFICATION_INVALID });
    expect(errorsOf({ ...valid(), certification: "two\nlines" })).toEqual({ certification: CERTIFICATION_INVALID });
    expect(errorsOf({ ...valid(), certification: 7 })).toEqual({ certification: CERTIFICATION_INVALID });
    // 12 items of 120 characters are fine.
    expect(data({ ...valid(), enrollmentFeatures: Array.from({ length: 12 }, () => "y".repeat(120)) }).enrollmentFeatures).toHaveLength(12);
  });
});
