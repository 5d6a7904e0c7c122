import { Plus, Trash2 } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { useFetcher } from "react-router";
import { inputClass } from "~/components/ui/field";
import { DraftRestoredNote } from "~/components/admin/draft-restored";
import { draftKey, dropDraft, markDraftPending, markDraftSettled, readDraft, useKeptDraft } from "~/components/admin/staff-draft";
import { useUnsavedChanges } from "~/components/admin/unsaved-changes";
import { ModalDialog } from "~/components/ui/modal-dialog";
import { toast } from "~/components/ui/toasts";
import { timeZoneOptions, toLocalInput } from "~/features/events/schema";
import { useFocusFirstInvalid } from "~/hooks/use-focus-first-invalid";
import type { ProgrammeJson } from "./programmes.server";
import type { RichTextEditorProps } from "~/components/admin/rich-text-editor";
import { REQUIRED_LEVEL_LABEL, REQUIRED_LEVEL_NONE, requirableProgrammes } from "~/features/prerequisites/rules";
import {
  emptyProgramForm,
  emptySection,
  emptySessionRow,
  mergeCardPoints,
  storedSessionsOf,
  LAST_SECTION,
  PROGRAM_INVALID,
  PROGRAM_SAVE_FAILED,
  PROGRAM_STATUSES,
  validateProgramForm,
  type ProgramErrors,
  type PageSections,
  type ProgramFormValues,
  type SessionRowValues,
  PAGE_SECTION_FIELDS,
  pageSectionsFormValues,
} from "./schema";
import { ProgramPageLines } from "./program-page-lines";
import { ProgramPageSections } from "./program-page-sections";
import { thumbnailPreviewSrc } from "./normalise";

// Tiptap is big: it loads only when a staff member opens this form.
// If its code cannot be fetched (a dropped connection, a new deployment), the fields say so
// instead of the error page taking the whole screen, and the rest of the form stays.
const RichTextEditor = lazy(() => import("~/components/admin/rich-text-editor").catch(() => ({ default: EditorUnavailable })));

const EDITOR_UNAVAILABLE = "The text editor could not load. Check your connection, then reload the page.";

function EditorUnavailable({ id }: RichTextEditorProps) {
  return (
    <p id={id} role="alert" className="rounded-xl border border-danger/40 bg-white p-3 text-sm text-danger">
      {EDITOR_UNAVAILABLE}
    </p>
  );
}

const THUMBNAIL_MAX = 5 * 1024 * 1024;
const THUMBNAIL_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];

export type SaveResult = { ok: true; message: string } | { ok: false; message: string; errors?: ProgramErrors };

function priceText(price: number | null): string {
  if (price === null) return "";
  return Number.isInteger(price) ? `$${price}` : `$${price.toFixed(2)}`;
}

/** The form's values for a stored programme (edit mode); its page's sections as the page shows them (D11). */
export function formValuesOf(p: ProgrammeJson & { pageSections?: PageSections | null }): ProgramFormValues {
  return {
    ...(p.pageSections ? pageSectionsFormValues(p.pageSections) : {}),
    title: p.title,
    subtitle: p.subtitle,
    videoUrl: p.videoUrl ?? "",
    duration: p.duration,
    status: p.status,
    // Several points (stored through the API) are edited as one list (decision 0113).
    cardPoints: mergeCardPoints(p.cardPoints),
    learningSections: p.learningSections.length ? p.learningSections.map((s) => ({ _id: s._id, title: s.title, content: s.content })) : [emptySection()],
    requiredProgramId: p.requiredProgramId ?? "",
    certification: p.certification ?? "",
    enrollmentFeatures: p.enrollment_features.join("\n"),
    upcomingEvents: p.upcomingEvents.map(
      (e): SessionRowValues => ({
        _id: e._id,
        eventName: e.eventName ?? "",
        startDate: toLocalInput(e.startDate, e.timeZone),
        endDate: toLocalInput(e.endDate, e.timeZone),
        timeZone: e.timeZone,
        location: e.location ?? "",
        organiser: e.organiser ?? "",
        organizerEmail: e.organizerEmail ?? "",
        price: priceText(e.price),
        paymentLink: e.paymentLink ?? "",
        capacity: e.seats === null ? "" : String(e.seats),
      }),
    ),
  };
}

type Props = {
  open: boolean;
  onClose: () => void;
  /** The programme kind ('decode', 'hypnotherapy'): part of the draft's key. */
  kind: string;
  kindLabel: string;
  /** null: add mode. */
  program: ProgrammeJson | null;
  /** Bumped by the screen each time the dialog opens. */
  openCount: number;
  /** Every program of the kind: the 'Required level' choices (decision 0031). */
  levelChoices: ReadonlyArray<{ id: string; title: string; requiresId: string | null }>;
};

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return (
    <p id={id} className="mt-1 min-h-5 text-sm font-medium text-danger">
      {message ?? ""}
    </p>
  );
}

/** A message about a whole list (sessions, sections): focusable, so a refused save brings it into view and to the keyboard. */
export function GroupError({ message }: { message: string }) {
  return (
    <p data-group-error tabIndex={-1} className="rounded-md text-sm font-medium text-danger outline-none focus-visible:ring-2 focus-visible:ring-danger">
      {message}
    </p>
  );
}

export function Label({ htmlFor, id, children, optional }: { htmlFor?: string; id?: string; children: string; optional?: boolean }) {
  return (
    <label htmlFor={htmlFor} id={id} className="mb-1.5 block text-sm font-semibold text-ink">
      {children}
      {optional ? <span className="font-normal text-muted"> (optional)</span> : <span aria-hidden="true" className="text-danger"> *</span>}
    </label>
  );
}

/**
 * The add/edit modal of a programme (spec part 2 §5 'Programme form' and
 * 'Programme upcoming events'): every rule checked here as in the server, the
 * server's field messages shown in place, a thumbnail preview before saving.
 */
export function ProgramFormDialog({ open, onClose, kind, kindLabel, program, openCount, levelChoices }: Props) {
  const fetcher = useFetcher<SaveResult>();
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const [values, setValues] = useState<ProgramFormValues>(() => (program ? formValuesOf(program) : emptyProgramForm()));
  // What the form held when it opened: closing or leaving with anything else asks first (decision 0062).
  const [opened, setOpened] = useState<ProgramFormValues>(values);
  const [errors, setErrors] = useState<ProgramErrors>({});
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [removeThumbnail, setRemoveThumbnail] = useState(false);
  const [sectionNote, setSectionNote] = useState("");
  // Editors start from the values of the form when it opened (or a section's when it was added).
  const [editorSeed, setEditorSeed] = useState(0);
  const [seenOpen, setSeenOpen] = useState(0);
  // Changes kept from an earlier opening that were never saved (a sign-in that expired, a closed tab).
  const [restored, setRestored] = useState(false);
  // The program's version this form's changes were made against (its updatedAt when they began).
  const [version, setVersion] = useState<string | null>(program?.updatedAt ?? null);
  const draft = draftKey(`program:${kind}`, program?._id);
  if (open && openCount !== seenOpen) {
    setSeenOpen(openCount);
    const initial = program ? formValuesOf(program) : emptyProgramForm();
    const read = readDraft<ProgramFormValues>(draft);
    // A draft kept before a field was added to the form (decision 0094) has the field as the program has it.
    const kept = read ? { ...read, values: { ...initial, ...read.values } } : null;
    const restore = kept && JSON.stringify(kept.values) !== JSON.stringify(initial) ? kept : null;
    setValues(restore?.values ?? initial);
    setOpened(initial);
    setRestored(restore !== null);
    // A restored draft saves against the version it was made from: a program saved by someone else since is refused.
    setVersion(restore ? restore.version : (program?.updatedAt ?? null));
    setErrors({});
    setFile(null);
    setPreview(null);
    setRemoveThumbnail(false);
    setSectionNote("");
    setEditorSeed((n) => n + 1);
  }
  const busy = fetcher.state !== "idle";
  const changed = open && (file !== null || removeThumbnail || JSON.stringify(values) !== JSON.stringify(opened));
  const discard = useCallback(() => {
    dropDraft(draft);
    onClose();
  }, [draft, onClose]);
  const { requestClose, question } = useUnsavedChanges(changed, discard);
  useKeptDraft(open ? draft : null, values, changed, version);
  // What is stored now: the list read again after a refused save (someone else's) holds it.
  const putBackOpened = () => {
    const stored = program ? formValuesOf(program) : emptyProgramForm();
    setValues(stored);
    setOpened(stored);
    setRestored(false);
    setVersion(program?.updatedAt ?? null);
    setErrors({});
    setEditorSeed((n) => n + 1);
    dropDraft(draft);
  };
  // After a row is removed, the focus goes to the Remove button of the row now in its place (else the last
  // row's, else the list's Add button), not to the page's body with the button that had it.
  const removedAt = useRef<{ list: "section" | "event"; index: number } | null>(null);
  useEffect(() => {
    const removed = removedAt.current;
    if (!removed) return;
    removedAt.current = null;
    const form = formRef.current;
    const rows = form?.querySelectorAll<HTMLElement>(`[data-remove="${removed.list}"]`) ?? [];
    const target = rows[Math.min(removed.index, rows.length - 1)] ?? form?.querySelector<HTMLElement>(`[data-add="${removed.list}"]`);
    target?.focus();
  });
  // After a row is added, its first field takes the focus: the row appears above the Add button, which would
  // otherwise keep it, a dozen Shift+Tabs below the new fields (decision 0071).
  const added = useRef<"section" | "event" | null>(null);
  useEffect(() => {
    const list = added.current;
    if (!list) return;
    added.current = null;
    const rows = formRef.current?.querySelectorAll<HTMLElement>(`[data-row="${list}"]`) ?? [];
    rows[rows.length - 1]?.querySelector<HTMLElement>("input, select, textarea")?.focus();
  });
  // Stored sessions removed from the form since it opened: a save refused over one (people hold seats) can put them back.
  const removedSessions = (program ? formValuesOf(program).upcomingEvents : []).filter((r) => !values.upcomingEvents.some((v) => v._id === r._id));

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  // The server's answer: field messages in place (adjusted while rendering), then
  // the toast, and closing on success or focus on the first error otherwise.
  const [answered, setAnswered] = useState<SaveResult | null>(null);
  if (fetcher.state === "idle" && fetcher.data && fetcher.data !== answered) {
    setAnswered(fetcher.data);
    if (!fetcher.data.ok && fetcher.data.errors) setErrors(fetcher.data.errors);
  }
  const handled = useRef<SaveResult | null>(null);
  useEffect(() => {
    if (!answered || handled.current === answered) return;
    handled.current = answered;
    if (answered.ok) {
      dropDraft(draft);
      void toast.success(answered.message);
      onClose();
    } else {
      markDraftSettled(draft, values, version);
      void toast.error(answered.message || PROGRAM_SAVE_FAILED);
      if (answered.errors) focusFirstInvalid();
    }
  }, [answered, onClose, focusFirstInvalid, draft, values, version]);

  const set = <K extends keyof ProgramFormValues>(key: K, value: ProgramFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _, ...rest } = e;
      return rest;
    });
  };
  const clearError = (key: string) =>
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _, ...rest } = e;
      return rest;
    });
  const setSection = (i: number, patch: Partial<ProgramFormValues["learningSections"][number]>) => {
    setValues((v) => ({ ...v, learningSections: v.learningSections.map((s, j) => (j === i ? { ...s, ...patch } : s)) }));
    for (const k of Object.keys(patch)) clearError(`learningSections.${i}.${k}`);
  };
  const setSession = (i: number, patch: Partial<SessionRowValues>) => {
    setValues((v) => ({ ...v, upcomingEvents: v.upcomingEvents.map((s, j) => (j === i ? { ...s, ...patch } : s)) }));
    for (const k of Object.keys(patch)) clearError(`upcomingEvents.${i}.${k}`);
  };

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0] ?? null;
    clearError("thumbnail");
    setPreview(null);
    setFile(null);
    if (!f) return;
    if (f.size > THUMBNAIL_MAX) {
      setErrors((x) => ({ ...x, thumbnail: "Thumbnail must be 5 MB or smaller" }));
      e.target.value = "";
      return;
    }
    if (f.type && !THUMBNAIL_TYPES.includes(f.type)) {
      setErrors((x) => ({ ...x, thumbnail: "Thumbnail must be a PNG, JPG, GIF or WebP image" }));
      e.target.value = "";
      return;
    }
    setFile(f);
    setPreview(URL.createObjectURL(f));
    setRemoveThumbnail(false);
  };

  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    // The stored sessions as this form opened them: a session stored without a price may stay so.
    const checked = validateProgramForm({ ...values, cardPoints: [values.cardPoints] }, program ? storedSessionsOf(program.upcomingEvents) : undefined);
    const clientErrors = { ...(checked.ok ? {} : checked.errors), ...(errors.thumbnail ? { thumbnail: errors.thumbnail } : {}) };
    if (Object.keys(clientErrors).length > 0) {
      setErrors(clientErrors);
      void toast.error(PROGRAM_INVALID);
      focusFirstInvalid();
      return;
    }
    const data = new FormData();
    data.set("intent", "save");
    if (program) data.set("id", program._id);
    // The version this form was opened with: a save after someone else's is refused, not applied over it (decision 0060).
    if (program) data.set("updatedAt", version ?? program.updatedAt);
    data.set("title", values.title);
    data.set("subtitle", values.subtitle);
    data.set("videoUrl", values.videoUrl);
    data.set("duration", values.duration);
    data.set("status", values.status);
    data.set("cardPoints", JSON.stringify([values.cardPoints]));
    data.set("learningSections", JSON.stringify(values.learningSections));
    data.set("upcomingEvents", JSON.stringify(values.upcomingEvents));
    data.set("requiredProgramId", values.requiredProgramId);
    data.set("certification", values.certification);
    data.set("enrollmentFeatures", values.enrollmentFeatures);
    // The page's sections the form holds (a draft from before they were in the form holds none: nothing is sent).
    if (kind !== "tasso") for (const key of PAGE_SECTION_FIELDS) if (values[key] !== undefined) data.set(key, values[key]);
    if (removeThumbnail) data.set("removeThumbnail", "true");
    if (file) data.set("thumbnail", file);
    markDraftPending(draft, values, version);
    void fetcher.submit(data, { method: "post", encType: "multipart/form-data" });
  };

  const err = (key: string) => errors[key];
  const a11y = (key: string, id: string) => ({
    id,
    "aria-invalid": Boolean(err(key)),
    "aria-describedby": `${id}-error`,
  });
  const existingThumb = program?.thumbnail && program.thumbnail !== "null" && !removeThumbnail ? program.thumbnail : null;

  return (
    <ModalDialog
      open={open}
      onClose={requestClose}
      busy={busy}
      title={program ? "Edit Program" : "Add New Program"}
      subtitle={`${kindLabel} program`}
      closeLabel="Close program form"
      formKey={openCount}
      widthClass="w-[min(60rem,calc(100vw-1rem))]"
    >
      <form ref={formRef} noValidate onSubmit={submit} aria-busy={busy || undefined}>
        {restored ? <DraftRestoredNote onPutBack={putBackOpened} /> : null}
        <div className="grid gap-x-5 sm:grid-cols-2">
          <div className="pb-2 sm:col-span-2">
            <Label htmlFor={`${uid}-title`}>Title</Label>
            <input {...a11y("title", `${uid}-title`)} aria-required className={inputClass} value={values.title} onChange={(e) => set("title", e.target.value)} maxLength={200} />
            <FieldError id={`${uid}-title-error`} message={err("title")} />
          </div>
          <div className="pb-2 sm:col-span-2">
            <Label htmlFor={`${uid}-subtitle`}>Subtitle</Label>
            <input {...a11y("subtitle", `${uid}-subtitle`)} aria-required className={inputClass} value={values.subtitle} onChange={(e) => set("subtitle", e.target.value)} maxLength={500} />
            <FieldError id={`${uid}-subtitle-error`} message={err("subtitle")} />
          </div>
          <div className="pb-2">
            <Label htmlFor={`${uid}-duration`}>Duration</Label>
            <input {...a11y("duration", `${uid}-duration`)} aria-required className={inputClass} placeholder="2 Days" value={values.duration} onChange={(e) => set("duration", e.target.value)} maxLength={100} />
            <FieldError id={`${uid}-duration-error`} message={err("duration")} />
          </div>
          <div className="pb-2">
            <Label htmlFor={`${uid}-status`}>Status</Label>
            <select {...a11y("status", `${uid}-status`)} aria-required className={inputClass} value={values.status} onChange={(e) => set("status", e.target.value)}>
              {PROGRAM_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
            <FieldError id={`${uid}-status-error`} message={err("status")} />
          </div>
          <div className="pb-2 sm:col-span-2">
            <Label htmlFor={`${uid}-required`} optional>
              {REQUIRED_LEVEL_LABEL}
            </Label>
            <select
              {...a11y("requiredProgramId", `${uid}-required`)}
              aria-describedby={`${uid}-required-hint ${uid}-required-error`}
              className={inputClass}
              value={values.requiredProgramId}
              onChange={(e) => set("requiredProgramId", e.target.value)}
            >
              <option value="">{REQUIRED_LEVEL_NONE}</option>
              {requirableProgrammes(levelChoices, program?._id ?? null).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </select>
            <p id={`${uid}-required-hint`} className="mt-1 text-sm text-muted">
              Registrants must have attended it (staff mark attendance), or tell us they completed it elsewhere and wait for approval.
            </p>
            <FieldError id={`${uid}-required-error`} message={err("requiredProgramId")} />
          </div>
          <ProgramPageLines uid={uid} values={values} onChange={set} error={err} />
          <div className="pb-2 sm:col-span-2">
            <Label htmlFor={`${uid}-video`} optional>
              Video URL
            </Label>
            <input {...a11y("videoUrl", `${uid}-video`)} type="url" className={inputClass} placeholder="https://" value={values.videoUrl} onChange={(e) => set("videoUrl", e.target.value)} maxLength={2000} />
            <FieldError id={`${uid}-video-error`} message={err("videoUrl")} />
          </div>
          <div className="pb-2 sm:col-span-2">
            <Label htmlFor={`${uid}-thumb`} optional>
              Thumbnail
            </Label>
            <div className="flex flex-wrap items-start gap-4">
              {preview || existingThumb ? (
                <img
                  src={preview ?? thumbnailPreviewSrc(existingThumb) ?? undefined}
                  alt={preview ? "Preview of the chosen thumbnail" : "Current thumbnail"}
                  className="h-24 w-40 rounded-lg object-cover ring-1 ring-plum-100"
                />
              ) : null}
              <div className="min-w-0 grow">
                <input
                  id={`${uid}-thumb`}
                  type="file"
                  accept="image/png,image/jpeg,image/gif,image/webp"
                  aria-invalid={Boolean(err("thumbnail"))}
                  aria-describedby={`${uid}-thumb-hint ${uid}-thumb-error`}
                  onChange={onFile}
                  className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-plum-100 file:px-4 file:font-semibold file:text-plum-900"
                />
                <p id={`${uid}-thumb-hint`} className="mt-1 text-sm text-muted">
                  PNG, JPG, GIF or WebP, max 5MB
                </p>
                {existingThumb && !preview ? (
                  <button type="button" onClick={() => setRemoveThumbnail(true)} className="mt-1 inline-flex min-h-6 items-center text-sm font-semibold text-danger underline">
                    Remove thumbnail
                  </button>
                ) : null}
              </div>
            </div>
            <FieldError id={`${uid}-thumb-error`} message={err("thumbnail")} />
          </div>
          <div className="pb-2 sm:col-span-2">
            <Label id={`${uid}-points-label`}>Card Points</Label>
            <Suspense fallback={<div className="min-h-44 rounded-xl border border-plum-200 bg-white" />}>
              <RichTextEditor
                key={`points-${editorSeed}`}
                id={`${uid}-points`}
                labelId={`${uid}-points-label`}
                describedBy={`${uid}-points-error`}
                invalid={Boolean(err("cardPoints"))}
                initialHtml={values.cardPoints}
                onChange={(html) => set("cardPoints", html)}
                placeholder="Key points shown on the program's card"
              />
            </Suspense>
            <FieldError id={`${uid}-points-error`} message={err("cardPoints")} />
          </div>
        </div>

        <fieldset className="mt-2 rounded-2xl border border-plum-100 p-4">
          <legend className="px-2 text-lg font-semibold text-plum-900">Learning Sections</legend>
          {err("learningSections") ? <GroupError message={err("learningSections")!} /> : null}
          {values.learningSections.map((s, i) => {
            const base = `${uid}-section-${i}`;
            const only = values.learningSections.length === 1;
            return (
              <div key={s._id ?? `new-${i}-${editorSeed}`} data-row="section" className="border-b border-plum-100 py-3 last:border-b-0">
                {/* On a phone the title takes the whole width and Remove goes under it. */}
                <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:gap-3">
                  <div className="min-w-0 grow">
                    <Label htmlFor={`${base}-title`}>{`Section ${i + 1} title`}</Label>
                    <input
                      {...a11y(`learningSections.${i}.title`, `${base}-title`)}
                      aria-required
                      className={inputClass}
                      value={s.title}
                      onChange={(e) => setSection(i, { title: e.target.value })}
                      maxLength={200}
                    />
                  </div>
                  <button
                    type="button"
                    aria-disabled={only || undefined}
                    aria-describedby={only ? `${uid}-section-note` : undefined}
                    onClick={() => {
                      if (only) {
                        setSectionNote(LAST_SECTION);
                        return;
                      }
                      setValues((v) => ({ ...v, learningSections: v.learningSections.filter((_, j) => j !== i) }));
                      setErrors({});
                      setEditorSeed((n) => n + 1);
                      removedAt.current = { list: "section", index: i };
                    }}
                    data-remove="section"
                    className="mb-0.5 inline-flex min-h-12 items-center gap-1.5 self-start rounded-full border border-plum-200 px-4 font-semibold text-danger hover:bg-plum-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 sm:self-auto"
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    <span>
                      Remove<span className="sr-only"> section {i + 1}</span>
                    </span>
                  </button>
                </div>
                <FieldError id={`${base}-title-error`} message={err(`learningSections.${i}.title`)} />
                <Label id={`${base}-content-label`}>{`Section ${i + 1} content`}</Label>
                <Suspense fallback={<div className="min-h-44 rounded-xl border border-plum-200 bg-white" />}>
                  <RichTextEditor
                    key={`section-${s._id ?? i}-${editorSeed}`}
                    id={`${base}-content`}
                    labelId={`${base}-content-label`}
                    describedBy={`${base}-content-error`}
                    invalid={Boolean(err(`learningSections.${i}.content`))}
                    initialHtml={s.content}
                    onChange={(html) => setSection(i, { content: html })}
                    placeholder="What participants learn in this section"
                  />
                </Suspense>
                <FieldError id={`${base}-content-error`} message={err(`learningSections.${i}.content`)} />
              </div>
            );
          })}
          <p id={`${uid}-section-note`} className="min-h-5 text-sm text-muted" aria-live="polite">
            {sectionNote}
          </p>
          <button
            type="button"
            onClick={() => {
              setSectionNote("");
              added.current = "section";
              setValues((v) => ({ ...v, learningSections: [...v.learningSections, emptySection()] }));
            }}
            data-add="section"
            className="mt-2 inline-flex min-h-11 items-center gap-1.5 rounded-full bg-plum-100 px-4 font-semibold text-plum-900 hover:bg-plum-200"
          >
            <Plus aria-hidden="true" className="size-4" />
            Add Section
          </button>
        </fieldset>

        {/* A level page's sections 3 to 7; TASSO's page has its own content. */}
        {kind === "tasso" ? null : <ProgramPageSections uid={uid} values={values} onChange={set} error={err} />}

        <fieldset className="mt-5 rounded-2xl border border-plum-100 p-4">
          <legend className="px-2 text-lg font-semibold text-plum-900">Upcoming Events</legend>
          <p className="text-sm text-muted">Optional. Each session is the one visitors enroll in; empty rows are left out when you save.</p>
          {err("upcomingEvents") ? (
            <div className="mt-2">
              <GroupError message={err("upcomingEvents")!} />
              {removedSessions.length > 0 ? (
                <button
                  type="button"
                  onClick={() => {
                    // The button goes with the message: the focus moves to the first row put back.
                    removedAt.current = { list: "event", index: values.upcomingEvents.length };
                    setValues((v) => ({ ...v, upcomingEvents: [...v.upcomingEvents, ...removedSessions] }));
                    clearError("upcomingEvents");
                  }}
                  className="mt-2 inline-flex min-h-11 items-center gap-1.5 rounded-full border border-plum-200 px-4 font-semibold text-plum-800 hover:bg-plum-50"
                >
                  {removedSessions.length === 1 ? "Put back the event you removed" : `Put back the ${removedSessions.length} events you removed`}
                </button>
              ) : null}
            </div>
          ) : null}
          {values.upcomingEvents.map((row, i) => {
            const base = `${uid}-session-${i}`;
            const k = (f: string) => `upcomingEvents.${i}.${f}`;
            const text = (f: keyof SessionRowValues, label: string, opts: { optional?: boolean; type?: string; placeholder?: string; span?: boolean } = {}) => (
              <div className={`pb-1 ${opts.span ? "sm:col-span-2" : ""}`}>
                <Label htmlFor={`${base}-${f}`} optional={opts.optional}>
                  {label}
                </Label>
                <input
                  {...a11y(k(f), `${base}-${f}`)}
                  type={opts.type ?? "text"}
                  placeholder={opts.placeholder}
                  className={inputClass}
                  value={row[f] ?? ""}
                  onChange={(e) => setSession(i, { [f]: e.target.value })}
                />
                <FieldError id={`${base}-${f}-error`} message={err(k(f))} />
              </div>
            );
            return (
              // A group named "Event 3": a screen reader says which row a field belongs to, as every row's fields share their labels.
              <div key={row._id ?? `new-${i}`} data-row="event" role="group" aria-labelledby={`${base}-heading`} className="mt-4 rounded-xl bg-white p-4 ring-1 ring-plum-100">
                <div className="mb-2 flex items-center justify-between gap-3">
                  <h3 id={`${base}-heading`} className="font-semibold text-plum-900">Event {i + 1}</h3>
                  <button
                    type="button"
                    onClick={() => {
                      setValues((v) => ({ ...v, upcomingEvents: v.upcomingEvents.filter((_, j) => j !== i) }));
                      setErrors({});
                      removedAt.current = { list: "event", index: i };
                    }}
                    data-remove="event"
                    className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-plum-200 px-4 font-semibold text-danger hover:bg-plum-50"
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    <span>
                      Remove<span className="sr-only"> event {i + 1}</span>
                    </span>
                  </button>
                </div>
                <div className="grid gap-x-4 sm:grid-cols-2">
                  {text("eventName", "Event name", { span: true })}
                  {text("startDate", "Start date and time", { type: "datetime-local" })}
                  {text("endDate", "End date and time", { type: "datetime-local" })}
                  <div className="pb-1">
                    <Label htmlFor={`${base}-timeZone`}>Venue time zone</Label>
                    <select {...a11y(k("timeZone"), `${base}-timeZone`)} className={inputClass} value={row.timeZone} onChange={(e) => setSession(i, { timeZone: e.target.value })}>
                      {timeZoneOptions(row.timeZone).map((z) => (
                        <option key={z.value} value={z.value}>
                          {z.label}
                        </option>
                      ))}
                    </select>
                    <FieldError id={`${base}-timeZone-error`} message={err(k("timeZone"))} />
                  </div>
                  {text("location", "Location")}
                  {text("organiser", "Organizer")}
                  {text("organizerEmail", "Organizer email", { optional: true, type: "email" })}
                  {text("price", "Price", { placeholder: "$99" })}
                  {text("capacity", "Seats", { optional: true, placeholder: "Not limited" })}
                  {text("paymentLink", "Payment link", { type: "url", placeholder: "https://", span: true })}
                </div>
              </div>
            );
          })}
          <button
            type="button"
            onClick={() => {
              added.current = "event";
              setValues((v) => ({ ...v, upcomingEvents: [...v.upcomingEvents, emptySessionRow()] }));
            }}
            data-add="event"
            className="mt-4 inline-flex min-h-11 items-center gap-1.5 rounded-full bg-plum-100 px-4 font-semibold text-plum-900 hover:bg-plum-200"
          >
            <Plus aria-hidden="true" className="size-4" />
            Add Event
          </button>
        </fieldset>

        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button
            type="button"
            onClick={requestClose}
            disabled={busy}
            className="inline-flex min-h-12 items-center rounded-full border border-plum-200 bg-white px-6 font-semibold text-plum-800 hover:bg-plum-50 disabled:opacity-50"
          >
            Cancel
          </button>
          <button type="submit" aria-disabled={busy || undefined} className="inline-flex min-h-12 items-center rounded-full bg-plum-800 px-6 font-semibold text-white hover:bg-plum-700 aria-disabled:opacity-60">
            {busy ? "Saving..." : program ? "Update Program" : "Create Program"}
          </button>
        </div>
      </form>
      {question}
    </ModalDialog>
  );
}

