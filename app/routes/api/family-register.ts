import { requestContext, servicesContext } from "~/context.server";
import { bookingApi } from "~/features/bookings/booking-api.server";
import { jsonError } from "~/lib/http.server";
import type { Route } from "./+types/family-register";

/** POST /api/familyConsitalation/register (the original's spelling) and its alias /api/familyConstellation/register. */
export function action({ request, context }: Route.ActionArgs) {
  return bookingApi(request, context.get(servicesContext), context.get(requestContext));
}

export function loader() {
  return jsonError(405, "Use POST.", undefined, { Allow: "POST" });
}
