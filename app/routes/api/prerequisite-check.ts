import { requestContext, servicesContext } from "~/context.server";
import { checkPrerequisite, prerequisiteCheckResponse } from "~/features/prerequisites/prerequisites.server";
import { jsonError, readJsonObjectOrRefusal } from "~/lib/http.server";
import type { Route } from "./+types/prerequisite-check";

/**
 * POST /api/prerequisite-check { upcomingEventId, email }: does this session's
 * level require an earlier one, and did this email address attend it? Only
 * yes or no for the address sent (decision 0031); rate-limited like the forms.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.", undefined, { Allow: "POST" });
  const body = await readJsonObjectOrRefusal(request);
  if (body instanceof Response) return body;
  return prerequisiteCheckResponse(await checkPrerequisite(context.get(servicesContext), context.get(requestContext), body));
}

export function loader() {
  return jsonError(405, "Use POST.", undefined, { Allow: "POST" });
}
