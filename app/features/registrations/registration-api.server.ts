import type { AppServices, RequestInfo } from "~/context.server";
import { WAITING_LIST_JOINED } from "~/features/waiting-list/join.server";
import { BadRequest, jsonError, readSubmission } from "~/lib/http.server";
import { takeUpload } from "./upload-intake.server";
import { photoFields, REGISTRATION_AWAITING_APPROVAL, REGISTRATION_CREATED, REGISTRATION_INVALID, submitRegistration } from "./registrations.server";

/**
 * The JSON answer of a registration call (spec part 2 §7): 201 with the new id,
 * 400 with a message per field, 404/409 for a session that cannot be joined
 * (409 with `errors.completedElsewhere` for an earlier level not attended),
 * 413/415 for bodies that cannot be read, 429 with Retry-After.
 */
export async function registrationApi(
  request: Request,
  services: AppServices,
  info: RequestInfo,
  channel: "decode" | "hypnotherapy",
  /** The methods the path takes: /api/registration also lists registrations for staff (GET). */
  allow = "POST",
): Promise<Response> {
  if (request.method !== "POST") return jsonError(405, allow === "POST" ? "Use POST." : "This method is not allowed here.", undefined, { Allow: allow });
  const intake = await takeUpload(request, services, info.ip);
  if ("refused" in intake) return jsonError(intake.status, intake.message, undefined, { "Retry-After": String(intake.retryAfterSeconds) });
  try {
    return await answer(request, services, info, channel, intake.charge);
  } finally {
    intake.release();
  }
}

async function answer(request: Request, services: AppServices, info: RequestInfo, channel: "decode" | "hypnotherapy", charge: (bytes: number) => boolean): Promise<Response> {
  let submission;
  try {
    submission = await readSubmission(request, Object.keys(photoFields), { charge });
  } catch (e) {
    if (e instanceof BadRequest) return jsonError(e.status, e.message, undefined, e.retryAfterSeconds ? { "Retry-After": String(e.retryAfterSeconds) } : undefined);
    throw e;
  }
  const outcome = await submitRegistration(services, info, channel, submission.values, submission.files);
  switch (outcome.status) {
    case "rate-limited":
      return jsonError(429, outcome.message, undefined, { "Retry-After": String(outcome.retryAfterSeconds) });
    case "invalid":
      return jsonError(400, REGISTRATION_INVALID, outcome.errors);
    case "refused":
      return jsonError(outcome.code, outcome.message, outcome.errors);
    case "waiting":
      return Response.json(
        { success: true, message: WAITING_LIST_JOINED, waitingList: true, data: { _id: outcome.id, position: outcome.position } },
        { status: 201 },
      );
    case "awaiting-approval":
      return Response.json({ success: true, message: REGISTRATION_AWAITING_APPROVAL, awaitingApproval: true, data: { _id: outcome.id } }, { status: 201 });
    case "created":
      return Response.json({ success: true, message: REGISTRATION_CREATED, data: { _id: outcome.id } }, { status: 201 });
  }
}
