import type { Database } from "~/db/db.server";
import { listQueryFrom } from "~/features/programmes/query";
import { BadRequest, readForm } from "~/lib/http.server";
import type { EventActionResult } from "./event-form";
import { deleteSession, EVENT_CHANGED_MEANWHILE, getAdminEvent, listAdminEvents, saveFamilyEvent, SESSION_IS_CANCELLED, type AdminEventJson, type StaffActor } from "./events-admin.server";
import { DELETE_FAILED, emptyEventForm, EVENT_CREATED, EVENT_DELETED, EVENT_INVALID, EVENT_UPDATED, SAVE_FAILED } from "./schema";

/**
 * The form a plain link asked for (decision 0083): `?new=1`, `?edit=<id>`,
 * `?delete=<id>`, `?cancel=<id>`. The screen renders it in the page before
 * JavaScript, and opens it as its dialog once the script runs. An id that names
 * no Family Constellation event asks for nothing.
 */
export type EventsDialog = { kind: "add" } | { kind: "edit" | "delete" | "cancel"; event: AdminEventJson } | null;

export async function eventsScreenDialog(db: Database, params: URLSearchParams, listed: readonly AdminEventJson[]): Promise<EventsDialog> {
  if (params.get("new") === "1") return { kind: "add" };
  for (const kind of ["edit", "delete", "cancel"] as const) {
    const id = params.get(kind)?.trim().slice(0, 100);
    if (!id) continue;
    const event = listed.find((e) => e._id === id) ?? (await getAdminEvent(db, id));
    return event ? { kind, event } : null;
  }
  return null;
}

/**
 * What a plain form post (no JavaScript; its hidden `plain=1`) gets back beside
 * the answer, so the page it is answered with can show the same form again:
 * which form and record, and, for a save, what was typed (never a file).
 */
export type PlainEcho = { intent: string; id: string; values?: Record<string, string> };

export function plainEchoOf(form: Record<string, string>): PlainEcho | undefined {
  if (form.plain !== "1") return undefined;
  const id = (form.intent === "cancel" ? form.sessionId : form.id)?.trim().slice(0, 100) ?? "";
  if (form.intent !== "save") return { intent: form.intent ?? "", id };
  const fields = [...Object.keys(emptyEventForm()), "updatedAt"];
  return { intent: "save", id, values: Object.fromEntries(fields.filter((k) => typeof form[k] === "string").map((k) => [k, form[k]!.slice(0, 4000)])) };
}

/** The events screen's list: a junk page or search in the URL falls back to the first page, unfiltered. */
export async function eventsScreenData(db: Database, params: URLSearchParams, pageSize: number) {
  const q = listQueryFrom(params);
  const search = q.success ? q.data.search : "";
  const page = q.success ? q.data.page : 1;
  const result = await listAdminEvents(db, { search, page, limit: pageSize });
  return { ...result, search, dialog: await eventsScreenDialog(db, params, result.events) };
}

/** The screen's action: save (add when no id) or delete, answered in the words of §8. */
export async function eventsScreenAction(request: Request, db: Database, actor: StaffActor): Promise<{ status: number; body: EventActionResult }> {
  let form: Record<string, string>;
  try {
    form = await readForm(request);
  } catch (e) {
    if (e instanceof BadRequest) return { status: e.status, body: { ok: false, message: e.message } };
    throw e;
  }
  return eventsScreenFormAction(form, db, actor);
}

/** The same, for a form the route has read already. */
export async function eventsScreenFormAction(form: Record<string, string>, db: Database, actor: StaffActor): Promise<{ status: number; body: EventActionResult }> {
  const id = form.id?.trim() || undefined;
  if (form.intent === "delete") {
    if (!id) return { status: 400, body: { ok: false, message: DELETE_FAILED } };
    const outcome = await deleteSession(db, actor, id, "family");
    if (outcome.status === "deleted") return { status: 200, body: { ok: true, message: EVENT_DELETED } };
    if (outcome.status === "refused") return { status: 409, body: { ok: false, message: outcome.message } };
    return { status: 404, body: { ok: false, message: `${DELETE_FAILED}: the event no longer exists` } };
  }
  if (form.intent === "save") {
    const outcome = await saveFamilyEvent(db, actor, form, id);
    switch (outcome.status) {
      case "created":
        return { status: 201, body: { ok: true, message: EVENT_CREATED } };
      case "updated":
        return { status: 200, body: { ok: true, message: EVENT_UPDATED } };
      case "not-found":
        return { status: 404, body: { ok: false, message: `${SAVE_FAILED}: the event no longer exists` } };
      case "stale":
        return { status: 409, body: { ok: false, message: EVENT_CHANGED_MEANWHILE } };
      case "invalid": {
        const messages = Object.values(outcome.errors);
        // One problem the form could not know about (the seats booked meanwhile): say it in the toast too.
        const message = messages.length === 1 && (outcome.errors.capacity || outcome.errors.status === SESSION_IS_CANCELLED) ? messages[0]! : EVENT_INVALID;
        return { status: 400, body: { ok: false, message, errors: outcome.errors } };
      }
    }
  }
  return { status: 400, body: { ok: false, message: "Unknown action." } };
}
