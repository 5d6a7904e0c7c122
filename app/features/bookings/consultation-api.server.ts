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
import { jsonError } from "~/lib/http.server";
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

/** GET /api/family-consultation/{id}: one booking (a recorded view). DELETE: `{ success, message }`, the seat freed and offered to the waiting list. */
export async function consultationOneApi(services: Pick<AppServices, "db" | "config" | "mailWorker">, request: Request, id: string | undefined, who: StaffActor) {
  const { db } = services;
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "DELETE") return jsonError(405, "Use GET or DELETE.", undefined, { Allow: "GET, DELETE" });
  if (!id || id.length > 100) return jsonError(404, CONSULTATION_NOT_FOUND);
  if (method === "GET") {
    const consultation = await viewConsultation(db, id, who);
    return consultation ? Response.json({ success: true, data: consultation }) : jsonError(404, CONSULTATION_NOT_FOUND);
  }
  const sessionId = await deleteConsultation(db, id, who);
  // The freed seat goes to the session's waiting list at once (the periodic job would, later).
  if (sessionId) await offerSeatsNow(services, sessionId);
  return sessionId ? Response.json({ success: true, message: CONSULTATION_DELETED }) : jsonError(404, CONSULTATION_NOT_FOUND);
}
