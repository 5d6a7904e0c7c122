import { describe, expect, it } from "vitest";
import {
  decidePrerequisite,
  levelName,
  PREREQUISITE_NOTE_REQUIRED,
  prerequisiteMessage,
  prerequisiteNoteProblem,
  requirableProgrammes,
} from "~/features/prerequisites/rules";
import { validateRegistration } from "~/features/registrations/schema";
import { valid } from "../helpers/registration";

/** The level prerequisite rule (issue 11 point 5, decision 0031). */
describe("level names and the refusal's words", () => {
  it("a level is named by its title's part before the colon", () => {
    expect(levelName("Level II: Practitioner in Clinical Hypnotherapy")).toBe("Level II");
    expect(levelName("DECODE Level 1: Decode Your Mind")).toBe("DECODE Level 1");
    expect(levelName("TASSO Program")).toBe("TASSO Program");
    expect(levelName(": odd")).toBe(": odd");
  });

  it("says which level requires which, in the issue's words", () => {
    expect(prerequisiteMessage("Level II: Practitioner in Clinical Hypnotherapy", "Level I: Foundations of Clinical Hypnotherapy")).toBe(
      "Level II requires Level I. We could not find a completed Level I for this email address.",
    );
  });
});

describe("decidePrerequisite", () => {
  const base = { levelTitle: "Level II: Practice", required: { title: "Level I: Foundations" }, attended: false, completedElsewhere: false };

  it("no earlier level required: nothing to decide, whatever else is sent", () => {
    expect(decidePrerequisite({ ...base, required: null })).toEqual({ kind: "none" });
    expect(decidePrerequisite({ ...base, required: null, completedElsewhere: true, note: "x" })).toEqual({ kind: "none" });
  });

  it("attended: an ordinary registration, even with the box ticked", () => {
    expect(decidePrerequisite({ ...base, attended: true })).toEqual({ kind: "met" });
    expect(decidePrerequisite({ ...base, attended: true, completedElsewhere: true, note: "Boston" })).toEqual({ kind: "met" });
  });

  it("not attended, box ticked with a note: awaits approval, the note trimmed", () => {
    expect(decidePrerequisite({ ...base, completedElsewhere: true, note: "  Boston, 2023 \n" })).toEqual({ kind: "awaiting-approval", note: "Boston, 2023" });
  });

  it("not attended and nothing (or only blanks) said: refused with the message", () => {
    const refused = { kind: "refused", message: "Level II requires Level I. We could not find a completed Level I for this email address." };
    expect(decidePrerequisite(base)).toEqual(refused);
    expect(decidePrerequisite({ ...base, note: "a note without the box" })).toEqual(refused);
    expect(decidePrerequisite({ ...base, completedElsewhere: true, note: "   " })).toEqual(refused);
    expect(decidePrerequisite({ ...base, completedElsewhere: true, note: null })).toEqual(refused);
  });
});

describe("the note's rule, in the browser and on the server", () => {
  it("is required only once the box is ticked, however the box is sent", () => {
    expect(prerequisiteNoteProblem({})).toBeNull();
    expect(prerequisiteNoteProblem({ completedElsewhere: "false", prerequisiteNote: "" })).toBeNull();
    for (const ticked of [true, "true", "on", "1", "yes", " ON "]) {
      expect(prerequisiteNoteProblem({ completedElsewhere: ticked })).toBe(PREREQUISITE_NOTE_REQUIRED);
      expect(prerequisiteNoteProblem({ completedElsewhere: ticked, prerequisiteNote: "  " })).toBe(PREREQUISITE_NOTE_REQUIRED);
      expect(prerequisiteNoteProblem({ completedElsewhere: ticked, prerequisiteNote: "Boston" })).toBeNull();
    }
  });

  it("the registration schema carries it beside the other fields' messages, and bounds the note", () => {
    expect(validateRegistration({ ...valid, completedElsewhere: true })).toEqual({ ok: false, errors: { prerequisiteNote: PREREQUISITE_NOTE_REQUIRED } });
    const both = validateRegistration({ ...valid, firstName: "", completedElsewhere: "on" });
    expect(both).toEqual({ ok: false, errors: { firstName: "First name is required", prerequisiteNote: PREREQUISITE_NOTE_REQUIRED } });
    expect(validateRegistration({ ...valid, completedElsewhere: true, prerequisiteNote: "x".repeat(501) })).toEqual({
      ok: false,
      errors: { prerequisiteNote: "Must be at most 500 characters" },
    });
    expect(validateRegistration({ ...valid, completedElsewhere: true, prerequisiteNote: "bad\u0007" })).toEqual({ ok: false, errors: { prerequisiteNote: "Invalid note" } });
    const ok = validateRegistration({ ...valid, completedElsewhere: "true", prerequisiteNote: "Level I in Boston\nwith Dr. Vega" });
    expect(ok.ok && ok.data.completedElsewhere).toBe(true);
    expect(ok.ok && ok.data.prerequisiteNote).toBe("Level I in Boston\nwith Dr. Vega");
    const plain = validateRegistration(valid);
    expect(plain.ok && plain.data.completedElsewhere).toBe(false);
  });
});

describe("requirableProgrammes (the staff form's choices)", () => {
  const chain = [
    { id: "l1", requiresId: null },
    { id: "l2", requiresId: "l1" },
    { id: "l3", requiresId: "l2" },
    { id: "other", requiresId: null },
  ];
  it("never offers the programme itself, nor any that leads back to it", () => {
    expect(requirableProgrammes(chain, "l1").map((p) => p.id)).toEqual(["other"]);
    expect(requirableProgrammes(chain, "l2").map((p) => p.id)).toEqual(["l1", "other"]);
    expect(requirableProgrammes(chain, "l3").map((p) => p.id)).toEqual(["l1", "l2", "other"]);
    // A new programme (no id yet) may require any.
    expect(requirableProgrammes(chain, null).map((p) => p.id)).toEqual(["l1", "l2", "l3", "other"]);
  });
  it("copes with a circle already in the data", () => {
    const looped = [
      { id: "a", requiresId: "b" },
      { id: "b", requiresId: "a" },
      { id: "c", requiresId: null },
    ];
    expect(requirableProgrammes(looped, "c").map((p) => p.id)).toEqual(["a", "b"]);
  });
});
