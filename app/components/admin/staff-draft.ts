import { useEffect } from "react";

/**
 * What a staff form holds and has not saved, kept in this browser tab
 * (sessionStorage) while it differs from what the form opened with (decision
 * 0062). A save that meets an expired sign-in is answered with a redirect to
 * the sign-in page, which unmounts the form: after signing in, the screen finds
 * the draft still marked `pending` and opens the form again with it.
 * Nothing leaves the tab, and the tab's storage ends with it.
 */
/**
 * `version`: the record's `updatedAt` when the form first opened with these
 * changes (null for a new one). A save from a restored draft sends it, so a
 * record someone else saved meanwhile is refused (decision 0060), never
 * overwritten with this tab's older copy of the other fields.
 */
type Draft<T> = { values: T; pending: boolean; version: string | null };

const PREFIX = "staff-draft:";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    // Storage refused (a privacy setting): the form works, without drafts.
    return null;
  }
}

export function draftKey(form: string, id: string | null | undefined): string {
  return `${PREFIX}${form}:${id ?? "new"}`;
}

export function readDraft<T>(key: string): Draft<T> | null {
  const text = storage()?.getItem(key);
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as Draft<T>;
    return draft && typeof draft === "object" && "values" in draft ? draft : null;
  } catch {
    return null;
  }
}

function writeDraft<T>(key: string, draft: Draft<T>): void {
  try {
    storage()?.setItem(key, JSON.stringify(draft));
  } catch {
    // Full or refused: the draft is a convenience, the form goes on without it.
  }
}

export function dropDraft(key: string): void {
  storage()?.removeItem(key);
}

/** Signing out: no draft of this tab is left for whoever signs in next. */
export function dropAllDrafts(): void {
  const store = storage();
  if (!store) return;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}

/** A save is being sent: if the answer never reaches this page (a sign-in that expired), the screen reopens the form. */
export function markDraftPending<T>(key: string, values: T, version: string | null): void {
  writeDraft(key, { values, pending: true, version });
}

/** The save was answered (refused, say): the draft no longer waits on it. */
export function markDraftSettled<T>(key: string, values: T, version: string | null): void {
  if (readDraft(key)) writeDraft(key, { values, pending: false, version });
}

/** The ids (or "new") of a form's drafts whose save never got its answer, for the screen to reopen. */
export function pendingDrafts(form: string): string[] {
  const store = storage();
  if (!store) return [];
  const ids: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (!key?.startsWith(`${PREFIX}${form}:`)) continue;
    if (readDraft(key)?.pending) ids.push(key.slice(`${PREFIX}${form}:`.length));
  }
  return ids;
}

/**
 * Keeps the draft of a form in step with it: written while `changed` (an
 * answer to a save has come, so not pending), dropped once nothing is changed
 * (saved, discarded, or typed back). `key` null: the form is closed.
 */
export function useKeptDraft<T>(key: string | null, values: T, changed: boolean, version: string | null): void {
  useEffect(() => {
    if (!key) return;
    if (changed) writeDraft(key, { values, pending: false, version });
    else dropDraft(key);
  }, [key, values, changed, version]);
}

/** The note a form shows when it opened with a draft: the save it was part of may or may not have gone through. */
export const DRAFT_RESTORED =
  "Changes you made earlier, which may not have been saved, are back in this form. Check the list if you are not sure, then save them, or put back what is stored.";
