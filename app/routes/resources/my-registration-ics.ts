import { servicesContext } from "~/context.server";
import { calendarFileResponse } from "~/features/private-links/calendar-response.server";
import { findByAccessToken } from "~/features/registrations/access.server";
import { registrationCalendarFile } from "~/features/registrations/registration-mail.server";
import type { Route } from "./+types/my-registration-ics";

/** The registration's calendar entry, from its private page (same UID as the mails'; a CANCEL once cancelled). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const found = await findByAccessToken(db, params.token);
  if (!found) return calendarFileResponse(null);
  // Cancelled by the registrant (SEQUENCE one past the session's changes), or the session by staff (its cancellation is one of them, decision 0032).
  const sessionCancelled = found.event.status === "Cancelled";
  const cancelled = found.registration.status === "cancelled" || sessionCancelled;
  const sequence = found.registration.status === "cancelled" ? found.sequence + 1 : found.sequence;
  const content = registrationCalendarFile(config.site, found.registration.id, found.event, found.programmeTitle, cancelled ? { sequence, cancelled } : { sequence });
  return calendarFileResponse({ content, cancelled });
}
