import { describe, expect, it } from "vitest";
import { staffLevel } from "~/features/registrations/staff-format";

describe("a registration's level on the staff screens", () => {
  it("reads a program's bare level number as 'Level N', and keeps any other text as stored", () => {
    expect(staffLevel("1")).toBe("Level 1");
    expect(staffLevel(" 12 ")).toBe("Level 12");
    expect(staffLevel("Level I")).toBe("Level I");
    expect(staffLevel("DECODE Level 1: Decode Your Mind")).toBe("DECODE Level 1: Decode Your Mind");
    expect(staffLevel(null)).toBeNull();
  });
});
