import { describe, expect, it } from "vitest";
import { calendarDaysUntil, daysAway, dueReminder, replyAddress } from "~/features/session-mail/session-mail.server";

const DAY = 86_400_000;
const start = "2027-05-10T15:00:00.000Z";
const at = (daysBefore: number) => new Date(Date.parse(start) - daysBefore * DAY);
const registered = (daysBefore: number) => at(daysBefore).toISOString();

describe("which reminder is due (issue 11 point 3)", () => {
  it("none before the first moment", () => {
    expect(dueReminder([7, 1], start, registered(30), at(7.5))).toBeNull();
  });
  it("the 7-day one from its moment until the 1-day moment", () => {
    expect(dueReminder([7, 1], start, registered(30), at(7))).toBe(7);
    expect(dueReminder([7, 1], start, registered(30), at(2))).toBe(7);
  });
  it("only the nearest once several have come (after a pause, the 1-day one alone)", () => {
    expect(dueReminder([7, 1], start, registered(30), at(0.5))).toBe(1);
  });
  it("not one whose moment came before the person registered", () => {
    expect(dueReminder([7, 1], start, registered(3), at(2))).toBeNull();
    expect(dueReminder([7, 1], start, registered(3), at(0.9))).toBe(1);
    expect(dueReminder([7, 1], start, registered(0.5), at(0.4))).toBeNull();
  });
  it("none once the session has begun, and none when reminders are off", () => {
    expect(dueReminder([7, 1], start, registered(30), at(0))).toBeNull();
    expect(dueReminder([7, 1], start, registered(30), at(-1))).toBeNull();
    expect(dueReminder([], start, registered(30), at(0.5))).toBeNull();
  });
  it("says the distance in words", () => {
    expect(daysAway(0)).toBe("today");
    expect(daysAway(1)).toBe("tomorrow");
    expect(daysAway(7)).toBe("in 7 days");
  });
  it("counts the distance in calendar days at the venue from when the mail is written, not the reminder's own number", () => {
    // 9 AM in New York on 10 May 2027 (13:00 UTC).
    const nine = "2027-05-10T13:00:00.000Z";
    const ny = "America/New_York";
    expect(calendarDaysUntil(nine, ny, new Date("2027-05-03T13:00:00Z"))).toBe(7);
    // A 16-day reminder added by staff, sent 12 days before: it says 12.
    expect(calendarDaysUntil(nine, ny, new Date("2027-04-28T10:00:00Z"))).toBe(12);
    // 11 PM the evening before in New York (03:00 UTC the same day): tomorrow, though under 24 hours away.
    expect(calendarDaysUntil(nine, ny, new Date("2027-05-10T03:00:00Z"))).toBe(1);
    // A 1-day reminder sent late, on the morning itself: today.
    expect(daysAway(calendarDaysUntil(nine, ny, new Date("2027-05-10T11:00:00Z")))).toBe("today");
  });
});

describe("where a registrant's reply to a session mail goes", () => {
  const site = { contactEmail: "hello@mindfulpath.example" };
  it("to the address their confirmation replied to: a booking's organizer, a registration's contact address", () => {
    expect(replyAddress(site, { kind: "family", organiser_email: "fc@mindfulpath.example" })).toBe("fc@mindfulpath.example");
    expect(replyAddress(site, { kind: "family", organiser_email: null })).toBe("hello@mindfulpath.example");
    expect(replyAddress(site, { kind: "decode", organiser_email: "events@mindfulpath.example" })).toBe("hello@mindfulpath.example");
    expect(replyAddress(site, { kind: "hypnotherapy", organiser_email: "events@mindfulpath.example" })).toBe("hello@mindfulpath.example");
  });
});
