import { describe, expect, it } from "vitest";
import { visibleIndices, wrapIndex } from "~/components/media/carousel-logic";
import { formatClock, formatEventDate, spokenDuration } from "~/lib/format";

describe("formatters", () => {
  it("formats clock times", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(75.9)).toBe("1:15");
    expect(formatClock(3725)).toBe("1:02:05");
    expect(formatClock(Number.NaN)).toBe("0:00");
    expect(spokenDuration(61)).toBe("1 minute 1 second");
  });

  it("formats event dates like '5th Mar 2025' in the venue's time zone", () => {
    expect(formatEventDate("2025-03-05T15:00:00Z")).toBe("5th Mar 2025");
    expect(formatEventDate("2025-03-01T15:00:00Z")).toBe("1st Mar 2025");
    expect(formatEventDate("2025-03-02T15:00:00Z")).toBe("2nd Mar 2025");
    expect(formatEventDate("2025-03-23T15:00:00Z")).toBe("23rd Mar 2025");
    expect(formatEventDate("2025-03-11T15:00:00Z")).toBe("11th Mar 2025");
    expect(formatEventDate("2025-03-12T15:00:00Z")).toBe("12th Mar 2025");
    expect(formatEventDate("2025-03-13T15:00:00Z")).toBe("13th Mar 2025");
    // 02:00 UTC on the 6th is still the 5th in New York.
    expect(formatEventDate("2025-03-06T02:00:00Z", "America/New_York")).toBe("5th Mar 2025");
    expect(formatEventDate("2025-03-06T02:00:00Z", "UTC")).toBe("6th Mar 2025");
    expect(formatEventDate("not a date")).toBeNull();
    expect(formatEventDate(null)).toBeNull();
  });
});

describe("carousel", () => {
  it("wraps indices both ways", () => {
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(7, 3)).toBe(1);
    expect(wrapIndex(0, 0)).toBe(0);
  });
  it("shows previous, current and next when wide; one when narrow; never twice", () => {
    expect(visibleIndices(0, 5, true)).toEqual([4, 0, 1]);
    expect(visibleIndices(4, 5, true)).toEqual([3, 4, 0]);
    expect(visibleIndices(2, 5, false)).toEqual([2]);
    expect(visibleIndices(0, 1, true)).toEqual([0]);
    expect(visibleIndices(0, 2, true)).toEqual([1, 0]);
    expect(visibleIndices(0, 0, true)).toEqual([]);
  });
});
