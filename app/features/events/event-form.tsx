import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { DraftRestoredNote } from "~/components/admin/draft-restored";
import { draftKey, dropDraft, markDraftPending, markDraftSettled, readDraft, useKeptDraft } from "~/components/admin/staff-draft";
import { Field, inputClass } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { preloadToasts, toast } from "~/components/ui/toasts";
import { useFocusFirstInvalid } from "~/hooks/use-focus-first-invalid";
import type { AdminEventJson } from "./events-admin.server";
import {
  defaultEnd,
  emptyEventForm,
  EVENT_CREATED,
  EVENT_STATUSES,
  EVENT_UPDATED,
  SAVE_FAILED,
  startOfTodayAt,
  toLocalInput,
  validateEventForm,
  timeZoneOptions,
  type EventField,
  type EventFormValues,
} from "./schema";

/** What the screen's action answers to a save or a delete. */
export type EventActionResult = { ok: true; message: string } | { ok: false; message: string; errors?: Partial<Record<EventField, string>> };

type Props = {
  /** The event being edited; null in add mode. */
  event: AdminEventJson | null;
  onCancel: () => void;
  onSaved: () => void;
  onBusyChange: (busy: boolean) => void;
  /** Whether the form holds anything other than what it opened with (decision 0062). */
  onChangedChange?: (changed: boolean) => void;
  /**
   * In the page without JavaScript (decision 0083): a plain form posted to `action` (Cancel a link to the
   * list), opened with what a refused post typed (`values`, its `updatedAt` among them) and the server's messages.
   */
  plain?: { action: string; cancelHref: string; values?: Record<string, string> | undefined; errors?: Partial<Record<EventField, string>> | undefined };
};

/** The form's texts for an event being edited (times at its venue, D13). */
export function formValuesOf(event: AdminEventJson): EventFormValues {
  return {
    event: event.title,
    startDate: toLocalInput(event.startDate, event.timeZone),
    endDate: toLocalInput(event.endDate, event.timeZone),
    timeZone: event.timeZone,
    location: event.city,
    facilitator: event.facilitator ?? "",
    capacity: event.seats === null ? "" : event.capacity,
    organisedby: event.organiser ?? "",
    organiserEmail: event.organiserEmail ?? "",
    price: event.priceText ?? "",
    paymentLink: event.paymentLink ?? "",
    status: event.status,
    externalLink: event.externalLink ?? "",
  };
}

/**
 * The add/edit form of a Family Constellation event (spec part 2 §2.10, §4, §5).
 * Each field is checked when it is left and all of them on submit, with the
 * schema the server checks again; the server's answer (a capacity below the
 * seats already booked, say) is shown the same way, and as a toast (§8).
 */
export function EventForm({ event, onCancel, onSaved, onBusyChange, onChangedChange, plain }: Props) {
  // A plain form (no JavaScript) keeps no draft: the page it is answered with shows what was typed.
  const draft = plain ? null : draftKey("event", event?._id);
  // What the form opened with, and changes kept from an earlier opening that were never saved (decision 0062).
  const [opened, setOpened] = useState<EventFormValues>(() => (event ? formValuesOf(event) : emptyEventForm()));
  const [kept] = useState(() => {
    const found = draft ? readDraft<EventFormValues>(draft) : null;
    return found && JSON.stringify(found.values) !== JSON.stringify(opened) ? found : null;
  });
  const [values, setValues] = useState<EventFormValues>(() => {
    if (kept) return kept.values;
    if (!plain?.values) return opened;
    // What a refused plain post typed, field by field over what the form opened with.
    const typed = Object.fromEntries(Object.keys(opened).filter((k) => typeof plain.values![k] === "string").map((k) => [k, plain.values![k]!]));
    return { ...opened, ...typed };
  });
  const [restored, setRestored] = useState(kept !== null);
  // The event's version these changes were made against: a restored draft keeps its own, so a save over someone else's is refused.
  const [version, setVersion] = useState<string | null>(kept ? kept.version : (plain?.values?.updatedAt ?? event?.updatedAt ?? null));
  const [errors, setErrors] = useState<Partial<Record<EventField, string>>>(plain?.errors ?? {});
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const fetcher = useFetcher<EventActionResult>();
  const busy = fetcher.state !== "idle";
  const handled = useRef<EventActionResult | undefined>(undefined);

  const check = (v: EventFormValues) => {
    const r = validateEventForm(v, { currentStart: event?.startDate ?? null, currentEnd: event?.endDate ?? null, currentZone: event?.timeZone ?? null });
    return r.ok ? {} : r.errors;
  };

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  const changed = JSON.stringify(values) !== JSON.stringify(opened);
  useEffect(() => onChangedChange?.(changed), [changed, onChangedChange]);
  useKeptDraft(draft, values, changed, version);

  // The server's answer, once.
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (!draft) return;
    if (answer.ok) {
      dropDraft(draft);
      void toast.success(answer.message || (event ? EVENT_UPDATED : EVENT_CREATED), { duration: 4000 });
      onSaved();
      return;
    }
    markDraftSettled(draft, values, version);
    void toast.error(answer.message || SAVE_FAILED, { duration: 5000 });
    if (answer.errors && Object.keys(answer.errors).length > 0) {
      // oxlint-disable-next-line react/set-state-in-effect -- the server's answer arrives here
      setErrors(answer.errors);
      focusFirstInvalid();
    }
  }, [fetcher.state, fetcher.data, event, onSaved, focusFirstInvalid, draft, values, version]);

  function update(field: EventField, value: string) {
    void preloadToasts();
    setValues((v) => {
      const next = { ...v, [field]: value };
      // Spec §4: changing the start sets the end to start + 2 hours.
      if (field === "startDate") next.endDate = defaultEnd(value, next.timeZone);
      return next;
    });
    // Editing a field clears its error.
    setErrors((e) => {
      if (!(field in e) && !(field === "startDate" && "endDate" in e)) return e;
      const next = { ...e };
      delete next[field];
      if (field === "startDate") delete next.endDate;
      return next;
    });
  }

  const leave = (field: EventField) => () => {
    const message = check(values)[field];
    setErrors((e) => {
      if (e[field] === message) return e;
      const next = { ...e };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });
  };

  function resetEnd() {
    update("endDate", defaultEnd(values.startDate, values.timeZone));
  }

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    // A plain form goes to the server as a page, as it does without JavaScript.
    if (!draft) return;
    e.preventDefault();
    if (busy) return;
    const found = check(values);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstInvalid();
      return;
    }
    const data = new FormData();
    data.set("intent", "save");
    if (event) data.set("id", event._id);
    // The version this form was opened with: a save after someone else's is refused, not applied over it (decision 0060).
    if (event) data.set("updatedAt", version ?? event.updatedAt);
    for (const [k, v] of Object.entries(values)) data.set(k, v);
    markDraftPending(draft, values, version);
    fetcher.submit(data, { method: "post" });
  }

  const minStart = toLocalInput(startOfTodayAt(values.timeZone), values.timeZone);
  const zones = timeZoneOptions(values.timeZone);

  const text = (
    name: EventField,
    label: string,
    opts: { required?: boolean; type?: string; placeholder?: string; autoComplete?: string; hint?: string; inputMode?: "email" | "url" | "decimal" } = {},
  ) => (
    <Field id={`event-${name}`} label={label} required={opts.required} error={errors[name]} hint={opts.hint}>
      {(a) => (
        <input
          {...a}
          name={name}
          type={opts.type ?? "text"}
          placeholder={opts.placeholder}
          autoComplete={opts.autoComplete ?? "off"}
          inputMode={opts.inputMode}
          className={inputClass}
          value={values[name]}
          onChange={(e) => update(name, e.target.value)}
          onBlur={leave(name)}
        />
      )}
    </Field>
  );

  return (
    <form ref={formRef} method="post" action={plain?.action} noValidate onSubmit={onSubmit} aria-label={event ? "Edit event" : "Add event"} aria-busy={busy || undefined}>
      {plain ? (
        <>
          <input type="hidden" name="plain" value="1" />
          <input type="hidden" name="intent" value="save" />
          {event ? <input type="hidden" name="id" value={event._id} /> : null}
          {/* The version this form was opened with (decision 0060); a refused post's form keeps the one it was made against. */}
          {event ? <input type="hidden" name="updatedAt" value={version ?? event.updatedAt} /> : null}
        </>
      ) : null}
      {restored ? (
        <DraftRestoredNote
          onPutBack={() => {
            // What is stored now (the screen hands the event as its list last read it).
            const stored = event ? formValuesOf(event) : emptyEventForm();
            setValues(stored);
            setOpened(stored);
            setErrors({});
            setRestored(false);
            setVersion(event?.updatedAt ?? null);
            if (draft) dropDraft(draft);
          }}
        />
      ) : null}
      <div className="grid gap-x-6 sm:grid-cols-2">
        {/* Spec §3: the event name is fixed on this screen (the original shows it disabled). */}
        <div className="pb-4">
          <p className="mb-1.5 block text-sm font-semibold text-ink">
            Event name
          </p>
          <p className="flex min-h-12 items-center rounded-xl bg-sand-100 px-4 text-muted ring-1 ring-plum-100">
            {values.event}
          </p>
          <input type="hidden" name="event" value={values.event} />
          {errors.event ? <p className="mt-1 text-sm font-medium text-danger">{errors.event}</p> : null}
        </div>
        <Field id="event-timeZone" label="Venue time zone" required error={errors.timeZone} hint="Times below are at the venue.">
          {(a) => (
            <select {...a} name="timeZone" className={inputClass} value={values.timeZone} onChange={(e) => update("timeZone", e.target.value)} onBlur={leave("timeZone")}>
              {zones.map((z) => (
                <option key={z.value} value={z.value}>
                  {z.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="event-startDate" label="Start date and time" required error={errors.startDate}>
          {(a) => (
            <input
              {...a}
              name="startDate"
              type="datetime-local"
              min={event ? undefined : minStart}
              className={inputClass}
              value={values.startDate}
              onChange={(e) => update("startDate", e.target.value)}
              onBlur={leave("startDate")}
            />
          )}
        </Field>
        <div className="relative">
          <Field id="event-endDate" label="End date and time" required error={errors.endDate}>
            {(a) => (
              <input
                {...a}
                name="endDate"
                type="datetime-local"
                min={values.startDate || undefined}
                className={inputClass}
                value={values.endDate}
                onChange={(e) => update("endDate", e.target.value)}
                onBlur={leave("endDate")}
              />
            )}
          </Field>
          {plain ? null : (
          <button type="button" onClick={resetEnd} disabled={!values.startDate} className="absolute top-0 right-0 inline-flex min-h-6 items-center text-sm font-semibold text-plum-700 underline underline-offset-2 hover:text-plum-900 disabled:cursor-not-allowed disabled:opacity-50">
            Reset End Time
          </button>
          )}
        </div>
        {text("location", "Location", { required: true, placeholder: "Austin, TX", autoComplete: "address-level2" })}
        {text("facilitator", "Facilitator (optional)")}
        {text("capacity", "Capacity", { required: true, placeholder: "10 Seats" })}
        {text("price", "Price", { required: true, placeholder: "$375", inputMode: "decimal" })}
        {text("organisedby", "Organizer name", { required: true, autoComplete: "name" })}
        {text("organiserEmail", "Organizer email", { required: true, type: "email", inputMode: "email", autoComplete: "email" })}
        {text("paymentLink", "Payment link", { required: true, type: "url", inputMode: "url", placeholder: "https://" })}
        {text("externalLink", "External link (optional)", { type: "url", inputMode: "url", placeholder: "https://" })}
        <Field id="event-status" label="Status" required error={errors.status}>
          {(a) => (
            <select {...a} name="status" className={inputClass} value={values.status} onChange={(e) => update("status", e.target.value)} onBlur={leave("status")}>
              {EVENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="mt-2 flex flex-wrap justify-end gap-3">
        {plain ? (
          <a href={plain.cancelHref} className="inline-flex min-h-12 items-center rounded-full border border-plum-200 bg-white px-6 font-semibold text-plum-800 hover:bg-plum-50">
            Cancel
          </a>
        ) : (
          <button type="button" onClick={onCancel} disabled={busy} className="inline-flex min-h-12 items-center rounded-full border border-plum-200 bg-white px-6 font-semibold text-plum-800 hover:bg-plum-50 disabled:opacity-50">
            Cancel
          </button>
        )}
        <SubmitButton blocked={busy} className="inline-flex min-h-12 items-center rounded-full bg-plum-800 px-6 font-semibold text-white hover:bg-plum-700">
          {busy ? "Saving..." : event ? "Update Event" : "Create Event"}
        </SubmitButton>
      </div>
    </form>
  );
}
