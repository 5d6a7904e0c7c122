import { servicesContext } from "~/context.server";
import { enrollableListCall } from "~/features/calendar/calendar-api.server";
import type { Route } from "./+types/events-open-upcoming";

/** GET /api/events/open/upcoming: the sessions open for enrollment now. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return enrollableListCall(context.get(servicesContext).db, new URL(request.url));
}
