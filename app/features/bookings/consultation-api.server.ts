/**
 * The staff JSON API of family consultation registrations (Family
 * Constellation bookings; spec part 2 §7 'family-consultation' list,
 * download-csv and delete; issue 9 point 11). The route files wrap these in
 * `withStaff` and pass the caller for the audit trail.
 */
import type { AppServices } from "~/context.server";
import type { Database } from "~/db/db.server";
import { offerSeatsNow } from "~/features/waiting-list/offers.server";
import { badListQuery as badQuery, csvDownload } from "~/features/exports/csv-download.server";
import { recordListRead } from "~/features/audit/audit.server";
import { jsonError, readJsonObjectOrRefusal } from "~/lib/http.server";
import { BOOKING_CANCEL_REFUSED, BOOKING_CANCELLED_BY_STAFF, cancelBookingByStaff } from "./booking-cancel.server";
import { parseListQuery } from "~/lib/list-query";
import {
  CONSULTATION_DELETED,
  CONSULTATION_NOT_FOUND,
  CONSULTATIONS_CSV_BASE,
  CONSULTATIONS_PAGE_SIZE,
  deleteConsultation,
  exportConsultations,
  listConsultations,
  viewConsultation,
  type StaffActor,
} from "./consultations.server";

/** GET /api/family-consultation: `success`, `data`, `message`, `pagination` (with `total` and `totalRegistrations`). */
export async function consultationListApi(db: Database, request: Request, who: StaffActor) {
  const { query, errors } = parseListQuery(new URL(request.url).searchParams, { defaultLimit: CONSULTATIONS_PAGE_SIZE });
  if (Object.keys(errors).length) return badQuery(errors as Record<string, string>);
  const { consultations, pagination } = await listConsultations(db, query);
  await recordListRead(db, who, "family-bookings", { page: pagination.currentPage, searched: query.search !== "", ids: consultations.map((c) => c._id) });
  return Response.json({
    success: true,
    message: pagination.total === 0 ? "No consultations found" : "Consultations fetched successfully",
    data: consultations,
    pagination: { ...pagination, totalRegistrations: pagination.total },
  });
}

/** GET /api/family-consultation/download-csv: the search and date range applied, streamed (HEAD: the headers alone). */
export function consultationCsvApi(db: Database, request: Request, who: StaffActor) {
  return csvDownload(request, CONSULTATIONS_CSV_BASE, (query) => exportConsultations(db, query, who));
}

export const BOOKING_CANCEL_BODY = 'Only { "status": "cancelled" } can be sent: it cancels the booking and emails the booker.';

/**
 * PATCH /api/family-consultation/{id} with `{ "status": "cancelled" }` (the
 * wire's own "Cancelled" too): a staff member cancels for the booker (decision
 * 0082). The freed seat goes to the waiting list at once.
 */
async function consultationCancelApi(services: Pick<AppServices, "db" | "config" | "mailWorker" | "logger">, request: Request, id: string | undefined, who: StaffActor) {
  const body = await readJsonObjectOrRefusal(request);
  if (body instanceof Response) return body;
  if (body.status !== "cancelled" && body.status !== "Cancelled") return jsonError(400, "Some values cannot be used.", { status: BOOKING_CANCEL_BODY });
  if (!id || id.length > 100) return jsonError(404, CONSULTATION_NOT_FOUND);
  const { outcome, eventId } = await cancelBookingByStaff(services, id, { ...who, via: "api" });
  if (outcome !== "cancelled") {
    const refused = BOOKING_CANCEL_REFUSED[outcome];
    return jsonError(refused.status, refused.error);
  }
  if (eventId) await offerSeatsNow(services, eventId).catch((error: unknown) => services.logger.error({ err: error }, "waiting-list offer after a staff cancel failed"));
  return Response.json({ success: true, message: BOOKING_CANCELLED_BY_STAFF });
}

/** GET /api/family-consultation/{id}: one booking (a recorded view). PATCH: consultationCancelApi. DELETE: `{ success, message }`, the seat freed and offered to the waiting list. */
export async function consultationOneApi(services: Pick<AppServices, "db" | "config" | "mailWorker" | "logger">, request: Request, id: string | undefined, who: StaffActor) {
  const { db } = services;
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD" && method !== "DELETE" && method !== "PATCH") return jsonError(405, "Use GET, PATCH or DELETE.", undefined, { Allow: "GET, HEAD, PATCH, DELETE" });
  if (method === "PATCH") return consultationCancelApi(services, request, id, who);
  if (!id || id.length > 100) return jsonError(404, CONSULTATION_NOT_FOUND);
  // HEAD is answered as GET (the server sends no body with it); the view it records is left out by runAsHead.
  if (method === "GET" || method === "HEAD") {
    const consultation = await viewConsultation(db, id, who);
    return consultation ? Response.json({ success: true, data: consultation }) : jsonError(404, CONSULTATION_NOT_FOUND);
  }
  const sessionId = await deleteConsultation(db, id, who);
  // The freed seat goes to the session's waiting list at once (the periodic job would, later).
  // The delete has committed: a failed offer is logged (the job offers the seat later), never answered as a 500.
  if (sessionId) await offerSeatsNow(services, sessionId).catch((error: unknown) => services.logger.error({ err: error }, "waiting-list offer after a staff delete failed"));
  return sessionId ? Response.json({ success: true, message: CONSULTATION_DELETED }) : jsonError(404, CONSULTATION_NOT_FOUND);
}
