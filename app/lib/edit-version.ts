/**
 * Stale-edit detection for staff forms and API clients (decision 0060). A form
 * sends back, as `updatedAt`, the record's `updatedAt` it was opened with; a
 * save whose record has changed since (another staff member saved it in
 * between) is refused with 409, instead of silently undoing that other save.
 * Without `updatedAt` (an older API client) the last save wins, as before.
 */
export type ExpectedVersion = { ok: true; at: number | null } | { ok: false };

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/** The `updatedAt` a submission carries: none (null), an instant, or unreadable. */
export function readExpectedVersion(value: unknown): ExpectedVersion {
  if (value === undefined || value === null || value === "") return { ok: true, at: null };
  if (typeof value !== "string" || !isoInstant.test(value.trim())) return { ok: false };
  const at = Date.parse(value.trim());
  return Number.isNaN(at) ? { ok: false } : { ok: true, at };
}

/** Whether the stored `updated_at` is still the one the submission was made from. */
export function isCurrentVersion(stored: string, expected: number | null): boolean {
  return expected === null || Date.parse(stored) === expected;
}

export const VERSION_INVALID = "updatedAt must be the updatedAt the record was read with";
