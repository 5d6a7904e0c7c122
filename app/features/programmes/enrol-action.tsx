import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import type { EnrolButton } from "./enrol-button";
import { preloadRegistrationDialog, registerHref } from "./lazy-registration-dialog";

type Props = {
  button: EnrolButton;
  /** Opens the registration dialog with this session chosen. */
  onOpen: (sessionId: string) => void;
  /** A click on a button that has nothing to open (no session): the page shows why. */
  onBlocked?: () => void;
  className: string;
  /** Words after the label for screen readers only (which session a row's button is for). */
  srSuffix?: string;
  children?: ReactNode;
};

/**
 * An enrol button of a level page (spec part 2 §4), as `enrolButton` decided:
 * - the dialog: a link to the session's /register page (so it works before and
 *   without JavaScript) that a plain click turns into the dialog; hovering or
 *   focusing it starts loading the dialog's code;
 * - a session with an external link: that link, in a new tab;
 * - nothing to enrol in: a button marked disabled whose click says why.
 */
export function EnrolAction({ button, onOpen, onBlocked, className, srSuffix, children }: Props) {
  const label = children ?? button.label;
  const suffix = srSuffix ? <span className="sr-only">{srSuffix}</span> : null;
  if (button.action === "external" && button.href) {
    return (
      <a href={button.href} target="_blank" rel="noopener noreferrer" className={className}>
        {label}
        {suffix}
        <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  if (button.action === "open-dialog" && button.preselectId) {
    const id = button.preselectId;
    const preload = () => void preloadRegistrationDialog().catch(() => {});
    return (
      <a
        href={registerHref(id)}
        className={className}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(e) => {
          if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          onOpen(id);
        }}
      >
        {label}
        {suffix}
      </a>
    );
  }
  return (
    <button type="button" aria-disabled="true" onClick={onBlocked} className={`${className} cursor-not-allowed opacity-60`}>
      {label}
      {suffix}
    </button>
  );
}
