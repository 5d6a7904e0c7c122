import { servicesContext } from "~/context.server";
import { dateRangeCall } from "~/features/calendar/calendar-api.server";
import type { Route } from "./+types/events-open-date-range";

/** GET /api/events/open/date-range?startDate&endDate: sessions starting on those days at their venue. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return dateRangeCall(context.get(servicesContext).db, new URL(request.url));
}
