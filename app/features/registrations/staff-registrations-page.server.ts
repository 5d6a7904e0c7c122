import { data, redirect, type RouterContextProvider } from "react-router";
import { offerSeatsNow } from "~/features/waiting-list/offers.server";
import { requestContext, servicesContext, type AppServices } from "~/context.server";
import { ALREADY_ERASED, ERASE_UNCONFIRMED, ERASED_NAME, eraseConfirmed, type EraseAnswer } from "~/features/retention/erase";
import { eraseRegistrationAndPassOn } from "~/features/retention/retention.server";
import { currentStaff } from "~/features/admin-auth/guard.server";
import { parseListQuery } from "~/lib/list-query";
import { BadRequest, readForm } from "~/lib/http.server";
import { courseTimeWithZone } from "~/features/events/format";
import { cancelByStaff, REGISTRATION_CANCELLED_BY_STAFF, STAFF_CANCEL_REFUSED, type StaffCancelAnswer } from "./access.server";

import { boxTicked, REGISTRATION_CANCEL_UNCONFIRMED } from "~/lib/confirm-box";

export type { StaffCancelAnswer };
import { holderStatusLabel } from "./status";
import { DELETE_FAILED } from "./staff-registrations-api.server";
import {
  cancelledSessionsOf,
  deleteRegistration,
  LIST_KINDS,
  listRegistrations,
  photoUrl,
  REGISTRATION_PAGE_SIZE,
  summaryOf,
  viewRegistration,
  type AuditContext,
  type RegistrationDetail,
  type StaffRegistrationList,
} from "./staff-registrations.server";

/**
 * Loader and action of the two staff registration screens (/admin/registrations,
 * /admin/ich-registrations). Everything comes from the URL (D9): ?search=&page=
 * for the list, ?view=<id> for the details dialog (a recorded view),
 * ?remove=<id> for the delete confirmation, ?download=1 for the CSV dialog.
 */

type Ctx = Readonly<RouterContextProvider>;

function auditOf(context: Ctx): AuditContext {
  const staff = currentStaff(context);
  return { actor: { id: staff.accountId, email: staff.email }, ip: context.get(requestContext).ip };
}

function detailView(r: RegistrationDetail) {
  return {
    id: r.id,
    firstName: r.first_name,
    middleName: r.middle_name,
    lastName: r.last_name,
    nameOnCertificate: r.name_on_certificate,
    email: r.email,
    mobile: r.mobile_no,
    telephone: r.tel_no,
    dateOfBirth: r.date_of_birth,
    occupation: r.occupation,
    currentAddress: r.current_address,
    permanentAddress: r.permanent_address,
    sameAddress: r.same_address === 1,
    level: r.level ?? r.level_name,
    levelName: r.level_name,
    programme: r.programme_title,
    event: r.event_title,
    session: r.session_label,
    courseDate: r.course_date,
    // With the zone's name, as every other staff time (the stored text is the venue's clock alone).
    courseTime: courseTimeWithZone(r.course_date, r.course_time, r.event_time_zone),
    venue: r.course_venue ?? r.venue,
    timeSlot: r.time_slot,
    hearAbout: r.hear_about,
    communicationPreferences: r.communication_preferences === 1,
    termsAcceptedAt: r.terms_accepted_at,
    status: r.status,
    statusLabel: holderStatusLabel(r.status, r.event_status === "Cancelled"),
    cancelledAt: r.cancelled_at,
    attendance: r.attendance,
    attendanceMarkedAt: r.attendance_marked_at,
    attendanceMarkedBy: r.attendance_marked_by,
    prerequisiteNote: r.prerequisite_note,
    prerequisiteDecidedAt: r.prerequisite_decided_at,
    prerequisiteDecidedBy: r.prerequisite_decided_by,
    createdAt: r.created_at,
    /** When the personal details were erased (on request or by the retention job); null while they are kept. */
    erasedAt: r.anonymised_at,
    /** Staff may cancel it for the registrant (decision 0080): a confirmed seat, details kept, its session still to come. */
    canCancel:
      r.status === "registered" &&
      !r.anonymised_at &&
      r.event_status !== "Cancelled" &&
      r.event_starts_at !== null &&
      Date.parse(r.event_starts_at) > Date.now(),
    photos: {
      profile: r.profile_image_id ? photoUrl(r.id, "profile") : null,
      idFront: r.id_front_id ? photoUrl(r.id, "id-front") : null,
      idBack: r.id_back_id ? photoUrl(r.id, "id-back") : null,
    },
  };
}
export type RegistrationDetailView = ReturnType<typeof detailView>;

export async function registrationsPageLoader(request: Request, context: Ctx, list: StaffRegistrationList) {
  const { db } = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  const { query } = parseListQuery(params, { defaultLimit: REGISTRATION_PAGE_SIZE });
  const result = await listRegistrations(db, list, { ...query, limit: REGISTRATION_PAGE_SIZE });
  const viewId = params.get("view")?.slice(0, 100) || null;
  const detail = viewId ? await viewRegistration(db, list, viewId, auditOf(context)) : null;
  const removeId = params.get("remove")?.slice(0, 100) || null;
  let remove: { id: string; name: string } | null = null;
  if (removeId) {
    const row = result.rows.find((r) => r.id === removeId) ?? (await db.selectFrom("registrations").selectAll().where("id", "=", removeId).executeTakeFirst());
    if (row) remove = { id: row.id, name: row.anonymised_at ? ERASED_NAME : summaryOf(row).name };
  }
  const cancelled = await cancelledSessionsOf(db, result.rows.map((r) => r.event_id));
  return {
    rows: result.rows.map((r) => ({ ...summaryOf(r, cancelled), ...(r.anonymised_at ? { name: ERASED_NAME } : {}) })),
    total: result.total,
    capped: result.capped,
    page: result.page,
    totalPages: result.totalPages,
    limit: result.limit,
    search: query.search,
    detail: detail ? detailView(detail) : null,
    viewId,
    remove,
    removeId,
    deleted: params.get("deleted") === "1",
  };
}

/** The delete confirmation's form: deletes, then back to the same list and page. Failures stay in place with 'Delete failed: …'. */
export async function registrationsPageAction(request: Request, context: Ctx, list: StaffRegistrationList) {
  const services = context.get(servicesContext);
  const { db, logger } = services;
  let form: Record<string, string>;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof BadRequest) return data({ error: `Delete failed: ${error.message}` }, { status: error.status });
    throw error;
  }
  const url = new URL(request.url);
  if (form.intent === "erase" && form.id) return eraseFromScreen(services, context, list, form.id.slice(0, 100), form);
  if (form.intent === "cancel") {
    if (!form.id) return data({ cancel: { ok: false, id: "", error: STAFF_CANCEL_REFUSED["not-found"].error } satisfies StaffCancelAnswer }, { status: 400 });
    // Only with the box ticked that says the registrant asked (decision 0107): the same check as the form's, for a post without script.
    if (!boxTicked(form)) return data({ cancel: { ok: false, id: form.id.slice(0, 100), error: REGISTRATION_CANCEL_UNCONFIRMED } satisfies StaffCancelAnswer }, { status: 400 });
    return cancelFromScreen(services, context, list, form.id.slice(0, 100));
  }
  if (form.intent !== "delete" || !form.id) return data({ error: `Delete failed: ${DELETE_FAILED}` }, { status: 400 });
  let deleted: { eventId: string } | null = null;
  try {
    deleted = await deleteRegistration(db, list, form.id.slice(0, 100), auditOf(context));
  } catch (error) {
    logger.error({ err: error }, "registration delete failed");
    return data({ error: `Delete failed: ${DELETE_FAILED}` }, { status: 500 });
  }
  if (!deleted) return data({ error: `Delete failed: ${DELETE_FAILED}` }, { status: 404 });
  // The freed seat goes to the session's waiting list at once (else the periodic job does it).
  await offerSeatsNow(services, deleted.eventId).catch((error: unknown) => logger.error({ err: error }, "waiting-list offer after a delete failed"));
  // Back to the list as it was (a client-side submission posts to the page's `.data` URL).
  const back = new URLSearchParams(url.searchParams);
  for (const key of ["remove", "view", "_routes", "index"]) back.delete(key);
  back.set("deleted", "1");
  return redirect(`${url.pathname.replace(/\.data$/, "")}?${back}`);
}

export const REGISTRATION_ERASED = "The registrant's personal details and photos were erased.";

/**
 * The details dialog's "Erase personal details" (decision 0058): a registrant's
 * request by email, carried out as their own request from the private page
 * would be (decision 0025). The seat stays held; an entry waiting for one leaves
 * the list, and an offer it held passes to the next in line.
 */
async function eraseFromScreen(services: AppServices, context: Ctx, list: StaffRegistrationList, id: string, form: Record<string, string>) {
  if (!eraseConfirmed(form)) return data({ erase: { ok: false, id, error: ERASE_UNCONFIRMED } satisfies EraseAnswer }, { status: 400 });
  const inList = await services.db.selectFrom("registrations").select("id").where("id", "=", id).where("kind", "in", LIST_KINDS[list]).executeTakeFirst();
  const { actor, ip } = auditOf(context);
  const erased = inList ? await eraseRegistrationAndPassOn(services, id, actor, ip) : false;
  if (!erased) {
    const gone = { ok: false, id, error: inList ? ALREADY_ERASED : "This registration no longer exists." } satisfies EraseAnswer;
    return data({ erase: gone }, { status: inList ? 409 : 404 });
  }
  return data({ erase: { ok: true, id, message: REGISTRATION_ERASED } satisfies EraseAnswer });
}

/**
 * The details dialog's "Cancel registration" (decision 0080): for a registrant
 * who asked the team to cancel. The seat is freed and offered to the waiting
 * list at once, and the registrant is mailed.
 */
async function cancelFromScreen(services: AppServices, context: Ctx, list: StaffRegistrationList, id: string) {
  const { actor, ip } = auditOf(context);
  const { outcome, eventId } = await cancelByStaff(services, id, { by: "team", actor, ip, via: "staff screen" }, LIST_KINDS[list]);
  if (outcome !== "cancelled") {
    const refused = STAFF_CANCEL_REFUSED[outcome];
    return data({ cancel: { ok: false, id, error: refused.error } satisfies StaffCancelAnswer }, { status: refused.status });
  }
  if (eventId) await offerSeatsNow(services, eventId).catch((error: unknown) => services.logger.error({ err: error }, "waiting-list offer after a staff cancel failed"));
  return data({ cancel: { ok: true, id, message: REGISTRATION_CANCELLED_BY_STAFF } satisfies StaffCancelAnswer });
}
