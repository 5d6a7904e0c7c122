import { CalendarX, ChevronDown, Loader2, Pencil, Plus, Search, Trash2 } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher, useLocation, useNavigate, useNavigation, useSearchParams } from "react-router";
import { DialogOpener } from "~/components/admin/dialog-opener";
import { PlainAnswer, PlainPanel, screenHref } from "~/components/admin/plain-panel";
import { useHydrated } from "~/hooks/use-hydrated";
import { ProgramPlainForm } from "./program-plain-form";
import { pendingDrafts } from "~/components/admin/staff-draft";
import { inputClass } from "~/components/ui/field";
import { ModalDialog } from "~/components/ui/modal-dialog";
import { toast } from "~/components/ui/toasts";
import { formatSessionDate, formatSessionWhen, LOCATION_NOT_AVAILABLE, PRICE_NOT_AVAILABLE } from "~/features/events/format";
import { CancelSessionConfirm, CANCEL_SESSION_TITLE } from "~/features/session-mail/cancel-session-confirm";
import type { EventJson } from "~/features/events/events.server";
import { ProgramFormDialog, type SaveResult } from "./program-form-dialog";
import type { ProgrammeJson } from "./programmes.server";
import { PROGRAM_DELETE_FAILED, type AdminProgramKind, type ProgramErrors } from "./schema";
import { whileBusy } from "~/components/ui/submit-button";
import { thumbnailPreviewSrc } from "./normalise";

export type AdminKind = AdminProgramKind;

export const KIND_LABEL: Record<AdminKind, string> = { hypnotherapy: "Hypnotherapy", decode: "DECODE", tasso: "TASSO" };
const EMPTY: Record<AdminKind, string> = { hypnotherapy: "No hypnotherapy programs found", decode: "No decode programs found", tasso: "No TASSO programs found" };

const richText =
  "space-y-2 text-ink [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5";

export type LevelChoice = { id: string; title: string; requiresId: string | null };

/**
 * Staff counts of each listed session, by id: seats held (registered, offered,
 * awaiting approval) and people waiting. The public seats taken count both, so
 * a session reads full while people wait; staff see them apart (decision 0069).
 */
export type SessionCounts = Record<string, { held: number; waiting: number }>;

function seatsText(e: EventJson, counts: SessionCounts): string {
  if (e.seats === null) return "Not limited";
  const c = counts[e._id] ?? { held: e.seats - (e.seatsLeft ?? 0), waiting: 0 };
  return `${c.held} of ${e.seats} seats taken${c.waiting > 0 ? ` · ${c.waiting} waiting` : ""}`;
}

/** The form the address asks for (decision 0083): `?new=1`, `?edit=<program>`, `?delete=<program>`, `?cancel=<session>`. */
export type ProgramDialog =
  | { kind: "add" }
  | { kind: "edit"; program: ProgrammeJson }
  | { kind: "delete"; program: ProgrammeJson }
  | { kind: "cancel"; program: ProgrammeJson; session: EventJson }
  | null;

/**
 * The screen action's answer. Only a plain form post's (no JavaScript) carries
 * `plain`: which form it came from and, for a save, its fields as typed.
 */
export type ProgramAnswer = {
  ok: boolean;
  message: string;
  errors?: ProgramErrors;
  plain?: { intent: string; id: string; values?: Record<string, string> };
};

type Props = {
  kind: AdminKind;
  /** Every program of the kind, for the form's 'Required level'. */
  levelChoices: LevelChoice[];
  programs: ProgrammeJson[];
  totalPrograms: number;
  totalPages: number;
  currentPage: number;
  search: string;
  /** False on the TASSO screen once its one program exists (decision 0068). */
  canAdd?: boolean;
  counts?: SessionCounts;
  dialog?: ProgramDialog;
  answer?: ProgramAnswer | undefined;
  /** What a plain post that succeeded said, carried over its redirect to this list (decision 0090). */
  notice?: string | null;
};

function StatusBadge({ status }: { status: string }) {
  const open = status === "Open";
  return (
    <span className={`inline-flex items-center rounded-full px-3 py-0.5 text-sm font-semibold ${open ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}>
      {status}
    </span>
  );
}

function money(price: number | null, currency: string) {
  if (price === null) return PRICE_NOT_AVAILABLE;
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency || "USD", minimumFractionDigits: Number.isInteger(price) ? 0 : 2 }).format(price);
}


function ProgramCard({
  program,
  kind,
  expanded,
  onToggle,
  onEdit,
  onDelete,
  onCancelSession,
  counts,
  hrefFor,
}: {
  /** The screen's address with a form or this card asked for: each control's link before JavaScript (decision 0083). */
  hrefFor: (changes: Record<string, string | null>) => string;
  program: ProgrammeJson;
  counts: SessionCounts;
  kind: AdminKind;
  expanded: boolean;
  onToggle: () => void;
  onEdit: (opener: HTMLElement) => void;
  onDelete: () => void;
  onCancelSession: (session: EventJson) => void;
}) {
  const panelId = useId();
  const thumb = kind === "hypnotherapy" ? thumbnailPreviewSrc(program.thumbnail) : null;
  return (
    <li className="rounded-2xl bg-white shadow-sm ring-1 ring-plum-100">
      <div className="flex gap-4 p-4 sm:p-5">
        {thumb ? <img src={thumb} alt="" className="hidden h-20 w-32 shrink-0 rounded-lg object-cover sm:block" loading="lazy" /> : null}
        <div className="min-w-0 grow">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 className="min-w-0 text-xl text-plum-900">
              <DialogOpener
                href={hrefFor({ open: expanded ? null : program._id })}
                aria-expanded={expanded}
                aria-controls={panelId}
                onOpen={onToggle}
                className="inline-flex max-w-full items-start gap-2 text-left font-serif hover:underline"
              >
                <span className="min-w-0 break-words">{program.title}</span>
                <ChevronDown aria-hidden="true" className={`mt-1 size-5 shrink-0 transition-transform ${expanded ? "rotate-180" : ""}`} />
              </DialogOpener>
            </h2>
            <StatusBadge status={program.status} />
          </div>
          <p className="mt-1 break-words text-muted">{program.subtitle}</p>
          {!expanded && program.cardPoints[0] ? (
            <div className={`mt-3 line-clamp-3 text-sm ${richText}`} dangerouslySetInnerHTML={{ __html: program.cardPoints[0] }} />
          ) : null}
        </div>
      </div>
      {expanded ? (
        <div id={panelId} className="border-t border-plum-100 p-4 sm:p-5">
          <h3 className="text-lg font-semibold text-plum-900">Program Details</h3>
          <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">Duration</dt>
            <dd>{program.duration}</dd>
            <dt className="font-semibold">Video</dt>
            <dd className="break-all">
              {program.videoUrl ? (
                <a href={program.videoUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-plum-700 underline">
                  {program.videoUrl}
                </a>
              ) : (
                "No video link"
              )}
            </dd>
          </dl>
          <h4 className="mt-4 font-semibold text-plum-900">Learning Objectives</h4>
          {program.learningSections.length ? (
            <ul className="mt-2 space-y-3">
              {program.learningSections.map((s) => (
                <li key={s._id} className="rounded-xl bg-plum-50 p-3">
                  <p className="font-semibold">{s.title}</p>
                  <div className={`mt-1 text-sm ${richText}`} dangerouslySetInnerHTML={{ __html: s.content }} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-muted">No learning sections</p>
          )}
          {kind === "hypnotherapy" || program.cardPoints.length ? (
            <>
              <h4 className="mt-4 font-semibold text-plum-900">Key Points</h4>
              <div className={`mt-1 text-sm ${richText}`}>
                {program.cardPoints.map((p, i) => (
                  // oxlint-disable-next-line react/no-array-index-key -- points have no id; their order is their identity
                  <div key={i} dangerouslySetInnerHTML={{ __html: p }} />
                ))}
              </div>
            </>
          ) : null}
          <h4 className="mt-4 font-semibold text-plum-900">Upcoming Events</h4>
          {program.upcomingEvents.length ? (
            <ul className="mt-2 grid gap-3 md:grid-cols-2">
              {program.upcomingEvents.map((e) => (
                <li key={e._id} className="rounded-xl p-3 ring-1 ring-plum-100">
                  <p className="font-semibold">{e.eventName}</p>
                  <p className="text-sm">
                    {formatSessionWhen(e.startDate, e.endDate, e.timeZone)}
                  </p>
                  <p className="text-sm">{e.location || LOCATION_NOT_AVAILABLE}</p>
                  <p className="text-sm">
                    Organizer: {e.organiser ?? "—"}
                    {e.organizerEmail ? (
                      <>
                        {" "}
                        (<a href={`mailto:${e.organizerEmail}`} className="text-plum-700 underline">{e.organizerEmail}</a>)
                      </>
                    ) : null}
                  </p>
                  <p className="text-sm">
                    {money(e.price, e.currency)}
                    {" · "}
                    {seatsText(e, counts)}
                  </p>
                  <div className="mt-2 flex flex-wrap gap-2">
                    {e.paymentLink ? (
                      <a href={e.paymentLink} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center rounded-full bg-plum-100 px-4 text-sm font-semibold text-plum-900 hover:bg-plum-200">
                        Register Now<span className="sr-only"> for {e.eventName} (opens in a new tab)</span>
                      </a>
                    ) : null}
                    <DialogOpener
                      href={hrefFor({ open: program._id, cancel: e._id })}
                      onOpen={() => onCancelSession(e)}
                      className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 text-sm font-semibold text-danger ring-1 ring-red-200 hover:bg-red-50"
                    >
                      <CalendarX aria-hidden="true" className="size-4" />
                      Cancel session<span className="sr-only">: {e.eventName}, {formatSessionDate(e.startDate, e.timeZone)}</span>
                    </DialogOpener>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-muted">No upcoming events</p>
          )}
          <div className="mt-5 flex flex-wrap gap-3">
            <DialogOpener
              href={hrefFor({ open: program._id, edit: program._id })}
              onOpen={onEdit}
              className="inline-flex min-h-11 items-center gap-2 rounded-full bg-plum-800 px-5 font-semibold text-white hover:bg-plum-700"
            >
              <Pencil aria-hidden="true" className="size-4" />
              Edit Program
            </DialogOpener>
            <DialogOpener
              href={hrefFor({ open: program._id, delete: program._id })}
              onOpen={onDelete}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-red-200 bg-white px-5 font-semibold text-danger hover:bg-red-50"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </DialogOpener>
          </div>
        </div>
      ) : null}
    </li>
  );
}

function ConfirmDelete({ program, onClose }: { program: ProgrammeJson | null; onClose: () => void }) {
  const fetcher = useFetcher<SaveResult>();
  const busy = fetcher.state !== "idle";
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [answered, setAnswered] = useState<SaveResult | null>(null);
  if ((program?._id ?? null) !== shown) {
    setShown(program?._id ?? null);
    setError(null);
  }
  if (fetcher.state === "idle" && fetcher.data && fetcher.data !== answered) {
    setAnswered(fetcher.data);
    if (!fetcher.data.ok) setError(fetcher.data.message || PROGRAM_DELETE_FAILED);
  }
  const handled = useRef<SaveResult | null>(null);
  useEffect(() => {
    if (!answered || handled.current === answered) return;
    handled.current = answered;
    if (answered.ok) {
      void toast.success(answered.message);
      onClose();
    } else void toast.error(answered.message || PROGRAM_DELETE_FAILED);
  }, [answered, onClose]);
  return (
    <ModalDialog open={program !== null} onClose={onClose} busy={busy} title="Confirm Deletion" closeLabel="Cancel deletion" widthClass="w-[min(32rem,calc(100vw-1rem))]" formKey={program ? 1 : 0}>
      <p>
        Are you sure you want to delete the program <strong>{program?.title}</strong> and its upcoming events? This action cannot be undone.
      </p>
      {error ? (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 font-semibold text-danger">
          {error}
        </p>
      ) : null}
      <fetcher.Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={program?._id ?? ""} />
        <button type="button" onClick={onClose} disabled={busy} className="inline-flex min-h-11 items-center rounded-full border border-plum-200 bg-white px-5 font-semibold text-plum-800 hover:bg-plum-50 disabled:opacity-50">
          Cancel
        </button>
        <button type="submit" {...whileBusy(busy)} className="inline-flex min-h-11 items-center rounded-full bg-danger px-5 font-semibold text-white hover:opacity-90 aria-disabled:opacity-60">
          {busy ? "Deleting..." : "Delete"}
        </button>
      </fetcher.Form>
    </ModalDialog>
  );
}

/** 'Confirm Deletion' in the page, posted as a plain form (decision 0083). */
function PlainDeleteProgram({ program, action, cancelHref }: { program: ProgrammeJson; action: string; cancelHref: string }) {
  return (
    <form method="post" action={action} aria-label="Confirm deletion">
      <input type="hidden" name="plain" value="1" />
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={program._id} />
      <p>
        Are you sure you want to delete the program <strong>{program.title}</strong> and its upcoming events? This action cannot be undone.
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <a href={cancelHref} className="inline-flex min-h-11 items-center rounded-full border border-plum-200 bg-white px-5 font-semibold text-plum-800 hover:bg-plum-50">
          Cancel
        </a>
        <button type="submit" className="inline-flex min-h-11 items-center rounded-full bg-danger px-5 font-semibold text-white hover:opacity-90">
          Delete
        </button>
      </div>
    </form>
  );
}

/**
 * The Hypnotherapy, DECODE and TASSO programme screens (spec part 2 §2.10; TASSO: decision 0068): total,
 * 'Add New Program', a server-side search kept in the URL (D9), expandable
 * cards one at a time, the add/edit modal and the delete confirmation.
 */
export function ProgramAdminScreen({ kind, programs, totalPrograms, totalPages, currentPage, search, levelChoices, canAdd = true, counts = {}, dialog = null, answer, notice = null }: Props) {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [query, setQuery] = useState(search);
  // Before JavaScript a card opens by its link (`?open=<id>`), which the page keeps through its forms (decision 0083).
  const [expanded, setExpanded] = useState<string | null>(() => params.get("open"));
  const [editing, setEditing] = useState<{ program: ProgrammeJson | null } | null>(null);
  const [openCount, setOpenCount] = useState(0);
  const [deleting, setDeleting] = useState<ProgrammeJson | null>(null);
  const [cancelling, setCancelling] = useState<{ session: EventJson; key: number } | null>(null);
  const [cancelBusy, setCancelBusy] = useState(false);
  const closeCancel = useCallback(() => setCancelling(null), []);
  const searchId = useId();
  const loading = navigation.state === "loading" && navigation.location?.pathname === `/admin/${kind}`;

  // Search runs on the server, about 300 ms after the last keystroke; the URL keeps it (D9).
  useEffect(() => {
    if (query.trim() === search) return;
    const timer = setTimeout(() => {
      const next = new URLSearchParams(params);
      if (query.trim()) next.set("search", query.trim());
      else next.delete("search");
      next.delete("page");
      setParams(next, { replace: true, preventScrollReset: true });
    }, 300);
    return () => clearTimeout(timer);
  }, [query, search, params, setParams]);

  const openForm = (program: ProgrammeJson | null) => {
    setEditing({ program });
    setOpenCount((n) => n + 1);
  };
  const closeForm = useCallback(() => setEditing(null), []);
  // A save that never got its answer here (the sign-in had expired and the answer was the sign-in page):
  // once signed in again, back on this screen, the form opens again with those changes (decision 0062).
  const reopened = useRef(false);
  useEffect(() => {
    if (reopened.current) return;
    reopened.current = true;
    const [id] = pendingDrafts(`program:${kind}`);
    if (id === undefined) return;
    const program = id === "new" ? null : programs.find((p) => p._id === id);
    if (program === undefined) return;
    // oxlint-disable-next-line react/set-state-in-effect -- the tab's storage is read after hydration, once
    setEditing({ program });
    setOpenCount((n) => n + 1);
  }, [kind, programs]);
  const closeDelete = useCallback(() => setDeleting(null), []);

  // Decision 0083: the list as it is (search, page, the open card), the same with one form asked for in its address,
  // and the form the page shows in place: before JavaScript the one the address asks for; after a plain post that
  // was refused, the same form again with what was typed and the server's messages.
  const listHref = screenHref(location.pathname, location.search, {});
  const hrefFor = (changes: Record<string, string | null>) => screenHref(location.pathname, location.search, changes);
  const plain = answer?.plain ? answer : null;
  const echo = plain?.plain;
  let inline: ProgramDialog = null;
  if (plain && echo && !plain.ok) {
    const program = programs.find((p) => p._id === echo.id);
    if (echo.intent === "save") inline = echo.id ? (program ? { kind: "edit", program } : null) : { kind: "add" };
    else if (echo.intent === "delete" && program) inline = { kind: "delete", program };
    else if (echo.intent === "cancel-session") {
      const owner = programs.find((p) => p.upcomingEvents.some((e) => e._id === echo.id));
      const session = owner?.upcomingEvents.find((e) => e._id === echo.id);
      if (owner && session) inline = { kind: "cancel", program: owner, session };
    }
  } else if (!plain && !hydrated) inline = dialog;
  // Once the script runs, a form asked for in the address opens as the dialog it is, and the address goes back to the list.
  const asked = plain ? null : dialog;
  useEffect(() => {
    if (!asked) return;
    if (asked.kind === "add" || asked.kind === "edit") {
      // oxlint-disable-next-line react/set-state-in-effect -- the address is read once the page is hydrated
      setEditing({ program: asked.kind === "edit" ? asked.program : null });
      // oxlint-disable-next-line react/set-state-in-effect -- the same
      setOpenCount((n) => n + 1);
    } else if (asked.kind === "delete") setDeleting(asked.program);
    else setCancelling({ session: asked.session, key: Date.now() });
    void navigate(listHref, { replace: true, preventScrollReset: true });
  }, [asked, navigate, listHref]);
  const sessionSeats = (session: EventJson) => (session.seats === null ? null : (counts[session._id]?.held ?? session.seats - (session.seatsLeft ?? 0)));

  const pageHref = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set("page", String(page));
    else next.delete("page");
    const s = next.toString();
    return s ? `?${s}` : `/admin/${kind}`;
  };

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl text-plum-900">{KIND_LABEL[kind]} Programs</h1>
          <p className="mt-1 text-muted" aria-live="polite">
            Total Programs: <strong className="text-ink">{totalPrograms}</strong>
          </p>
        </div>
        {canAdd ? (
          <DialogOpener href={hrefFor({ new: "1" })} onOpen={() => openForm(null)} className="inline-flex min-h-12 items-center gap-2 rounded-full bg-plum-800 px-6 font-semibold text-white hover:bg-plum-700">
            <Plus aria-hidden="true" className="size-5" />
            Add New Program
          </DialogOpener>
        ) : (
          <p className="max-w-md text-sm text-muted">TASSO has one program, the one its page shows. Open it to add or change its sessions.</p>
        )}
      </div>

      {plain ? <PlainAnswer ok={plain.ok} message={plain.message} /> : notice ? <PlainAnswer ok message={notice} /> : null}
      {inline ? (
        <PlainPanel
          title={inline.kind === "add" ? "Add New Program" : inline.kind === "edit" ? "Edit Program" : inline.kind === "cancel" ? CANCEL_SESSION_TITLE : "Confirm Deletion"}
          subtitle={inline.kind === "add" || inline.kind === "edit" ? `${KIND_LABEL[kind]} program` : undefined}
          closeLabel={inline.kind === "delete" ? "Cancel deletion" : inline.kind === "cancel" ? "Close without canceling" : "Close program form"}
          closeHref={listHref}
        >
          {inline.kind === "add" || inline.kind === "edit" ? (
            <ProgramPlainForm
              kindLabel={KIND_LABEL[kind]}
              hasPageSections={kind !== "tasso"}
              program={inline.kind === "edit" ? inline.program : null}
              levelChoices={levelChoices}
              action={listHref}
              cancelHref={listHref}
              typed={echo?.values}
              errors={plain?.errors}
            />
          ) : inline.kind === "delete" ? (
            <PlainDeleteProgram program={inline.program} action={listHref} cancelHref={listHref} />
          ) : (
            <CancelSessionConfirm
              intent="cancel-session"
              session={{
                id: inline.session._id,
                title: inline.session.eventName,
                when: formatSessionWhen(inline.session.startDate, inline.session.endDate, inline.session.timeZone),
                city: inline.session.location || LOCATION_NOT_AVAILABLE,
                seatsTaken: sessionSeats(inline.session),
              }}
              onCancel={closeCancel}
              onDone={closeCancel}
              onBusyChange={setCancelBusy}
              plain={{ action: listHref, cancelHref: listHref }}
            />
          )}
        </PlainPanel>
      ) : null}

      <search className="mt-6 block max-w-xl">
        {/* A GET form, so Enter searches without JavaScript too (decision 0083); with it, Enter searches at once. */}
        <form
          method="get"
          action={location.pathname}
          onSubmit={(e) => {
            e.preventDefault();
            const next = new URLSearchParams(params);
            if (query.trim()) next.set("search", query.trim());
            else next.delete("search");
            next.delete("page");
            setParams(next, { replace: true, preventScrollReset: true });
          }}
        >
          <label htmlFor={searchId} className="mb-1.5 block text-sm font-semibold text-ink">
            Search programs
          </label>
          {/* What it searches, in full at any width (the spec's placeholder is cut off on a phone), as the other lists say it. */}
          <p id={`${searchId}-hint`} className="mb-1.5 text-sm text-muted">
            By title, subtitle or status
          </p>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted" />
            <input
              id={searchId}
              name="search"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search programs by title, subtitle, or status..."
              aria-describedby={`${searchId}-hint`}
              className={`${inputClass} pl-12`}
              maxLength={100}
            />
          </div>
        </form>
      </search>

      <div className="mt-6" aria-busy={loading || undefined}>
        {loading ? (
          <p role="status" className="mb-3 inline-flex items-center gap-2 text-muted">
            <Loader2 aria-hidden="true" className="size-5 animate-spin" />
            Loading programs...
          </p>
        ) : null}
        {programs.length === 0 ? (
          <p className="rounded-2xl bg-white p-6 text-center text-muted ring-1 ring-plum-100">{EMPTY[kind]}</p>
        ) : (
          <ul className={`space-y-4 ${loading ? "opacity-60" : ""}`}>
            {programs.map((p) => (
              <ProgramCard
                key={p._id}
                program={p}
                counts={counts}
                hrefFor={hrefFor}
                kind={kind}
                expanded={expanded === p._id}
                onToggle={() => setExpanded((x) => (x === p._id ? null : p._id))}
                onEdit={() => openForm(p)}
                onDelete={() => setDeleting(p)}
                onCancelSession={(session) => setCancelling({ session, key: Date.now() })}
              />
            ))}
          </ul>
        )}
      </div>

      {totalPages > 1 ? (
        <nav aria-label="Program pages" className="mt-6 flex flex-wrap items-center gap-3">
          {currentPage > 1 ? (
            <Link to={pageHref(currentPage - 1)} preventScrollReset className="inline-flex min-h-11 items-center rounded-full border border-plum-200 bg-white px-5 font-semibold text-plum-800">
              Previous
            </Link>
          ) : null}
          <span className="text-sm text-muted">
            Page {currentPage} of {totalPages}
          </span>
          {currentPage < totalPages ? (
            <Link to={pageHref(currentPage + 1)} preventScrollReset className="inline-flex min-h-11 items-center rounded-full border border-plum-200 bg-white px-5 font-semibold text-plum-800">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}

      <ProgramFormDialog
        open={editing !== null}
        onClose={closeForm}
        kind={kind}
        kindLabel={KIND_LABEL[kind]}
        // As the list last read it (after a refused save, someone else's version).
        program={editing?.program ? (programs.find((p) => p._id === editing.program!._id) ?? editing.program) : null}
        openCount={openCount}
        levelChoices={levelChoices}
      />
      <ConfirmDelete program={deleting} onClose={closeDelete} />
      <ModalDialog
        open={cancelling !== null}
        onClose={closeCancel}
        busy={cancelBusy}
        title={CANCEL_SESSION_TITLE}
        closeLabel="Close without canceling"
        widthClass="w-[min(34rem,calc(100vw-1rem))]"
      >
        {cancelling ? (
          <CancelSessionConfirm
            key={cancelling.key}
            intent="cancel-session"
            session={{
              id: cancelling.session._id,
              title: cancelling.session.eventName,
              when: formatSessionWhen(cancelling.session.startDate, cancelling.session.endDate, cancelling.session.timeZone),
              city: cancelling.session.location || LOCATION_NOT_AVAILABLE,
              seatsTaken: sessionSeats(cancelling.session),
            }}
            onCancel={closeCancel}
            onDone={closeCancel}
            onBusyChange={setCancelBusy}
          />
        ) : null}
      </ModalDialog>
    </div>
  );
}
