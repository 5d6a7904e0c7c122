/**
 * Level prerequisites (issue 11 point 5, spec part 2 §9: Level II needs Level
 * I, and so on). Isomorphic: the registration form, its server check and the
 * staff screens share these rules and words. Decision 0031.
 */

export const COMPLETED_ELSEWHERE_LABEL = "I completed the earlier level elsewhere";
/** What a screen reader hears after the reason, when the form finds the earlier level missing. */
export const EARLIER_LEVEL_ANNOUNCEMENT = `If you did, tick "${COMPLETED_ELSEWHERE_LABEL}" further down the form.`;
/** Shown under the box, in red, when the form is sent without it while the earlier level is missing. */
export const EARLIER_LEVEL_BOX_REQUIRED = "Tick this box if you completed the earlier level elsewhere. If not, please enroll in the earlier level first.";
export const PREREQUISITE_NOTE_LABEL = "Where and when did you complete it?";
export const PREREQUISITE_NOTE_HINT = "For example the school or trainer, the city and the year. Our team reads it before confirming your seat.";
export const PREREQUISITE_NOTE_MAX = 500;
export const PREREQUISITE_NOTE_REQUIRED = "Please tell us where and when you completed the earlier level";
export const PREREQUISITE_NOTE_INVALID = "Invalid note";

export const AWAITING_APPROVAL_HEADING = "Your registration awaits approval";
export const AWAITING_APPROVAL_TEXT =
  "We are holding your seat while our team checks the earlier level you completed elsewhere. We will email you as soon as your registration is approved or declined.";

/**
 * The short name of a level, as people say it: the part of a programme's title
 * before its colon ('Level II: Practitioner in Clinical Hypnotherapy' → 'Level
 * II', 'DECODE Level 1: Decode Your Mind' → 'DECODE Level 1'); a title
 * without a colon is used whole.
 */
export function levelName(title: string): string {
  const head = title.split(":")[0]!.trim();
  return head || title.trim();
}

/** 'Level II requires Level I. We could not find a completed Level I for this email address.' */
export function prerequisiteMessage(levelTitle: string, requiredTitle: string): string {
  const required = levelName(requiredTitle);
  return `${levelName(levelTitle)} requires ${required}. We could not find a completed ${required} for this email address.`;
}

/** What the form tells a registrant who has attended the earlier level. */
export function prerequisiteMetMessage(requiredTitle: string): string {
  return `We found your completed ${levelName(requiredTitle)}.`;
}

/** True for the form's and the wire's ways of ticking a box. */
export function isTicked(value: unknown): boolean {
  return value === true || value === 1 || (typeof value === "string" && ["true", "on", "1", "yes"].includes(value.trim().toLowerCase()));
}

/**
 * The note's own rule, wherever the form is checked: required (and then
 * printable and at most 500 characters, which the schema checks) once
 * 'I completed the earlier level elsewhere' is ticked. Returns the message, or null.
 */
export function prerequisiteNoteProblem(values: { completedElsewhere?: unknown; prerequisiteNote?: unknown }): string | null {
  if (!isTicked(values.completedElsewhere)) return null;
  const note = typeof values.prerequisiteNote === "string" ? values.prerequisiteNote.trim() : "";
  return note ? null : PREREQUISITE_NOTE_REQUIRED;
}

export type PrerequisiteDecision =
  /** The programme requires no earlier level. */
  | { kind: "none" }
  /** The email attended the earlier level: an ordinary registration. */
  | { kind: "met" }
  /** Not attended, but the registrant says they completed it elsewhere: held for staff to approve. */
  | { kind: "awaiting-approval"; note: string }
  /** Not attended and nothing said: refused, in these words. */
  | { kind: "refused"; message: string };

/**
 * The prerequisite rule for one registration: a programme that requires an
 * earlier level takes the registration as usual when that email attended it,
 * holds it for approval when the registrant ticked 'I completed the earlier
 * level elsewhere' with a note, and refuses it otherwise.
 */
export function decidePrerequisite(input: {
  levelTitle: string;
  required: { title: string } | null;
  attended: boolean;
  completedElsewhere: boolean;
  note?: string | null | undefined;
}): PrerequisiteDecision {
  if (!input.required) return { kind: "none" };
  if (input.attended) return { kind: "met" };
  const note = input.note?.trim() ?? "";
  if (input.completedElsewhere && note) return { kind: "awaiting-approval", note };
  return { kind: "refused", message: prerequisiteMessage(input.levelTitle, input.required.title) };
}

/**
 * The earlier levels a programme may require on the staff form: the other
 * programmes of its kind, except any that (directly or through their own
 * requirement) require this one, which would make a circle nobody could enter.
 */
export function requirableProgrammes<T extends { id: string; requiresId: string | null }>(all: readonly T[], selfId: string | null): T[] {
  const byId = new Map(all.map((p) => [p.id, p]));
  const leadsToSelf = (start: T): boolean => {
    const seen = new Set<string>();
    let current: T | undefined = start;
    while (current && !seen.has(current.id)) {
      if (selfId !== null && current.id === selfId) return true;
      seen.add(current.id);
      current = current.requiresId ? byId.get(current.requiresId) : undefined;
    }
    return false;
  };
  return all.filter((p) => p.id !== selfId && !leadsToSelf(p));
}

export const REQUIRED_LEVEL_LABEL = "Required level";
export const REQUIRED_LEVEL_NONE = "None";
export const REQUIRED_LEVEL_INVALID = "Choose one of the other programs of this kind, or None";
export const REQUIRED_LEVEL_CIRCLE = "That program already requires this one; choose another or None";

/** Staff screens: a registration's attendance and its label. */
export const ATTENDANCE_LABELS = { attended: "Attended", not_attended: "Did not attend" } as const;
export type AttendanceValue = keyof typeof ATTENDANCE_LABELS;
export function isAttendance(value: unknown): value is AttendanceValue {
  return value === "attended" || value === "not_attended";
}
