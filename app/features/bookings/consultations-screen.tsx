import { CalendarRange, Download, Eye, RotateCw, Trash2 } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { DataTable, type DataColumn } from "~/components/admin/data-table";
import { DownloadDialog } from "~/components/admin/download-dialog";
import { ListSearch } from "~/components/admin/list-search";
import { ListEmpty, useListPending } from "~/components/admin/list-states";
import { MailLink } from "~/components/admin/mail-link";
import { PaginationNav } from "~/components/admin/pagination-nav";
import { DetailSection, StaffDialog } from "~/components/admin/staff-dialog";
import { inputClass } from "~/components/ui/field";
import { formatPrice } from "~/features/events/format";
import { staffDate, staffDateTime } from "~/features/registrations/staff-format";
import { useUrlDialog } from "~/hooks/use-url-dialog";
import { listHref, type Pagination } from "~/lib/list-query";
import type { ConsultationJson } from "./consultations.server";
import { DoneNotice } from "~/components/admin/done-notice";
import { useSyncedValue } from "~/hooks/use-synced-value";
import { ActionResult } from "~/components/admin/action-result";
import { EraseDetailsForm } from "~/components/admin/erase-details-form";
import { ERASED_NAME, type EraseAnswer } from "~/features/retention/erase";
import { pressOnSpace } from "~/lib/link-as-button";
import { countOf } from "~/lib/count-of";
import { CancelBookingForm } from "./cancel-booking-form";
import type { BookingCancelAnswer } from "./booking-cancel.server";

export const CONSULTATIONS_TITLE = "Family Consultation Management";
/** Spec part 2 §8: the list could not load. */
export const CONSULTATIONS_FAILED_TEXT = "Failed to fetch consultations";

type Props = {
  consultations: ConsultationJson[];
  pagination: Pagination<"total">;
  search: string;
  startDate: string | null;
  endDate: string | null;
  dateErrors: { startDate: string | null; endDate: string | null };
  typed: { startDate: string; endDate: string };
  viewId: string | null;
  detail: (ConsultationJson & { canCancel: boolean }) | null;
  removeId: string | null;
  remove: { id: string; name: string } | null;
  deleted: boolean;
  deleteError: string | null;
  /** The details dialog's erase form's answer. */
  erase?: EraseAnswer;
  /** The details dialog's cancel form's answer. */
  cancel?: BookingCancelAnswer;
};

/** The booker's name, or what an erased one reads as. */
const bookerName = (c: ConsultationJson) => (c.erasedAt ? ERASED_NAME : c.fullName);

const actionLink = "inline-flex min-h-10 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold whitespace-nowrap";
const secondaryButton =
  "inline-flex min-h-12 items-center gap-2 rounded-full border border-plum-200 bg-white px-5 font-semibold text-plum-800 hover:bg-plum-50";

/** 'the date filter panel': registration dates from and to (either may be empty), kept in the URL with the search. */
function DateFilter({ p }: { p: Props }) {
  const id = useId();
  const active = Boolean(p.startDate || p.endDate);
  // Controlled, not keyed by the values: a remount when the filtered list comes back would drop the focus.
  const dates = { startDate: useSyncedValue(p.typed.startDate), endDate: useSyncedValue(p.typed.endDate) };
  // "Clear dates" goes with the dates it clears: the focus moves to the first field, not to the page's body.
  const clearing = useRef(false);
  const clearable = active || Boolean(p.dateErrors.startDate || p.dateErrors.endDate);
  useEffect(() => {
    if (!clearing.current || clearable) return;
    clearing.current = false;
    document.getElementById(`${id}-startDate`)?.focus();
  }, [clearable, id]);
  // A range refused on Apply (each answer brings its own errors object): the focus goes to the field to
  // correct, as in the other staff forms.
  const { dateErrors } = p;
  useEffect(() => {
    const firstInvalid = dateErrors.startDate ? "startDate" : dateErrors.endDate ? "endDate" : null;
    if (firstInvalid) document.getElementById(`${id}-${firstInvalid}`)?.focus();
  }, [dateErrors, id]);
  const field = (name: "startDate" | "endDate", label: string) => {
    const error = p.dateErrors[name];
    // As wide as its date box: an error wraps under the box instead of widening it, and both boxes stay in line.
    return (
      <div className="w-min">
        <label htmlFor={`${id}-${name}`} className="mb-1.5 block text-sm font-semibold">
          {label}
        </label>
        <input
          id={`${id}-${name}`}
          name={name}
          type="date"
          value={dates[name][0]}
          onChange={(e) => dates[name][1](e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          className={`${inputClass} w-auto`}
        />
        {error ? (
          <p id={`${id}-${name}-error`} role="alert" className="mt-1.5 text-sm font-semibold text-danger">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-plum-100 sm:p-5">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-plum-900">
        <CalendarRange aria-hidden="true" className="size-5" />
        Filter by registration date
      </h2>
      <Form method="get" preventScrollReset className="mt-3 flex flex-wrap items-start gap-3">
        {p.search ? <input type="hidden" name="search" value={p.search} /> : null}
        {field("startDate", "From")}
        {field("endDate", "To")}
        {/* Level with the date boxes (below their 26 px labels) whatever errors hang under them, at every width. */}
        <div className="mt-6.5 flex flex-wrap gap-3">
          <button type="submit" className="inline-flex min-h-12 items-center rounded-full bg-plum-800 px-5 font-semibold text-white hover:bg-plum-700">
            Apply
          </button>
          {clearable ? (
            <Link to={listHref({ search: p.search })} preventScrollReset onClick={() => (clearing.current = true)} className={secondaryButton}>
              Clear dates
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

function ConsultationDetails({ c, erase, cancel }: { c: ConsultationJson & { canCancel: boolean }; erase: EraseAnswer | undefined; cancel: BookingCancelAnswer | undefined }) {
  const mine = erase && erase.id === c._id ? erase : undefined;
  const cancelled = cancel && cancel.id === c._id ? cancel : undefined;
  return (
    <div>
      <ActionResult answered={mine?.ok ? mine : undefined} />
      <ActionResult answered={cancelled?.ok ? cancelled : undefined} />
      <DetailSection
        title="Personal Information"
        items={[
          { label: "Full name", value: bookerName(c) },
          { label: "Email", value: c.email ? <MailLink address={c.email} /> : null },
          { label: "Phone", value: c.phone },
          { label: "Communication preferences", value: c.communicationPreferences ? "Yes, send updates" : "No" },
        ]}
      />
      <DetailSection
        title="Event Information"
        items={[
          { label: "Event", value: c.event },
          { label: "Date", value: c.formattedEventDate },
          { label: "Time", value: c.eventTime },
          { label: "Location", value: c.location },
          { label: "Facilitator", value: c.facilitator || "N/A" },
          { label: "Organized by", value: c.organisedBy },
          { label: "Organizer email", value: c.organiserEmail ? <MailLink address={c.organiserEmail} /> : null },
          { label: "Price", value: c.price === null ? "Price Not Available" : formatPrice(Math.round(c.price * 100), c.currency) },
        ]}
      />
      <DetailSection
        title="Administrative Details"
        items={[
          { label: "Registration date", value: <time dateTime={c.createdAt}>{staffDateTime(c.createdAt)}</time> },
          { label: "Status", value: c.statusLabel },
          { label: "Terms accepted", value: <time dateTime={c.termsAcceptedAt}>{staffDateTime(c.termsAcceptedAt)}</time> },
          ...(c.erasedAt ? [{ label: "Details erased", value: <time dateTime={c.erasedAt}>{staffDateTime(c.erasedAt)}</time> }] : []),
          { label: "Registration ID", value: <span className="font-mono text-sm">{c._id}</span> },
          { label: "Session ID", value: <span className="font-mono text-sm">{c.sessionId}</span> },
        ]}
      />
      {c.canCancel || (cancelled && !cancelled.ok) ? <CancelBookingForm recordId={c._id} bookerName={c.fullName} answer={cancel} /> : null}
      {c.erasedAt ? null : (
        <EraseDetailsForm
          recordId={c._id}
          answer={erase}
          explanation="For a booker who asked us to forget them: their name, email and phone number are removed now, with our copies of the emails about this booking. The seat stays booked; a place on the waiting list is given up."
        />
      )}
    </div>
  );
}

/** The list's columns (spec part 2 §2.9); `keep` keeps the list's place in the links it builds. */
function consultationColumns(keep: (extra: Record<string, string>) => string): DataColumn<ConsultationJson>[] {
  return [
    {
      header: "Name",
      cell: (c) => (
        <span className="font-semibold text-ink">
          {bookerName(c)}
          {/* Anything but a seat booked in a session still on (canceled, waiting, offered…) says so, as on the registration lists. */}
          {c.statusLabel !== "Booked" ? (
            <span className="mt-1 block w-fit rounded-full bg-sand-100 px-2 py-0.5 text-xs font-semibold text-muted">{c.statusLabel}</span>
          ) : null}
        </span>
      ),
      className: "sm:min-w-32",
    },
    { header: "Email", cell: (c) => c.email, className: "sm:max-w-56" },
    {
      header: "Location",
      cell: (c) => (
        <span>
          {c.city}
          {c.venue ? <span className="block text-xs text-muted">{c.venue}</span> : null}
        </span>
      ),
    },
    {
      header: "Event",
      cell: (c) => (
        <span>
          {c.event}
          <span className="block text-xs text-muted">{c.formattedEventDate}</span>
        </span>
      ),
    },
    { header: "Phone", cell: (c) => c.phone, className: "whitespace-nowrap" },
    { header: "Registration Date", cell: (c) => <time dateTime={c.createdAt}>{staffDate(c.createdAt)}</time>, className: "whitespace-nowrap" },
    {
      header: "Actions",
      pin: "end",
      cell: (c) => (
        <span className="flex flex-wrap gap-2">
          <Link to={keep({ view: c._id })} preventScrollReset className={`${actionLink} border-plum-200 text-plum-800 hover:bg-plum-50`}>
            <Eye aria-hidden="true" className="size-4" />
            View<span className="sr-only"> details of {bookerName(c)}</span>
          </Link>
          <Link to={keep({ remove: c._id })} preventScrollReset className={`${actionLink} border-danger/40 text-danger hover:bg-danger/10`}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete<span className="sr-only"> the consultation of {bookerName(c)}</span>
          </Link>
        </span>
      ),
    },
  ];
}

/** /admin/family-consultations (spec part 2 §2.9): total, search, date filter, CSV, refresh, table, details, deletion, paging. */
export function ConsultationsScreen(p: Props) {
  const pending = useListPending();
  const revalidator = useRevalidator();
  const view = useUrlDialog("view");
  const remove = useUrlDialog("remove");
  const download = useUrlDialog("download");
  const current = { search: p.search, page: p.pagination.currentPage, startDate: p.startDate, endDate: p.endDate };
  const keep = (extra: Record<string, string>) => listHref(current, extra);
  const filtered = Boolean(p.search || p.startDate || p.endDate);

  const columns = consultationColumns(keep);

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl text-plum-900">{CONSULTATIONS_TITLE}</h1>
          <p className="mt-2 text-muted">Family Constellation bookings made on the site, newest first.</p>
        </div>
        <p className="rounded-2xl bg-white px-5 py-3 ring-1 ring-plum-100">
          <span className="block text-sm text-muted">{filtered ? "Matching consultations" : "Total consultations"}</span>
          <span className="text-2xl font-semibold text-plum-900">{p.pagination.total}</span>
        </p>
      </div>

      <DoneNotice message={p.deleted ? "The consultation was deleted and its seat is free again." : null} />

      <div className="mt-6 flex flex-wrap items-end justify-between gap-3">
        <ListSearch label="Search consultations" hint="By name, email, phone, location or event" keep={["startDate", "endDate"]} />
        <div className="flex flex-wrap gap-2">
          <Link
            to={keep({})}
            onClick={(e) => {
              e.preventDefault();
              if (revalidator.state === "idle") void revalidator.revalidate();
            }}
            onKeyDown={pressOnSpace}
            className={secondaryButton}
          >
            <RotateCw aria-hidden="true" className={`size-5 ${revalidator.state === "loading" ? "animate-spin" : ""}`} />
            Refresh
          </Link>
          <Link to={keep({ download: "1" })} preventScrollReset className={secondaryButton}>
            <Download aria-hidden="true" className="size-5" />
            Download CSV
          </Link>
        </div>
      </div>

      <DateFilter p={p} />

      <p className="sr-only" aria-live="polite">
        {pending ? "Loading consultations" : `${countOf(p.pagination.total, "consultation")}${filtered ? " match the filter" : ""}`}
      </p>
      {p.consultations.length === 0 ? (
        <ListEmpty title="No consultations found" hint={filtered ? "Try adjusting your search criteria" : null} />
      ) : (
        <DataTable caption="Family consultation registrations" columns={columns} rows={p.consultations} rowKey={(c) => c._id} busy={pending} />
      )}
      <PaginationNav
        page={p.pagination.currentPage}
        totalPages={p.pagination.totalPages}
        total={p.pagination.total}
        limit={p.pagination.limit}
        label="Consultation pages"
        hrefFor={(n) => listHref(current, { page: n })}
      />

      <StaffDialog open={view.open} onClose={view.close} closeHref={view.closeHref} title="Consultation Details" subtitle={p.detail ? bookerName(p.detail) : undefined} closeLabel="Close consultation details">
        {p.detail && p.detail._id === p.viewId ? (
          <ConsultationDetails c={p.detail} erase={p.erase} cancel={p.cancel} />
        ) : (
          <p className="text-muted">{p.viewId && !pending ? "This consultation no longer exists." : "Loading..."}</p>
        )}
      </StaffDialog>

      <ConfirmDeleteDialog
        open={remove.open}
        onClose={remove.close}
        closeHref={remove.closeHref}
        what={p.remove ? `the consultation of ${p.remove.name}` : "this consultation"}
        fields={{ intent: "delete", id: p.remove?.id ?? p.removeId ?? "" }}
        error={p.deleteError}
      />

      <DownloadDialog
        open={download.open}
        onClose={download.close}
        closeHref={download.closeHref}
        title="Select Date Range"
        action="/api/family-consultation/download-csv"
        search={p.search}
        defaultStartDate={p.startDate}
        defaultEndDate={p.endDate}
        failureText={(reason) => `Download failed: ${reason}`}
        fallbackFileName="family-consultation-registrations.csv"
      />
    </div>
  );
}
