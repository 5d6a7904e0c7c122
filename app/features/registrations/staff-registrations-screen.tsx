import { Download, Eye, Trash2 } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { DataTable, type DataColumn } from "~/components/admin/data-table";
import { DownloadDialog } from "~/components/admin/download-dialog";
import { ListSearch } from "~/components/admin/list-search";
import { ListEmpty, useListPending } from "~/components/admin/list-states";
import { PaginationNav } from "~/components/admin/pagination-nav";
import { StaffDialog } from "~/components/admin/staff-dialog";
import { useUrlDialog } from "~/hooks/use-url-dialog";
import { listHref } from "~/lib/list-query";
import { StaffRegistrationDetails } from "./staff-registration-details";
import { staffDate, staffLevel } from "./staff-format";
import type { RegistrationDetailView, StaffCancelAnswer } from "./staff-registrations-page.server";
import { holderStatusLabel } from "./status";
import type { RegistrationSummary, StaffRegistrationList } from "./staff-registrations.server";
import { DoneNotice } from "~/components/admin/done-notice";
import { ActionResult } from "~/components/admin/action-result";
import { EraseDetailsForm } from "~/components/admin/erase-details-form";
import { CancelRegistrationForm } from "./cancel-registration-form";
import { ERASED_NAME, type EraseAnswer } from "~/features/retention/erase";
import { countOf } from "~/lib/count-of";

export const SCREEN_TEXT: Record<StaffRegistrationList, { title: string; intro: string; csv: string; tableCaption: string; pagesLabel: string }> = {
  decode: {
    title: "DECODE Registration Management",
    intro: "Registrations for DECODE and TASSO sessions, newest first.",
    csv: "/api/registration/download-csv",
    tableCaption: "DECODE registrations",
    pagesLabel: "DECODE registration pages",
  },
  ich: {
    title: "ICH Registration Management",
    intro: "Registrations for Integrated Clinical Hypnotherapy sessions, newest first.",
    csv: "/api/ich/download-csv",
    tableCaption: "ICH registrations",
    pagesLabel: "ICH registration pages",
  },
};

type Props = {
  list: StaffRegistrationList;
  rows: RegistrationSummary[];
  total: number;
  /** More than `total` match the search; only the newest `total` are listed. */
  capped: boolean;
  page: number;
  totalPages: number;
  limit: number;
  search: string;
  detail: RegistrationDetailView | null;
  viewId: string | null;
  remove: { id: string; name: string } | null;
  removeId: string | null;
  deleted: boolean;
  deleteError: string | null;
  /** The details dialog's erase form's answer. */
  erase?: EraseAnswer;
  /** The details dialog's cancel form's answer. */
  cancel?: StaffCancelAnswer;
};

const actionLink =
  "inline-flex min-h-10 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold whitespace-nowrap";

function registrationColumns(keepPage: (extra: Record<string, string>) => string): DataColumn<RegistrationSummary>[] {
  return [
    {
      header: "Name",
      cell: (r) => (
        <span className="font-semibold text-ink">
          {r.name}
          {r.status !== "registered" || r.sessionCancelled ? (
            <span className="mt-1 block w-fit rounded-full bg-sand-100 px-2 py-0.5 text-xs font-semibold text-muted">
              {holderStatusLabel(r.status, r.sessionCancelled)}
            </span>
          ) : null}
        </span>
      ),
      // Every text column may break a long word (floors keep short ones whole): whatever the rows hold,
      // the table fits at 1280 px with the staff sidebar beside it.
      className: "min-w-28",
      wrap: "anywhere",
    },
    { header: "Email", cell: (r) => r.email, className: "min-w-32", wrap: "anywhere" },
    { header: "Location", cell: (r) => r.location, className: "min-w-36", wrap: "anywhere" },
    { header: "Level", cell: (r) => staffLevel(r.level), className: "min-w-28", wrap: "anywhere" },
    { header: "Mobile", cell: (r) => r.mobile, className: "whitespace-nowrap" },
    { header: "Registration Date", cell: (r) => <time dateTime={r.createdAt}>{staffDate(r.createdAt)}</time>, className: "whitespace-nowrap" },
    {
      header: "Actions",
      pin: "end",
      cell: (r) => (
        // Stacked: side by side they made the table wider than the screen at 1280 px.
        <span className="flex flex-col items-stretch gap-2">
          <Link to={keepPage({ view: r.id })} preventScrollReset className={`${actionLink} border-plum-200 text-plum-800 hover:bg-plum-50`}>
            <Eye aria-hidden="true" className="size-4" />
            View<span className="sr-only"> details of {r.name}</span>
          </Link>
          <Link to={keepPage({ remove: r.id })} preventScrollReset className={`${actionLink} border-danger/40 text-danger hover:bg-danger/10`}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete<span className="sr-only"> the registration of {r.name}</span>
          </Link>
        </span>
      ),
    },
  ];
}

/** A staff registrations list (DECODE or ICH): search, table, paging and its three dialogs. */
export function StaffRegistrationsScreen(p: Props) {
  const text = SCREEN_TEXT[p.list];
  const [params] = useSearchParams();
  const pending = useListPending();
  const view = useUrlDialog("view");
  const remove = useUrlDialog("remove");
  const download = useUrlDialog("download");
  const current = { search: p.search, page: p.page };
  const keepPage = (extra: Record<string, string>) => listHref(current, extra);

  const columns = registrationColumns(keepPage);

  const filtered = Boolean(p.search);
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl text-plum-900">{text.title}</h1>
          <p className="mt-2 text-muted">{text.intro}</p>
        </div>
        <p className="rounded-2xl bg-white px-5 py-3 ring-1 ring-plum-100">
          <span className="block text-sm text-muted">{filtered ? "Matching registrations" : "Total registrations"}</span>
          <span className="text-2xl font-semibold text-plum-900">{p.capped ? `${p.total.toLocaleString("en-US")}+` : p.total}</span>
        </p>
      </div>

      <DoneNotice message={p.deleted ? "The registration was deleted and its seat is free again." : null} />

      <div className="mt-6 flex flex-wrap items-end justify-between gap-3">
        <ListSearch label="Search registrations" hint="By name, email, level or city" />
        <Link
          to={listHref(current, { download: "1" })}
          preventScrollReset
          className="inline-flex min-h-12 items-center gap-2 rounded-full border border-plum-200 bg-white px-5 font-semibold text-plum-800 hover:bg-plum-50"
        >
          <Download aria-hidden="true" className="size-5" />
          Download Registrations
        </Link>
      </div>

      {p.capped ? (
        <p className="mt-4 rounded-xl bg-sand-100 px-4 py-3 text-ink">
          {`More than ${p.total.toLocaleString("en-US")} registrations match “${p.search}”. The newest ${p.total.toLocaleString("en-US")} are listed: add a word or choose dates to narrow the search. The download holds every match.`}
        </p>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {pending
          ? "Loading registrations"
          : `${p.capped ? "More than " : ""}${countOf(p.total, "registration")}${filtered ? ` match “${p.search}”` : ""}`}
      </p>
      {p.rows.length === 0 ? (
        <ListEmpty title="No registrations found" hint={filtered ? "Try adjusting your search criteria" : null} />
      ) : (
        <DataTable caption={text.tableCaption} columns={columns} rows={p.rows} rowKey={(r) => r.id} busy={pending} />
      )}
      <PaginationNav page={p.page} totalPages={p.totalPages} total={p.total} limit={p.limit} label={text.pagesLabel} hrefFor={(n) => listHref(current, { page: n })} />

      <StaffDialog
        open={view.open}
        onClose={view.close}
        closeHref={view.closeHref}
        title="Registration Details"
        subtitle={p.detail ? (p.detail.erasedAt ? ERASED_NAME : [p.detail.firstName, p.detail.middleName, p.detail.lastName].filter(Boolean).join(" ")) : undefined}
        closeLabel="Close registration details"
      >
        {p.detail && p.detail.id === p.viewId ? (
          <>
            <ActionResult answered={p.erase?.ok && p.erase.id === p.detail.id ? p.erase : undefined} />
            <ActionResult answered={p.cancel?.ok && p.cancel.id === p.detail.id ? p.cancel : undefined} />
            <StaffRegistrationDetails r={p.detail} showPhotos={p.list === "ich"} />
            {p.detail.canCancel || (p.cancel && !p.cancel.ok && p.cancel.id === p.detail.id) ? (
              <CancelRegistrationForm recordId={p.detail.id} firstName={p.detail.firstName} answer={p.cancel} />
            ) : null}
            {p.detail.erasedAt ? null : (
              <EraseDetailsForm
                recordId={p.detail.id}
                answer={p.erase}
                explanation="For a registrant who asked us to forget them: their names, email, phone numbers, addresses, date of birth, photos and note are removed now, with our copies of the emails about this registration. The seat stays held; a place on the waiting list is given up."
              />
            )}
          </>
        ) : (
          <p className="text-muted">{params.get("view") && !pending ? "This registration no longer exists." : "Loading..."}</p>
        )}
      </StaffDialog>

      <ConfirmDeleteDialog
        open={remove.open}
        onClose={remove.close}
        closeHref={remove.closeHref}
        what={p.remove ? `the registration of ${p.remove.name}` : "this registration"}
        fields={{ intent: "delete", id: p.remove?.id ?? p.removeId ?? "" }}
        error={p.deleteError}
      />

      <DownloadDialog
        open={download.open}
        onClose={download.close}
        closeHref={download.closeHref}
        title="Download Registrations"
        action={text.csv}
        search={p.search}
        fallbackFileName={`${p.list}-registrations.csv`}
      />
    </div>
  );
}
