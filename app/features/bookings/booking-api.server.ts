import type { AppServices, RequestInfo } from "~/context.server";
import { WAITING_LIST_JOINED } from "~/features/waiting-list/join.server";
import { listQueryFrom } from "~/features/programmes/query";
import { BadRequest, jsonError, readSubmission } from "~/lib/http.server";
import { fieldErrors } from "~/lib/validation";
import { BOOKING_CREATED, BOOKING_INVALID, getFamilySession, listFamilySessions, submitBooking } from "./bookings.server";

/** Spec part 2 §9: the family-event list's default page size. */
export const FAMILY_LIST_DEFAULT_LIMIT = 50;

/**
 * POST /api/familyConsitalation/register (spelt so; also /api/familyConstellation/register):
 * 201 `{success, message}`, 400 with a message per field, 404/409 refusals, 429 with Retry-After.
 */
export async function bookingApi(request: Request, services: AppServices, info: RequestInfo): Promise<Response> {
  if (request.method !== "POST") return jsonError(405, "Use POST.", undefined, { Allow: "POST" });
  let submission;
  try {
    submission = await readSubmission(request);
  } catch (e) {
    if (e instanceof BadRequest) return jsonError(e.status, e.message);
    throw e;
  }
  const outcome = await submitBooking(services, info, submission.values);
  switch (outcome.status) {
    case "rate-limited":
      return jsonError(429, outcome.message, undefined, { "Retry-After": String(outcome.retryAfterSeconds) });
    case "invalid":
      return jsonError(400, BOOKING_INVALID, outcome.errors);
    case "refused":
      return jsonError(outcome.code, outcome.message, outcome.code === 404 ? { programId: outcome.message } : undefined);
    case "waiting":
      return Response.json(
        { success: true, message: WAITING_LIST_JOINED, waitingList: true, data: { _id: outcome.id, position: outcome.position } },
        { status: 201 },
      );
    case "created":
      return Response.json({ success: true, message: BOOKING_CREATED, data: { _id: outcome.id } }, { status: 201 });
  }
}

const noCache = { "Cache-Control": "no-cache" };

/** GET /api/familyEvent/user: upcoming sessions with seats left, `events` plus pagination. */
export async function familyListApi(request: Request, services: Pick<AppServices, "db">): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const query = listQueryFrom(params);
  if (!query.success) return jsonError(400, "Invalid query", fieldErrors(query.error));
  const limit = params.get("limit") ? query.data.limit : FAMILY_LIST_DEFAULT_LIMIT;
  const result = await listFamilySessions(services.db, { ...query.data, limit });
  return Response.json({ success: true, ...result, limit }, { headers: noCache });
}

/** GET /api/familyEvent/user/{id}: one session, wrapped in `data`. */
export async function familyOneApi(id: string, services: Pick<AppServices, "db">): Promise<Response> {
  const session = await getFamilySession(services.db, id);
  if (!session) return jsonError(404, "Event not found");
  return Response.json({ success: true, data: session }, { headers: noCache });
}
