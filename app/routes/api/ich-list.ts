import { requestContext, servicesContext } from "~/context.server";
import { withStaff } from "~/features/admin-auth/guard.server";
import { registrationListApi } from "~/features/registrations/staff-registrations-api.server";
import { jsonError } from "~/lib/http.server";
import type { Route } from "./+types/ich-list";

/** GET /api/ich?page=&limit=&search=&startDate=&endDate=: ICH registrations, 10 a page, newest first (staff). */
export const loader = withStaff(({ request, context }: Route.LoaderArgs, staff) =>
  registrationListApi(context.get(servicesContext).db, request, "ich", { actor: { id: staff.accountId, email: staff.email }, ip: context.get(requestContext).ip }),
);

export const action = withStaff(() => jsonError(405, "Use GET.", undefined, { Allow: "GET" }));
