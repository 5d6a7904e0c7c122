import { requestContext, servicesContext } from "~/context.server";
import { withStaff } from "~/features/admin-auth/guard.server";
import { registrationApi } from "~/features/registrations/registration-api.server";
import { registrationListApi } from "~/features/registrations/staff-registrations-api.server";
import type { Route } from "./+types/registration";

/** POST /api/registration: a DECODE (or TASSO) registration as JSON, a urlencoded form or multipart data. */
export function action({ request, context }: Route.ActionArgs) {
  return registrationApi(request, context.get(servicesContext), context.get(requestContext), "decode");
}

/** GET /api/registration?page=&limit=&search=&startDate=&endDate=: DECODE registrations, 10 a page, newest first (staff only). */
export const loader = withStaff(({ request, context }: Route.LoaderArgs, staff) =>
  registrationListApi(context.get(servicesContext).db, request, "decode", { actor: { id: staff.accountId, email: staff.email }, ip: context.get(requestContext).ip }),
);
