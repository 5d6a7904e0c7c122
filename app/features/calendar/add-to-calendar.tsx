import { CalendarPlus } from "lucide-react";
import type { CalendarSession } from "./calendar-data";
import { sessionContext } from "./session-context";

/** 'Add to calendar': the session's .ics file (GET /schedule/{id}/calendar.ics), in the venue's time zone. */
export function AddToCalendar({ event }: { event: CalendarSession }) {
  return (
    <a
      href={`/schedule/${encodeURIComponent(event._id)}/calendar.ics`}
      download
      aria-label={`Add to calendar: ${sessionContext(event)}`}
      className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-plum-700 lg:min-h-6 underline decoration-plum-200 underline-offset-4 hover:text-plum-600 hover:decoration-plum-600"
    >
      <CalendarPlus aria-hidden="true" className="size-4 shrink-0" />
      Add to calendar
    </a>
  );
}
