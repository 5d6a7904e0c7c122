import { servicesContext } from "~/context.server";
import { familyListApi } from "~/features/bookings/booking-api.server";
import type { Route } from "./+types/family-event-user";

/** GET /api/familyEvent/user (spec part 2 §7): the public list of Family Constellation sessions. */
export function loader({ request, context }: Route.LoaderArgs) {
  return familyListApi(request, context.get(servicesContext));
}
