import { servicesContext } from "~/context.server";
import { eventListCall } from "~/features/calendar/calendar-api.server";
import type { Route } from "./+types/events-open";

/** GET /api/events/open: the event calendar's list (search, page, limit default 50). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return eventListCall(context.get(servicesContext).db, new URL(request.url));
}
