/**
 * Which session's booking dialog a visit asks for (spec §2.4, §2.6): the query
 * `?id=…&modal=true`, or the navigation state the event calendar passes. The
 * state may name the session as `eventId`, `id`, `sessionId`, `programId` or an
 * `event`/`selectedEvent` object with `_id`; `openModal` or `modal` (true) asks
 * for the dialog, and a state that names a session asks for it too.
 */
export function requestedSessionId(search: URLSearchParams, state: unknown): string | null {
  const fromQuery = search.get("id");
  if (fromQuery && search.get("modal") === "true") return fromQuery;
  if (!state || typeof state !== "object") return null;
  const s = state as Record<string, unknown>;
  if (s.openModal === false || s.modal === false) return null;
  const nested = (v: unknown) => (v && typeof v === "object" && typeof (v as { _id?: unknown })._id === "string" ? (v as { _id: string })._id : null);
  for (const key of ["eventId", "id", "sessionId", "programId", "selectedEventId"]) {
    const v = s[key];
    if (typeof v === "string" && v) return v;
  }
  return nested(s.event) ?? nested(s.selectedEvent) ?? null;
}
