import { requestContext, servicesContext } from "~/context.server";
import { withStaff } from "~/features/admin-auth/guard.server";
import { consultationCsvApi } from "~/features/bookings/consultation-api.server";
import { jsonError } from "~/lib/http.server";
import type { Route } from "./+types/family-consultation-csv";

/** GET /api/family-consultation/download-csv?search=&startDate=&endDate=: the bookings as CSV (staff). */
export const loader = withStaff(({ request, context }: Route.LoaderArgs, staff) =>
  consultationCsvApi(context.get(servicesContext).db, request, { actor: { id: staff.accountId, email: staff.email }, ip: context.get(requestContext).ip }),
);

export const action = withStaff(() => jsonError(405, "Use GET.", undefined, { Allow: "GET" }));
