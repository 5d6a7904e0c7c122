import type { Kysely } from "kysely";
import { offerSeatsNow } from "~/features/waiting-list/offers.server";
import type { RouterContextProvider } from "react-router";
import { requestContext, servicesContext, type AppServices } from "~/context.server";
import type { Database } from "~/db/db.server";
import type { DB } from "~/db/schema";
import { withStaff } from "~/features/admin-auth/guard.server";
import type { StaffSession } from "~/features/admin-auth/sessions.server";
import { badListQuery as badQuery, csvDownload } from "~/features/exports/csv-download.server";
import { jsonError, readJsonObjectOrRefusal } from "~/lib/http.server";
import { cancelByStaff, REGISTRATION_CANCELLED_BY_STAFF, STAFF_CANCEL_REFUSED } from "./access.server";
import { paginationOf, parseListQuery } from "~/lib/list-query";
import { jsonListHeaders, jsonListStream } from "~/features/exports/json-stream.server";
import {
  allRegistrationsForApi,
  CSV_BASE_NAMES,
  deleteRegistration,
  exportRegistrations,
  LIST_KINDS,
  listRegistrationsForApi,
  PHOTO_KINDS,
  REGISTRATION_PAGE_SIZE,
  registrationPhoto,
  viewRegistration,
  wireRegistration,
  type AuditContext,
  type PhotoKind,
  type StaffRegistrationList,
} from "./staff-registrations.server";

/**
 * The staff JSON API of DECODE (/api/registration) and ICH (/api/ich)
 * registrations (spec part 2 §7; issue 9 point 11). The route files wrap these
 * in `withStaff`; each takes the caller for the audit trail.
 */

export const DELETE_FAILED = "Failed to delete registration";
export const NOT_FOUND = "Registration not found";
export const REGISTRATION_DELETED = "Registration deleted successfully";

/** GET list: `success`, `data`, `pagination` with `totalRegistrations` (and `total`, for the clients that read it). */
export async function registrationListApi(db: Kysely<DB>, request: Request, list: StaffRegistrationList, audit: AuditContext) {
  const params = new URL(request.url).searchParams;
  const { query, errors } = parseListQuery(params, { defaultLimit: REGISTRATION_PAGE_SIZE });
  if (Object.keys(errors).length) return badQuery(errors as Record<string, string>);
  // Asked for nothing in particular: the whole list, as the spec's DECODE client reads it (decision 0063), streamed.
  if (params.size === 0) {
    const all = await allRegistrationsForApi(db, list, query, audit);
    const head = { success: true, message: all.total === 0 ? "No registrations found" : "Registrations fetched successfully" };
    const pagination = { ...paginationOf("totalRegistrations", all.total, 1, Math.max(1, all.total)), total: all.total, capped: false };
    return new Response(jsonListStream(head, all.rows, wireRegistration, { pagination }), { headers: jsonListHeaders() });
  }
  const r = await listRegistrationsForApi(db, list, query, audit);
  const pagination = paginationOf("totalRegistrations", r.total, r.page, r.limit);
  return Response.json({
    success: true,
    message: r.total === 0 ? "No registrations found" : "Registrations fetched successfully",
    data: r.rows.map(wireRegistration),
    // `capped`: more than `total` match the search and only the newest `total` can be paged (decision 0027).
    pagination: { ...pagination, total: r.total, capped: r.capped },
  });
}

/** GET download-csv: the search and date range applied, streamed (HEAD: the headers alone). */
export function registrationCsvApi(db: Kysely<DB>, request: Request, list: StaffRegistrationList, audit: AuditContext) {
  return csvDownload(request, CSV_BASE_NAMES[list], (query) => exportRegistrations(db, list, query, audit));
}

const validId = (id: string | undefined): id is string => typeof id === "string" && id.length > 0 && id.length <= 100;

/** GET /{id}: one registration (a recorded view). DELETE /{id}: `{ success, message }`. (PATCH: registrationCancelApi.) */
export async function registrationOneApi(
  db: Database,
  request: Request,
  list: StaffRegistrationList,
  id: string | undefined,
  audit: AuditContext,
  /** After a delete: the freed seat goes to the session's waiting list. */
  afterDelete: (eventId: string) => Promise<unknown> = async () => {},
) {
  if (request.method === "GET" || request.method === "HEAD") {
    const row = validId(id) ? await viewRegistration(db, list, id, audit) : null;
    if (!row) return jsonError(404, NOT_FOUND);
    const { event_title: _t, event_starts_at: _s, event_time_zone: _z, programme_title: _p, ...registration } = row;
    return Response.json({ success: true, data: { ...wireRegistration(registration), eventTitle: row.event_title, programTitle: row.programme_title } });
  }
  if (request.method === "DELETE") {
    const deleted = validId(id) ? await deleteRegistration(db, list, id, audit) : null;
    if (!deleted) return jsonError(404, `${DELETE_FAILED}: ${NOT_FOUND.toLowerCase()}`);
    await afterDelete(deleted.eventId);
    return Response.json({ success: true, message: REGISTRATION_DELETED });
  }
  return jsonError(405, "Use GET, PATCH or DELETE.", undefined, { Allow: "GET, PATCH, DELETE" });
}

export const CANCEL_BODY = 'Only { "status": "cancelled" } can be sent: it cancels the registration and emails the registrant.';

/** PATCH /{id} with `{ "status": "cancelled" }`: a staff member cancels for the registrant (decision 0080). */
export async function registrationCancelApi(
  services: Pick<AppServices, "db" | "mailWorker" | "config" | "logger">,
  request: Request,
  list: StaffRegistrationList,
  id: string | undefined,
  audit: AuditContext,
) {
  const body = await readJsonObjectOrRefusal(request);
  if (body instanceof Response) return body;
  if (body.status !== "cancelled") return jsonError(400, "Some values cannot be used.", { status: CANCEL_BODY });
  if (!validId(id)) return jsonError(404, NOT_FOUND);
  const { outcome, eventId } = await cancelByStaff(services, id, { by: "team", actor: audit.actor, ip: audit.ip, via: "api" }, LIST_KINDS[list]);
  if (outcome !== "cancelled") {
    const refused = STAFF_CANCEL_REFUSED[outcome];
    return jsonError(refused.status, refused.error);
  }
  // The freed seat goes to the session's waiting list at once (else the periodic job does it).
  if (eventId) await offerSeatsNow(services, eventId).catch((error: unknown) => services.logger.error({ err: error }, "waiting-list offer after a staff cancel failed"));
  return Response.json({ success: true, message: REGISTRATION_CANCELLED_BY_STAFF });
}

/** A private photo: only to staff, never cached, named, not sniffed (S5). */
export async function registrationPhotoApi(db: Kysely<DB>, id: string | undefined, photo: string | undefined, audit: AuditContext) {
  if (!validId(id) || !photo || !Object.hasOwn(PHOTO_KINDS, photo)) return jsonError(404, "Image not found");
  const file = await registrationPhoto(db, id, photo as PhotoKind, audit);
  if (!file) return jsonError(404, "Image not found");
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": `inline; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}

type RouteArgs = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

/**
 * The staff handlers of one list, wrapped in `withStaff`, for its route files:
 * `list` (GET), `csv` (GET download-csv), `one` (GET or DELETE /{id}), and
 * `getOnly` for the other methods of a GET-only path.
 */
export function staffRegistrationHandlers(list: StaffRegistrationList) {
  const audit = (context: RouteArgs["context"], staff: StaffSession): AuditContext => ({
    actor: { id: staff.accountId, email: staff.email },
    ip: context.get(requestContext).ip,
  });
  const db = (context: RouteArgs["context"]) => context.get(servicesContext).db;
  return {
    list: withStaff(({ request, context }: RouteArgs, staff) => registrationListApi(db(context), request, list, audit(context, staff))),
    csv: withStaff(({ request, context }: RouteArgs, staff) => registrationCsvApi(db(context), request, list, audit(context, staff))),
    one: withStaff(({ request, context, params }: RouteArgs, staff) =>
      request.method === "PATCH"
        ? registrationCancelApi(context.get(servicesContext), request, list, params.id, audit(context, staff))
        : registrationOneApi(db(context), request, list, params.id, audit(context, staff), (eventId) => {
                // The delete has committed: a failed offer is logged (the job offers the seat later), never answered as a 500.
                const services = context.get(servicesContext);
                return offerSeatsNow(services, eventId).then(
                  () => undefined,
                  (error: unknown) => services.logger.error({ err: error }, "waiting-list offer after a staff delete failed"),
                );
              }),
    ),
    getOnly: withStaff(() => jsonError(405, "Use GET.", undefined, { Allow: "GET" })),
  };
}
