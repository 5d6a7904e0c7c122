import { requestContext, servicesContext } from "~/context.server";
import { withStaff } from "~/features/admin-auth/guard.server";
import { contactOneApi } from "~/features/contact/contact-api.server";
import type { Route } from "./+types/contacts-one";

/** GET /api/contacts/{id}: one message; PATCH or PUT `{ status }` sets New, Read or Replied (staff). */
const handle = withStaff(({ request, context, params }: Route.LoaderArgs | Route.ActionArgs, staff) =>
  contactOneApi(context.get(servicesContext).db, request, params.id, { actor: { id: staff.accountId, email: staff.email }, ip: context.get(requestContext).ip }),
);
export const loader = handle;
export const action = handle;
