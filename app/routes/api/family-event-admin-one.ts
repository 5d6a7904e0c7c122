import { requestContext, servicesContext } from "~/context.server";
import { withStaff } from "~/features/admin-auth/guard.server";
import { adminEventDeleteApi, adminEventOneApi, adminEventUpdateApi } from "~/features/events/events-admin-api.server";
import { jsonError } from "~/lib/http.server";
import type { Route } from "./+types/family-event-admin-one";

/** GET /api/familyEvent/{id}: one session as staff see it. */
export const loader = withStaff(({ params, context }: Route.LoaderArgs) => adminEventOneApi(params.id, context.get(servicesContext)));

/** PUT /api/familyEvent/{id} updates; DELETE removes. */
export const action = withStaff(({ request, params, context }: Route.ActionArgs, session) => {
  const services = context.get(servicesContext);
  const info = context.get(requestContext);
  switch (request.method) {
    case "PUT":
      return adminEventUpdateApi(params.id, request, services, session, info);
    case "DELETE":
      return adminEventDeleteApi(params.id, services, session, info);
    default:
      return jsonError(405, "Use PUT to update the event or DELETE to remove it.", undefined, { Allow: "GET, PUT, DELETE" });
  }
});
