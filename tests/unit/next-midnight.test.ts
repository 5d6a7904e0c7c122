import { describe, expect, it } from "vitest";
import { nextMidnightAt } from "~/features/events/next-clock-change.server";

describe("the next midnight where the organisation is (decision 0103)", () => {
  const at = (iso: string) => new Date(nextMidnightAt("America/New_York", new Date(iso))).toISOString();

  it("is the start of tomorrow in New York, on ordinary days and across both clock changes", () => {
    expect(at("2026-06-15T12:00:00Z")).toBe("2026-06-16T04:00:00.000Z");
    // Late evening in New York is already tomorrow in UTC: still the coming midnight there.
    expect(at("2026-06-16T03:30:00Z")).toBe("2026-06-16T04:00:00.000Z");
    // 8 March 2026 has 23 hours, 1 November 2026 has 25.
    expect(at("2026-03-08T12:00:00Z")).toBe("2026-03-09T04:00:00.000Z");
    expect(at("2026-03-08T04:30:00Z")).toBe("2026-03-08T05:00:00.000Z");
    expect(at("2026-11-01T12:00:00Z")).toBe("2026-11-02T05:00:00.000Z");
    expect(at("2026-12-31T23:00:00Z")).toBe("2027-01-01T05:00:00.000Z");
  });
});
