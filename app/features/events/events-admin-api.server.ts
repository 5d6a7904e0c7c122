/**
 * /api/familyEvent (spec part 2 §7, issue 9 point 11): the staff CRUD of Family
 * Constellation sessions. Bodies are plain JSON, a urlencoded form or multipart
 * form data; bad input is a 400 with one message per field (the form's own
 * messages), never a 500. Every handler runs inside `withStaff`.
 */
import type { AppServices, RequestInfo } from "~/context.server";
import type { StaffSession } from "~/features/admin-auth/sessions.server";
import { listQueryFrom } from "~/features/programmes/query";
import { BadRequest, jsonError, readSubmission } from "~/lib/http.server";
import { fieldErrors } from "~/lib/validation";
import { deleteSession, EVENT_CHANGED_MEANWHILE, EVENT_NOT_FOUND, getAdminEvent, listAdminEvents, saveFamilyEvent, type StaffActor } from "./events-admin.server";
import { EVENT_CREATED, EVENT_DELETED, EVENT_INVALID, EVENT_UPDATED } from "./schema";

/** Spec part 2 §9: the family-event admin list's default page size. */
export const ADMIN_FAMILY_LIST_DEFAULT_LIMIT = 50;

type Services = Pick<AppServices, "db">;

const actorOf = (session: StaffSession, info: Pick<RequestInfo, "ip">): StaffActor => ({ staff: session, ip: info.ip });

async function body(request: Request): Promise<Record<string, unknown> | Response> {
  try {
    return (await readSubmission(request)).values;
  } catch (e) {
    if (e instanceof BadRequest) return jsonError(e.status, e.message);
    throw e;
  }
}

/** GET /api/familyEvent?search=&page=&limit=: `{ success, events, totalPages, totalEvents, currentPage, limit }`. */
export async function adminEventListApi(request: Request, services: Services): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const query = listQueryFrom(params);
  if (!query.success) return jsonError(400, "Invalid query", fieldErrors(query.error));
  const limit = params.get("limit") ? query.data.limit : ADMIN_FAMILY_LIST_DEFAULT_LIMIT;
  const result = await listAdminEvents(services.db, { search: query.data.search, page: query.data.page, limit });
  return Response.json({ success: true, ...result });
}

/** POST /api/familyEvent: 201 `{ success, message, data }`. */
export async function adminEventCreateApi(request: Request, services: Services, session: StaffSession, info: Pick<RequestInfo, "ip">) {
  const values = await body(request);
  if (values instanceof Response) return values;
  const outcome = await saveFamilyEvent(services.db, actorOf(session, info), values);
  if (outcome.status === "invalid") return jsonError(400, EVENT_INVALID, outcome.errors);
  if (outcome.status === "not-found") return jsonError(404, EVENT_NOT_FOUND);
  if (outcome.status === "stale") return jsonError(409, EVENT_CHANGED_MEANWHILE);
  // Location: where staff read the new session (RFC 9110 §15.3.2).
  return Response.json(
    { success: true, message: EVENT_CREATED, data: outcome.event },
    { status: 201, headers: { Location: `/api/familyEvent/${encodeURIComponent(outcome.event._id)}` } },
  );
}

/** GET /api/familyEvent/{id}: `{ success, data }`. */
export async function adminEventOneApi(id: string, services: Services) {
  const event = await getAdminEvent(services.db, id);
  return event ? Response.json({ success: true, data: event }) : jsonError(404, EVENT_NOT_FOUND);
}

/** PUT /api/familyEvent/{id}: the whole form again; `{ success, message, data }`. */
export async function adminEventUpdateApi(id: string, request: Request, services: Services, session: StaffSession, info: Pick<RequestInfo, "ip">) {
  const values = await body(request);
  if (values instanceof Response) return values;
  const outcome = await saveFamilyEvent(services.db, actorOf(session, info), values, id);
  if (outcome.status === "invalid") return jsonError(400, EVENT_INVALID, outcome.errors);
  if (outcome.status === "not-found") return jsonError(404, EVENT_NOT_FOUND);
  if (outcome.status === "stale") return jsonError(409, EVENT_CHANGED_MEANWHILE);
  return Response.json({ success: true, message: EVENT_UPDATED, data: outcome.event });
}

/** DELETE /api/familyEvent/{id}: `{ success, message }`; 409 when people hold seats in it. */
export async function adminEventDeleteApi(id: string, services: Services, session: StaffSession, info: Pick<RequestInfo, "ip">) {
  const outcome = await deleteSession(services.db, actorOf(session, info), id, "family");
  if (outcome.status === "not-found") return jsonError(404, EVENT_NOT_FOUND);
  if (outcome.status === "refused") return jsonError(409, outcome.message);
  return Response.json({ success: true, message: EVENT_DELETED });
}
