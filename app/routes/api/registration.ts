import { requestContext, servicesContext } from "~/context.server";
import { registrationApi } from "~/features/registrations/registration-api.server";
import { jsonError } from "~/lib/http.server";
import type { Route } from "./+types/registration";

/** POST /api/registration: a DECODE (or TASSO) registration as JSON, a urlencoded form or multipart data. */
export function action({ request, context }: Route.ActionArgs) {
  return registrationApi(request, context.get(servicesContext), context.get(requestContext), "decode");
}

export function loader() {
  return jsonError(405, "Use POST.", undefined, { Allow: "POST" });
}
