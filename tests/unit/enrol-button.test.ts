import { describe, expect, it } from "vitest";
import { NO_SESSIONS_ALERT, enrolButton, enrolLabel } from "~/features/programmes/enrol-button";
import { safeExternalLink } from "~/lib/external-link";

describe("enrol button (spec part 2 §4)", () => {
  it("is disabled with 'No Sessions Available' on a level page without sessions", () => {
    expect(enrolButton({ page: "level", level: 1, sessions: [] })).toEqual({ label: "No Sessions Available", disabled: true, action: "none" });
  });

  it("is disabled with 'Registration Coming Soon' on a programme page without sessions", () => {
    expect(enrolButton({ page: "programme", level: 2, sessions: [] })).toEqual({ label: "Registration Coming Soon", disabled: true, action: "none" });
  });

  it.each([
    [1, "Register Now"],
    [5, "Register Now"],
    ["5", "Register Now"],
    [2, "Enroll Now"],
    [3, "Enroll Now"],
    [4, "Enroll Now"],
    [6, "Enroll Now"],
    [null, "Enroll Now"],
  ])("level %j is labelled %j", (level, label) => {
    expect(enrolButton({ page: "level", level, sessions: [{ id: "s1" }] }).label).toBe(label);
    expect(enrolLabel(level)).toBe(label);
  });

  it("opens the dialog with the first session preselected", () => {
    expect(enrolButton({ page: "level", level: 2, sessions: [{ id: "s1" }, { id: "s2" }] })).toEqual({
      label: "Enroll Now",
      disabled: false,
      action: "open-dialog",
      preselectId: "s1",
    });
  });

  it("opens a session's external link in a new tab instead of the form", () => {
    const button = enrolButton({ page: "programme", level: 1, sessions: [{ id: "s1", externalLink: "https://tickets.example.org/e/1" }] });
    expect(button).toEqual({ label: "Register Now", disabled: false, action: "external", href: "https://tickets.example.org/e/1", preselectId: "s1" });
  });

  it("ignores an empty or unsafe external link", () => {
    expect(enrolButton({ page: "level", level: 2, sessions: [{ id: "s1", externalLink: "" }] }).action).toBe("open-dialog");
    expect(enrolButton({ page: "level", level: 2, sessions: [{ id: "s1", externalLink: "javascript:alert(1)" }] }).action).toBe("open-dialog");
  });

  it("skips full sessions and is disabled when every session is full (D7)", () => {
    expect(enrolButton({ page: "level", level: 3, sessions: [{ id: "s1", full: true }, { id: "s2" }] }).preselectId).toBe("s2");
    expect(enrolButton({ page: "level", level: 3, sessions: [{ id: "s1", full: true }] })).toEqual({ label: "Fully Booked", disabled: true, action: "none" });
  });

  it("has the spec's alert text", () => {
    expect(NO_SESSIONS_ALERT).toBe("No upcoming sessions available at the moment. Please check back later or contact us for more information.");
  });
});

describe("safeExternalLink", () => {
  it("allows http(s) and site paths only", () => {
    expect(safeExternalLink(" https://example.org/pay ")).toBe("https://example.org/pay");
    expect(safeExternalLink("http://example.org")).toBe("http://example.org/");
    expect(safeExternalLink("/family-constellation")).toBe("/family-constellation");
    expect(safeExternalLink("//evil.example")).toBeNull();
    expect(safeExternalLink("data:text/html,x")).toBeNull();
    expect(safeExternalLink("not a url")).toBeNull();
    expect(safeExternalLink(null)).toBeNull();
  });
});
