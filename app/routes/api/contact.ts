import { requestContext, servicesContext } from "~/context.server";
import { CONTACT_INVALID, CONTACT_SUCCESS, submitContact } from "~/features/contact/contact.server";
import { jsonError, readJsonObjectOrRefusal } from "~/lib/http.server";
import type { Route } from "./+types/contact";

/** POST /api/contact (spec part 1 §7.2): the contact form as JSON. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.", undefined, { Allow: "POST" });
  const services = context.get(servicesContext);
  const body = await readJsonObjectOrRefusal(request);
  if (body instanceof Response) return body;
  const outcome = await submitContact(services, context.get(requestContext), body);
  switch (outcome.status) {
    case "rate-limited":
      return jsonError(429, outcome.message, undefined, { "Retry-After": String(outcome.retryAfterSeconds) });
    case "invalid":
      return jsonError(400, CONTACT_INVALID, outcome.errors);
    case "created":
      return Response.json(
        { success: true, message: CONTACT_SUCCESS, data: { _id: outcome.message.id, createdAt: outcome.message.created_at } },
        { status: 201 },
      );
  }
}

export function loader() {
  return jsonError(405, "Use POST.", undefined, { Allow: "POST" });
}
