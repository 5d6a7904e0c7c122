import { requestContext, servicesContext } from "~/context.server";
import { withStaff } from "~/features/admin-auth/guard.server";
import { adminProgramCreateApi, adminProgramListApi, kindOfPath } from "~/features/programmes/programmes-admin-api.server";
import { jsonError } from "~/lib/http.server";
import type { Route } from "./+types/programmes-admin";

/** GET /api/hypnotherapy and /api/decode: the staff list of programmes (spec part 2 §7). */
export const loader = withStaff(({ request, context }: Route.LoaderArgs) => adminProgramListApi(kindOfPath(request), request, context.get(servicesContext)));

/** POST /api/hypnotherapy and /api/decode: create one (JSON or multipart with a thumbnail). */
export const action = withStaff(({ request, context }: Route.ActionArgs, session) => {
  if (request.method !== "POST") return jsonError(405, "Use POST to create a program.", undefined, { Allow: "GET, POST" });
  return adminProgramCreateApi(kindOfPath(request), request, context.get(servicesContext), session, context.get(requestContext));
});
