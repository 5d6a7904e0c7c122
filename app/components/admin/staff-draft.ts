import { useEffect } from "react";

/**
 * What a staff form holds and has not saved, kept in this browser tab
 * (sessionStorage) while it differs from what the form opened with (decision
 * 0062). A save that meets an expired sign-in is answered with a redirect to
 * the sign-in page, which unmounts the form: after signing in, the screen finds
 * the draft still marked `pending` and opens the form again with it.
 * Nothing leaves the tab, and the tab's storage ends with it.
 */
type Draft<T> = { values: T; pending: boolean };

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

/** A save is being sent: if the answer never reaches this page (a sign-in that expired), the screen reopens the form. */
export function markDraftPending<T>(key: string, values: T): void {
  writeDraft(key, { values, pending: true });
}

/** The save was answered (refused, say): the draft no longer waits on it. */
export function markDraftSettled<T>(key: string, values: T): void {
  if (readDraft(key)) writeDraft(key, { values, pending: false });
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
export function useKeptDraft<T>(key: string | null, values: T, changed: boolean): void {
  useEffect(() => {
    if (!key) return;
    if (changed) writeDraft(key, { values, pending: false });
    else dropDraft(key);
  }, [key, values, changed]);
}
