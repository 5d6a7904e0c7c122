import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "~/lib/sanitize.server";

describe("sanitizeRichText", () => {
  it("drops empty paragraphs at the start and the end, and keeps those between", () => {
    expect(sanitizeRichText("<ul><li><p>One</p></li></ul><p></p>")).toBe("<ul><li><p>One</p></li></ul>");
    expect(sanitizeRichText("<p> </p><p><br></p><p>One</p><p></p><p>Two</p><p>&nbsp;</p>")).toBe("<p>One</p><p></p><p>Two</p>");
    expect(sanitizeRichText("<p></p>")).toBe("");
  });
});
