import { describe, expect, it } from "vitest";
import type { EventJson } from "~/features/events/events.server";
import {
  initialDialog,
  levelNumber,
  levelRef,
  panelButton,
  readScheduleState,
  scheduleState,
  seatsText,
  sessionButton,
  sessionRow,
  staticLevelNumber,
} from "~/features/programmes/level-rules";

/** A session as the wire sends it, with only what a test sets differing. */
function session(over: Partial<EventJson> & { _id: string }): EventJson {
  return {
    id: over._id,
    title: "Decode Your Behavior",
    eventName: "Decode Your Behavior",
    event: "Decode Your Behavior",
    city: "Chicago",
    location: "Chicago",
    venue: "Lakeside Center",
    timeslot: "Full day",
    startDate: "2025-03-05T15:00:00.000Z",
    endDate: "2025-03-06T00:00:00.000Z",
    date: "2025-03-05T15:00:00.000Z",
    timeZone: "America/Chicago",
    price: 600,
    currency: "USD",
    organiser: "Mindful Path Institute",
    organisedby: "Mindful Path Institute",
    organizerEmail: null,
    organiserEmail: null,
    facilitator: null,
    paymentLink: null,
    status: "Open",
    capacity: "Not Limited",
    seats: null,
    seatsLeft: null,
    availability: "open",
    externalLink: null,
    link: null,
    pagelink: null,
    programId: "decode-2",
    programTitle: null,
    eventType: "decode",
    programType: null,
    noenroll: false,
    ...over,
  } as EventJson;
}

const q = (s: string) => new URLSearchParams(s);

describe("which level a URL asks for (spec part 2 §2.2)", () => {
  it("takes the route's {id}, else the query's level, else level 1", () => {
    expect(levelRef("decode-2", q("level=4"))).toBe("decode-2");
    expect(levelRef(undefined, q("level=4"))).toBe("4");
    expect(levelRef(undefined, q(""))).toBe("1");
    expect(levelRef("", q("level="))).toBe("1");
  });

  it("ignores a value that cannot be an id", () => {
    expect(levelRef("../etc", q("level=3"))).toBe("3");
    expect(levelRef(undefined, q("level=%3Cscript%3E"))).toBe("1");
  });

  it("reads a number as a level and anything else as an id", () => {
    expect(levelNumber("3")).toBe(3);
    expect(levelNumber("ich-3")).toBeNull();
  });

  it("/level/{1-5} and the four shortcuts; anything else is not a level", () => {
    expect(staticLevelNumber("/level/3", "3")).toBe(3);
    expect(staticLevelNumber("/level/5", "5")).toBe(5);
    expect(staticLevelNumber("/level-one", undefined)).toBe(1);
    expect(staticLevelNumber("/level-four", undefined)).toBe(4);
    expect(staticLevelNumber("/level/0", "0")).toBeNull();
    expect(staticLevelNumber("/level/6", "6")).toBeNull();
    expect(staticLevelNumber("/level/12", "12")).toBeNull();
    expect(staticLevelNumber("/level/two", "two")).toBeNull();
  });
});

describe("the calendar's navigation state", () => {
  it("opens the dialog with the chosen session, given as an event or as its id", () => {
    expect(readScheduleState({ fromSchedule: true, openModal: true, selectedEvent: { _id: "s-1", title: "x" } })).toEqual({ open: true, sessionId: "s-1" });
    expect(readScheduleState({ fromSchedule: true, openModal: true, selectedEvent: { id: "s-2" } })).toEqual({ open: true, sessionId: "s-2" });
    expect(readScheduleState({ openModal: true, selectedEvent: "s-3" })).toEqual({ open: true, sessionId: "s-3" });
    expect(readScheduleState({ fromSchedule: true, selectedEvent: "s-4" })).toEqual({ open: true, sessionId: "s-4" });
  });

  it("asks for nothing without state, with another page's state or with a bad id", () => {
    expect(readScheduleState(null)).toEqual({ open: false, sessionId: null });
    expect(readScheduleState("s-1")).toEqual({ open: false, sessionId: null });
    expect(readScheduleState({ from: "/decode" })).toEqual({ open: false, sessionId: null });
    expect(readScheduleState({ fromSchedule: true })).toEqual({ open: false, sessionId: null });
    expect(readScheduleState({ openModal: false, selectedEvent: "s-1" })).toEqual({ open: false, sessionId: "s-1" });
    expect(readScheduleState({ openModal: true, selectedEvent: { _id: "a b<" } })).toEqual({ open: true, sessionId: null });
  });

  it("scheduleState is what readScheduleState reads", () => {
    const s = session({ _id: "s-9" });
    expect(readScheduleState(scheduleState(s))).toEqual({ open: true, sessionId: "s-9" });
  });
});

describe("the dialog on arrival: modal, date and state", () => {
  const sessions = [
    session({ _id: "a", startDate: "2025-03-05T15:00:00.000Z", availability: "full" }),
    session({ _id: "b", startDate: "2025-04-10T15:00:00.000Z" }),
    // 9 PM in Los Angeles on 1 May is 2 May in UTC: the venue's day counts.
    session({ _id: "c", startDate: "2025-05-02T04:00:00.000Z", timeZone: "America/Los_Angeles" }),
  ];

  it("opens with ?modal (any value) and leaves the choice to the button", () => {
    expect(initialDialog(q("modal=1"), null, sessions)).toEqual({ open: true, preselectId: null });
    expect(initialDialog(q("modal"), null, sessions)).toEqual({ open: true, preselectId: null });
    expect(initialDialog(q(""), null, sessions)).toEqual({ open: false, preselectId: null });
  });

  it("?date chooses the joinable session starting that day at its venue", () => {
    expect(initialDialog(q("modal=1&date=2025-04-10"), null, sessions)).toEqual({ open: true, preselectId: "b" });
    expect(initialDialog(q("date=2025-05-01"), null, sessions)).toEqual({ open: false, preselectId: "c" });
    expect(initialDialog(q("date=2025-05-01T21:00:00"), null, sessions).preselectId).toBe("c");
    // Full, or no session that day: nothing chosen.
    expect(initialDialog(q("date=2025-03-05"), null, sessions).preselectId).toBeNull();
    expect(initialDialog(q("date=tomorrow"), null, sessions).preselectId).toBeNull();
  });

  it("the calendar's state opens it with its session (a full one: its waiting list), ahead of ?date; a session not on the page is ignored", () => {
    expect(initialDialog(q("date=2025-04-10"), scheduleState(session({ _id: "c" })), sessions)).toEqual({ open: true, preselectId: "c" });
    expect(initialDialog(q(""), scheduleState(session({ _id: "elsewhere" })), sessions)).toEqual({ open: true, preselectId: null });
    expect(initialDialog(q(""), scheduleState(session({ _id: "a" })), sessions)).toEqual({ open: true, preselectId: "a" });
  });
});

describe("a session in the table", () => {
  it("reads its date and time at the venue, place, organiser, price and seats", () => {
    const row = sessionRow(session({ _id: "x", startDate: "2025-03-05T14:00:00.000Z", endDate: "2025-03-05T23:00:00.000Z", timeZone: "America/New_York", city: "New York", venue: "Hudson Hall", seatsLeft: 3, seats: 20 }));
    expect(row).toEqual({
      id: "x",
      name: "Decode Your Behavior",
      date: "5th Mar 2025",
      time: "9:00 AM – 6:00 PM EST",
      location: "New York",
      venue: "Hudson Hall",
      organiser: "Mindful Path Institute",
      price: "$600",
      seats: "3 seats left",
    });
  });

  it("over several days says the start's date once, above, and the end's date in the times", () => {
    const row = sessionRow(session({ _id: "m", startDate: "2025-03-05T14:00:00.000Z", endDate: "2025-03-07T22:00:00.000Z", timeZone: "America/New_York" }));
    expect(row.date).toBe("5th Mar 2025");
    expect(row.time).toBe("9:00 AM – 7th Mar 2025, 5:00 PM EST");
    // Across the change of the clocks (9 Mar 2025), each end keeps its own zone name.
    expect(sessionRow(session({ _id: "d", startDate: "2025-03-08T14:00:00.000Z", endDate: "2025-03-09T21:00:00.000Z", timeZone: "America/New_York" })).time).toBe("9:00 AM EST – 9th Mar 2025, 5:00 PM EDT");
  });

  it("falls back to the spec's texts when values are missing", () => {
    const row = sessionRow(session({ _id: "y", title: "", city: "", venue: null, organiser: null, facilitator: "Dr. Maya Rao", price: null }));
    expect(row.name).toBe("Event Name Not Available");
    expect(row.location).toBe("Location Not Available");
    expect(row.organiser).toBe("Dr. Maya Rao");
    expect(row.price).toBe("Price Not Available");
    expect(row.seats).toBeNull();
  });

  it("says how many seats are left only when the session has a capacity", () => {
    expect(seatsText(null)).toBeNull();
    expect(seatsText(1)).toBe("1 seat left");
    expect(seatsText(0)).toBe("Fully booked");
    expect(sessionRow(session({ _id: "z", availability: "full", seatsLeft: 0, seats: 2 })).seats).toBeNull();
  });

  it("its button: the external link in a new tab, else the dialog; a full one's waiting list; none when it cannot be joined", () => {
    expect(sessionButton(session({ _id: "e", externalLink: "https://tickets.example.org/x" }))).toMatchObject({ action: "external", href: "https://tickets.example.org/x", label: "Enroll" });
    expect(sessionButton(session({ _id: "j", externalLink: "javascript:alert(1)" }))).toMatchObject({ action: "open-dialog", preselectId: "j" });
    expect(sessionButton(session({ _id: "n", availability: "no-enrol" }))).toBeNull();
    expect(sessionButton(session({ _id: "f", availability: "full" }))).toEqual({ label: "Waiting list", disabled: false, action: "open-dialog", preselectId: "f" });
    expect(sessionButton(session({ _id: "x", availability: "closed" }))).toBeNull();
  });
});

describe("the side panel's button (spec part 2 §4)", () => {
  const s1 = session({ _id: "s1" });
  const s2 = session({ _id: "s2", externalLink: "https://tickets.example.org/s2" });
  const full = session({ _id: "full", availability: "full" });

  it("no sessions: 'No Sessions Available' on a level page, 'Registration Coming Soon' on a programme page", () => {
    expect(panelButton({ page: "level", level: 2, sessions: [], selectedId: null })).toMatchObject({ label: "No Sessions Available", disabled: true, action: "none" });
    expect(panelButton({ page: "programme", level: 2, sessions: [], selectedId: null })).toMatchObject({ label: "Registration Coming Soon", disabled: true });
  });

  it("'Register Now' for levels 1 and 5, 'Enroll Now' otherwise; the first joinable session is chosen", () => {
    expect(panelButton({ page: "level", level: 1, sessions: [full, s1], selectedId: null })).toMatchObject({ label: "Register Now", action: "open-dialog", preselectId: "s1" });
    expect(panelButton({ page: "programme", level: 5, sessions: [s1], selectedId: null }).label).toBe("Register Now");
    expect(panelButton({ page: "programme", level: 3, sessions: [s1], selectedId: null }).label).toBe("Enroll Now");
  });

  it("a session chosen in the table is the one it enrolls in, in a new tab when it has an external link", () => {
    expect(panelButton({ page: "programme", level: 2, sessions: [s1, s2], selectedId: "s2" })).toMatchObject({ label: "Enroll Now", action: "external", href: "https://tickets.example.org/s2" });
    // A full session chosen in the table does not change the button.
    expect(panelButton({ page: "programme", level: 2, sessions: [s1, full], selectedId: "full" })).toMatchObject({ action: "open-dialog", preselectId: "s1" });
  });

  it("every session full: 'Fully Booked', disabled", () => {
    expect(panelButton({ page: "level", level: 2, sessions: [full], selectedId: "full" })).toMatchObject({ label: "Fully Booked", disabled: true });
  });
});
