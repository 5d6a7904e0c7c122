import { Link } from "react-router";
import type { CalendarSession } from "./calendar-data";
import { eventNameTarget } from "./routing";

// inline-block with a 24 px minimum: the name is the row's target, at least 24 px tall (WCAG 2.5.8) even in a 14 px cell.
const linkClass = "inline-block min-h-6 font-semibold text-plum-800 underline decoration-plum-200 underline-offset-4 hover:text-plum-600 hover:decoration-plum-600";

/** The event's name, a link where §2.6 sends a click on it. */
export function EventName({ event }: { event: CalendarSession }) {
  const target = eventNameTarget(event);
  const name = event.title || "Event Name Not Available";
  if (!target) return <span className="font-semibold text-plum-900">{name}</span>;
  if (target.kind === "external") {
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {name}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link to={target.to} className={linkClass}>
      {name}
    </Link>
  );
}
