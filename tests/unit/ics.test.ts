import { afterEach, describe, expect, it, vi } from "vitest";
import { buildCalendarFile, sessionCalendarFile } from "~/features/mail/ics.server";

const entry = {
  uid: "registration-1@mindfulpath.example",
  title: "DECODE Level 1",
  startsAt: "2026-12-03T14:00:00.000Z",
  endsAt: "2026-12-03T23:00:00.000Z",
  timeZone: "America/New_York",
  location: "Hall, New York",
  description: "Level 1",
};

/** Unfolded content lines (RFC 5545 §3.1). */
const lines = (ics: string) => ics.replace(/\r\n[ \t]/g, "").split("\r\n");

describe("session calendar file", () => {
  it("publishes a confirmed entry in the venue's zone, sequence 0", () => {
    const l = lines(sessionCalendarFile(entry));
    expect(l).toContain("METHOD:PUBLISH");
    expect(l).toContain("STATUS:CONFIRMED");
    expect(l).toContain("SEQUENCE:0");
    expect(l).toContain("UID:registration-1@mindfulpath.example");
    expect(l).toContain("DTSTART;TZID=America/New_York:20261203T090000");
    expect(l).toContain("DTEND;TZID=America/New_York:20261203T180000");
    expect(l).toContain("BEGIN:VTIMEZONE");
  });

  it("folds every line at 75 octets, not 75 characters, never inside a character (RFC 5545 §3.1)", () => {
    const description = `Decode Your Mind\n6th Dec 2026, 9:00 AM – 6:00 PM EST – Seán Ó Briain, Zoë Müller – ${"é".repeat(60)} 😀😀😀`;
    const file = sessionCalendarFile({ ...entry, description, location: "Café Ünïcode – Hall, New York" });
    const physical = file.split("\r\n");
    for (const line of physical) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    // No line break inside a character: every physical line is whole UTF-8, and unfolding gives the text back.
    for (const line of physical) expect(Buffer.from(line, "utf8").toString("utf8")).toBe(line);
    const unfolded = lines(file);
    expect(unfolded).toContain(`DESCRIPTION:${description.replace(/,/g, "\\,").replace(/\n/g, "\\n")}`);
    expect(unfolded).toContain("LOCATION:Café Ünïcode – Hall\\, New York");
    expect(file.endsWith("END:VCALENDAR\r\n") || file.endsWith("END:VCALENDAR")).toBe(true);
  });

  it("writes a second occurrence of a repeated wall-clock time in UTC, since a local time there means the first (RFC 5545 §3.3.5)", () => {
    // 2027-11-07, New York: 06:30Z is the second 1:30 AM (EST); 08:30Z is 3:30 AM EST, which happens once.
    const l = lines(sessionCalendarFile({ ...entry, startsAt: "2027-11-07T06:30:00.000Z", endsAt: "2027-11-07T08:30:00.000Z" }));
    expect(l).toContain("DTSTART:20271107T063000Z");
    expect(l).toContain("DTEND;TZID=America/New_York:20271107T033000");
    // The first 1:30 AM (EDT) is what the local form means: written as such.
    expect(lines(sessionCalendarFile({ ...entry, startsAt: "2027-11-07T05:30:00.000Z", endsAt: "2027-11-07T08:30:00.000Z" }))).toContain(
      "DTSTART;TZID=America/New_York:20271107T013000",
    );
  });

  it("writes an instant with milliseconds in the venue's zone: only a repeated wall-clock time goes to UTC", () => {
    // Sessions made from 'now + 10 days' carry milliseconds; the calendar line holds whole seconds.
    const l = lines(sessionCalendarFile({ ...entry, startsAt: "2026-12-07T02:22:52.123Z", endsAt: "2026-12-07T10:22:52.999Z" }));
    expect(l).toContain("DTSTART;TZID=America/New_York:20261206T212252");
    expect(l).toContain("DTEND;TZID=America/New_York:20261207T052252");
  });

  it("leaves DTEND out for a session that ends when it starts: a zero-length event, not an invalid one (RFC 5545 §3.6.1, §3.8.2.2)", () => {
    for (const timeZone of ["America/New_York", "Not/AZone"]) {
      // Equal to the second as written: milliseconds do not make a later DTEND.
      for (const endsAt of [entry.startsAt, "2026-12-03T14:00:00.600Z"]) {
        const l = lines(sessionCalendarFile({ ...entry, timeZone, endsAt }));
        expect(l.filter((x) => x.startsWith("DTEND"))).toEqual([]);
        expect(l.filter((x) => x.startsWith("DURATION"))).toEqual([]);
        expect(l).toContain(timeZone === "Not/AZone" ? "DTSTART:20261203T140000Z" : "DTSTART;TZID=America/New_York:20261203T090000");
        expect(l).toContain("END:VEVENT");
      }
    }
    // One second later is an end.
    expect(lines(sessionCalendarFile({ ...entry, endsAt: "2026-12-03T14:00:01.000Z" }))).toContain("DTEND;TZID=America/New_York:20261203T090001");
  });

  it("names in DTSTART the zone its VTIMEZONE defines, when the stored name is an older alias", () => {
    const l = lines(sessionCalendarFile({ ...entry, timeZone: "America/Indianapolis" }));
    expect(l).toContain("TZID:America/Indiana/Indianapolis");
    expect(l).toContain("DTSTART;TZID=America/Indiana/Indianapolis:20261203T090000");
  });

  it("keeps an organizer's name a valid quoted parameter: no double quote inside", () => {
    const l = lines(sessionCalendarFile({ ...entry, organiser: { name: 'Zoë, O\'Brien; "Org"', email: "org@example.org" } }));
    const organizer = l.find((x) => x.startsWith("ORGANIZER"));
    expect(organizer).toBe(`ORGANIZER;CN="Zoë, O'Brien; 'Org'":MAILTO:org@example.org`);
  });

  it("cancels the same entry: METHOD:CANCEL, STATUS:CANCELLED, same UID, a higher SEQUENCE", () => {
    const l = lines(sessionCalendarFile({ ...entry, cancelled: true, sequence: 1 }));
    expect(l).toContain("METHOD:CANCEL");
    expect(l).toContain("STATUS:CANCELLED");
    expect(l).toContain("SEQUENCE:1");
    expect(l).toContain("UID:registration-1@mindfulpath.example");
    expect(l).not.toContain("METHOD:PUBLISH");
  });

  describe("built once per session, with each registration's UID and the current DTSTAMP", () => {
    afterEach(() => vi.useRealTimers());
    const stamp = (ics: string) => /\r\nDTSTAMP:(\d{8}T\d{6}Z)\r\n/.exec(ics)?.[1];
    const withoutStamp = (ics: string) => ics.replace(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/, "\r\nDTSTAMP:-\r\n");
    const variants = [
      entry,
      { ...entry, cancelled: true, sequence: 3 },
      // A UID long enough for its line to be folded, and a title that is.
      { ...entry, uid: `registration-${"0f8fad5b-d9cb-469f-a165-70867728950e"}@a-rather-long-host-name.mindfulpath.example` },
      { ...entry, title: "DECODE Level 1; Caf\u00e9, \"quotes\" and a title long enough to be folded over two lines or more", organiser: { name: "Org", email: "hello@mindfulpath.example" }, url: "https://mindfulpath.example/x" },
      { ...entry, uid: "needs,escaping;here" },
    ];

    it("gives, for every registrant, exactly the file the library would make", () => {
      for (const v of variants) {
        for (const uid of [v.uid, v.uid.replace(/1/g, "7"), v.uid.replace(/registration/g, "family-booking")]) {
          const file = sessionCalendarFile({ ...v, uid });
          expect(withoutStamp(file)).toBe(withoutStamp(buildCalendarFile({ ...v, uid })));
        }
      }
    });

    it("stamps each file with the time it is made, not the time the template was", () => {
      vi.useFakeTimers({ now: new Date("2026-11-24T10:00:00Z"), toFake: ["Date"] });
      expect(stamp(sessionCalendarFile({ ...entry, uid: "registration-2@mindfulpath.example" }))).toBe("20261124T100000Z");
      vi.setSystemTime(new Date("2026-11-25T08:30:15Z"));
      expect(stamp(sessionCalendarFile({ ...entry, uid: "registration-3@mindfulpath.example" }))).toBe("20261125T083015Z");
    });

    it("makes a new file when the session changes", () => {
      const before = lines(sessionCalendarFile({ ...entry, uid: "registration-4@mindfulpath.example" }));
      const after = lines(sessionCalendarFile({ ...entry, uid: "registration-4@mindfulpath.example", startsAt: "2026-12-04T14:00:00.000Z", location: "Annex, New York" }));
      expect(before).toContain("DTSTART;TZID=America/New_York:20261203T090000");
      expect(after).toContain("DTSTART;TZID=America/New_York:20261204T090000");
      expect(after).toContain("LOCATION:Annex\\, New York");
      expect(after).toContain("UID:registration-4@mindfulpath.example");
    });
  });
});
