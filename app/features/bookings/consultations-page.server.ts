import { data, redirect, type RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "~/context.server";
import type { Database } from "~/db/db.server";
import { currentStaff } from "~/features/admin-auth/guard.server";
import { BadRequest, readForm } from "~/lib/http.server";
import { parseListQuery } from "~/lib/list-query";
import { offerSeatsNow } from "~/features/waiting-list/offers.server";
import { ALREADY_ERASED, ERASE_UNCONFIRMED, ERASED_NAME, eraseConfirmed, type EraseAnswer } from "~/features/retention/erase";
import {
  CONSULTATION_DELETE_FAILED,
  CONSULTATIONS_PAGE_SIZE,
  deleteConsultation,
  eraseConsultation,
  listConsultations,
  viewConsultation,
  type StaffActor,
} from "./consultations.server";
import { BOOKING_CANCEL_REFUSED, BOOKING_CANCELLED_BY_STAFF, bookingCancellable, cancelBookingByStaff, type BookingCancelAnswer } from "./booking-cancel.server";
import { boxTicked, BOOKING_CANCEL_UNCONFIRMED } from "~/lib/confirm-box";

export type { BookingCancelAnswer };

export const CONSULTATION_ERASED = "The booker's personal details were erased.";

/** Whether the details dialog offers "Cancel this booking": the rule the cancel itself checks under the session's lock. */
async function canCancelBooking(db: Database, id: string): Promise<boolean> {
  const row = await db
    .selectFrom("family_bookings as b")
    .innerJoin("events as e", "e.id", "b.event_id")
    .select(["b.status", "b.anonymised_at", "e.status as event_status", "e.starts_at"])
    .where("b.id", "=", id)
    .executeTakeFirst();
  return row ? bookingCancellable(row, { status: row.event_status, starts_at: row.starts_at }) : false;
}

/**
 * Loader and action of /admin/family-consultations. Everything comes from the
 * URL (D9): ?search=&page=&startDate=&endDate= for the list and its date
 * filter, ?view=<id> for the details dialog (a recorded view), ?remove=<id>
 * for 'Confirm Deletion', ?download=1 for 'Select Date Range'.
 */
type Ctx = Readonly<RouterContextProvider>;

function actorOf(context: Ctx): StaffActor {
  const staff = currentStaff(context);
  return { actor: { id: staff.accountId, email: staff.email }, ip: context.get(requestContext).ip };
}

export async function consultationsPageLoader(request: Request, context: Ctx) {
  const { db } = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  const { query, errors } = parseListQuery(params, { defaultLimit: CONSULTATIONS_PAGE_SIZE });
  const { consultations, pagination } = await listConsultations(db, { ...query, limit: CONSULTATIONS_PAGE_SIZE });
  const viewId = params.get("view")?.slice(0, 100) || null;
  const viewed = viewId ? await viewConsultation(db, viewId, actorOf(context)) : null;
  // Staff may cancel it for the booker (decision 0082): a confirmed seat, details kept, its session still to come.
  const detail = viewed ? { ...viewed, canCancel: await canCancelBooking(db, viewed._id) } : null;
  const removeId = params.get("remove")?.slice(0, 100) || null;
  let remove: { id: string; name: string } | null = null;
  if (removeId) {
    const row = await db.selectFrom("family_bookings").select(["id", "full_name", "anonymised_at"]).where("id", "=", removeId).executeTakeFirst();
    if (row) remove = { id: row.id, name: row.anonymised_at ? ERASED_NAME : row.full_name };
  }
  return {
    consultations,
    pagination,
    search: query.search,
    startDate: query.startDate,
    endDate: query.endDate,
    // What was typed, with its message, when a date of the filter cannot be used.
    dateErrors: { startDate: errors.startDate ?? null, endDate: errors.endDate ?? null },
    typed: { startDate: params.get("startDate") ?? "", endDate: params.get("endDate") ?? "" },
    viewId,
    detail,
    removeId,
    remove,
    deleted: params.get("deleted") === "1",
  };
}

/** 'Confirm Deletion': deletes (the seat is free at once), then back to the same list and page; a failure stays in place. */
export async function consultationsPageAction(request: Request, context: Ctx) {
  const services = context.get(servicesContext);
  const { db, logger } = services;
  let form: Record<string, string>;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof BadRequest) return data({ error: `Delete failed: ${error.message}` }, { status: error.status });
    throw error;
  }
  if (form.intent === "erase" && form.id) {
    // The details dialog's "Erase personal details" (decision 0058): the booking and its seat stay.
    const id = form.id.slice(0, 100);
    if (!eraseConfirmed(form)) return data({ erase: { ok: false, id, error: ERASE_UNCONFIRMED } satisfies EraseAnswer }, { status: 400 });
    const outcome = await eraseConsultation(db, id, actorOf(context));
    if (outcome === null) return data({ erase: { ok: false, id, error: "This consultation no longer exists." } satisfies EraseAnswer }, { status: 404 });
    if (outcome === "already") return data({ erase: { ok: false, id, error: ALREADY_ERASED } satisfies EraseAnswer }, { status: 409 });
    if (outcome.released) await offerSeatsNow(services, outcome.released).catch((error: unknown) => logger.error({ err: error }, "waiting-list offer after an erasure failed"));
    return data({ erase: { ok: true, id, message: CONSULTATION_ERASED } satisfies EraseAnswer });
  }
  if (form.intent === "cancel") {
    // The details dialog's "Cancel booking" (decision 0082): for a booker who asked the team to cancel.
    if (!form.id) return data({ cancel: { ok: false, id: "", error: BOOKING_CANCEL_REFUSED["not-found"].error } satisfies BookingCancelAnswer }, { status: 400 });
    const id = form.id.slice(0, 100);
    // Only with the box ticked that says the booker asked (decision 0107): the same check as the form's, for a post without script.
    if (!boxTicked(form)) return data({ cancel: { ok: false, id, error: BOOKING_CANCEL_UNCONFIRMED } satisfies BookingCancelAnswer }, { status: 400 });
    const { outcome, eventId } = await cancelBookingByStaff(services, id, { ...actorOf(context), via: "staff screen" });
    if (outcome !== "cancelled") {
      const refused = BOOKING_CANCEL_REFUSED[outcome];
      return data({ cancel: { ok: false, id, error: refused.error } satisfies BookingCancelAnswer }, { status: refused.status });
    }
    // The freed seat goes to the session's waiting list at once; if that fails, the periodic job offers it later.
    if (eventId) await offerSeatsNow(services, eventId).catch((error: unknown) => logger.error({ err: error }, "waiting-list offer after a staff cancel failed"));
    return data({ cancel: { ok: true, id, message: BOOKING_CANCELLED_BY_STAFF } satisfies BookingCancelAnswer });
  }
  if (form.intent !== "delete" || !form.id) return data({ error: `Delete failed: ${CONSULTATION_DELETE_FAILED}` }, { status: 400 });
  let sessionId: string | null = null;
  try {
    sessionId = await deleteConsultation(db, form.id.slice(0, 100), actorOf(context));
  } catch (error) {
    logger.error({ err: error }, "family consultation delete failed");
    return data({ error: `Delete failed: ${CONSULTATION_DELETE_FAILED}` }, { status: 500 });
  }
  if (!sessionId) return data({ error: `Delete failed: ${CONSULTATION_DELETE_FAILED}` }, { status: 404 });
  // The freed seat goes to the session's waiting list at once; if that fails, the periodic job offers it later.
  await offerSeatsNow(services, sessionId).catch((error: unknown) => logger.error({ err: error }, "waiting-list offer after a delete failed"));
  // A client-side submission posts to the page's data URL (/x.data?…&_routes=…): come back to the page itself.
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  url.searchParams.delete("remove");
  url.searchParams.delete("view");
  url.searchParams.set("deleted", "1");
  return redirect(`${url.pathname}?${url.searchParams}`);
}
