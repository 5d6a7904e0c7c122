/**
 * /api/hypnotherapy and /api/decode (spec part 2 §7, issue 9 point 11): the
 * staff CRUD of programmes. Bodies are plain JSON, a urlencoded form, or
 * multipart form data with a `thumbnail` file part and `cardPoints`,
 * `learningSections` and `upcomingEvents` as JSON text. Bad input is a 400 with
 * one message per field (the form's own messages), never a 500. Every handler
 * runs inside `withStaff`.
 */
import type { AppServices, RequestInfo } from "~/context.server";
import type { StaffSession } from "~/features/admin-auth/sessions.server";
import { BadRequest, jsonError, readJsonObject, readSubmission } from "~/lib/http.server";
import { fieldErrors } from "~/lib/validation";
import { managedKindOfPath } from "./schema";
import { deleteProgramme, ONE_TASSO_PROGRAM, PROGRAM_CHANGED_MEANWHILE, saveProgramme, type ManagedKind, type ProgramSubmission, type StaffActor } from "./programmes-admin.server";
import { getProgramme, listProgrammes } from "./programmes.server";
import { listQueryFrom } from "./query";
import { PROGRAM_CREATED, PROGRAM_DELETED, PROGRAM_INVALID, PROGRAM_NOT_FOUND, PROGRAM_UPDATED } from "./schema";

type Services = Pick<AppServices, "db">;
type Info = Pick<RequestInfo, "ip">;

/**
 * A JSON programme with rich text is larger than a contact form: the largest the form's rules allow (30
 * sections of 20,000 characters, in a script of three bytes a character) is about 1.9 MB, so a client can
 * always send back what it read (decision 0113). Thumbnails come as multipart (16 MB cap).
 */
export const PROGRAM_JSON_LIMIT = 4 * 1024 * 1024;

const actorOf = (session: StaffSession, info: Info): StaffActor => ({ staff: session, ip: info.ip });

/** The submission of a programme form, whatever the encoding; a BadRequest becomes its 4xx JSON. */
export async function readProgramSubmission(request: Request): Promise<ProgramSubmission | Response> {
  try {
    const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (type === "application/json") return { values: await readJsonObject(request, PROGRAM_JSON_LIMIT) };
    const { values, files } = await readSubmission(request, ["thumbnail"], { textMeansNoFile: true });
    return { values, thumbnail: files.thumbnail };
  } catch (e) {
    if (e instanceof BadRequest) return jsonError(e.status, e.message);
    throw e;
  }
}

/** GET /api/{kind}?search=&page=&limit=: `{ success, programs, totalPages, totalPrograms, currentPage }`. */
export async function adminProgramListApi(kind: ManagedKind, request: Request, services: Services): Promise<Response> {
  const query = listQueryFrom(new URL(request.url).searchParams);
  if (!query.success) return jsonError(400, "Invalid query", fieldErrors(query.error));
  let result = await listProgrammes(services.db, kind, query.data);
  // Past the last page (a list that shrank since it was read): the last page, as every staff list answers (decision 0074).
  if (result.programs.length === 0 && query.data.page > result.totalPages) result = await listProgrammes(services.db, kind, { ...query.data, page: result.totalPages });
  return Response.json({ success: true, ...result, limit: query.data.limit });
}

/** POST /api/{kind}: 201 `{ success, message, data }`. */
export async function adminProgramCreateApi(kind: ManagedKind, request: Request, services: Services, session: StaffSession, info: Info) {
  const submission = await readProgramSubmission(request);
  if (submission instanceof Response) return submission;
  const outcome = await saveProgramme(services.db, kind, actorOf(session, info), submission);
  // A second TASSO program conflicts with the one there is (409), whatever the body says; the rest is bad input.
  if (outcome.status === "invalid") return jsonError(outcome.errors.title === ONE_TASSO_PROGRAM ? 409 : 400, PROGRAM_INVALID, outcome.errors);
  if (outcome.status === "not-found" || outcome.status === "stale") return jsonError(404, PROGRAM_NOT_FOUND);
  // Location: where staff read the new program (RFC 9110 §15.3.2).
  return Response.json(
    { success: true, message: PROGRAM_CREATED, data: outcome.program },
    { status: 201, headers: { Location: `/api/${kind}/${encodeURIComponent(outcome.program._id)}` } },
  );
}

/** GET /api/{kind}/{id}: `{ success, data }`. */
export async function adminProgramOneApi(kind: ManagedKind, id: string, services: Services) {
  const program = id.length <= 100 ? await getProgramme(services.db, kind, id) : null;
  return program ? Response.json({ success: true, data: program }) : jsonError(404, PROGRAM_NOT_FOUND);
}

/** PUT (or PATCH) /api/{kind}/{id}: the whole form again; `{ success, message, data }`. */
export async function adminProgramUpdateApi(kind: ManagedKind, id: string, request: Request, services: Services, session: StaffSession, info: Info) {
  const submission = await readProgramSubmission(request);
  if (submission instanceof Response) return submission;
  const outcome = await saveProgramme(services.db, kind, actorOf(session, info), submission, id);
  if (outcome.status === "invalid") return jsonError(400, PROGRAM_INVALID, outcome.errors);
  if (outcome.status === "not-found") return jsonError(404, PROGRAM_NOT_FOUND);
  if (outcome.status === "stale") return jsonError(409, PROGRAM_CHANGED_MEANWHILE);
  return Response.json({ success: true, message: PROGRAM_UPDATED, data: outcome.program });
}

/** DELETE /api/{kind}/{id}: `{ success, message }`; 409 when people registered in its sessions. */
export async function adminProgramDeleteApi(kind: ManagedKind, id: string, services: Services, session: StaffSession, info: Info) {
  const outcome = await deleteProgramme(services.db, kind, actorOf(session, info), id);
  if (outcome.status === "not-found") return jsonError(404, PROGRAM_NOT_FOUND);
  if (outcome.status === "refused") return jsonError(409, outcome.message);
  return Response.json({ success: true, message: PROGRAM_DELETED });
}

/** The kind a route serves, from its path: /api/decode…, /api/tasso… or /api/hypnotherapy…. */
export function kindOfPath(request: Request): ManagedKind {
  return managedKindOfPath(new URL(request.url).pathname);
}
