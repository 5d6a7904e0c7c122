import { describe, expect, it } from "vitest";
import { CARD_POINTS_MAX, SUBTITLE_MAX_CHARS, cutText, summarisePoints } from "~/features/programmes/card-summary";

describe("cutText: the ICH card subtitle (spec part 2 §2.5, §9)", () => {
  it("cuts at 80 characters by default", () => {
    expect(SUBTITLE_MAX_CHARS).toBe(80);
  });

  it("keeps a text of 80 characters or fewer whole, without an ellipsis", () => {
    const eighty = "a".repeat(80);
    expect(cutText(eighty)).toEqual({ shown: eighty, full: eighty, cut: false });
    expect(cutText("Short subtitle")).toEqual({ shown: "Short subtitle", full: "Short subtitle", cut: false });
    expect(cutText("")).toEqual({ shown: "", full: "", cut: false });
  });

  it("shows the first 80 characters and an ellipsis when longer, and keeps the whole text", () => {
    const text = `${"b".repeat(80)}c`;
    const r = cutText(text);
    expect(r.cut).toBe(true);
    expect(r.shown).toBe(`${"b".repeat(80)}…`);
    expect(r.full).toBe(text);
  });

  it("cuts a real subtitle where the 80th character falls", () => {
    const text = "Work with inner conflict, deep-seated beliefs and complex cases using parts therapy and advanced regression.";
    expect(cutText(text).shown).toBe("Work with inner conflict, deep-seated beliefs and complex cases using parts ther…");
    expect(Array.from(cutText(text).shown)).toHaveLength(81);
  });

  it("drops spaces before the ellipsis and trims the text first", () => {
    expect(cutText(`${"d".repeat(79)}  more words`).shown).toBe(`${"d".repeat(79)}…`);
    expect(cutText(`  ${"e".repeat(80)}  `)).toEqual({ shown: "e".repeat(80), full: "e".repeat(80), cut: false });
  });

  it("counts characters, never splitting an emoji or accented letter", () => {
    const text = `${"🌿".repeat(81)}`;
    expect(cutText(text).shown).toBe(`${"🌿".repeat(80)}…`);
    expect(cutText("é".repeat(80)).cut).toBe(false);
  });

  it("takes another length when asked", () => {
    expect(cutText("abcdef", 3).shown).toBe("abc…");
  });
});

describe("summarisePoints: at most 5 bullets, then '+N more points'", () => {
  const points = (n: number) => Array.from({ length: n }, (_, i) => `Point ${i + 1}`);

  it("shows up to 5 points with no summary line", () => {
    expect(CARD_POINTS_MAX).toBe(5);
    expect(summarisePoints([])).toEqual({ shown: [], more: 0, moreLabel: null });
    expect(summarisePoints(points(4))).toEqual({ shown: points(4), more: 0, moreLabel: null });
    expect(summarisePoints(points(5))).toEqual({ shown: points(5), more: 0, moreLabel: null });
  });

  it("shows the first 5 and counts the rest", () => {
    expect(summarisePoints(points(8))).toEqual({ shown: points(5), more: 3, moreLabel: "+3 more points" });
    expect(summarisePoints(points(7)).moreLabel).toBe("+2 more points");
  });

  it("says 'point' for a single one left out", () => {
    expect(summarisePoints(points(6))).toEqual({ shown: points(5), more: 1, moreLabel: "+1 more point" });
  });

  it("takes another maximum when asked", () => {
    expect(summarisePoints(points(3), 2)).toEqual({ shown: points(2), more: 1, moreLabel: "+1 more point" });
  });
});
