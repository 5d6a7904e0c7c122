import { describe, expect, it } from "vitest";
import { sessionCalendarFile } from "~/features/mail/ics.server";

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

  it("cancels the same entry: METHOD:CANCEL, STATUS:CANCELLED, same UID, a higher SEQUENCE", () => {
    const l = lines(sessionCalendarFile({ ...entry, cancelled: true, sequence: 1 }));
    expect(l).toContain("METHOD:CANCEL");
    expect(l).toContain("STATUS:CANCELLED");
    expect(l).toContain("SEQUENCE:1");
    expect(l).toContain("UID:registration-1@mindfulpath.example");
    expect(l).not.toContain("METHOD:PUBLISH");
  });
});
