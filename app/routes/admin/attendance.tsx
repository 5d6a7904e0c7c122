import { Link } from "react-router";
import { servicesContext } from "~/context.server";
import { eventDateCell } from "~/features/events/admin-format";
import { listAttendanceSessions } from "~/features/prerequisites/attendance.server";
import type { Route } from "./+types/attendance";
import { usePagingFocus } from "~/hooks/use-paging-focus";
import { countOf } from "~/lib/count-of";
import { CARD_CELL } from "~/components/admin/card-cell";

/**
 * Staff: attendance (issue 11 points 5 and 6, decision 0031). The sessions
 * that have started, latest first, each with how many of its registrants are
 * marked; a session's own page marks them.
 */
export const meta: Route.MetaFunction = () => [{ title: "Attendance | Staff area" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const page = Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10);
  const result = await listAttendanceSessions(db, Number.isFinite(page) && page > 0 ? page : 1);
  return {
    ...result,
    // In the venue's zone (D13); a session over several days reads as one range.
    sessions: result.sessions.map((s) => ({ ...s, when: eventDateCell(s.startsAt, s.endsAt, s.timeZone) })),
  };
}

const cell = CARD_CELL;
const pageLink = "inline-flex min-h-11 items-center rounded-full border border-plum-200 bg-white px-5 font-semibold text-plum-800 hover:bg-plum-50";

export default function Attendance({ loaderData }: Route.ComponentProps) {
  const { sessions, page, totalPages, total } = loaderData;
  const { pagingProps, summaryProps } = usePagingFocus(page);
  return (
    <div>
      <h1 className="text-3xl text-plum-900">Attendance</h1>
      <p className="mt-2 max-w-3xl text-muted">
        Sessions that have started, latest first. Mark who attended: a level that requires an earlier one accepts a registration by email address only when that
        earlier level was attended.
      </p>
      {sessions.length === 0 ? (
        <p className="mt-8 rounded-2xl bg-white p-6 text-center text-muted ring-1 ring-plum-100">No session with registrations has started yet.</p>
      ) : (
        <div className="mt-8 rounded-2xl bg-white shadow-sm ring-1 ring-plum-100">
          <table className="w-full text-left text-sm max-md:block">
            <caption className="sr-only">Sessions that have started</caption>
            <thead className="bg-plum-50 text-plum-900 max-md:sr-only">
              <tr>
                <th scope="col" className="px-4 py-3">Session</th>
                <th scope="col" className="px-4 py-3">Date</th>
                <th scope="col" className="px-4 py-3">City</th>
                <th scope="col" className="px-4 py-3">Registrants</th>
                <th scope="col" className="px-4 py-3">Marked</th>
              </tr>
            </thead>
            <tbody className="max-md:block">
              {sessions.map((s) => (
                <tr key={s.id} className="border-t border-plum-100 max-md:block max-md:py-3">
                  <th scope="row" data-label="Session" className={`${cell} font-semibold`}>
                    <span>
                      <Link
                        to={`/admin/attendance/${encodeURIComponent(s.id)}`}
                        // The row's one control: a tap target of its own height (WCAG 2.5.8 without the spacing exception, decision
                        // 0053), drawn 12 px up into the cell's padding so its words sit level with the row's other cells; the line
                        // under it starts below the whole target, so none of it is covered.
                        className="-mt-3 flex min-h-11 w-fit items-center text-plum-800 underline underline-offset-2 hover:text-plum-600"
                      >
                        {s.title}
                      </Link>
                      {s.programmeTitle && s.programmeTitle !== s.title ? <span className="block font-normal text-muted">{s.programmeTitle}</span> : null}
                    </span>
                  </th>
                  <td data-label="Date" className={cell}>
                    {s.when ? (
                      <span>
                        <span className="block">{s.when.date}</span>
                        {s.when.time ? <span className="block text-muted">{s.when.time}</span> : null}
                      </span>
                    ) : (
                      "No date set"
                    )}
                  </td>
                  <td data-label="City" className={cell}>{s.city}</td>
                  <td data-label="Registrants" className={cell}>{s.registrants}</td>
                  <td data-label="Marked" className={cell}>
                    <span className={s.marked < s.registrants ? "font-semibold text-ink" : "font-semibold text-success"}>
                      {s.marked === s.registrants ? "All marked" : `${s.marked} of ${s.registrants} marked`}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {totalPages > 1 ? (
        <nav aria-label="Attendance pages" {...pagingProps} className="mt-6 flex flex-wrap items-center gap-3">
          {page > 1 ? (
            <Link to={page === 2 ? "?" : `?page=${page - 1}`} className={pageLink}>
              Previous
            </Link>
          ) : null}
          <span {...summaryProps} className="text-sm text-muted">
            Page {page} of {totalPages} · {countOf(total, "session")}
          </span>
          {page < totalPages ? (
            <Link to={`?page=${page + 1}`} className={pageLink}>
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
