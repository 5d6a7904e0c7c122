import { requestContext, servicesContext } from "~/context.server";
import { withStaff } from "~/features/admin-auth/guard.server";
import { registrationOneApi } from "~/features/registrations/staff-registrations-api.server";
import type { Route } from "./+types/ich-one";

/** GET or DELETE /api/ich/{id}: one ICH registration (staff). */
const handle = withStaff(({ request, context, params }: Route.LoaderArgs | Route.ActionArgs, staff) =>
  registrationOneApi(context.get(servicesContext).db, request, "ich", params.id, {
    actor: { id: staff.accountId, email: staff.email },
    ip: context.get(requestContext).ip,
  }),
);
export const loader = handle;
export const action = handle;
