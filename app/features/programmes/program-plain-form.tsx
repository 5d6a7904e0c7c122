import { useId } from "react";
import { inputClass } from "~/components/ui/field";
import { DEFAULT_TIME_ZONE } from "~/features/events/format";
import { timeZoneOptions } from "~/features/events/schema";
import { REQUIRED_LEVEL_LABEL, REQUIRED_LEVEL_NONE, requirableProgrammes } from "~/features/prerequisites/rules";
import { FieldError, formValuesOf, GroupError, Label } from "./program-form-dialog";
import { plainRowNumbers, richTextToPlainText } from "./plain-form";
import type { ProgrammeJson } from "./programmes.server";
import { ProgramPageLines } from "./program-page-lines";
import { ProgramPageSections } from "./program-page-sections";
import { emptyProgramForm, emptySessionRow, PAGE_SECTION_FIELDS, PROGRAM_STATUSES, type PageSections, type ProgramErrors, type SessionRowValues } from "./schema";
import { thumbnailPreviewSrc } from "./normalise";

type Props = {
  kindLabel: string;
  /** Whether the kind's programs have a level page, with sections 3 to 7 to edit (not TASSO). */
  hasPageSections: boolean;
  /** null: add mode. */
  program: ProgrammeJson | null;
  levelChoices: ReadonlyArray<{ id: string; title: string; requiresId: string | null }>;
  /** Where the form posts: the list as it is (search, page, the open card). */
  action: string;
  cancelHref: string;
  /** A refused post's fields as typed (decision 0083), shown again instead of the stored program. */
  typed?: Record<string, string> | undefined;
  errors?: ProgramErrors | undefined;
};

/** The fields the page shows for a stored program (or a new one), with one blank section and one blank session to fill in. */
function fieldsOf(program: (ProgrammeJson & { pageSections?: PageSections | null }) | null): Record<string, string> {
  const v = program ? formValuesOf(program) : emptyProgramForm();
  const f: Record<string, string> = {
    title: v.title,
    subtitle: v.subtitle,
    videoUrl: v.videoUrl,
    duration: v.duration,
    status: v.status,
    requiredProgramId: v.requiredProgramId,
    certification: v.certification,
    enrollmentFeatures: v.enrollmentFeatures,
    "cardPoints.html": v.cardPoints,
    "cardPoints.text": richTextToPlainText(v.cardPoints),
  };
  // The page's sections as it shows them (D11).
  for (const key of PAGE_SECTION_FIELDS) if (v[key] !== undefined) f[key] = v[key];
  const sections = program ? [...v.learningSections, { title: "", content: "" }] : v.learningSections;
  sections.forEach((s, i) => {
    if (s._id) f[`learningSections.${i}._id`] = s._id;
    f[`learningSections.${i}.title`] = s.title;
    f[`learningSections.${i}.content.html`] = s.content;
    f[`learningSections.${i}.content.text`] = richTextToPlainText(s.content);
  });
  [...v.upcomingEvents, emptySessionRow()].forEach((row, i) => {
    for (const [k, value] of Object.entries(row)) if (value !== undefined) f[`upcomingEvents.${i}.${k}`] = value;
  });
  return f;
}

const richHint = "Without JavaScript this is plain text: a line is a paragraph, '- ' starts a bullet item and '1. ' a numbered one. Text you leave as it is keeps its formatting.";

/**
 * The program form of the staff screens as a plain page form (decision 0083):
 * what the dialog holds, posted as multipart (the thumbnail with it) to the
 * screen's action, without JavaScript. Sections and sessions are rows of
 * fields; one blank row of each is offered to add one, and a box removes a row.
 * The rich-text fields are textareas of plain text.
 */
export function ProgramPlainForm({ kindLabel, hasPageSections, program, levelChoices, action, cancelHref, typed, errors = {} }: Props) {
  const uid = useId();
  const f = typed ?? fieldsOf(program);
  const val = (k: string) => f[k] ?? "";
  const err = (k: string) => errors[k];
  const a11y = (key: string, id: string, extra?: string) => ({
    id,
    "aria-invalid": Boolean(err(key)),
    "aria-describedby": [extra, `${id}-error`].filter(Boolean).join(" "),
  });
  const sectionRows = plainRowNumbers(f, "learningSections");
  const sessionRows = plainRowNumbers(f, "upcomingEvents");
  const existingThumb = program?.thumbnail && program.thumbnail !== "null" ? program.thumbnail : null;

  return (
    <form method="post" action={action} encType="multipart/form-data" noValidate aria-label={program ? `Edit ${kindLabel} program` : `Add ${kindLabel} program`}>
      <input type="hidden" name="plain" value="1" />
      <input type="hidden" name="intent" value="save" />
      {program ? <input type="hidden" name="id" value={program._id} /> : null}
      {/* The version this form was opened with (decision 0060); a refused post's form keeps the one it was made against. */}
      {program ? <input type="hidden" name="updatedAt" value={typed?.updatedAt ?? program.updatedAt} /> : null}
      <div className="grid gap-x-5 sm:grid-cols-2">
        <div className="pb-2 sm:col-span-2">
          <Label htmlFor={`${uid}-title`}>Title</Label>
          <input {...a11y("title", `${uid}-title`)} name="title" aria-required className={inputClass} defaultValue={val("title")} maxLength={200} />
          <FieldError id={`${uid}-title-error`} message={err("title")} />
        </div>
        <div className="pb-2 sm:col-span-2">
          <Label htmlFor={`${uid}-subtitle`}>Subtitle</Label>
          <input {...a11y("subtitle", `${uid}-subtitle`)} name="subtitle" aria-required className={inputClass} defaultValue={val("subtitle")} maxLength={500} />
          <FieldError id={`${uid}-subtitle-error`} message={err("subtitle")} />
        </div>
        <div className="pb-2">
          <Label htmlFor={`${uid}-duration`}>Duration</Label>
          <input {...a11y("duration", `${uid}-duration`)} name="duration" aria-required className={inputClass} placeholder="2 Days" defaultValue={val("duration")} maxLength={100} />
          <FieldError id={`${uid}-duration-error`} message={err("duration")} />
        </div>
        <div className="pb-2">
          <Label htmlFor={`${uid}-status`}>Status</Label>
          <select {...a11y("status", `${uid}-status`)} name="status" aria-required className={inputClass} defaultValue={val("status") || "Open"}>
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
          <select {...a11y("requiredProgramId", `${uid}-required`, `${uid}-required-hint`)} name="requiredProgramId" className={inputClass} defaultValue={val("requiredProgramId")}>
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
        <ProgramPageLines uid={uid} values={{ certification: val("certification"), enrollmentFeatures: val("enrollmentFeatures") }} error={err} />
        <div className="pb-2 sm:col-span-2">
          <Label htmlFor={`${uid}-video`} optional>
            Video URL
          </Label>
          <input {...a11y("videoUrl", `${uid}-video`)} name="videoUrl" type="url" className={inputClass} placeholder="https://" defaultValue={val("videoUrl")} maxLength={2000} />
          <FieldError id={`${uid}-video-error`} message={err("videoUrl")} />
        </div>
        <div className="pb-2 sm:col-span-2">
          <Label htmlFor={`${uid}-thumb`} optional>
            Thumbnail
          </Label>
          <div className="flex flex-wrap items-start gap-4">
            {existingThumb ? <img src={thumbnailPreviewSrc(existingThumb) ?? undefined} alt="Current thumbnail" className="h-24 w-40 rounded-lg object-cover ring-1 ring-plum-100" /> : null}
            <div className="min-w-0 grow">
              <input
                {...a11y("thumbnail", `${uid}-thumb`, `${uid}-thumb-hint`)}
                name="thumbnail"
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-plum-100 file:px-4 file:font-semibold file:text-plum-900"
              />
              <p id={`${uid}-thumb-hint`} className="mt-1 text-sm text-muted">
                PNG, JPG, GIF or WebP, max 5MB{typed && program ? ". A file chosen before the form was refused must be chosen again." : ""}
              </p>
              {existingThumb ? (
                <label className="mt-1 inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-danger">
                  <input type="checkbox" name="removeThumbnail" value="true" defaultChecked={typed?.removeThumbnail === "true"} className="size-5" />
                  Remove thumbnail
                </label>
              ) : null}
            </div>
          </div>
          <FieldError id={`${uid}-thumb-error`} message={err("thumbnail")} />
        </div>
        <div className="pb-2 sm:col-span-2">
          <Label htmlFor={`${uid}-points`}>Card Points</Label>
          <input type="hidden" name="cardPoints.html" value={val("cardPoints.html")} />
          <textarea
            {...a11y("cardPoints", `${uid}-points`, `${uid}-points-hint`)}
            name="cardPoints.text"
            rows={6}
            className={inputClass}
            defaultValue={val("cardPoints.text")}
            placeholder="Key points shown on the program's card"
          />
          <p id={`${uid}-points-hint`} className="mt-1 text-sm text-muted">
            {richHint}
          </p>
          <FieldError id={`${uid}-points-error`} message={err("cardPoints")} />
        </div>
      </div>

      <fieldset className="mt-2 rounded-2xl border border-plum-100 p-4">
        <legend className="px-2 text-lg font-semibold text-plum-900">Learning Sections</legend>
        <p className="text-sm text-muted">Fill in the last, empty section to add one; empty sections are left out when you save.</p>
        {err("learningSections") ? <GroupError message={err("learningSections")!} /> : null}
        {sectionRows.map((row, i) => {
          const p = `learningSections.${row}`;
          const base = `${uid}-section-${row}`;
          return (
            <div key={row} className="border-b border-plum-100 py-3 last:border-b-0">
              {val(`${p}._id`) ? <input type="hidden" name={`${p}._id`} value={val(`${p}._id`)} /> : null}
              <Label htmlFor={`${base}-title`}>{`Section ${i + 1} title`}</Label>
              <input {...a11y(`${p}.title`, `${base}-title`)} name={`${p}.title`} className={inputClass} defaultValue={val(`${p}.title`)} maxLength={200} />
              <FieldError id={`${base}-title-error`} message={err(`${p}.title`)} />
              <Label htmlFor={`${base}-content`}>{`Section ${i + 1} content`}</Label>
              <input type="hidden" name={`${p}.content.html`} value={val(`${p}.content.html`)} />
              <textarea
                {...a11y(`${p}.content`, `${base}-content`, `${uid}-rich-hint`)}
                name={`${p}.content.text`}
                rows={5}
                className={inputClass}
                defaultValue={val(`${p}.content.text`)}
                placeholder="What participants learn in this section"
              />
              <FieldError id={`${base}-content-error`} message={err(`${p}.content`)} />
              {val(`${p}._id`) ? (
                <label className="inline-flex min-h-11 items-center gap-2 font-semibold text-danger">
                  <input type="checkbox" name={`${p}.remove`} value="true" defaultChecked={val(`${p}.remove`) === "true"} className="size-5" />
                  {`Remove section ${i + 1}`}
                </label>
              ) : null}
            </div>
          );
        })}
        <p id={`${uid}-rich-hint`} className="text-sm text-muted">
          {richHint}
        </p>
      </fieldset>

      {hasPageSections ? <ProgramPageSections uid={uid} values={f} error={err} /> : null}

      <fieldset className="mt-5 rounded-2xl border border-plum-100 p-4">
        <legend className="px-2 text-lg font-semibold text-plum-900">Upcoming Events</legend>
        <p className="text-sm text-muted">
          Optional. Each session is the one visitors enroll in. Fill in the last, empty event to add one; empty rows are left out when you save. To add
          more than one, choose &ldquo;{program ? "Update and keep editing" : "Create and keep editing"}&rdquo;: the form opens again with another empty event.
        </p>
        {err("upcomingEvents") ? (
          <div className="mt-2">
            <GroupError message={err("upcomingEvents")!} />
          </div>
        ) : null}
        {sessionRows.map((row, i) => {
          const p = `upcomingEvents.${row}`;
          const base = `${uid}-session-${row}`;
          const text = (field: keyof SessionRowValues, label: string, opts: { optional?: boolean; type?: string; placeholder?: string; span?: boolean } = {}) => (
            <div className={`pb-1 ${opts.span ? "sm:col-span-2" : ""}`}>
              <Label htmlFor={`${base}-${field}`} optional={opts.optional}>
                {label}
              </Label>
              <input
                {...a11y(`${p}.${field}`, `${base}-${field}`)}
                name={`${p}.${field}`}
                type={opts.type ?? "text"}
                placeholder={opts.placeholder}
                className={inputClass}
                defaultValue={val(`${p}.${field}`)}
              />
              <FieldError id={`${base}-${field}-error`} message={err(`${p}.${field}`)} />
            </div>
          );
          const stored = Boolean(val(`${p}._id`));
          const zone = val(`${p}.timeZone`) || DEFAULT_TIME_ZONE;
          const zones = timeZoneOptions(zone);
          return (
            <div key={row} role="group" aria-labelledby={`${base}-heading`} className="mt-4 rounded-xl bg-white p-4 ring-1 ring-plum-100">
              {stored ? <input type="hidden" name={`${p}._id`} value={val(`${p}._id`)} /> : null}
              <h3 id={`${base}-heading`} className="mb-2 font-semibold text-plum-900">
                {stored ? `Event ${i + 1}` : `Event ${i + 1} (new)`}
              </h3>
              <div className="grid gap-x-4 sm:grid-cols-2">
                {text("eventName", "Event name", { span: true })}
                {text("startDate", "Start date and time", { type: "datetime-local" })}
                {text("endDate", "End date and time", { type: "datetime-local" })}
                <div className="pb-1">
                  <Label htmlFor={`${base}-timeZone`}>Venue time zone</Label>
                  <select {...a11y(`${p}.timeZone`, `${base}-timeZone`)} name={`${p}.timeZone`} className={inputClass} defaultValue={zone}>
                    {zones.map((z) => (
                      <option key={z.value} value={z.value}>
                        {z.label}
                      </option>
                    ))}
                  </select>
                  <FieldError id={`${base}-timeZone-error`} message={err(`${p}.timeZone`)} />
                </div>
                {text("location", "Location")}
                {text("organiser", "Organizer")}
                {text("organizerEmail", "Organizer email", { optional: true, type: "email" })}
                {text("price", "Price", { placeholder: "$99" })}
                {text("capacity", "Seats", { optional: true, placeholder: "Not limited" })}
                {text("paymentLink", "Payment link", { type: "url", placeholder: "https://", span: true })}
              </div>
              {stored ? (
                <label className="mt-1 inline-flex min-h-11 items-center gap-2 font-semibold text-danger">
                  <input type="checkbox" name={`${p}.remove`} value="true" defaultChecked={val(`${p}.remove`) === "true"} className="size-5" />
                  {`Remove event ${i + 1}`}
                </label>
              ) : null}
            </div>
          );
        })}
      </fieldset>

      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <a href={cancelHref} className="inline-flex min-h-12 items-center rounded-full border border-plum-200 bg-white px-6 font-semibold text-plum-800 hover:bg-plum-50">
          Cancel
        </a>
        {/* First: the button Enter in a field presses. */}
        <button type="submit" className="inline-flex min-h-12 items-center rounded-full bg-plum-800 px-6 font-semibold text-white hover:bg-plum-700">
          {program ? "Update Program" : "Create Program"}
        </button>
        <button
          type="submit"
          name="then"
          value="edit"
          className="inline-flex min-h-12 items-center rounded-full border border-plum-300 bg-white px-6 font-semibold text-plum-800 hover:bg-plum-50"
        >
          {program ? "Update and keep editing" : "Create and keep editing"}
        </button>
      </div>
    </form>
  );
}
