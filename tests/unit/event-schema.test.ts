import { describe, expect, it } from "vitest";
import {
  secondPassOf,
  CAPACITY_FORMAT,
  CAPACITY_MIN,
  CAPACITY_REQUIRED,
  centsToPrice,
  defaultEnd,
  END_BEFORE_START,
  END_REQUIRED,
  EVENT_NAME_REQUIRED,
  INVALID_DATE,
  LOCATION_MIN,
  LOCATION_REQUIRED,
  ORGANIZER_EMAIL_INVALID,
  ORGANIZER_EMAIL_REQUIRED,
  ORGANIZER_MIN,
  ORGANIZER_REQUIRED,
  PAYMENT_LINK_REQUIRED,
  PRICE_FORMAT,
  PRICE_REQUIRED,
  PRICE_TOO_HIGH,
  priceToCents,
  START_IN_PAST,
  START_REQUIRED,
  STATUS_REQUIRED,
  TIME_SKIPPED,
  TIME_ZONE_INVALID,
  toLocalInput,
  URL_INVALID,
  validateEventForm,
} from "~/features/events/schema";

const now = new Date("2026-11-23T18:00:00Z");
const valid = {
  event: "Family Constellation",
  startDate: "2026-12-05T09:00",
  endDate: "2026-12-05T17:00",
  timeZone: "America/Chicago",
  location: "Austin, TX",
  facilitator: "",
  capacity: "12 Seats",
  organisedby: "Maya Lin",
  organiserEmail: "maya@example.org",
  price: "$1,375.50",
  paymentLink: "https://pay.example.org/fc",
  status: "Open",
  externalLink: "",
};

const errorsOf = (values: Record<string, unknown>, ctx = {}) => {
  const r = validateEventForm(values, { now, ...ctx });
  return r.ok ? {} : r.errors;
};

describe("the event form schema (spec part 2 §5 'Event form')", () => {
  it("accepts a complete form and reads the times at the venue (D13)", () => {
    const r = validateEventForm(valid, { now });
    expect(r).toEqual({
      ok: true,
      data: {
        title: "Family Constellation",
        startsAt: "2026-12-05T15:00:00.000Z",
        endsAt: "2026-12-05T23:00:00.000Z",
        timeZone: "America/Chicago",
        city: "Austin, TX",
        facilitator: null,
        capacity: 12,
        organiser: "Maya Lin",
        organiserEmail: "maya@example.org",
        priceCents: 137550,
        paymentLink: "https://pay.example.org/fc",
        status: "Open",
        externalLink: null,
      },
    });
  });

  it("gives every required field its message", () => {
    const blank = Object.fromEntries(Object.keys(valid).map((k) => [k, ""]));
    expect(errorsOf(blank)).toEqual({
      event: EVENT_NAME_REQUIRED,
      startDate: START_REQUIRED,
      endDate: END_REQUIRED,
      location: LOCATION_REQUIRED,
      capacity: CAPACITY_REQUIRED,
      organisedby: ORGANIZER_REQUIRED,
      organiserEmail: ORGANIZER_EMAIL_REQUIRED,
      price: PRICE_REQUIRED,
      paymentLink: PAYMENT_LINK_REQUIRED,
      status: STATUS_REQUIRED,
    });
    expect(errorsOf({})).toMatchObject({ event: EVENT_NAME_REQUIRED, startDate: START_REQUIRED, status: STATUS_REQUIRED });
  });

  it("checks lengths and formats", () => {
    expect(
      errorsOf({
        ...valid,
        location: "NY",
        organisedby: "Al",
        organiserEmail: "maya@",
        capacity: "ten",
        price: "375",
        paymentLink: "pay.example.org",
        externalLink: "not a url",
        timeZone: "Mars/Olympus",
        status: "Maybe",
      }),
    ).toEqual({
      location: LOCATION_MIN,
      organisedby: ORGANIZER_MIN,
      organiserEmail: ORGANIZER_EMAIL_INVALID,
      capacity: CAPACITY_FORMAT,
      price: PRICE_FORMAT,
      paymentLink: URL_INVALID,
      externalLink: URL_INVALID,
      timeZone: TIME_ZONE_INVALID,
      status: STATUS_REQUIRED,
    });
    expect(errorsOf({ ...valid, capacity: "0 Seats" })).toEqual({ capacity: CAPACITY_MIN });
  });

  it("accepts the capacity and price forms the spec allows", () => {
    for (const capacity of ["1 Seat", "10 Seats", "25seats", "8 seats"]) expect(errorsOf({ ...valid, capacity })).toEqual({});
    for (const price of ["$375", "$375.00", "$ 375", "$1,500", "$1500.50", "$0"]) expect(errorsOf({ ...valid, price })).toEqual({});
    for (const price of ["$375.5", "375", "$1,50", "USD 375", "$-5"]) expect(errorsOf({ ...valid, price })).toEqual({ price: PRICE_FORMAT });
    expect(priceToCents("$1,500.50")).toBe(150050);
    expect(centsToPrice(150050)).toBe("$1,500.50");
    expect(centsToPrice(37500)).toBe("$375");
  });

  it("refuses a price past $1,000,000, whose cents would soon stop being exact", () => {
    expect(errorsOf({ ...valid, price: "$1,000,000" })).toEqual({});
    expect(PRICE_TOO_HIGH).toBe("Price must be $1,000,000 or less");
    expect(errorsOf({ ...valid, price: "$1,000,000.01" })).toEqual({ price: "Price must be $1,000,000 or less" });
    expect(errorsOf({ ...valid, price: "$99999999999999999" })).toEqual({ price: "Price must be $1,000,000 or less" });
  });

  it("stores a time zone as the time-zone database spells it, whatever case it was typed in", () => {
    const zoneOf = (timeZone: string) => {
      const r = validateEventForm({ ...valid, timeZone }, { now });
      return r.ok ? r.data.timeZone : r.errors;
    };
    expect(zoneOf("america/denver")).toBe("America/Denver");
    expect(zoneOf(" AMERICA/NEW_YORK ")).toBe("America/New_York");
    expect(zoneOf("utc")).toBe("UTC");
    expect(zoneOf("Mars/Olympus")).toEqual({ timeZone: TIME_ZONE_INVALID });
    // A name ICU spells another way stays as staff typed it; a link typed in another case is spelled as ICU does.
    expect(zoneOf("Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(zoneOf("Europe/Kyiv")).toBe("Europe/Kyiv");
    expect(zoneOf("EST")).toBe("EST");
    expect(zoneOf("EST5EDT")).toBe("EST5EDT");
    expect(zoneOf("asia/kolkata")).toBe("Asia/Calcutta");
    // Read in the zone as spelt: 09:00 in Denver in December is 16:00 UTC.
    const r = validateEventForm({ ...valid, timeZone: "america/denver" }, { now });
    expect(r.ok && r.data.startsAt).toBe("2026-12-05T16:00:00.000Z");
  });

  it("refuses unreadable dates, a start before today at the venue, and an end before the start", () => {
    expect(errorsOf({ ...valid, startDate: "tomorrow", endDate: "2026-13-45T10:00" })).toEqual({ startDate: INVALID_DATE, endDate: INVALID_DATE });
    expect(errorsOf({ ...valid, startDate: "2026-11-22T09:00", endDate: "2026-11-22T11:00" })).toEqual({ startDate: START_IN_PAST });
    // Today 00:00 at the venue is allowed, even though that instant has passed.
    expect(errorsOf({ ...valid, startDate: "2026-11-23T00:00", endDate: "2026-11-23T02:00" })).toEqual({});
    expect(errorsOf({ ...valid, endDate: "2026-12-05T08:59" })).toEqual({ endDate: END_BEFORE_START });
    expect(errorsOf({ ...valid, endDate: valid.startDate })).toEqual({});
  });

  it("lets an edit keep a start that has already passed", () => {
    const past = { ...valid, startDate: "2026-11-01T09:00", endDate: "2026-11-01T11:00", timeZone: "America/New_York" };
    expect(errorsOf(past)).toEqual({ startDate: START_IN_PAST });
    expect(errorsOf(past, { currentStart: "2026-11-01T14:00:00.000Z" })).toEqual({});
  });

  it("refuses a wall-clock time the venue's clocks skip, instead of moving it on by the gap", () => {
    // 2027-03-14: New York goes from 2:00 to 3:00 AM.
    const spring = { ...valid, timeZone: "America/New_York" };
    expect(errorsOf({ ...spring, startDate: "2027-03-14T02:30", endDate: "2027-03-14T04:30" })).toEqual({ startDate: TIME_SKIPPED });
    expect(errorsOf({ ...spring, startDate: "2027-03-13T22:00", endDate: "2027-03-14T02:00" })).toEqual({ endDate: TIME_SKIPPED });
    expect(errorsOf({ ...spring, startDate: "2027-03-14T01:59", endDate: "2027-03-14T03:00" })).toEqual({});
    // Phoenix keeps its clocks: 2:30 AM exists there.
    expect(errorsOf({ ...spring, timeZone: "America/Phoenix", startDate: "2027-03-14T02:30", endDate: "2027-03-14T04:30" })).toEqual({});
    // An instant with an offset is exact: nothing is skipped.
    expect(errorsOf({ ...spring, startDate: "2027-03-14T07:30:00Z", endDate: "2027-03-14T09:30:00Z" })).toEqual({});
  });

  it("keeps a stored time that happens twice when the form sends it back as shown (the second 1:30 AM)", () => {
    // 2027-11-07: New York's 1:00–2:00 AM happens twice; 06:30Z is the second 1:30 (EST), 05:30Z the first (EDT).
    const fallBack = { ...valid, timeZone: "America/New_York", startDate: "2027-11-07T01:30", endDate: "2027-11-07T03:30" };
    const stored = { currentStart: "2027-11-07T06:30:00.000Z", currentEnd: "2027-11-07T08:30:00.000Z", currentZone: "America/New_York" };
    const edit = validateEventForm({ ...fallBack, capacity: "20 Seats" }, { now, ...stored });
    expect(edit.ok && [edit.data.startsAt, edit.data.endsAt]).toEqual(["2027-11-07T06:30:00.000Z", "2027-11-07T08:30:00.000Z"]);
    // A new session at that time is the first 1:30 AM, as RFC 5545 reads it.
    const created = validateEventForm(fallBack, { now });
    expect(created.ok && created.data.startsAt).toBe("2027-11-07T05:30:00.000Z");
    // Another zone, or an instant with an offset, means what it says.
    const moved = validateEventForm({ ...fallBack, startDate: "2027-11-07T01:30:00-04:00" }, { now, ...stored });
    expect(moved.ok && moved.data.startsAt).toBe("2027-11-07T05:30:00.000Z");
    const otherZone = validateEventForm({ ...fallBack, timeZone: "America/Chicago" }, { now, ...stored });
    expect(otherZone.ok && otherZone.data.startsAt).toBe("2027-11-07T06:30:00.000Z");
    const otherTime = validateEventForm({ ...fallBack, startDate: "2027-11-07T01:45" }, { now, ...stored });
    expect(otherTime.ok && otherTime.data.startsAt).toBe("2027-11-07T05:45:00.000Z");
  });

  it("takes API instants with an offset and numbers for capacity and price", () => {
    const r = validateEventForm({ ...valid, startDate: "2026-12-05T15:00:00Z", endDate: "2026-12-05T17:00:00-06:00", capacity: 9, price: 375 }, { now });
    expect(r.ok && r.data).toMatchObject({ startsAt: "2026-12-05T15:00:00.000Z", endsAt: "2026-12-05T23:00:00.000Z", capacity: 9, priceCents: 37500 });
  });

  it("puts the end two hours after a start, and shows instants at the venue", () => {
    expect(defaultEnd("2026-12-05T09:30")).toBe("2026-12-05T11:30");
    expect(defaultEnd("2026-12-31T23:00")).toBe("2027-01-01T01:00");
    expect(defaultEnd("")).toBe("");
    // Never a time the venue's clocks skip: 00:30 + 2 h on a spring-forward night is 3:30, which exists.
    expect(defaultEnd("2027-03-14T00:30", "America/New_York")).toBe("2027-03-14T03:30");
    expect(validateEventForm({ ...valid, timeZone: "America/New_York", startDate: "2027-03-14T00:30", endDate: defaultEnd("2027-03-14T00:30", "America/New_York") }, { now }).ok).toBe(true);
    // Phoenix keeps no daylight time: the wall-clock sum stands.
    expect(defaultEnd("2027-03-14T00:30", "America/Phoenix")).toBe("2027-03-14T02:30");
    expect(defaultEnd("2027-11-07T00:30", "America/New_York")).toBe("2027-11-07T02:30");
    expect(toLocalInput("2026-12-05T15:00:00.000Z", "America/Chicago")).toBe("2026-12-05T09:00");
    expect(toLocalInput("2026-07-05T04:00:00.000Z", "America/New_York")).toBe("2026-07-05T00:00");
  });
});

describe("the events table's texts (spec part 2 §2.10)", () => {
  it("shows the date and time at the venue, '(Legacy format)' for a date without an end and 'No date set' without one", async () => {
    const { eventDateText, showingText, pageWindow } = await import("~/features/events/admin-format");
    expect(eventDateText("2026-12-05T15:00:00.000Z", "2026-12-05T23:00:00.000Z", "America/Chicago")).toBe("5th Dec 2026, 9:00 AM – 5:00 PM CST");
    // An end equal to the start is allowed by the form: one time, not a legacy record.
    expect(eventDateText("2026-12-05T15:00:00.000Z", "2026-12-05T15:00:00.000Z", "America/Chicago")).toBe("5th Dec 2026, 9:00 AM CST");
    expect(eventDateText("2026-12-05T15:00:00.000Z", null, "America/Chicago")).toBe("5th Dec 2026, 9:00 AM CST (Legacy format)");
    expect(eventDateText(null, null, "America/Chicago")).toBe("No date set");
    expect(eventDateText("garbage", "garbage", "America/Chicago")).toBe("No date set");
    expect(showingText(2, 5, 12)).toBe("Showing 6 to 10 of 12 results");
    expect(showingText(3, 5, 12)).toBe("Showing 11 to 12 of 12 results");
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 9)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(9, 9)).toEqual([5, 6, 7, 8, 9]);
  });
});

describe("wall-clock times that happen twice", () => {
  it("knows the repeated hour of a fall-back night, by an hour or by half an hour", () => {
    const isRepeatedLocalTime = (value: string, zone: string) => secondPassOf(value, zone) !== null;
    expect(secondPassOf("2030-11-03T01:30", "America/New_York")?.toISOString()).toBe("2030-11-03T06:30:00.000Z");
    expect(isRepeatedLocalTime("2030-11-03T01:30", "America/New_York")).toBe(true);
    expect(isRepeatedLocalTime("2030-11-03T00:59", "America/New_York")).toBe(false);
    expect(isRepeatedLocalTime("2030-11-03T02:00", "America/New_York")).toBe(false);
    expect(isRepeatedLocalTime("2030-03-10T02:30", "America/New_York")).toBe(false);
    // Lord Howe Island goes back half an hour, at 2:00 to 1:30.
    expect(isRepeatedLocalTime("2030-04-07T01:45", "Australia/Lord_Howe")).toBe(true);
    expect(isRepeatedLocalTime("2030-04-07T01:15", "Australia/Lord_Howe")).toBe(false);
    expect(isRepeatedLocalTime("2030-11-03T01:30:00-05:00", "America/New_York")).toBe(false);
  });
});
