import { AlertCircle, MapPin, RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatPrice, formatSessionDate, formatTimesUnderDate, keepTimesWhole, VENUE_TBD } from "~/features/events/format";
import { AddToCalendar } from "./add-to-calendar";
import {
  FETCH_EVENTS_FAILED,
  NO_EVENTS,
  calendarSearch,
  fetchCalendar,
  participantsText,
  seatsLeftText,
  type CalendarPage,
  type CalendarSession,
  type ProgramFilter,
} from "./calendar-data";
import { CalendarSkeleton } from "./calendar-skeleton";
import { Dash } from "./dash";
import { EnrollControl } from "./enroll-control";
import { EventName } from "./event-name";

type State = { status: "loading" } | { status: "loaded"; page: CalendarPage } | { status: "error"; message: string };

const refreshClass =
  "inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-5 text-sm font-semibold text-plum-800 ring-1 ring-plum-200 hover:bg-plum-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";

/**
 * The Upcoming Events list (spec part 2 §2.6): a table from 640 px, cards below;
 * Refresh re-reads the list in the browser (no page load), showing the skeleton
 * meanwhile; a failure empties the list and shows the error banner with Retry
 * and the message in the table.
 */
export function EventCalendar({
  initial,
  initialError,
  program,
  onAnnounce,
}: {
  initial: CalendarPage | null;
  initialError: string | null;
  program: ProgramFilter;
  /**
   * Told the list's status as it changes ("Loading events…", "12 upcoming sessions"). The page reads it
   * out from a live region of its own: this component is made anew for each filter, and a live region
   * made together with its text is not announced.
   */
  onAnnounce: (text: string) => void;
}) {
  const [state, setState] = useState<State>(() =>
    initial ? { status: "loaded", page: initial } : { status: "error", message: initialError ?? FETCH_EVENTS_FAILED },
  );
  const statusText = state.status === "loaded" ? countText(state.page.totalEvents) : state.status === "loading" ? "Loading events…" : ""; // a failure is read out by its alert
  useEffect(() => onAnnounce(statusText), [statusText, onAnnounce]);
  const pageNo = state.status === "loaded" ? state.page.currentPage : (initial?.currentPage ?? 1);

  async function reload() {
    if (state.status === "loading") return;
    setState({ status: "loading" });
    const { result, error } = await fetchCalendar(program, pageNo);
    setState(result ? { status: "loaded", page: result } : { status: "error", message: error ?? FETCH_EVENTS_FAILED });
  }

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted">{statusText}</p>
        {/* aria-disabled, not disabled: a disabled button loses the keyboard focus to the page's body. */}
        <button type="button" onClick={reload} aria-disabled={state.status === "loading" || undefined} className={refreshClass}>
          <RefreshCw aria-hidden="true" className={`size-4 ${state.status === "loading" ? "animate-spin motion-reduce:animate-none" : ""}`} />
          Refresh
        </button>
      </div>

      {state.status === "error" ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 rounded-2xl bg-red-50 p-4 text-danger ring-1 ring-red-200">
          <AlertCircle aria-hidden="true" className="size-5 shrink-0" />
          <p className="flex-1 font-semibold" data-testid="calendar-error">
            {state.message}
          </p>
          <button
            type="button"
            onClick={reload}
            className="inline-flex min-h-11 items-center rounded-full bg-brand-gradient px-6 text-sm font-semibold text-white shadow-sm hover:opacity-95"
          >
            Retry
          </button>
        </div>
      ) : null}

      <div className="mt-4">
        {state.status === "loading" ? (
          <CalendarSkeleton />
        ) : (
          <SessionsView events={state.status === "loaded" ? state.page.events : []} error={state.status === "error" ? state.message : null} />
        )}
      </div>

      {state.status === "loaded" && state.page.totalPages > 1 ? <Pagination program={program} page={state.page} /> : null}
    </div>
  );
}

function countText(n: number) {
  return n === 1 ? "1 upcoming session" : `${n} upcoming sessions`;
}

function priceText(event: CalendarSession) {
  return formatPrice(event.price === null ? null : Math.round(event.price * 100), event.currency);
}

function When({ event }: { event: CalendarSession }) {
  return (
    <>
      <span className="block font-semibold text-ink">{formatSessionDate(event.startDate, event.timeZone)}</span>
      <span className="block text-sm text-muted">{keepTimesWhole(formatTimesUnderDate(event.startDate, event.endDate, event.timeZone))}</span>
    </>
  );
}

function Participants({ event }: { event: CalendarSession }) {
  const left = seatsLeftText(event);
  return (
    <>
      <span className="block text-ink">{participantsText(event)}</span>
      {left ? <span className={`block text-sm ${event.seatsLeft === 0 ? "font-semibold text-danger" : "text-muted"}`}>{left}</span> : null}
    </>
  );
}

function Fees({ event }: { event: CalendarSession }) {
  return event.noenroll ? <Dash label="Not applicable" /> : <span className="whitespace-nowrap text-ink">{priceText(event)}</span>;
}

const facilitatorOf = (e: CalendarSession) => e.facilitator || e.organiser || "N/A";

function SessionsView({ events, error }: { events: CalendarSession[]; error: string | null }) {
  const emptyText = error ?? NO_EVENTS;
  return (
    <>
      {/* Phones and tablets: one card per session (the table needs about 900 px: narrower, its Action column was out of sight). */}
      <div className="lg:hidden">
        {events.length === 0 ? (
          <p className={`rounded-2xl bg-white p-8 text-center ring-1 ring-plum-100 ${error ? "text-danger" : "text-muted"}`}>{emptyText}</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Upcoming events">
            {events.map((e) => (
              <li key={e._id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-plum-100">
                <h3 className="text-lg leading-snug">
                  <EventName event={e} />
                </h3>
                <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                  <dt className="font-semibold text-muted">Date</dt>
                  <dd>
                    <When event={e} />
                  </dd>
                  <dt className="font-semibold text-muted">Location</dt>
                  <dd>
                    <span className="block text-ink">{e.city}</span>
                    <span className="block text-muted">{e.venue || VENUE_TBD}</span>
                  </dd>
                  <dt className="font-semibold text-muted">Facilitator</dt>
                  <dd className="text-ink">{facilitatorOf(e)}</dd>
                  <dt className="font-semibold text-muted">Total Participants</dt>
                  <dd>
                    <Participants event={e} />
                  </dd>
                  <dt className="font-semibold text-muted">Program Fees</dt>
                  <dd>
                    <Fees event={e} />
                  </dd>
                </dl>
                <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
                  <AddToCalendar event={e} />
                  <EnrollControl event={e} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>

      {/* From 1024 px: the table of §2.6. */}
      <div className="relative hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-plum-100 lg:block">
        <table className="w-full min-w-[56rem] border-collapse text-left">
          <caption className="sr-only">Upcoming Events</caption>
          <thead className="bg-plum-50 text-sm text-plum-900">
            <tr>
              {["Event", "Date", "Location", "Facilitator", "Total Participants", "Program Fees", "Action"].map((h) => (
                <th key={h} scope="col" className="px-4 py-3 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {events.length === 0 ? (
              <tr>
                <td colSpan={7} className={`px-4 py-10 text-center ${error ? "text-danger" : "text-muted"}`}>
                  {emptyText}
                </td>
              </tr>
            ) : (
              events.map((e) => (
                <tr key={e._id} className="border-t border-plum-100 align-top">
                  <th scope="row" className="px-4 py-4 text-left font-normal">
                    <EventName event={e} />
                    {e.programTitle && e.programTitle !== e.title ? <span className="mt-1 block text-sm text-muted">{e.programTitle}</span> : null}
                  </th>
                  <td className="px-4 py-4">
                    <When event={e} />
                    <span className="mt-2 block">
                      <AddToCalendar event={e} />
                    </span>
                  </td>
                  <td className="px-4 py-4">
                    <span className="flex items-start gap-1.5 text-ink">
                      <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-plum-600" />
                      {e.city}
                    </span>
                    <span className="mt-0.5 block pl-5.5 text-sm text-muted">{e.venue || VENUE_TBD}</span>
                  </td>
                  <td className="px-4 py-4 text-ink">{facilitatorOf(e)}</td>
                  <td className="px-4 py-4">
                    <Participants event={e} />
                  </td>
                  <td className="px-4 py-4">
                    <Fees event={e} />
                  </td>
                  <td className="px-4 py-4">
                    <EnrollControl event={e} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Pagination({ program, page }: { program: ProgramFilter; page: CalendarPage }) {
  const linkClass = "inline-flex min-h-11 items-center rounded-full bg-white px-5 text-sm font-semibold text-plum-800 ring-1 ring-plum-200 hover:bg-plum-50";
  return (
    <nav aria-label="Calendar pages" className="mt-6 flex items-center justify-center gap-4">
      {page.currentPage > 1 ? (
        <Link to={{ pathname: "/schedule", search: calendarSearch(program, page.currentPage - 1) }} className={linkClass}>
          Previous
        </Link>
      ) : null}
      <span className="text-muted">
        Page {page.currentPage} of {page.totalPages}
      </span>
      {page.currentPage < page.totalPages ? (
        <Link to={{ pathname: "/schedule", search: calendarSearch(program, page.currentPage + 1) }} className={linkClass}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}
