import type { Database } from "~/db/db.server";
import { listQueryFrom } from "~/features/programmes/query";
import { BadRequest, readForm } from "~/lib/http.server";
import type { EventActionResult } from "./event-form";
import { deleteSession, EVENT_CHANGED_MEANWHILE, listAdminEvents, saveFamilyEvent, SESSION_IS_CANCELLED, type StaffActor } from "./events-admin.server";
import { DELETE_FAILED, EVENT_CREATED, EVENT_DELETED, EVENT_INVALID, EVENT_UPDATED, SAVE_FAILED } from "./schema";

/** The events screen's list: a junk page or search in the URL falls back to the first page, unfiltered. */
export async function eventsScreenData(db: Database, params: URLSearchParams, pageSize: number) {
  const q = listQueryFrom(params);
  const search = q.success ? q.data.search : "";
  const page = q.success ? q.data.page : 1;
  const result = await listAdminEvents(db, { search, page, limit: pageSize });
  return { ...result, search };
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
