import { requestContext, servicesContext } from "~/context.server";
import { withStaff } from "~/features/admin-auth/guard.server";
import { consultationListApi } from "~/features/bookings/consultation-api.server";
import { jsonError } from "~/lib/http.server";
import type { Route } from "./+types/family-consultation";

/** GET /api/family-consultation?page=&limit=&search=&startDate=&endDate=: Family Constellation bookings, newest first (staff). */
export const loader = withStaff(({ request, context }: Route.LoaderArgs, staff) =>
  consultationListApi(context.get(servicesContext).db, request, { actor: { id: staff.accountId, email: staff.email }, ip: context.get(requestContext).ip }),
);

export const action = withStaff(() => jsonError(405, "Use GET.", undefined, { Allow: "GET" }));
