import { describe, expect, it } from "vitest";
import { calendarDaysUntil, daysAway, dueReminder, reminderMoment, replyAddress } from "~/features/session-mail/session-mail.server";

const DAY = 86_400_000;
const start = "2027-05-10T15:00:00.000Z";
const at = (daysBefore: number) => new Date(Date.parse(start) - daysBefore * DAY);
const registered = (daysBefore: number) => at(daysBefore).toISOString();
const ny = "America/New_York";

describe("which reminder is due (issue 11 point 3)", () => {
  it("none before the first moment", () => {
    expect(dueReminder([7, 1], start, ny, registered(30), at(7.5))).toBeNull();
  });
  it("the 7-day one from its moment until the 1-day moment", () => {
    expect(dueReminder([7, 1], start, ny, registered(30), at(7))).toBe(7);
    expect(dueReminder([7, 1], start, ny, registered(30), at(2))).toBe(7);
  });
  it("only the nearest once several have come (after a pause, the 1-day one alone)", () => {
    expect(dueReminder([7, 1], start, ny, registered(30), at(0.5))).toBe(1);
  });
  it("not one whose moment came before the person registered", () => {
    expect(dueReminder([7, 1], start, ny, registered(3), at(2))).toBeNull();
    expect(dueReminder([7, 1], start, ny, registered(3), at(0.9))).toBe(1);
    expect(dueReminder([7, 1], start, ny, registered(0.5), at(0.4))).toBeNull();
  });
  it("none once the session has begun, and none when reminders are off", () => {
    expect(dueReminder([7, 1], start, ny, registered(30), at(0))).toBeNull();
    expect(dueReminder([7, 1], start, ny, registered(30), at(-1))).toBeNull();
    expect(dueReminder([], start, ny, registered(30), at(0.5))).toBeNull();
  });
  it("the same wall-clock time at the venue N calendar days before, across a change of the clocks (decision 0079)", () => {
    // 11:30 PM on Sunday 7 Nov 2027 in New York (EST): the clocks went back that morning.
    const fall = "2027-11-08T04:30:00.000Z";
    // The 1-day reminder: 11:30 PM on the 6th (EDT), 25 hours before, not 12:30 AM on the 7th.
    expect(reminderMoment(fall, ny, 1)).toBe(Date.parse("2027-11-07T03:30:00Z"));
    expect(dueReminder([1], fall, ny, "2027-10-01T00:00:00Z", new Date("2027-11-07T03:29:59Z"))).toBeNull();
    const late = new Date("2027-11-07T03:30:00Z");
    expect(dueReminder([1], fall, ny, "2027-10-01T00:00:00Z", late)).toBe(1);
    expect(daysAway(calendarDaysUntil(fall, ny, late))).toBe("tomorrow");
    // 12:30 AM on Monday 15 Mar 2027 (EDT): the clocks went forward on the 14th.
    const spring = "2027-03-15T04:30:00.000Z";
    // 12:30 AM on the 14th (EST), 23 hours before, not 11:30 PM on the 13th.
    expect(reminderMoment(spring, ny, 1)).toBe(Date.parse("2027-03-14T05:30:00Z"));
    expect(dueReminder([1], spring, ny, "2027-02-01T00:00:00Z", new Date("2027-03-14T05:29:59Z"))).toBeNull();
    const early = new Date("2027-03-14T05:30:00Z");
    expect(dueReminder([1], spring, ny, "2027-02-01T00:00:00Z", early)).toBe(1);
    expect(daysAway(calendarDaysUntil(spring, ny, early))).toBe("tomorrow");
    // 7 days before, over the change: 12:30 AM on the 8th (EST).
    expect(reminderMoment(spring, ny, 7)).toBe(Date.parse("2027-03-08T05:30:00Z"));
    // 2:30 AM on the 15th: 2:30 AM on the 14th never happened, so 3:30 AM (EDT), as a session's own time would read.
    expect(reminderMoment("2027-03-15T06:30:00.000Z", ny, 1)).toBe(Date.parse("2027-03-14T07:30:00Z"));
    // 1:30 AM on 8 Nov: 1:30 AM on the 7th happened twice; the first (EDT).
    expect(reminderMoment("2027-11-08T06:30:00.000Z", ny, 1)).toBe(Date.parse("2027-11-07T05:30:00Z"));
    // A start with milliseconds keeps them.
    expect(reminderMoment("2027-05-10T15:00:00.250Z", ny, 1)).toBe(Date.parse("2027-05-09T15:00:00.250Z"));
  });
  it("says the distance in words", () => {
    expect(daysAway(0)).toBe("today");
    expect(daysAway(1)).toBe("tomorrow");
    expect(daysAway(7)).toBe("in 7 days");
  });
  it("counts the distance in calendar days at the venue from when the mail is written, not the reminder's own number", () => {
    // 9 AM in New York on 10 May 2027 (13:00 UTC).
    const nine = "2027-05-10T13:00:00.000Z";
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
