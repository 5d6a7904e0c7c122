import { servicesContext } from "~/context.server";
import { findBookingByToken } from "~/features/bookings/booking-access.server";
import { bookingCalendarFile } from "~/features/bookings/booking-mail.server";
import { calendarFileResponse } from "~/features/private-links/calendar-response.server";
import type { Route } from "./+types/my-booking-ics";

/** The booking's calendar entry, from its private page (decision 0087): the mails' UID; a CANCEL once canceled. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const found = await findBookingByToken(db, params.token);
  if (!found) return calendarFileResponse(null);
  // Canceled by the booker or staff (SEQUENCE one past the session's changes, as their mail's), or the session by staff (counted in them).
  const bookingCancelled = found.booking.status === "cancelled";
  const cancelled = bookingCancelled || found.event.status === "Cancelled";
  const sequence = bookingCancelled ? found.sequence + 1 : found.sequence;
  const content = bookingCalendarFile(config.site, found.booking.id, found.event, cancelled ? { sequence, cancelled } : { sequence });
  return calendarFileResponse({ content, cancelled });
}
