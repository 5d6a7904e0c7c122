import { Download, Eye, RotateCw } from "lucide-react";
import { useId } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { ActionResult } from "~/components/admin/action-result";
import { EraseDetailsForm } from "~/components/admin/erase-details-form";
import { DataTable, type DataColumn } from "~/components/admin/data-table";
import { DownloadDialog } from "~/components/admin/download-dialog";
import { ListSearch } from "~/components/admin/list-search";
import { ListEmpty, useListPending } from "~/components/admin/list-states";
import { MailLink } from "~/components/admin/mail-link";
import { PaginationNav } from "~/components/admin/pagination-nav";
import { DetailSection, StaffDialog } from "~/components/admin/staff-dialog";
import { inputClass } from "~/components/ui/field";
import { staffDateTime } from "~/features/registrations/staff-format";
import { useSyncedValue } from "~/hooks/use-synced-value";
import { useUrlDialog } from "~/hooks/use-url-dialog";
import { usePostPending } from "~/hooks/use-settled-action";
import { listHref, type Pagination } from "~/lib/list-query";
import { ERASED_NAME, type EraseAnswer } from "~/features/retention/erase";
import type { ContactJson } from "./contact-admin.server";
import type { ContactsActionData } from "./contacts-page.server";
import { CONTACT_STATUS_LABELS, CONTACT_STATUSES } from "./status";
import { pressOnSpace } from "~/lib/link-as-button";
import { countOf } from "~/lib/count-of";

export const CONTACTS_TITLE = "Contacts";
/** Spec part 2 §8: the list could not load. */
export const CONTACTS_FAILED = "Failed to fetch contacts";

type Props = {
  contacts: ContactJson[];
  pagination: Pagination<"total">;
  search: string;
  viewId: string | null;
  detail: ContactJson | null;
  actionData: ContactsActionData | undefined;
};

const badge: Record<string, string> = {
  New: "bg-plum-800 text-white",
  Read: "bg-sand-100 text-ink ring-1 ring-plum-200",
  Replied: "bg-success/10 text-success ring-1 ring-success/30",
};

export function ContactStatusBadge({ status }: { status: string }) {
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${badge[status] ?? badge.New}`}>{status}</span>;
}

const actionLink = "inline-flex min-h-10 items-center gap-1.5 rounded-full border border-plum-200 px-3 text-sm font-semibold whitespace-nowrap text-plum-800 hover:bg-plum-50";

/** The status form's answer, when it was about this message. */
function statusAnswer(actionData: ContactsActionData | undefined, contact: ContactJson) {
  return actionData && !("erase" in actionData) && actionData.id === contact._id ? actionData : undefined;
}

/** The erase form's answer, when it was about this message. */
function eraseAnswer(actionData: ContactsActionData | undefined, contact: ContactJson): EraseAnswer | undefined {
  return actionData && "erase" in actionData && actionData.erase.id === contact._id ? actionData.erase : undefined;
}

/** Staff set New, Read or Replied: a real form posted to the page's action (works before JavaScript). */
function StatusForm({ contact, actionData }: { contact: ContactJson; actionData: ContactsActionData | undefined }) {
  const id = useId();
  // Until the lists' data is back too: the saved status and "Status last set" then show together with the message.
  const busy = usePostPending("status");
  const [status, setStatus] = useSyncedValue(contact.status);
  const mine = statusAnswer(actionData, contact);
  const error = mine && !mine.ok ? (mine.errors.status ?? mine.errors.form) : undefined;
  return (
    <Form
      method="post"
      preventScrollReset
      // Not `disabled` while saving: a disabled button loses focus, and the keyboard user with it.
      onSubmit={(e) => {
        if (busy) e.preventDefault();
      }}
      className="mt-2 flex flex-wrap items-end gap-3 border-t border-plum-100 pt-5"
    >
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={contact._id} />
      <div>
        <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
          Status
        </label>
        <select
          id={id}
          name="status"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputClass} w-auto pr-10`}
        >
          {CONTACT_STATUSES.map((s) => (
            <option key={s} value={CONTACT_STATUS_LABELS[s]}>
              {CONTACT_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        aria-disabled={busy || undefined}
        className="inline-flex min-h-12 items-center rounded-full bg-plum-800 px-5 font-semibold text-white hover:bg-plum-700 aria-disabled:opacity-60"
      >
        {busy ? "Saving..." : "Save status"}
      </button>
      <p role="status" className="basis-full text-sm font-semibold text-success">
        {mine?.ok && !busy ? mine.message : ""}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="basis-full text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

/** The sender's name, or what an erased one reads as, in the list and the details. */
const senderName = (c: ContactJson) => (c.erasedAt ? ERASED_NAME : c.fullName);

function ContactDetails({ c, actionData }: { c: ContactJson; actionData: ContactsActionData | undefined }) {
  const answer = eraseAnswer(actionData, c);
  const erased = answer?.ok ? answer : undefined;
  return (
    <div>
      <ActionResult answered={erased} />
      <DetailSection
        title="Contact Information"
        items={[
          { label: "Full name", value: senderName(c) },
          { label: "Email", value: c.email ? <MailLink address={c.email} /> : null },
          { label: "Phone number", value: c.phoneNumber },
          { label: "Country", value: c.countryName },
          { label: "Zip code", value: c.zipCode },
          { label: "Received", value: <time dateTime={c.createdAt}>{staffDateTime(c.createdAt)}</time> },
        ]}
      />
      <section className="mb-6">
        <h3 className="mb-3 border-b border-plum-100 pb-1 text-lg font-semibold text-plum-900">Message</h3>
        <p className="break-words whitespace-pre-wrap text-ink">{c.erasedAt ? "Erased with the sender's details." : c.message || "No message was written."}</p>
      </section>
      <DetailSection
        title="Administrative Details"
        items={[
          { label: "Status", value: <ContactStatusBadge status={c.status} /> },
          { label: "Status last set", value: c.statusChangedAt ? `${staffDateTime(c.statusChangedAt)}${c.statusChangedBy ? ` by ${c.statusChangedBy}` : ""}` : "Never" },
          ...(c.erasedAt ? [{ label: "Details erased", value: <time dateTime={c.erasedAt}>{staffDateTime(c.erasedAt)}</time> }] : []),
          { label: "Message ID", value: <span className="font-mono text-sm">{c._id}</span> },
        ]}
      />
      <StatusForm contact={c} actionData={actionData} />
      {c.erasedAt ? null : (
        <EraseDetailsForm
          recordId={c._id}
          answer={answer}
          explanation="For a sender who asked us to forget them: their name, email, phone number, zip code and message are removed now, and our copies of the emails about this message with them. The country, the date and the status stay."
        />
      )}
    </div>
  );
}

/** The list's columns; `hrefWith` keeps the list's place in the links it builds. */
function contactColumns(hrefWith: (extra: Record<string, string>) => string): DataColumn<ContactJson>[] {
  return [
    // Text columns may break a long word (floors keep short ones whole), so the table fits at 1280 px beside the sidebar.
    { header: "Name", cell: (c) => <span className="font-semibold text-ink">{senderName(c)}</span>, className: "min-w-28", wrap: "anywhere" },
    { header: "Email", cell: (c) => c.email, className: "sm:min-w-32 sm:max-w-64", wrap: "anywhere" },
    { header: "Phone", cell: (c) => c.phoneNumber, className: "whitespace-nowrap" },
    { header: "Country", cell: (c) => c.countryName, className: "min-w-24", wrap: "anywhere" },
    { header: "Status", cell: (c) => <ContactStatusBadge status={c.status} /> },
    { header: "Received", cell: (c) => <time dateTime={c.createdAt}>{staffDateTime(c.createdAt)}</time>, className: "whitespace-nowrap" },
    {
      header: "Actions",
      pin: "end",
      cell: (c) => (
        <Link to={hrefWith({ view: c._id })} preventScrollReset className={actionLink}>
          <Eye aria-hidden="true" className="size-4" />
          View<span className="sr-only"> the message from {senderName(c)}</span>
        </Link>
      ),
    },
  ];
}

/** /admin/contacts: contact-form messages with server search (D9), details and the New / Read / Replied status. */
export function ContactsScreen(p: Props) {
  const pending = useListPending();
  const revalidator = useRevalidator();
  const view = useUrlDialog("view");
  const download = useUrlDialog("download");
  const current = { search: p.search, page: p.pagination.currentPage };
  const filtered = Boolean(p.search);

  const columns = contactColumns((extra) => listHref(current, extra));

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl text-plum-900">{CONTACTS_TITLE}</h1>
          <p className="mt-2 text-muted">Messages sent through the Contact Us form, newest first.</p>
        </div>
        <p className="rounded-2xl bg-white px-5 py-3 ring-1 ring-plum-100">
          <span className="block text-sm text-muted">{filtered ? "Matching messages" : "Total messages"}</span>
          <span className="text-2xl font-semibold text-plum-900">{p.pagination.total}</span>
        </p>
      </div>

      <div className="mt-6 flex flex-wrap items-end justify-between gap-3">
        <ListSearch label="Search contacts" hint="By name, email, country, phone or status" />
        <div className="flex flex-wrap gap-2">
          <Link
            to={`${listHref(current)}`}
            onClick={(e) => {
              e.preventDefault();
              if (revalidator.state === "idle") void revalidator.revalidate();
            }}
            onKeyDown={pressOnSpace}
            className="inline-flex min-h-12 items-center gap-2 rounded-full border border-plum-200 bg-white px-5 font-semibold text-plum-800 hover:bg-plum-50"
          >
            <RotateCw aria-hidden="true" className={`size-5 ${revalidator.state === "loading" ? "animate-spin" : ""}`} />
            Refresh
          </Link>
          <Link
            to={listHref(current, { download: "1" })}
            preventScrollReset
            className="inline-flex min-h-12 items-center gap-2 rounded-full border border-plum-200 bg-white px-5 font-semibold text-plum-800 hover:bg-plum-50"
          >
            <Download aria-hidden="true" className="size-5" />
            Download CSV
          </Link>
        </div>
      </div>

      <p className="sr-only" aria-live="polite">
        {pending ? "Loading messages" : `${countOf(p.pagination.total, "message")}${filtered ? ` match “${p.search}”` : ""}`}
      </p>
      {p.contacts.length === 0 ? (
        <ListEmpty title="No contacts found" hint={filtered ? "Try adjusting your search criteria" : null} />
      ) : (
        <DataTable caption="Contact messages" columns={columns} rows={p.contacts} rowKey={(c) => c._id} busy={pending} />
      )}
      <PaginationNav
        page={p.pagination.currentPage}
        totalPages={p.pagination.totalPages}
        total={p.pagination.total}
        limit={p.pagination.limit}
        label="Contact message pages"
        hrefFor={(n) => listHref(current, { page: n })}
      />

      <StaffDialog open={view.open} onClose={view.close} closeHref={view.closeHref} title="Contact Details" subtitle={p.detail ? senderName(p.detail) : undefined} closeLabel="Close contact details">
        {p.detail && p.detail._id === p.viewId ? (
          <ContactDetails c={p.detail} actionData={p.actionData} />
        ) : (
          <p className="text-muted">{p.viewId && !pending ? "This message no longer exists." : "Loading..."}</p>
        )}
      </StaffDialog>

      <DownloadDialog
        open={download.open}
        onClose={download.close}
        closeHref={download.closeHref}
        title="Select Date Range"
        action="/api/contacts/download-csv"
        search={p.search}
        fallbackFileName="contacts.csv"
      />
    </div>
  );
}
