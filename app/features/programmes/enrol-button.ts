/**
 * The enrol button of a level or programme page (spec part 2 §4; D4 for TASSO,
 * D7 for full sessions). Pure: the page renders what this returns.
 */
import { safeExternalLink } from "~/lib/external-link";

export const NO_SESSIONS_ALERT =
  "No upcoming sessions available at the moment. Please check back later or contact us for more information.";
export const NO_SESSIONS_LABEL = "No Sessions Available";
export const COMING_SOON_LABEL = "Registration Coming Soon";
export const REGISTER_NOW_LABEL = "Register Now";
export const ENROLL_NOW_LABEL = "Enroll Now";
/** Every listed session is full (D7): nothing to enrol in, and the page says why. */
export const FULLY_BOOKED_LABEL = "Fully Booked";

export type EnrolSession = { id: string; externalLink?: string | null; full?: boolean };

export type EnrolButton = {
  label: string;
  disabled: boolean;
  /** open-dialog: the registration dialog with `preselectId`; external: `href` in a new tab; none: nothing to do. */
  action: "open-dialog" | "external" | "none";
  href?: string;
  preselectId?: string;
};

/** Levels 1 and 5 say 'Register Now', the others 'Enroll Now'. */
export function enrolLabel(level: number | string | null | undefined): string {
  const n = Number(level);
  return n === 1 || n === 5 ? REGISTER_NOW_LABEL : ENROLL_NOW_LABEL;
}

/**
 * No sessions: disabled, 'No Sessions Available' on a level page, 'Registration
 * Coming Soon' on a programme page (TASSO included). Otherwise the first session
 * that is not full is preselected; when it has an external link, that link opens
 * in a new tab instead of the dialog. All full: disabled, 'Fully Booked'.
 */
export function enrolButton(input: {
  page: "level" | "programme";
  level?: number | string | null;
  sessions: readonly EnrolSession[];
}): EnrolButton {
  if (input.sessions.length === 0) {
    return { label: input.page === "level" ? NO_SESSIONS_LABEL : COMING_SOON_LABEL, disabled: true, action: "none" };
  }
  const first = input.sessions.find((s) => !s.full);
  if (!first) return { label: FULLY_BOOKED_LABEL, disabled: true, action: "none" };
  const label = enrolLabel(input.level);
  const href = safeExternalLink(first.externalLink);
  if (href) return { label, disabled: false, action: "external", href, preselectId: first.id };
  return { label, disabled: false, action: "open-dialog", preselectId: first.id };
}
