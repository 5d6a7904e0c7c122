import type { ReactNode } from "react";

type Props = {
  /** The form cannot be sent now (invalid, unchanged or already sending): shown disabled, still focusable. */
  blocked: boolean;
  children: ReactNode;
  className?: string;
};

/**
 * A submit button that looks disabled but stays in the tab order: it carries
 * aria-disabled instead of `disabled`, so a keyboard or screen-reader user can
 * reach it and ask for every error at once, and focus is not dropped on the page
 * when sending starts. The form's submit handler decides what a blocked submit
 * does (show every error and focus the first, see useFocusFirstInvalid, or
 * nothing while sending).
 */
export function SubmitButton({ blocked, children, className = "" }: Props) {
  return (
    <button type="submit" aria-disabled={blocked ? "true" : undefined} className={`aria-disabled:cursor-not-allowed aria-disabled:opacity-50 ${className}`}>
      {children}
    </button>
  );
}

/**
 * Props for a plain submit button while its form is being sent: it looks
 * disabled (style it with `aria-disabled:`), keeps the focus, and a second press
 * sends nothing. A `disabled` button would drop a keyboard user's focus to the
 * page the moment sending starts.
 */
export function whileBusy(busy: boolean) {
  return {
    "aria-disabled": busy || undefined,
    onClick: (e: React.MouseEvent<HTMLButtonElement>) => {
      if (busy) e.preventDefault();
    },
  };
}
