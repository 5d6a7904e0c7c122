import { requestContext, servicesContext } from "~/context.server";
import { withStaff } from "~/features/admin-auth/guard.server";
import { registrationOneApi } from "~/features/registrations/staff-registrations-api.server";
import type { Route } from "./+types/registration-one";

/** GET or DELETE /api/registration/{id}: one DECODE registration (staff). */
const handle = withStaff(({ request, context, params }: Route.LoaderArgs | Route.ActionArgs, staff) =>
  registrationOneApi(context.get(servicesContext).db, request, "decode", params.id, {
    actor: { id: staff.accountId, email: staff.email },
    ip: context.get(requestContext).ip,
  }),
);
export const loader = handle;
export const action = handle;
