import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { parseListQuery } from "~/lib/list-query";
import { lowerEachCharacter, searchFold } from "~/lib/search-fold";
import { optionalText, requiredText } from "~/lib/validation";

describe("lowerEachCharacter: one character at a time, as PostgreSQL's lower()", () => {
  it("lowers İ to i and every Σ to σ, whatever follows", () => {
    expect(lowerEachCharacter("İpek")).toBe("ipek");
    expect(lowerEachCharacter("ΠΑΠΑΣ")).toBe("παπασ");
    expect(lowerEachCharacter("ΠΑΠΑΣΤΡΑΤΟΣ")).toBe("παπαστρατοσ");
    expect(lowerEachCharacter("ÉMILE Straße 😀")).toBe("émile straße 😀");
  });
  it("searchFold composes first: e and a combining accent read as é", () => {
    expect(searchFold("AME\u0301LIE")).toBe("am\u00e9lie");
  });
});

describe("the forms' text fields", () => {
  const name = requiredText({ required: "First name is required", invalid: "Invalid first name", max: 50, name: true });
  const message = optionalText({ max: 2000, invalid: "Invalid message", multiline: true });
  it("store a name composed (NFC)", () => {
    expect(z.parse(name, "Ame\u0301lie")).toBe("Am\u00e9lie");
  });
  it("take direction overrides, zero-width spaces and line separators out of a name, and keep the joiners", () => {
    for (const [typed, stored] of [
      ["Ok\u202eRLO", "OkRLO"],
      ["Zw\u200bsp", "Zwsp"],
      ["LS\u2028sep", "LS sep"],
      ["\u2066Iso\u2069", "Iso"],
      ["Bo\ufeffm", "Bom"],
      ["\u202a+44 7700 900123\u202c", "+44 7700 900123"],
    ]) {
      expect({ typed, stored: z.parse(name, typed) }).toEqual({ typed, stored });
    }
    // Nothing but invisible characters is no name.
    expect(z.safeParse(name, "\u200b\u200b").error?.issues[0]?.message).toBe("First name is required");
    expect(z.parse(name, "\u0645\u0647\u200c\u0631\u0648")).toBe("\u0645\u0647\u200c\u0631\u0648");
    expect(z.parse(name, "Ann 👩\u200d💻")).toBe("Ann 👩\u200d💻");
  });
  it("let a message keep its direction marks and lines, not an override", () => {
    expect(z.parse(message, "Call me at \u200e+1 555 0100\u200e\nThanks")).toBe("Call me at \u200e+1 555 0100\u200e\nThanks");
    expect(z.parse(message, "abc\u202edef\u2029Next")).toBe("abcdef\nNext");
    expect(z.parse(message, "\u200b")).toBe("\u200b");
    expect(z.parse(message, "\u202e")).toBeUndefined();
  });
});

describe("a list's search", () => {
  it("is cut at 200 characters, never through an emoji", () => {
    const { query, errors } = parseListQuery(new URLSearchParams({ search: `${"a".repeat(199)}😀😀` }));
    expect(errors.search).toBeUndefined();
    expect(query.search).toBe(`${"a".repeat(199)}😀`);
  });
});
