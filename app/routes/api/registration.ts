import { requestContext, servicesContext } from "~/context.server";
import { registrationApi } from "~/features/registrations/registration-api.server";
import { staffRegistrationHandlers } from "~/features/registrations/staff-registrations-api.server";
import type { Route } from "./+types/registration";

/** POST /api/registration: a DECODE (or TASSO) registration as JSON, a urlencoded form or multipart data. */
export function action({ request, context }: Route.ActionArgs) {
  return registrationApi(request, context.get(servicesContext), context.get(requestContext), "decode", "GET, HEAD, POST");
}

/** GET /api/registration?page=&limit=&search=&startDate=&endDate=: DECODE registrations, 10 a page, newest first; with no query at all, every one, streamed (staff only, decision 0063). */
export const loader = staffRegistrationHandlers("decode").list;
