import { describe, expect, it } from "vitest";
import {
  calendarSearch,
  eventsFromAnswer,
  pageFrom,
  participantsText,
  programFilterFrom,
  programFilters,
  seatsLeftText,
} from "~/features/calendar/calendar-data";
import { eventJsonLd, eventsJsonLd } from "~/features/calendar/event-jsonld";
import { zonedIsoString } from "~/lib/zoned-iso";
import { dateRangeQuerySchema, eventListQuerySchema, eventTypeSchema } from "~/features/calendar/query";
import { fieldErrors } from "~/lib/validation";

describe("the calendar's texts", () => {
  it("Total Participants: the capacity, or 'Not Limited' (§9)", () => {
    expect(participantsText({ seats: 10, capacity: "10 Seats" })).toBe("10 Seats");
    expect(participantsText({ seats: null, capacity: "Not Limited" })).toBe("Not Limited");
  });

  it("seats left: 'n of N left', 'Full' at none, nothing when not limited", () => {
    expect(seatsLeftText({ seats: 10, seatsLeft: 3 })).toBe("3 of 10 left");
    expect(seatsLeftText({ seats: 10, seatsLeft: 10 })).toBe("10 of 10 left");
    expect(seatsLeftText({ seats: 2, seatsLeft: 0 })).toBe("Full");
    expect(seatsLeftText({ seats: null, seatsLeft: null })).toBeNull();
  });

  it("the filter: the five programmes in order, unknown values show all, kept in the URL", () => {
    expect(programFilters.map((f) => f.label)).toEqual(["All", "DECODE", "Hypnotherapy", "Family Constellation", "TASSO"]);
    expect(programFilterFrom("family")).toBe("family");
    expect(programFilterFrom("nope")).toBe("all");
    expect(programFilterFrom(null)).toBe("all");
    expect(calendarSearch("all")).toBe("");
    expect(calendarSearch("decode")).toBe("?program=decode");
    expect(calendarSearch("tasso", 3)).toBe("?program=tasso&page=3");
    expect(calendarSearch("all", 2)).toBe("?page=2");
    expect([pageFrom("2"), pageFrom("0"), pageFrom("-1"), pageFrom("1.5"), pageFrom("x"), pageFrom(null)]).toEqual([2, 1, 1, 1, 1, 1]);
  });

  it("reads a list answer from data, a plain array or events (§7)", () => {
    const a = [{ _id: "1" }];
    expect(eventsFromAnswer({ data: a, events: [] })).toBe(a);
    expect(eventsFromAnswer(a)).toBe(a);
    expect(eventsFromAnswer({ events: a })).toBe(a);
    expect(eventsFromAnswer(null)).toEqual([]);
  });
});

describe("the calendar's query rules", () => {
  const errors = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) => (r.success ? {} : fieldErrors(r.error!));

  it("limit defaults to 50 (§9); out-of-range values have field messages", () => {
    expect(eventListQuerySchema.parse({})).toEqual({ search: "", page: 1, limit: 50 });
    expect(errors(eventListQuerySchema.safeParse({ page: "0", limit: "500" }))).toEqual({ page: "Page must be 1 or more", limit: "Limit must be between 1 and 100" });
    expect(errors(eventListQuerySchema.safeParse({ page: "x" }))).toEqual({ page: "Page must be a whole number" });
  });

  it("type accepts the kinds and the wire names", () => {
    expect(["decode", "hyp", "HYPNOTHERAPY", "fc", "family", "tasso", "ich", "other"].map((t) => eventTypeSchema.parse(t))).toEqual([
      "decode", "hypnotherapy", "hypnotherapy", "family", "family", "tasso", "hypnotherapy", "other",
    ]);
    expect(eventTypeSchema.safeParse("yoga").success).toBe(false);
  });

  it("date range: both days required, real days, end not before start, at most 367 days", () => {
    expect(errors(dateRangeQuerySchema.safeParse({}))).toEqual({ startDate: "Start date is required", endDate: "End date is required" });
    expect(errors(dateRangeQuerySchema.safeParse({ startDate: "2026-02-30", endDate: "tomorrow" }))).toEqual({
      startDate: "Start date must be a date like 2026-03-05",
      endDate: "End date must be a date like 2026-03-05",
    });
    expect(errors(dateRangeQuerySchema.safeParse({ startDate: "2026-03-05", endDate: "2026-03-04" }))).toEqual({ endDate: "End date must be after or equal to start date" });
    expect(errors(dateRangeQuerySchema.safeParse({ startDate: "2026-01-01", endDate: "2027-01-03" }))).toEqual({ endDate: "The range must be at most 367 days" });
    expect(dateRangeQuerySchema.parse({ startDate: "2026-03-05", endDate: "2026-03-05" })).toMatchObject({ startDate: "2026-03-05", limit: 50 });
  });
});

describe("Event JSON-LD (search engines)", () => {
  it("writes instants with the venue's offset, DST included", () => {
    expect(zonedIsoString("2026-12-05T14:00:00.000Z", "America/New_York")).toBe("2026-12-05T09:00:00-05:00");
    expect(zonedIsoString("2026-07-05T13:00:00.000Z", "America/New_York")).toBe("2026-07-05T09:00:00-04:00");
    expect(zonedIsoString("2026-07-05T16:00:00.000Z", "America/Phoenix")).toBe("2026-07-05T09:00:00-07:00");
    expect(zonedIsoString("2026-07-05T09:00:00.000Z", "UTC")).toBe("2026-07-05T09:00:00+00:00");
    expect(zonedIsoString("2026-07-05T09:00:00.000Z", "Not/AZone")).toBe("2026-07-05T09:00:00.000Z");
  });

  const session = {
    _id: "s-1", title: "Decode Your Mind", startDate: "2026-12-05T14:00:00.000Z", endDate: "2026-12-05T23:00:00.000Z",
    timeZone: "America/New_York", city: "New York", venue: "Hudson Hall", price: 300, currency: "USD",
    seats: 24, seatsLeft: 3, availability: "open" as const, organiser: "Mindful Path Institute", facilitator: "Dr. Maya Rao",
  };
  const opts = { pageUrl: "https://site.example/schedule", orgName: "Mindful Path Institute", orgUrl: "https://site.example" };

  it("an Event with place, organizer, performer and an offer priced from the session with live availability", () => {
    expect(eventJsonLd(session, opts)).toEqual({
      "@type": "Event",
      name: "Decode Your Mind",
      startDate: "2026-12-05T09:00:00-05:00",
      endDate: "2026-12-05T18:00:00-05:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: { "@type": "Place", name: "Hudson Hall", address: { "@type": "PostalAddress", addressLocality: "New York", addressCountry: "US" } },
      organizer: { "@type": "Organization", name: "Mindful Path Institute", url: "https://site.example" },
      performer: { "@type": "Person", name: "Dr. Maya Rao" },
      url: "https://site.example/schedule",
      offers: { "@type": "Offer", price: 300, priceCurrency: "USD", availability: "https://schema.org/LimitedAvailability", url: "https://site.example/schedule" },
    });
    expect(eventJsonLd({ ...session, seatsLeft: 0, availability: "full" }, opts).offers).toMatchObject({ availability: "https://schema.org/SoldOut" });
    expect(eventJsonLd({ ...session, seatsLeft: 20 }, opts).offers).toMatchObject({ availability: "https://schema.org/InStock" });
    expect(eventJsonLd({ ...session, noenroll: true, availability: "no-enrol" }, opts).offers).toBeUndefined();
    expect(eventJsonLd({ ...session, externalLink: "https://tickets.example/x" }, opts).offers).toMatchObject({ url: "https://tickets.example/x" });
  });

  it("leaves out sessions that have started (D12); nothing at all when none is left", () => {
    const now = new Date("2026-12-05T15:00:00.000Z");
    const later = { ...session, _id: "s-2", startDate: "2026-12-06T14:00:00.000Z", endDate: "2026-12-06T23:00:00.000Z" };
    const graph = eventsJsonLd([session, later], { ...opts, now });
    expect(graph?.["@graph"].map((e) => e.startDate)).toEqual(["2026-12-06T09:00:00-05:00"]);
    expect(eventsJsonLd([session], { ...opts, now })).toBeNull();
  });
});
