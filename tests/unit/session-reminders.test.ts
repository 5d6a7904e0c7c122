import { describe, expect, it } from "vitest";
import { daysAway, dueReminder, replyAddress } from "~/features/session-mail/session-mail.server";

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
    expect(daysAway(1)).toBe("tomorrow");
    expect(daysAway(7)).toBe("in 7 days");
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
