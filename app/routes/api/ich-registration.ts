import { requestContext, servicesContext } from "~/context.server";
import { registrationApi } from "~/features/registrations/registration-api.server";
import { jsonError } from "~/lib/http.server";
import type { Route } from "./+types/ich-registration";

/** POST /api/ich/ich-registration: an ICH registration, multipart with optional profileImage, idPhotofront and idphotoback. */
export function action({ request, context }: Route.ActionArgs) {
  return registrationApi(request, context.get(servicesContext), context.get(requestContext), "hypnotherapy");
}

export function loader() {
  return jsonError(405, "Use POST.", undefined, { Allow: "POST" });
}
