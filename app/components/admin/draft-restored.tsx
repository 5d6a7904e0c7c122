import { useCallback, useEffect, useState, type RefObject } from "react";
import { DRAFT_RESTORED, dropDraft, markDraftPending, readDraft } from "./staff-draft";

/** The note a form shows when it opened with changes kept from a save that never got its answer, and the way back. */
export function DraftRestoredNote({ onPutBack, text = DRAFT_RESTORED }: { onPutBack: () => void; text?: string }) {
  return (
    <div role="status" className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-plum-50 p-4 text-sm text-ink ring-1 ring-plum-200">
      <p>{text}</p>
      <button
        type="button"
        onClick={onPutBack}
        className="inline-flex min-h-11 items-center rounded-full border border-plum-200 bg-white px-4 font-semibold text-plum-800 hover:bg-plum-100"
      >
        Put back what is stored
      </button>
    </div>
  );
}

/** The same note on a page of its own (Settings, Attendance): there is no list to check. */
export const PAGE_DRAFT_RESTORED =
  "Changes you made earlier, which may not have been saved, are back on this page. Save them, or put back what is stored.";

/** One field of a plain form that differs from what the page showed: a text field's value, or the chosen radio or checkbox. */
type FieldChange = { name: string; value: string; checked?: boolean };

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function controls(form: HTMLFormElement): Control[] {
  return [...form.querySelectorAll<Control>("input[name], select[name], textarea[name]")].filter(
    (c) => !(c instanceof HTMLInputElement && (c.type === "hidden" || c.type === "submit" || c.type === "button" || c.type === "file")),
  );
}

/** What differs from the page's own values (`baseline`: a field's stored value where the page shows another, as after a refused save). */
function changedFields(form: HTMLFormElement, baseline?: Readonly<Record<string, string>>): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const c of controls(form)) {
    if (c instanceof HTMLInputElement && (c.type === "radio" || c.type === "checkbox")) {
      if (c.checked !== c.defaultChecked) changes.push({ name: c.name, value: c.value, checked: c.checked });
    } else if (c.value !== (baseline?.[c.name] ?? (c instanceof HTMLSelectElement ? c.value : c.defaultValue))) {
      changes.push({ name: c.name, value: c.value });
    }
  }
  return changes;
}

/** Puts kept changes back into the fields they came from; how many found their field. */
function applyChanges(form: HTMLFormElement, changes: readonly FieldChange[]): number {
  let applied = 0;
  const all = controls(form);
  for (const change of changes) {
    if (typeof change?.name !== "string" || typeof change.value !== "string") continue;
    const target =
      change.checked === undefined
        ? all.find((c) => c.name === change.name && !(c instanceof HTMLInputElement && (c.type === "radio" || c.type === "checkbox")))
        : all.find((c) => c instanceof HTMLInputElement && c.name === change.name && c.value === change.value);
    if (!target) continue;
    if (target instanceof HTMLInputElement && change.checked !== undefined) target.checked = change.checked;
    else target.value = change.value;
    applied++;
  }
  return applied;
}

/**
 * Decision 0062's drafts for a plain form post (a page that works without
 * JavaScript, such as Settings or Attendance): when the form is sent, the
 * fields that differ from what the page showed are kept in this tab. If the
 * answer never reaches the page (a sign-in that expired sends the browser to
 * the sign-in page), the page puts them back when it opens again, and says so.
 * Only the changed fields come back: the others show what is stored now,
 * whoever saved it meanwhile. Any answer (saved, refused, connection lost)
 * ends the draft: the page then still holds the values itself.
 */
export function usePlainFormDraft(
  formRef: RefObject<HTMLFormElement | null>,
  key: string,
  answer: unknown,
  baseline?: Readonly<Record<string, string>>,
): { restored: boolean; keepOnSubmit: () => void; putBack: () => void } {
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    const draft = readDraft<FieldChange[]>(key);
    if (!draft) return;
    dropDraft(key);
    const form = formRef.current;
    if (!draft.pending || !form || !Array.isArray(draft.values)) return;
    if (applyChanges(form, draft.values) === 0) return;
    setRestored(true);
    // The leave question (useFormChanged) sees the fields as changed.
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }, [formRef, key]);
  useEffect(() => {
    if (answer !== undefined) dropDraft(key);
  }, [answer, key]);
  const keepOnSubmit = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    const changes = changedFields(form, baseline);
    if (changes.length > 0) markDraftPending(key, changes, null);
    else dropDraft(key);
  }, [formRef, key, baseline]);
  const putBack = useCallback(() => {
    const form = formRef.current;
    setRestored(false);
    if (!form) return;
    form.reset();
    form.dispatchEvent(new Event("change", { bubbles: true }));
    // The button goes with its note: the form's first field takes the focus, not the page's body.
    controls(form)[0]?.focus();
  }, [formRef]);
  return { restored, keepOnSubmit, putBack };
}
