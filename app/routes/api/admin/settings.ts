import { requestContext, servicesContext } from "~/context.server";
import { withStaff } from "~/features/admin-auth/guard.server";
import { settingsGetApi, settingsPutApi } from "~/features/settings/settings-api.server";
import { jsonError } from "~/lib/http.server";
import type { Route } from "./+types/settings";

/** GET /api/admin/settings: the settings in force, their defaults and which staff changed (decision 0038). */
export const loader = withStaff(({ context }: Route.LoaderArgs) => settingsGetApi(context.get(servicesContext)));

/** PUT (or PATCH) changes any of them; each change is recorded in the audit trail. */
export const action = withStaff(({ request, context }: Route.ActionArgs, session) => {
  if (request.method === "PUT" || request.method === "PATCH") {
    return settingsPutApi(request, context.get(servicesContext), session, context.get(requestContext));
  }
  return jsonError(405, "Use PUT to change settings.", undefined, { Allow: "GET, PUT, PATCH" });
});
