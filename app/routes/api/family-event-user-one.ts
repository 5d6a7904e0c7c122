import { servicesContext } from "~/context.server";
import { familyOneApi } from "~/features/bookings/booking-api.server";
import type { Route } from "./+types/family-event-user-one";

/** GET /api/familyEvent/user/{id}: one Family Constellation session. */
export function loader({ params, context }: Route.LoaderArgs) {
  return familyOneApi(params.id, context.get(servicesContext));
}
