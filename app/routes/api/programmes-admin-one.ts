import { requestContext, servicesContext } from "~/context.server";
import { withStaff } from "~/features/admin-auth/guard.server";
import {
  adminProgramDeleteApi,
  adminProgramOneApi,
  adminProgramUpdateApi,
  kindOfPath,
} from "~/features/programmes/programmes-admin-api.server";
import { jsonError } from "~/lib/http.server";
import type { Route } from "./+types/programmes-admin-one";

/** GET /api/hypnotherapy/{id} and /api/decode/{id}: one programme with its upcoming sessions. */
export const loader = withStaff(({ request, params, context }: Route.LoaderArgs) =>
  adminProgramOneApi(kindOfPath(request), params.id, context.get(servicesContext)),
);

/** PUT or PATCH updates, DELETE deletes. */
export const action = withStaff(({ request, params, context }: Route.ActionArgs, session) => {
  const kind = kindOfPath(request);
  const services = context.get(servicesContext);
  const info = context.get(requestContext);
  if (request.method === "PUT" || request.method === "PATCH") return adminProgramUpdateApi(kind, params.id, request, services, session, info);
  if (request.method === "DELETE") return adminProgramDeleteApi(kind, params.id, services, session, info);
  return jsonError(405, "Use PUT to update or DELETE to delete a program.", undefined, { Allow: "GET, PUT, PATCH, DELETE" });
});
