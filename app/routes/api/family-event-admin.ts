import { requestContext, servicesContext } from "~/context.server";
import { withStaff } from "~/features/admin-auth/guard.server";
import { adminEventCreateApi, adminEventListApi } from "~/features/events/events-admin-api.server";
import { jsonError } from "~/lib/http.server";
import type { Route } from "./+types/family-event-admin";

/** GET /api/familyEvent: the staff list of Family Constellation sessions (spec part 2 §7). */
export const loader = withStaff(({ request, context }: Route.LoaderArgs) => adminEventListApi(request, context.get(servicesContext)));

/** POST /api/familyEvent: create one. */
export const action = withStaff(({ request, context }: Route.ActionArgs, session) => {
  if (request.method !== "POST") return jsonError(405, "Use POST to create an event.", undefined, { Allow: "GET, POST" });
  return adminEventCreateApi(request, context.get(servicesContext), session, context.get(requestContext));
});
