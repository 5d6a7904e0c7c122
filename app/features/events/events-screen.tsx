import { Plus, Search } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { DialogOpener } from "~/components/admin/dialog-opener";
import { PlainAnswer, PlainPanel, screenHref } from "~/components/admin/plain-panel";
import { useHydrated } from "~/hooks/use-hydrated";
import { inputClass } from "~/components/ui/field";
import { draftKey, dropDraft, pendingDrafts } from "~/components/admin/staff-draft";
import { useUnsavedChanges } from "~/components/admin/unsaved-changes";
import { ModalDialog } from "~/components/ui/modal-dialog";
import { CancelSessionConfirm, CANCEL_SESSION_TITLE } from "~/features/session-mail/cancel-session-confirm";
import { eventDateText } from "./admin-format";
import { DeleteEvent } from "./delete-event";
import { EventForm, type EventActionResult } from "./event-form";
import type { AdminEventJson } from "./events-admin.server";
import type { EventsDialog, PlainEcho } from "./events-screen.server";
import { EventsPagination } from "./events-pagination";
import { EventsTable } from "./events-table";
import { useSyncedValue } from "~/hooks/use-synced-value";

export type EventsScreenData = {
  events: AdminEventJson[];
  totalEvents: number;
  totalPages: number;
  currentPage: number;
  limit: number;
  search: string;
  /** The form the address asks for (`?new=1`, `?edit=<id>`, `?delete=<id>`, `?cancel=<id>`; decision 0083). */
  dialog?: EventsDialog;
};

/** The action's answer as the route hands it over: only a plain form post's (no JavaScript) carries `plain`. */
export type EventsAnswer = { ok: boolean; message: string; errors?: Extract<EventActionResult, { ok: false }>["errors"]; plain?: PlainEcho } | undefined;

type Mode =
  | { kind: "add" }
  | { kind: "edit"; event: AdminEventJson }
  | { kind: "delete"; event: AdminEventJson }
  | { kind: "cancel"; event: AdminEventJson }
  | null;

/** The list's address for a search and a page (D9: both kept in the URL). */
export function eventsHref(search: string, page: number): string {
  const p = new URLSearchParams();
  if (search) p.set("search", search);
  if (page > 1) p.set("page", String(page));
  const s = p.toString();
  return s ? `?${s}` : ".";
}

/**
 * The Family Constellation events screen (spec part 2 §2.10): total, 'Add Event',
 * search (Enter or Search; Clear goes back to page 1), the table, 'No events
 * found', the pagination, and one dialog that holds the add/edit form or the
 * delete confirmation. Saving or deleting reloads the list on the same page.
 */
export function EventsScreen({ data, answer, notice }: { data: EventsScreenData; answer?: EventsAnswer; notice?: string | null }) {
  const { events, totalEvents, totalPages, currentPage, limit, search } = data;
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  // The list as it is (search and page), and the same list with one form asked for in its address.
  const listHref = screenHref(location.pathname, location.search, {});
  const hrefFor = (kind: "new" | "edit" | "delete" | "cancel", id: string) => screenHref(location.pathname, location.search, { [kind]: id });
  const plain = answer?.plain ? answer : null;
  const echo = plain?.plain;
  // The form shown in the page (decision 0083): before JavaScript, the one the address asks for; after a plain
  // post that was refused, the same form again with what was typed and its field messages.
  let inline: EventsDialog = null;
  if (plain && echo && !plain.ok) {
    const event = events.find((e) => e._id === echo.id);
    if (echo.intent === "save") inline = echo.id ? (event ? { kind: "edit", event } : null) : { kind: "add" };
    else if ((echo.intent === "delete" || echo.intent === "cancel") && event && event.status !== "Cancelled") inline = { kind: echo.intent, event };
  } else if (!plain && !hydrated) inline = data.dialog ?? null;
  const [typedSearch, setTypedSearch] = useSyncedValue(search);
  const [mode, setMode] = useState<Mode>(null);
  const [busy, setBusy] = useState(false);
  const [formChanged, setFormChanged] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After a delete the row, and the button that opened the dialog, go: focus then moves to the heading.
  // The list may arrive before or after the dialog closes; the request lasts until one list after the close.
  const [focusRequest, setFocusRequest] = useState<{ closedWith: EventsScreenData | null } | null>(null);

  const open = (next: Exclude<Mode, null>) => {
    setMode(next);
    setFormChanged(false);
    setFormKey((k) => k + 1);
  };
  const close = useCallback(() => setMode(null), []);
  const editing = mode?.kind === "add" || mode?.kind === "edit";
  const editedId = mode?.kind === "edit" ? mode.event._id : null;
  // Closed on purpose: nothing of the form is kept for a later opening.
  const discard = useCallback(() => {
    if (editing) dropDraft(draftKey("event", editedId));
    setMode(null);
  }, [editing, editedId]);
  const { requestClose, question } = useUnsavedChanges(editing && formChanged, discard);
  // A save that never got its answer here (the sign-in had expired): back on this screen after signing in,
  // the form opens again with those changes (decision 0062).
  const reopened = useRef(false);
  useEffect(() => {
    if (reopened.current) return;
    reopened.current = true;
    const [id] = pendingDrafts("event");
    if (id === undefined) return;
    const event = id === "new" ? null : events.find((e) => e._id === id);
    if (event === undefined) return;
    // oxlint-disable-next-line react/set-state-in-effect -- the tab's storage is read after hydration, once
    setMode(event ? { kind: "edit", event } : { kind: "add" });
    setFormKey((k) => k + 1);
  }, [events]);
  // Once the script runs, a form asked for in the address opens as the dialog it is, and the address goes back to the list.
  const asked = plain ? null : (data.dialog ?? null);
  useEffect(() => {
    if (!asked) return;
    // oxlint-disable-next-line react/set-state-in-effect -- the address is read once the page is hydrated
    setMode(asked.kind === "add" ? { kind: "add" } : { kind: asked.kind, event: asked.event });
    setFormChanged(false);
    setFormKey((k) => k + 1);
    void navigate(listHref, { replace: true, preventScrollReset: true });
  }, [asked, navigate, listHref]);
  const deleted = useCallback(() => {
    setMode(null);
    setFocusRequest({ closedWith: null });
  }, []);

  useEffect(() => {
    if (!focusRequest || mode !== null) return;
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    if (lost) headingRef.current?.focus();
    // oxlint-disable-next-line react/set-state-in-effect -- a one-shot request, consumed here
    if (lost || (focusRequest.closedWith && focusRequest.closedWith !== data)) setFocusRequest(null);
    else if (!focusRequest.closedWith) setFocusRequest({ closedWith: data });
  }, [focusRequest, mode, data]);

  const title = mode?.kind === "add" ? "Add Event" : mode?.kind === "edit" ? "Edit Event" : mode?.kind === "cancel" ? CANCEL_SESSION_TITLE : "Delete Event";
  const confirming = mode?.kind === "delete" || mode?.kind === "cancel";

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-3xl text-plum-900">
            Family Constellation Events
          </h1>
          <p className="mt-1 text-muted" aria-live="polite">
            Total events: <span className="font-semibold text-ink">{totalEvents}</span>
          </p>
        </div>
        <DialogOpener
          href={hrefFor("new", "1")}
          onOpen={() => open({ kind: "add" })}
          className="inline-flex min-h-12 items-center gap-2 rounded-full bg-plum-800 px-6 font-semibold text-white hover:bg-plum-700"
        >
          <Plus aria-hidden="true" className="size-5" />
          Add Event
        </DialogOpener>
      </div>

      {plain ? <PlainAnswer ok={plain.ok} message={plain.message} /> : notice ? <PlainAnswer ok message={notice} /> : null}
      {inline ? (
        <PlainPanel
          title={inline.kind === "add" ? "Add Event" : inline.kind === "edit" ? "Edit Event" : inline.kind === "cancel" ? CANCEL_SESSION_TITLE : "Delete Event"}
          closeLabel={inline.kind === "delete" ? "Close without deleting" : inline.kind === "cancel" ? "Close without canceling" : "Close event form"}
          closeHref={listHref}
        >
          {inline.kind === "cancel" ? (
            <CancelSessionConfirm
              intent="cancel"
              session={{
                id: inline.event._id,
                title: inline.event.title,
                when: eventDateText(inline.event.startDate, inline.event.endDate, inline.event.timeZone),
                city: inline.event.city,
                seatsTaken: inline.event.seatsTaken,
              }}
              onCancel={close}
              onDone={close}
              onBusyChange={setBusy}
              plain={{ action: listHref, cancelHref: listHref }}
            />
          ) : inline.kind === "delete" ? (
            <DeleteEvent event={inline.event} onCancel={close} onDeleted={deleted} onBusyChange={setBusy} plain={{ action: listHref, cancelHref: listHref }} />
          ) : (
            <EventForm
              event={inline.kind === "edit" ? inline.event : null}
              onCancel={close}
              onSaved={close}
              onBusyChange={setBusy}
              plain={{ action: listHref, cancelHref: listHref, values: echo?.values, errors: plain?.errors }}
            />
          )}
        </PlainPanel>
      ) : null}

      <Form method="get" role="search" aria-label="Search events" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="min-w-0 grow sm:max-w-md">
          <label htmlFor="events-search" className="block text-sm font-semibold">
            Search events
          </label>
          <p id="events-search-hint" className="mb-1.5 text-sm text-muted">
            By location, facilitator, organizer or status
          </p>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted" />
            <input
              id="events-search"
              name="search"
              type="search"
              value={typedSearch}
              onChange={(e) => setTypedSearch(e.target.value)}
              maxLength={100}
              aria-describedby="events-search-hint"
              className={`${inputClass} pl-11`}
            />
          </div>
        </div>
        <button type="submit" className="inline-flex min-h-12 items-center gap-2 rounded-full bg-plum-800 px-6 font-semibold text-white hover:bg-plum-700">
          <Search aria-hidden="true" className="size-5" />
          Search
        </button>
        <Link to="." className="inline-flex min-h-12 items-center rounded-full border border-plum-200 bg-white px-6 font-semibold text-plum-800 hover:bg-plum-50">
          Clear
        </Link>
      </Form>

      <div className="mt-6">
        {events.length === 0 ? (
          <p className="rounded-2xl bg-white p-6 text-center text-muted ring-1 ring-plum-100">No events found</p>
        ) : (
          <EventsTable
            events={events}
            hrefFor={hrefFor}
            onEdit={(event) => open({ kind: "edit", event })}
            onDelete={(event) => open({ kind: "delete", event })}
            onCancelSession={(event) => open({ kind: "cancel", event })}
          />
        )}
        <EventsPagination page={currentPage} totalPages={totalPages} total={totalEvents} pageSize={limit} hrefFor={(p) => eventsHref(search, p)} />
      </div>

      <ModalDialog
        open={mode !== null}
        onClose={requestClose}
        busy={busy}
        title={title}
        closeLabel={mode?.kind === "delete" ? "Close without deleting" : mode?.kind === "cancel" ? "Close without canceling" : "Close event form"}
        formKey={confirming ? 0 : formKey}
        widthClass={confirming ? "w-[min(34rem,calc(100vw-1rem))]" : undefined}
      >
        {mode?.kind === "cancel" ? (
          <CancelSessionConfirm
            key={formKey}
            intent="cancel"
            session={{
              id: mode.event._id,
              title: mode.event.title,
              when: eventDateText(mode.event.startDate, mode.event.endDate, mode.event.timeZone),
              city: mode.event.city,
              seatsTaken: mode.event.seatsTaken,
            }}
            onCancel={close}
            onDone={close}
            onBusyChange={setBusy}
          />
        ) : mode?.kind === "delete" ? (
          <DeleteEvent key={formKey} event={mode.event} onCancel={close} onDeleted={deleted} onBusyChange={setBusy} />
        ) : mode ? (
          <EventForm
            key={formKey}
            // As the list last read it (after a refused save, someone else's version).
            event={mode.kind === "edit" ? (events.find((e) => e._id === mode.event._id) ?? mode.event) : null}
            onCancel={requestClose}
            onSaved={close}
            onBusyChange={setBusy}
            onChangedChange={setFormChanged}
          />
        ) : null}
        {question}
      </ModalDialog>
    </div>
  );
}
