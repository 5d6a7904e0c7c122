import { describe, expect, it } from "vitest";
import { staffCalendarDate, staffLevel } from "~/features/registrations/staff-format";

describe("a registration's level on the staff screens", () => {
  it("reads a program's bare level number as 'Level N', and keeps any other text as stored", () => {
    expect(staffLevel("1")).toBe("Level 1");
    expect(staffLevel(" 12 ")).toBe("Level 12");
    expect(staffLevel("Level I")).toBe("Level I");
    expect(staffLevel("DECODE Level 1: Decode Your Mind")).toBe("DECODE Level 1: Decode Your Mind");
    expect(staffLevel(null)).toBeNull();
  });
});

describe("a calendar date on the staff screens", () => {
  it("reads 'YYYY-MM-DD' as that day, in the screens' format, whatever the zone; keeps other text as stored", () => {
    expect(staffCalendarDate("1990-04-12")).toBe("Apr 12, 1990");
    expect(staffCalendarDate("2026-12-31")).toBe("Dec 31, 2026");
    expect(staffCalendarDate("2026-02-30")).toBe("2026-02-30");
    expect(staffCalendarDate("5th Mar 2025")).toBe("5th Mar 2025");
    expect(staffCalendarDate(null)).toBeNull();
  });
});
