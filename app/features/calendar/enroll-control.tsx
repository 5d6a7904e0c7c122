import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { sessionContext } from "./session-context";
import type { CalendarSession } from "./calendar-data";
import { Dash } from "./dash";
import { enrollAction } from "./routing";

const buttonClass =
  "inline-flex min-h-11 items-center justify-center gap-1.5 whitespace-nowrap rounded-full px-5 text-sm font-semibold shadow-sm";

/**
 * The Action column (§2.6): Enroll Now where it leads (a new tab for an external
 * sign-up; the level or family page with the dialog open on this session),
 * 'Waiting list' to the same dialog for a full session, a disabled 'Closed', or
 * a dash for a session without online enrollment.
 */
export function EnrollControl({ event, className = "" }: { event: CalendarSession; className?: string }) {
  const action = enrollAction(event);
  const context = sessionContext(event);
  if (action.kind === "none") return <Dash label="No online registration" />;
  if (action.kind === "unavailable") {
    return (
      <button type="button" disabled aria-label={`${action.label}: ${context}`} className={`${buttonClass} cursor-not-allowed bg-plum-50 text-muted ring-1 ring-plum-100 ${className}`}>
        {action.label}
      </button>
    );
  }
  const { target, label } = action;
  // A full session's 'Waiting list' is outlined, as on the level and family pages: only Enroll Now is filled.
  const enabled =
    label === "Waiting list"
      ? `${buttonClass} border border-plum-300 bg-white text-plum-800 hover:bg-plum-50 ${className}`
      : `${buttonClass} bg-brand-gradient text-white hover:opacity-95 ${className}`;
  if (target.kind === "external") {
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer" aria-label={`Enroll Now: ${context} (opens in a new tab)`} className={enabled}>
        Enroll Now
        <ExternalLink aria-hidden="true" className="size-4" />
      </a>
    );
  }
  return (
    <Link to={target.to} state={target.state} aria-label={`${label}: ${context}`} className={enabled}>
      {label}
    </Link>
  );
}
