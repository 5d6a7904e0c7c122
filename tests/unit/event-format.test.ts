import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  courseDetailDate,
  courseDetailTime,
  formatPrice,
  formatSessionDate,
  formatSessionWhen,
  formatTimeRange,
  knownCityFallback,
  keepTimesWhole,
  parseEventInstant,
  sessionLabel,
  shownPrice,
} from "~/features/events/format";

const NY = "America/New_York";
const LA = "America/Los_Angeles";
const CHI = "America/Chicago";

describe("formatSessionDate: '5th Mar 2025' at the venue", () => {
  it.each([
    ["2025-03-01T15:00:00Z", "1st Mar 2025"],
    ["2025-03-02T15:00:00Z", "2nd Mar 2025"],
    ["2025-03-03T15:00:00Z", "3rd Mar 2025"],
    ["2025-03-04T15:00:00Z", "4th Mar 2025"],
    ["2025-03-05T15:00:00Z", "5th Mar 2025"],
    ["2025-03-11T15:00:00Z", "11th Mar 2025"],
    ["2025-03-12T15:00:00Z", "12th Mar 2025"],
    ["2025-03-13T15:00:00Z", "13th Mar 2025"],
    ["2025-03-21T15:00:00Z", "21st Mar 2025"],
    ["2025-03-22T15:00:00Z", "22nd Mar 2025"],
    ["2025-03-23T15:00:00Z", "23rd Mar 2025"],
    ["2025-03-31T15:00:00Z", "31st Mar 2025"],
    ["2025-12-20T15:00:00Z", "20th Dec 2025"],
  ])("%s → %s", (iso, text) => {
    expect(formatSessionDate(iso, NY)).toBe(text);
  });

  it("takes the date in the venue's zone, not in UTC", () => {
    // 7 PM on 5 March in Los Angeles is already 6 March in UTC.
    expect(formatSessionDate("2025-03-06T03:00:00Z", LA)).toBe("5th Mar 2025");
    expect(formatSessionDate("2025-03-06T03:00:00Z", "UTC")).toBe("6th Mar 2025");
    expect(formatSessionDate(new Date("2025-03-06T03:00:00Z"), CHI)).toBe("5th Mar 2025");
  });

  it("shows 'Date TBD' without a valid instant", () => {
    expect(formatSessionDate(null, NY)).toBe("Date TBD");
    expect(formatSessionDate("", NY)).toBe("Date TBD");
    expect(formatSessionDate("soon", NY)).toBe("Date TBD");
  });
});

describe("formatTimeRange: '9:00 AM – 6:00 PM EST'", () => {
  it("names EST in January and EDT in July in New York", () => {
    expect(formatTimeRange("2025-01-15T14:00:00Z", "2025-01-15T23:00:00Z", NY)).toBe("9:00 AM – 6:00 PM EST");
    // Starting and ending the same minute: the start alone.
    expect(formatTimeRange("2025-01-15T23:00:00Z", "2025-01-15T23:00:00Z", NY)).toBe("6:00 PM EST");
    expect(formatTimeRange("2025-07-15T13:00:00Z", "2025-07-15T22:00:00Z", NY)).toBe("9:00 AM – 6:00 PM EDT");
  });

  it("uses the zone of Los Angeles and Chicago", () => {
    expect(formatTimeRange("2025-01-15T17:00:00Z", "2025-01-16T02:00:00Z", LA)).toBe("9:00 AM – 6:00 PM PST");
    expect(formatTimeRange("2025-07-15T16:00:00Z", "2025-07-16T01:00:00Z", LA)).toBe("9:00 AM – 6:00 PM PDT");
    expect(formatTimeRange("2025-01-15T15:00:00Z", "2025-01-15T19:00:00Z", CHI)).toBe("9:00 AM – 1:00 PM CST");
    expect(formatTimeRange("2025-07-15T14:30:00Z", "2025-07-15T18:45:00Z", CHI)).toBe("9:30 AM – 1:45 PM CDT");
  });

  it("writes noon and midnight as 12:00 PM and 12:00 AM, with plain spaces", () => {
    const text = formatTimeRange("2025-01-15T05:00:00Z", "2025-01-15T17:00:00Z", NY);
    expect(text).toBe("12:00 AM – 12:00 PM EST");
    expect(text).not.toMatch(/[\u00a0\u202f]/);
  });

  it("names both days when the session ends on another local day", () => {
    expect(formatTimeRange("2025-03-05T14:00:00Z", "2025-03-06T18:00:00Z", NY)).toBe("5th Mar, 9:00 AM – 6th Mar 2025, 1:00 PM EST");
    expect(formatTimeRange("2025-12-31T23:00:00Z", "2026-01-01T03:00:00Z", "UTC")).toBe("31st Dec 2025, 11:00 PM – 1st Jan 2026, 3:00 AM UTC");
  });

  it("says a session's date once: in front of a one-day range, and not again before a range that names both days", () => {
    expect(formatSessionWhen("2025-03-05T14:00:00Z", "2025-03-05T18:00:00Z", NY)).toBe("5th Mar 2025, 9:00 AM – 1:00 PM EST");
    expect(formatSessionWhen("2025-03-05T14:00:00Z", "2025-03-06T18:00:00Z", NY)).toBe("5th Mar, 9:00 AM – 6th Mar 2025, 1:00 PM EST");
    expect(formatSessionWhen("2025-03-05T14:00:00Z", "2025-03-05T18:00:00Z", NY, " · ")).toBe("5th Mar 2025 · 9:00 AM – 1:00 PM EST");
    // No usable end: the date and the start time.
    expect(formatSessionWhen("2025-03-05T14:00:00Z", null, NY)).toBe("5th Mar 2025, 9:00 AM EST");
    expect(formatSessionWhen(null, null, NY)).toBe("Date TBD");
  });

  it("gives each time its zone when daylight saving starts in between", () => {
    // 8 PM EST on 8 March 2025 to 10 AM EDT on 9 March.
    expect(formatTimeRange("2025-03-09T01:00:00Z", "2025-03-09T14:00:00Z", NY)).toBe("8th Mar, 8:00 PM EST – 9th Mar 2025, 10:00 AM EDT");
  });

  it("shows the start alone without a usable end, and 'Date TBD' without a start", () => {
    expect(formatTimeRange("2025-01-15T14:00:00Z", null, NY)).toBe("9:00 AM EST");
    expect(formatTimeRange("2025-01-15T14:00:00Z", "2025-01-15T13:00:00Z", NY)).toBe("9:00 AM EST");
    expect(formatTimeRange(undefined, "2025-01-15T13:00:00Z", NY)).toBe("Date TBD");
  });
});

describe("sessionLabel: 'city | event | 5th Mar 2025'", () => {
  it("joins city, title and the venue's date", () => {
    expect(sessionLabel({ city: "Chicago", title: "DECODE Level 2", startsAt: "2025-03-05T15:00:00Z", timeZone: CHI })).toBe(
      "Chicago | DECODE Level 2 | 5th Mar 2025",
    );
    expect(sessionLabel({ city: "Los Angeles", title: "Evening intro", startsAt: "2025-03-06T03:00:00Z", timeZone: LA })).toBe(
      "Los Angeles | Evening intro | 5th Mar 2025",
    );
  });

  it("falls back to the spec's missing-value texts and New York time", () => {
    expect(sessionLabel({ city: " ", title: null, startsAt: null })).toBe("Location Not Available | Event Name Not Available | Date TBD");
    expect(sessionLabel({ city: "Boston", title: "Late", startsAt: "2025-03-06T02:00:00Z" })).toBe("Boston | Late | 5th Mar 2025");
  });
});

describe("courseDetailDate and courseDetailTime", () => {
  it("give the start's date and 12-hour time at the venue", () => {
    expect(courseDetailDate("2025-03-06T03:00:00Z", LA)).toBe("2025-03-05");
    expect(courseDetailTime("2025-03-06T03:00:00Z", LA)).toBe("7:00 PM");
    expect(courseDetailDate("2025-07-04T13:00:00Z", NY)).toBe("2025-07-04");
    expect(courseDetailTime("2025-07-04T13:00:00Z", NY)).toBe("9:00 AM");
    expect(courseDetailTime("2025-07-04T16:05:00Z", NY)).toBe("12:05 PM");
  });

  it("are null without a valid instant", () => {
    expect(courseDetailDate("x", NY)).toBeNull();
    expect(courseDetailTime(null, NY)).toBeNull();
  });
});

describe("parseEventInstant", () => {
  it("keeps instants that carry a zone", () => {
    expect(parseEventInstant("2025-03-05T14:00:00Z", LA)?.toISOString()).toBe("2025-03-05T14:00:00.000Z");
    expect(parseEventInstant("2025-03-05T09:00:00-05:00", LA)?.toISOString()).toBe("2025-03-05T14:00:00.000Z");
    expect(parseEventInstant(Date.UTC(2025, 2, 5), NY)?.toISOString()).toBe("2025-03-05T00:00:00.000Z");
  });

  it("reads a wall-clock time in the venue's zone, in winter and in summer", () => {
    expect(parseEventInstant("2025-01-15T09:00", NY)?.toISOString()).toBe("2025-01-15T14:00:00.000Z");
    expect(parseEventInstant("2025-07-15T09:00", NY)?.toISOString()).toBe("2025-07-15T13:00:00.000Z");
    expect(parseEventInstant("2025-07-15 09:00:00", LA)?.toISOString()).toBe("2025-07-15T16:00:00.000Z");
    expect(parseEventInstant("2025-03-05", CHI)?.toISOString()).toBe("2025-03-05T06:00:00.000Z");
  });

  it("handles the daylight-saving changes", () => {
    // Spring forward: 2:30 AM does not exist in New York on 9 March 2025; it becomes 3:30 AM EDT.
    expect(parseEventInstant("2025-03-09T02:30", NY)?.toISOString()).toBe("2025-03-09T07:30:00.000Z");
    // Fall back: 1:30 AM happens twice on 2 November 2025; the first (EDT) is taken.
    expect(parseEventInstant("2025-11-02T01:30", NY)?.toISOString()).toBe("2025-11-02T05:30:00.000Z");
  });

  it("refuses impossible dates and nonsense", () => {
    expect(parseEventInstant("2025-02-30T09:00", NY)).toBeNull();
    expect(parseEventInstant("next week", NY)).toBeNull();
    expect(parseEventInstant(null, NY)).toBeNull();
  });

  it("refuses a minute or second that would roll over, and a two-digit year", () => {
    expect(parseEventInstant("2027-05-05T10:60", NY)).toBeNull();
    expect(parseEventInstant("2027-05-05T10:00:60", NY)).toBeNull();
    expect(parseEventInstant("2027-05-05T25:00", NY)).toBeNull();
    expect(parseEventInstant("0050-05-05T10:00", NY)).toBeNull();
    expect(parseEventInstant("2027-05-05T23:59:59", NY)?.toISOString()).toBe("2027-05-06T03:59:59.000Z");
  });

  it("refuses instants whose ISO text would not have a four-digit year (they would not sort or store)", () => {
    // 23:59 on 31 December 9999 in Denver is already the year 10000 in UTC.
    expect(parseEventInstant("9999-12-31T23:59", "America/Denver")).toBeNull();
    expect(parseEventInstant("9999-12-31T23:59-07:00", NY)).toBeNull();
    expect(parseEventInstant("9999-12-31T12:00", "America/Denver")?.toISOString()).toBe("9999-12-31T19:00:00.000Z");
    expect(parseEventInstant(-62_167_219_200_001, NY)).toBeNull();
  });
});

describe("knownCityFallback (spec part 2 §4)", () => {
  it.each([
    ["New York", { venue: "Main Hall", timeSlot: "Morning" }],
    ["new york", { venue: "Main Hall", timeSlot: "Morning" }],
    ["  NEW   YORK ", { venue: "Main Hall", timeSlot: "Morning" }],
    ["Los Angeles", { venue: "Conference Center", timeSlot: "Evening" }],
    ["los angeles, CA", { venue: "Conference Center", timeSlot: "Evening" }],
    ["Chicago", { venue: "Training Room", timeSlot: "Night" }],
    ["Chicago | DECODE Level 1 | 5th Mar 2025", { venue: "Training Room", timeSlot: "Night" }],
  ])("%j → %j", (city, fallback) => {
    expect(knownCityFallback(city)).toEqual(fallback);
  });

  it("knows no other city", () => {
    expect(knownCityFallback("Boston")).toBeNull();
    expect(knownCityFallback("York")).toBeNull();
    expect(knownCityFallback("")).toBeNull();
    expect(knownCityFallback(null)).toBeNull();
  });
});

describe("formatPrice", () => {
  it.each([
    [30000, "USD", "$300"],
    [150000, "USD", "$1,500"],
    [3550, "USD", "$35.50"],
    [3500, "usd", "$35"],
    [0, "USD", "$0"],
    [150000, "AED", "AED 1,500"],
    [12345678, "AED", "AED 123,456.78"],
  ])("%d %s → %s", (cents, currency, text) => {
    expect(formatPrice(cents, currency)).toBe(text);
  });

  it("defaults to USD and says so when there is no price", () => {
    expect(formatPrice(60000)).toBe("$600");
    expect(formatPrice(null)).toBe("Price Not Available");
    expect(formatPrice(Number.NaN)).toBe("Price Not Available");
  });

  it("groups and rounds as Intl.NumberFormat does, without building one (decision 0088)", () => {
    const intl = (cents: number) => {
      const digits = cents % 100 === 0 ? 0 : 2;
      const text = new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(Math.abs(cents) / 100);
      return `${cents < 0 ? "-" : ""}$${text}`;
    };
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1e12, max: 1e12 }), fc.double({ min: -1e4, max: 1e4, noNaN: true }), fc.double({ min: -1e15, max: 1e15, noNaN: true })), (cents) => {
        expect(formatPrice(cents)).toBe(intl(cents));
      }),
      { numRuns: 2000 },
    );
    expect(formatPrice(123456789012)).toBe("$1,234,567,890.12");
    expect(formatPrice(99999)).toBe("$999.99");
    expect(formatPrice(-150050)).toBe("-$1,500.50");
    expect(formatPrice(1e25)).toBe(intl(1e25));
  });
});

describe("shownPrice: the price beside a program's shown session (decision 0093)", () => {
  const programme = { priceCents: 30_000, currency: "USD" };
  it("is the session's own price when it has one, even where the program has another", () => {
    expect(shownPrice({ price: 350, currency: "USD" }, programme)).toBe("$350");
    expect(shownPrice({ price: 1250.5, currency: "aed" }, programme)).toBe("AED 1,250.50");
  });
  it("is the program's price for a session without one, or no session", () => {
    expect(shownPrice({ price: null, currency: "USD" }, programme)).toBe("$300");
    expect(shownPrice(null, programme)).toBe("$300");
    expect(shownPrice(undefined, { priceCents: null, currency: "USD" })).toBe("Price Not Available");
  });
  it("a free session says $0, not the program's price", () => {
    expect(shownPrice({ price: 0, currency: "USD" }, programme)).toBe("$0");
  });
});

describe("keepTimesWhole", () => {
  it("joins each time to its AM/PM and zone with no-break spaces, and nothing else", () => {
    expect(keepTimesWhole("5th Mar 2025 · 9:00 AM – 12:30 PM EST")).toBe("5th Mar 2025 · 9:00\u00a0AM – 12:30\u00a0PM\u00a0EST");
    expect(keepTimesWhole("9:00 AM GMT+5:30 – 5th Mar, 1:00 PM GMT+5:30")).toBe("9:00\u00a0AM\u00a0GMT+5:30 – 5th Mar, 1:00\u00a0PM\u00a0GMT+5:30");
    expect(keepTimesWhole("Date TBD")).toBe("Date TBD");
    expect(keepTimesWhole("10:00 AM CST · 3 seats left")).toBe("10:00\u00a0AM\u00a0CST · 3 seats left");
  });
});
