import { servicesContext } from "~/context.server";
import { eventListCall } from "~/features/calendar/calendar-api.server";
import type { Route } from "./+types/events-open-type";

/** GET /api/events/open/type/{type}: the calendar's list of one kind (decode, hyp, fc, tasso…). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return eventListCall(context.get(servicesContext).db, new URL(request.url), params.type);
}
