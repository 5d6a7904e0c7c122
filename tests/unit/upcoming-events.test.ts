import { describe, expect, it } from "vitest";
import { normaliseUpcomingEvent, normaliseUpcomingEvents, parsePrice, upcomingOnly } from "~/features/programmes/normalise";

describe("normaliseUpcomingEvents (spec part 2 §3)", () => {
  const one = { _id: "e1", eventName: "DECODE Level 1", location: "Chicago", startDate: "2025-03-05T15:00:00Z", endDate: "2025-03-05T23:00:00Z" };

  it("reads upcomingEvents, events or sessions alike", () => {
    for (const key of ["upcomingEvents", "events", "sessions"]) {
      const [event] = normaliseUpcomingEvents({ [key]: [one] });
      expect(event).toMatchObject({ id: "e1", eventName: "DECODE Level 1", location: "Chicago", startDate: "2025-03-05T15:00:00.000Z", endDate: "2025-03-05T23:00:00.000Z" });
    }
  });

  it("takes the first list that holds sessions, and unwraps a data field", () => {
    expect(normaliseUpcomingEvents({ upcomingEvents: [], sessions: [one] })).toHaveLength(1);
    expect(normaliseUpcomingEvents({ data: { events: [one, { ...one, _id: "e2" }] } }).map((e) => e.id)).toEqual(["e1", "e2"]);
    expect(normaliseUpcomingEvents({ title: "No sessions" })).toEqual([]);
    expect(normaliseUpcomingEvents(null)).toEqual([]);
    expect(normaliseUpcomingEvents({ events: [null, "x", 3] })).toEqual([]);
  });

  it("converts a legacy single date to a start with the end two hours later", () => {
    const [event] = normaliseUpcomingEvents({ upcomingEvents: [{ date: "2025-03-05T14:00:00Z" }] });
    expect(event).toMatchObject({ startDate: "2025-03-05T14:00:00.000Z", endDate: "2025-03-05T16:00:00.000Z", legacy: true });
  });

  it("reads a date without an offset at the venue (New York by default)", () => {
    expect(normaliseUpcomingEvent({ date: "2025-01-15T09:00" }).startDate).toBe("2025-01-15T14:00:00.000Z");
    expect(normaliseUpcomingEvent({ startDate: "2025-07-15T09:00", timeZone: "America/Los_Angeles" }).startDate).toBe("2025-07-15T16:00:00.000Z");
  });

  it("gives a start without an end, or with an earlier end, two hours", () => {
    expect(normaliseUpcomingEvent({ startDate: "2025-03-05T14:00:00Z" }).endDate).toBe("2025-03-05T16:00:00.000Z");
    expect(normaliseUpcomingEvent({ startDate: "2025-03-05T14:00:00Z", endDate: "2025-03-05T10:00:00Z" }).endDate).toBe("2025-03-05T16:00:00.000Z");
    expect(normaliseUpcomingEvent({ startDate: "2025-03-05T14:00:00Z" }).legacy).toBe(false);
  });

  it("keeps an event without a date, with no dates ('No date set')", () => {
    expect(normaliseUpcomingEvent({ eventName: "Soon", date: "" })).toMatchObject({ startDate: null, endDate: null, legacy: false });
  });

  it("reads the alternative names of each field", () => {
    const event = normaliseUpcomingEvent({
      id: "e9", event: "Family Constellation", city: "Austin", organisedby: "Daniel", organiserEmail: "d@example.org",
      price: "$1,500.00", capacity: "10 Seats", noenroll: "true", pagelink: "/family-constellation", status: "Open",
    });
    expect(event).toMatchObject({
      id: "e9", eventName: "Family Constellation", location: "Austin", organiser: "Daniel", organizerEmail: "d@example.org",
      price: "$1,500.00", priceCents: 150000, currency: "USD", capacity: 10, noEnrol: true, pageLink: "/family-constellation", status: "Open",
    });
    expect(normaliseUpcomingEvent({ title: "T", facilitator: "F", seats: 12, priceCents: 3500 })).toMatchObject({
      eventName: "T", organiser: "F", capacity: 12, priceCents: 3500, noEnrol: false,
    });
  });

  it("sorts by start, undated last, keeping the server order otherwise", () => {
    const events = normaliseUpcomingEvents({
      upcomingEvents: [
        { _id: "late", startDate: "2025-05-01T14:00:00Z" },
        { _id: "none" },
        { _id: "early", startDate: "2025-04-01T14:00:00Z" },
      ],
    });
    expect(events.map((e) => e.id)).toEqual(["early", "late", "none"]);
  });

  it("upcomingOnly drops past and undated sessions (D12)", () => {
    const events = normaliseUpcomingEvents({
      upcomingEvents: [{ _id: "past", startDate: "2024-09-15T14:00:00Z" }, { _id: "next", startDate: "2026-09-15T14:00:00Z" }, { _id: "none" }],
    });
    expect(upcomingOnly(events, new Date("2026-01-01T00:00:00Z")).map((e) => e.id)).toEqual(["next"]);
  });
});

describe("parsePrice", () => {
  it.each([
    ["$375", 37500, "USD"],
    ["$ 375.00", 37500, "USD"],
    ["$1,500", 150000, "USD"],
    ["99.9", 9990, "USD"],
    ["AED 750", 75000, "AED"],
    ["1,500 AED", 150000, "AED"],
    [300, 30000, "USD"],
  ])("%j → %d %s", (value, cents, currency) => {
    expect(parsePrice(value)).toEqual({ cents, currency });
  });

  it("refuses what is not an amount", () => {
    expect(parsePrice("free")).toBeNull();
    expect(parsePrice("$1,50")).toBeNull();
    expect(parsePrice(-5)).toBeNull();
    expect(parsePrice(null)).toBeNull();
  });
});
