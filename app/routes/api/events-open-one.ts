import { servicesContext } from "~/context.server";
import { oneEventCall } from "~/features/calendar/calendar-api.server";
import type { Route } from "./+types/events-open-one";

/** GET /api/events/open/{id}: one session. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return oneEventCall(context.get(servicesContext).db, params.id);
}
