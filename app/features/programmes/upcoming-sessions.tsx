import { CalendarDays, Clock, MapPin, Users } from "lucide-react";
import type { EventJson } from "~/features/events/events.server";
import { keepTimesWhole, VENUE_TBD } from "~/features/events/format";
import { ENROLL_ROW_LABEL, sessionButton, sessionRow, unavailableText } from "./level-rules";
import { WAITING_LIST_BUTTON } from "~/features/events/seats";
import { EnrolAction } from "./enrol-action";

type Props = {
  sessions: EventJson[];
  selectedId: string | null;
  onSelect: (sessionId: string) => void;
  onOpen: (sessionId: string) => void;
};

const actionClass =
  "inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full bg-brand-gradient px-5 text-sm font-semibold whitespace-nowrap text-white shadow-sm hover:opacity-95";

const waitingClass =
  "inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full border border-plum-300 bg-white px-5 text-sm font-semibold whitespace-nowrap text-plum-800 hover:bg-plum-50";

function RowAction({ session, onOpen }: { session: EventJson; onOpen: (id: string) => void }) {
  const button = sessionButton(session);
  const row = sessionRow(session);
  if (!button) return <span className="text-sm font-semibold text-muted">{unavailableText(session.availability)}</span>;
  // A full session's button joins its waiting list through the same dialog (issue 11).
  const full = session.availability === "full";
  return (
    <EnrolAction button={button} onOpen={onOpen} className={full ? waitingClass : actionClass} srSuffix={` in ${row.name}, ${row.location}, ${row.date}`}>
      {full ? WAITING_LIST_BUTTON : ENROLL_ROW_LABEL}
    </EnrolAction>
  );
}

/**
 * Section 8 of a level page, 'Upcoming Sessions' (spec part 2 §2.2): a table
 * from 640 px up (Event Name, Date & Time, Location, Organizer, Price, Action)
 * and a card per session below. Clicking a row (or card) chooses its session for
 * the side panel's button; a row's own Enroll opens the form with that session.
 * Dates and times are the venue's (D13); seats left show when the session has a capacity (D7).
 */
export function UpcomingSessions({ sessions, selectedId, onSelect, onOpen }: Props) {
  if (sessions.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-6 text-muted ring-1 ring-plum-100">
        No sessions are scheduled for this level yet. New dates are announced here first; write to us and we will let you know.
      </p>
    );
  }
  const rows = sessions.map((s) => ({ session: s, row: sessionRow(s) }));
  return (
    <>
      <div className="relative hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-plum-100 sm:block">
        <table className="w-full text-left text-sm" data-testid="sessions-table">
          <thead className="bg-plum-50 text-plum-900">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">Event Name</th>
              <th scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">Date &amp; Time</th>
              <th scope="col" className="px-4 py-3 font-semibold">Location</th>
              <th scope="col" className="px-4 py-3 font-semibold">Organizer</th>
              <th scope="col" className="px-4 py-3 font-semibold">Price</th>
              <th scope="col" className="px-4 py-3 font-semibold">Action</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-plum-100">
            {rows.map(({ session, row }) => {
              const selected = session._id === selectedId;
              return (
                // A pointer shortcut: the row's own Enroll is the keyboard's way to the same session.
                // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
                <tr
                  key={session._id}
                  onClick={() => onSelect(session._id)}
                  data-selected={selected || undefined}
                  className="cursor-pointer align-top transition-colors hover:bg-sand-50 data-selected:bg-plum-50"
                >
                  <th scope="row" className="px-4 py-4 font-semibold text-ink">
                    {row.name}
                    {selected ? <span className="sr-only"> (selected)</span> : null}
                  </th>
                  <td className="px-4 py-4">
                    <span className="block font-semibold whitespace-nowrap text-ink">{row.date}</span>
                    {/* A day's times stay on one line; a range over several days may wrap, or the Action column is pushed out of view. */}
                    <span className={`block text-muted ${row.time.length > 24 ? "" : "whitespace-nowrap"}`}>{keepTimesWhole(row.time)}</span>
                  </td>
                  <td className="px-4 py-4">
                    <span className="block text-ink">{row.location}</span>
                    <span className="block text-muted">{row.venue || VENUE_TBD}</span>
                  </td>
                  <td className="px-4 py-4 text-ink">{row.organiser}</td>
                  <td className="px-4 py-4">
                    <span className="block font-semibold text-ink">{row.price}</span>
                    {row.seats ? <span className="block whitespace-nowrap text-muted">{row.seats}</span> : null}
                  </td>
                  <td className="px-4 py-4">
                    <RowAction session={session} onOpen={onOpen} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <ul className="space-y-4 sm:hidden" data-testid="sessions-cards">
        {rows.map(({ session, row }) => {
          const selected = session._id === selectedId;
          return (
            // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
            <li
              key={session._id}
              onClick={() => onSelect(session._id)}
              data-selected={selected || undefined}
              className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-plum-100 data-selected:ring-2 data-selected:ring-plum-500"
            >
              <h3 className="font-serif text-lg text-plum-900">
                {row.name}
                {selected ? <span className="sr-only"> (selected)</span> : null}
              </h3>
              <dl className="mt-3 space-y-2 text-sm">
                <div className="flex gap-2">
                  <dt>
                    <CalendarDays aria-hidden="true" className="size-4 text-plum-600" />
                    <span className="sr-only">Date</span>
                  </dt>
                  <dd className="font-semibold text-ink">{row.date}</dd>
                </div>
                <div className="flex gap-2">
                  <dt>
                    <Clock aria-hidden="true" className="size-4 text-plum-600" />
                    <span className="sr-only">Time</span>
                  </dt>
                  <dd className="text-ink">{keepTimesWhole(row.time)}</dd>
                </div>
                <div className="flex gap-2">
                  <dt>
                    <MapPin aria-hidden="true" className="size-4 text-plum-600" />
                    <span className="sr-only">Location</span>
                  </dt>
                  <dd className="text-ink">
                    {row.location}
                    <span className="text-muted">, {row.venue || VENUE_TBD}</span>
                  </dd>
                </div>
                <div className="flex gap-2">
                  <dt>
                    <Users aria-hidden="true" className="size-4 text-plum-600" />
                    <span className="sr-only">Organizer</span>
                  </dt>
                  <dd className="text-ink">{row.organiser}</dd>
                </div>
              </dl>
              <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
                <p>
                  <span className="font-serif text-xl text-plum-800">{row.price}</span>
                  {row.seats ? <span className="ml-2 text-sm text-muted">{row.seats}</span> : null}
                </p>
                <RowAction session={session} onOpen={onOpen} />
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
