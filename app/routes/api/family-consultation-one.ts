import { requestContext, servicesContext } from "~/context.server";
import { withStaff } from "~/features/admin-auth/guard.server";
import { consultationOneApi } from "~/features/bookings/consultation-api.server";
import type { Route } from "./+types/family-consultation-one";

/** GET, PATCH (cancel for the booker, decision 0082) or DELETE /api/family-consultation/{id}: one booking; canceling or deleting it frees its seat (staff). */
const handle = withStaff(({ request, context, params }: Route.LoaderArgs | Route.ActionArgs, staff) =>
  consultationOneApi(context.get(servicesContext), request, params.id, { actor: { id: staff.accountId, email: staff.email }, ip: context.get(requestContext).ip }),
);
export const loader = handle;
export const action = handle;
