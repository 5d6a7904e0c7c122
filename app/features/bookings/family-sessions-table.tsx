import { AlertCircle, CalendarX } from "lucide-react";
import { familyConstellation as copy } from "~/content/family-constellation";
import type { EventJson } from "~/features/events/events.server";
import { formatSessionDate, formatTimesUnderDate, keepTimesWhole } from "~/features/events/format";
import { safeExternalLink } from "~/lib/external-link";
import { WAITING_LIST_BUTTON } from "~/features/events/seats";
import { preloadBookingDialog } from "./lazy-booking-dialog";
import { bookPath, seatsLeftText } from "./links";

/** Hover or focus on a session's button: start loading the booking dialog's code. */
const preload = () => void preloadBookingDialog().catch(() => {});

type Props = {
  sessions: EventJson[];
  failed: boolean;
  loading: boolean;
  onRetry: () => void;
  /** Opens the booking dialog; without JavaScript the link goes to the booking page instead. */
  onBook: (sessionId: string) => void;
};

const buttonClass =
  "inline-flex min-h-11 min-w-28 items-center justify-center rounded-full px-5 text-sm font-semibold whitespace-nowrap";
const activeClass = `${buttonClass} bg-brand-gradient text-white shadow-sm hover:opacity-95`;
const inactiveClass = `${buttonClass} cursor-not-allowed bg-plum-100 text-plum-900`;
const waitingClass = `${buttonClass} border border-plum-300 bg-white text-plum-800 hover:bg-plum-50`;

function EnrollButton({ session, onBook, label }: { session: EventJson; onBook: (id: string) => void; label: string }) {
  if (session.availability !== "open" && session.availability !== "full") {
    return (
      <button type="button" disabled className={inactiveClass} aria-label={`Closed: ${label}`}>
        Closed
      </button>
    );
  }
  const external = safeExternalLink(session.externalLink);
  if (external) {
    return (
      <a href={external} target="_blank" rel="noopener noreferrer" className={activeClass} aria-label={`Enroll Now: ${label} (opens in a new tab)`}>
        Enroll Now
      </a>
    );
  }
  // A full session's button opens the same dialog, which then joins the waiting list (issue 11).
  const full = session.availability === "full";
  return (
    <a
      href={bookPath(session._id)}
      className={full ? waitingClass : activeClass}
      aria-label={`${full ? WAITING_LIST_BUTTON : "Enroll Now"}: ${label}`}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={(e) => {
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        onBook(session._id);
      }}
    >
      {full ? WAITING_LIST_BUTTON : "Enroll Now"}
    </a>
  );
}

const place = (s: EventJson) => [s.venue, s.city].filter(Boolean).join(", ");

/**
 * The 'Programs Details' table of spec §2.4 (Date, Event, Location, No of
 * Seats, Enroll Now): a table from 640 px up, a card per session below; a
 * skeleton while loading, the empty and error states.
 */
export function FamilySessionsTable({ sessions, failed, loading, onRetry, onBook }: Props) {
  if (loading && (failed || sessions.length === 0)) {
    return (
      <div role="status" aria-label="Loading sessions" className="mt-6 overflow-hidden rounded-2xl bg-white ring-1 ring-plum-100">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex animate-pulse gap-4 border-b border-plum-50 p-5 last:border-0">
            <div className="h-5 w-1/5 rounded bg-plum-100" />
            <div className="h-5 w-1/4 rounded bg-plum-100" />
            <div className="h-5 w-1/4 rounded bg-plum-100" />
            <div className="h-5 w-1/6 rounded bg-plum-100" />
          </div>
        ))}
      </div>
    );
  }
  if (failed) {
    return (
      <div role="alert" className="mt-6 flex flex-col items-start gap-4 rounded-2xl bg-white p-6 ring-1 ring-red-200 sm:flex-row sm:items-center">
        <AlertCircle aria-hidden="true" className="size-7 shrink-0 text-danger" />
        <p className="flex-1 text-lg font-semibold text-danger">{copy.error.title}</p>
        <a
          href="/family-constellation"
          onClick={(e) => {
            e.preventDefault();
            onRetry();
          }}
          className="inline-flex min-h-11 items-center rounded-full border border-plum-200 bg-white px-6 font-semibold text-plum-800 hover:bg-plum-50"
        >
          {copy.error.retry}
        </a>
      </div>
    );
  }
  if (sessions.length === 0) {
    return (
      <div className="mt-6 flex flex-col items-center rounded-2xl bg-white p-10 text-center ring-1 ring-plum-100">
        <CalendarX aria-hidden="true" className="size-10 text-plum-500" />
        <p className="mt-4 text-xl font-semibold text-plum-900">{copy.empty.title}</p>
        <p className="mt-1 text-muted">{copy.empty.text}</p>
      </div>
    );
  }
  const rows = sessions.map((s) => {
    const date = formatSessionDate(s.startDate, s.timeZone);
    return { s, date, time: keepTimesWhole(formatTimesUnderDate(s.startDate, s.endDate, s.timeZone)), seats: seatsLeftText(s.seats, s.seatsLeft), label: `${s.title}, ${s.city}, ${date}` };
  });
  return (
    <div className="mt-6" data-testid="family-sessions">
      {/* Scrolls inside its card when enlarged text makes it wider than the page (WCAG 1.4.4, 1.4.10), as the schedule's does. */}
      <div className="relative hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-plum-100 sm:block">
        <table className="w-full text-left">
          <thead className="bg-plum-900 text-sm text-white">
            <tr>
              {["Date", "Event", "Location", "No of Seats", "Enroll Now"].map((h) => (
                <th key={h} scope="col" className="px-4 py-3 font-semibold lg:px-6">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ s, date, time, seats, label }) => (
              <tr key={s._id} data-session={s._id} className="border-t border-plum-100 align-top">
                {/* The date tells the rows apart (every row's event is Family Constellation): it heads the row. */}
                <th scope="row" className="px-4 py-4 text-left font-normal lg:px-6">
                  <span className="font-semibold text-ink">{date}</span>
                  <span className="block text-sm text-muted">{time}</span>
                </th>
                <td className="px-4 py-4 font-semibold text-plum-900 lg:px-6">
                  {s.title}
                  {s.facilitator ? <span className="block text-sm font-normal text-muted">with {s.facilitator}</span> : null}
                </td>
                <td className="px-4 py-4 text-ink lg:px-6">{place(s)}</td>
                <td className="px-4 py-4 lg:px-6" data-seats>
                  <span className={seats === "Full" ? "font-semibold text-danger" : "text-ink"}>{seats}</span>
                </td>
                <td className="px-4 py-4 lg:px-6">
                  <EnrollButton session={s} onBook={onBook} label={label} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-4 sm:hidden">
        {rows.map(({ s, date, time, seats, label }) => (
          <li key={s._id} data-session={s._id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-plum-100">
            <p className="font-semibold text-plum-900">{s.title}</p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              <dt className="font-semibold text-ink">Date</dt>
              <dd className="text-ink">
                {date}
                <span className="block text-muted">{time}</span>
              </dd>
              <dt className="font-semibold text-ink">Location</dt>
              <dd className="text-ink">{place(s)}</dd>
              <dt className="font-semibold text-ink">No of Seats</dt>
              <dd data-seats className={seats === "Full" ? "font-semibold text-danger" : "text-ink"}>
                {seats}
              </dd>
            </dl>
            <div className="mt-4">
              <EnrollButton session={s} onBook={onBook} label={label} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
