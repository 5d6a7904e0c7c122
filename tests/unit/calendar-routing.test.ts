import { describe, expect, it } from "vitest";
import { enrollAction, eventNameTarget, type RoutedEvent } from "~/features/calendar/routing";

/** A session as the calendar receives it, open for enrollment, of no particular programme. */
const ev = (over: Partial<RoutedEvent> = {}): RoutedEvent => ({
  _id: "s-1",
  programId: null,
  programType: null,
  eventType: null,
  kind: "other",
  externalLink: null,
  link: null,
  pagelink: null,
  noenroll: false,
  availability: "open",
  ...over,
});

const decode = (over: Partial<RoutedEvent> = {}) => ev({ kind: "decode", eventType: "decode", programId: "decode-2", ...over });
const ich = (over: Partial<RoutedEvent> = {}) => ev({ kind: "hypnotherapy", eventType: "hyp", programType: "hypnotherapy", programId: "ich-3", ...over });
const family = (over: Partial<RoutedEvent> = {}) => ev({ _id: "fc-9", kind: "family", eventType: "fc", programType: "family", ...over });

describe("a click on the event's name (spec part 2 §2.6)", () => {
  it("goes to the ICH level page for hypnotherapy: the session's programme, else level 1", () => {
    expect(eventNameTarget(ich())).toEqual({ kind: "internal", to: "/ich/level/ich-3" });
    expect(eventNameTarget(ich({ programId: null }))).toEqual({ kind: "internal", to: "/ich/level/1" });
    expect(eventNameTarget(ich({ programId: "  " }))).toEqual({ kind: "internal", to: "/ich/level/1" });
    // programType decides, even over a page link.
    expect(eventNameTarget(ich({ pagelink: "/elsewhere" }))).toEqual({ kind: "internal", to: "/ich/level/ich-3" });
  });

  it("goes to /family-constellation for family sessions, whatever their links", () => {
    expect(eventNameTarget(family())).toEqual({ kind: "internal", to: "/family-constellation" });
    expect(eventNameTarget(family({ pagelink: "https://example.org/x" }))).toEqual({ kind: "internal", to: "/family-constellation" });
  });

  it("otherwise goes to the event's page link: a path of this site, or a full URL in a new tab", () => {
    expect(eventNameTarget(decode({ pagelink: "/level/2" }))).toEqual({ kind: "internal", to: "/level/2" });
    expect(eventNameTarget(ev({ pagelink: "https://retreats.example.org/spring" }))).toEqual({ kind: "external", href: "https://retreats.example.org/spring" });
    // `link` is the same field under the other name the original read.
    expect(eventNameTarget(ev({ link: "/about" }))).toEqual({ kind: "internal", to: "/about" });
  });

  it("without a page link, goes to the session's programme page; with none either, is plain text", () => {
    expect(eventNameTarget(decode())).toEqual({ kind: "internal", to: "/decode/level/decode-2" });
    expect(eventNameTarget(decode({ programId: "a b/c" }))).toEqual({ kind: "internal", to: "/decode/level/a%20b%2Fc" });
    expect(eventNameTarget(ev({ kind: "tasso" }))).toEqual({ kind: "internal", to: "/tasso" });
    expect(eventNameTarget(decode({ programId: null }))).toBeNull();
    expect(eventNameTarget(ev())).toBeNull();
  });

  it("never follows a link that is not http(s) or a path of this site", () => {
    for (const bad of ["javascript:alert(1)", "//evil.example.com/x", "mailto:a@b.c", "not a url", "   "]) {
      expect(eventNameTarget(ev({ pagelink: bad }))).toBeNull();
    }
  });
});

describe("Enroll Now (spec part 2 §2.6)", () => {
  it("opens the event's external link in a new tab, before any other rule", () => {
    for (const e of [decode(), ich(), family(), ev({ kind: "tasso" }), ev()]) {
      expect(enrollAction({ ...e, externalLink: "https://tickets.example.org/a" })).toEqual({
        kind: "go",
        label: "Enroll Now",
        target: { kind: "external", href: "https://tickets.example.org/a" },
      });
    }
    // An external sign-up is not limited by our seat count.
    expect(enrollAction(decode({ externalLink: "https://tickets.example.org/a", availability: "full" }))).toMatchObject({ kind: "go", target: { kind: "external" } });
  });

  it("hyp: /ich/level/{programId}, with the state that opens the dialog on this session", () => {
    const e = ich();
    expect(enrollAction(e)).toEqual({
      kind: "go",
      label: "Enroll Now",
      target: { kind: "internal", to: "/ich/level/ich-3", state: { fromSchedule: true, openModal: true, selectedEvent: e } },
    });
  });

  it("fc: /family-constellation?id=…&modal=true, with the same state", () => {
    const e = family({ _id: "fc 9&x" });
    expect(enrollAction(e)).toEqual({
      kind: "go",
      label: "Enroll Now",
      target: { kind: "internal", to: "/family-constellation?id=fc%209%26x&modal=true", state: { fromSchedule: true, openModal: true, selectedEvent: e } },
    });
  });

  it("decode: /decode/level/{programId}, with the same state", () => {
    const e = decode();
    expect(enrollAction(e)).toEqual({
      kind: "go",
      label: "Enroll Now",
      target: { kind: "internal", to: "/decode/level/decode-2", state: { fromSchedule: true, openModal: true, selectedEvent: e } },
    });
  });

  it("otherwise the event's link: a path of this site (same tab) or a full URL (new tab)", () => {
    expect(enrollAction(ev({ link: "/contact-us?topic=retreat" }))).toEqual({ kind: "go", label: "Enroll Now", target: { kind: "internal", to: "/contact-us?topic=retreat" } });
    expect(enrollAction(ev({ link: "https://example.org/signup" }))).toEqual({ kind: "go", label: "Enroll Now", target: { kind: "external", href: "https://example.org/signup" } });
    expect(enrollAction(ev({ pagelink: "/tasso" }))).toEqual({ kind: "go", label: "Enroll Now", target: { kind: "internal", to: "/tasso" } });
    // A DECODE or ICH session without its programme falls to its link too.
    expect(enrollAction(decode({ programId: null, link: "/level/2" }))).toEqual({ kind: "go", label: "Enroll Now", target: { kind: "internal", to: "/level/2" } });
  });

  it("with no link at all: the session's registration page for DECODE, ICH and TASSO; nothing to enroll in otherwise", () => {
    expect(enrollAction(ev({ kind: "tasso", _id: "s-tasso-a" }))).toEqual({ kind: "go", label: "Enroll Now", target: { kind: "internal", to: "/register/s-tasso-a" } });
    expect(enrollAction(decode({ programId: null }))).toEqual({ kind: "go", label: "Enroll Now", target: { kind: "internal", to: "/register/s-1" } });
    expect(enrollAction(ich({ programId: null }))).toEqual({ kind: "go", label: "Enroll Now", target: { kind: "internal", to: "/register/s-1" } });
    expect(enrollAction(ev())).toEqual({ kind: "none" });
    expect(enrollAction(ev({ link: "javascript:alert(1)" }))).toEqual({ kind: "none" });
  });

  it("noenroll: the dash, even with links", () => {
    expect(enrollAction(decode({ noenroll: true }))).toEqual({ kind: "none" });
    expect(enrollAction(decode({ availability: "no-enrol" }))).toEqual({ kind: "none" });
    expect(enrollAction(ev({ noenroll: true, externalLink: "https://tickets.example.org/a" }))).toEqual({ kind: "none" });
  });

  it("a full session leads to its dialog's waiting list; with nowhere to lead it reads 'Full'; a closed (or started) one 'Closed' (D7)", () => {
    const full = enrollAction(decode({ availability: "full" }));
    expect(full).toMatchObject({ kind: "go", label: "Waiting list", target: { kind: "internal", to: "/decode/level/decode-2", state: { openModal: true } } });
    expect(enrollAction(family({ availability: "full" }))).toMatchObject({ kind: "go", label: "Waiting list", target: { to: "/family-constellation?id=fc-9&modal=true" } });
    expect(enrollAction(ev({ availability: "full" }))).toEqual({ kind: "unavailable", label: "Full" });
    expect(enrollAction(ich({ availability: "closed" }))).toEqual({ kind: "unavailable", label: "Closed" });
    expect(enrollAction(ev({ kind: "tasso", availability: "past" }))).toEqual({ kind: "unavailable", label: "Closed" });
  });
});
