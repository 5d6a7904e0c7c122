import { Form, Link } from "react-router";
import { inputClass } from "~/components/ui/field";
import { servicesContext } from "~/context.server";
import { AUDIT_ACTIONS, REGISTRANT_ACTIONS } from "~/features/audit/actions";
import { staffMoment } from "~/features/registrations/staff-format";
import { auditQueryFrom, listAudit } from "~/features/audit/audit.server";
import type { Route } from "./+types/audit";
import { usePagingFocus } from "~/hooks/use-paging-focus";

export const meta: Route.MetaFunction = () => [{ title: "Audit trail | Staff area" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = auditQueryFrom(new URL(request.url).searchParams);
  const result = await listAudit(context.get(servicesContext).db, query);
  return { ...result, action: query.action ?? "", q: query.q ?? "" };
}

/** Below 640 px each entry is a small card: every cell shows its column's name before it. A long word (an address someone typed) breaks anywhere rather than widen the page. */
const cell =
  "px-4 py-3 [overflow-wrap:anywhere] max-sm:flex max-sm:gap-3 max-sm:py-1 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:font-semibold max-sm:before:content-[attr(data-label)]";


function pageLink(action: string, q: string, page: number) {
  const p = new URLSearchParams();
  if (action) p.set("action", action);
  if (q) p.set("q", q);
  if (page > 1) p.set("page", String(page));
  const s = p.toString();
  return s ? `?${s}` : ".";
}

export default function AuditTrail({ loaderData }: Route.ComponentProps) {
  const { records, total, page, totalPages, action, q } = loaderData;
  const { pagingProps, summaryProps } = usePagingFocus(page);
  return (
    <div>
      <h1 className="text-3xl text-plum-900">Audit trail</h1>
      <p className="mt-2 max-w-3xl text-muted">
        Every sign-in, failed attempt, record opened, export and change made in the staff area, and every list read through the API, newest
        first. Entries cannot be edited or deleted.
      </p>

      <Form method="get" role="search" aria-label="Filter the audit trail" className="mt-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="audit-action" className="mb-1.5 block text-sm font-semibold">
            Action
          </label>
          <select id="audit-action" name="action" defaultValue={action} className={`${inputClass} w-auto pr-10`}>
            <option value="">All actions</option>
            {Object.entries(AUDIT_ACTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 grow sm:max-w-sm">
          <label htmlFor="audit-q" className="mb-1.5 block text-sm font-semibold">
            Search
          </label>
          <input id="audit-q" name="q" type="search" defaultValue={q} placeholder="Email, record or address" className={inputClass} />
        </div>
        <button type="submit" className="inline-flex min-h-12 items-center rounded-full bg-plum-800 px-6 font-semibold text-white hover:bg-plum-700">
          Filter
        </button>
        {action || q ? (
          <Link to="." className="inline-flex min-h-12 items-center rounded-full border border-plum-200 bg-white px-6 font-semibold text-plum-800 hover:bg-plum-50">
            Clear
          </Link>
        ) : null}
      </Form>

      <p className="mt-6 text-sm text-muted" aria-live="polite">
        {total === 1 ? "1 entry" : `${total} entries`}
      </p>
      {records.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-white p-6 text-muted ring-1 ring-plum-100">No entries match this filter.</p>
      ) : (
        <div className="relative mt-3 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-plum-100">
          <table className="w-full text-left text-sm max-sm:block">
            <caption className="sr-only">Audit entries</caption>
            <thead className="bg-plum-50 text-plum-900 max-sm:sr-only">
              <tr>
                <th scope="col" className="px-4 py-3">When</th>
                <th scope="col" className="px-4 py-3">Who</th>
                <th scope="col" className="px-4 py-3">Action</th>
                <th scope="col" className="px-4 py-3">Record</th>
                <th scope="col" className="px-4 py-3">Address</th>
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {records.map((r) => (
                <tr key={r.id} className="border-t border-plum-100 align-top max-sm:block max-sm:py-2">
                  <td data-label="When" className={`${cell} sm:min-w-44`}>
                    <time dateTime={r.at}>{staffMoment(r.at)}</time>
                  </td>
                  <td data-label="Who" className={`${cell} sm:min-w-48`}>{r.actorEmail ?? (REGISTRANT_ACTIONS.has(r.action) ? (r.targetType === "family-booking" ? "The booker" : "The registrant") : String(r.detail?.via ?? "").startsWith("admin:") ? "The server's operator" : "Unknown")}</td>
                  <td data-label="Action" className={cell}>{AUDIT_ACTIONS[r.action as keyof typeof AUDIT_ACTIONS] ?? r.action}</td>
                  <td data-label="Record" className={cell}>
                    <span className="min-w-0">
                    {r.targetType ? `${r.targetType}${r.targetId ? ` ${r.targetId}` : ""}` : "—"}
                    {/* A change of settings says what changed, old value to new (decision 0038). */}
                    {typeof r.detail?.summary === "string" ? <span className="mt-1 block text-muted">{r.detail.summary}</span> : null}
                    </span>
                  </td>
                  <td data-label="Address" className={`${cell} sm:min-w-32`}>{r.ip ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {totalPages > 1 ? (
        <nav aria-label="Audit pages" {...pagingProps} className="mt-4 flex flex-wrap items-center gap-3">
          {page > 1 ? (
            <Link to={pageLink(action, q, page - 1)} className="inline-flex min-h-11 items-center rounded-full border border-plum-200 bg-white px-5 font-semibold text-plum-800">
              Previous
            </Link>
          ) : null}
          <span {...summaryProps} className="text-sm text-muted">
            Page {page} of {totalPages}
          </span>
          {page < totalPages ? (
            <Link to={pageLink(action, q, page + 1)} className="inline-flex min-h-11 items-center rounded-full border border-plum-200 bg-white px-5 font-semibold text-plum-800">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
