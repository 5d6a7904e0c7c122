import { requestContext, servicesContext } from "~/context.server";
import { withStaff } from "~/features/admin-auth/guard.server";
import { registrationPhotoApi } from "~/features/registrations/staff-registrations-api.server";
import { jsonError } from "~/lib/http.server";
import type { Route } from "./+types/registration-photo";

/** GET /api/admin/registrations/{id}/photos/{profile|id-front|id-back}: a private photo, to staff only (S5). */
export const loader = withStaff(({ context, params }: Route.LoaderArgs, staff) =>
  registrationPhotoApi(context.get(servicesContext).db, params.id, params.photo, {
    actor: { id: staff.accountId, email: staff.email },
    ip: context.get(requestContext).ip,
  }),
);

export const action = withStaff(() => jsonError(405, "Use GET.", undefined, { Allow: "GET" }));
