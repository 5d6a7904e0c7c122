import { requestContext, servicesContext } from "~/context.server";
import { withStaff } from "~/features/admin-auth/guard.server";
import { contactCsvApi } from "~/features/contact/contact-api.server";
import { jsonError } from "~/lib/http.server";
import type { Route } from "./+types/contacts-csv";

/** GET /api/contacts/download-csv?search=&startDate=&endDate=: contact messages as CSV (staff). */
export const loader = withStaff(({ request, context }: Route.LoaderArgs, staff) =>
  contactCsvApi(context.get(servicesContext).db, request, { actor: { id: staff.accountId, email: staff.email }, ip: context.get(requestContext).ip }),
);

export const action = withStaff(() => jsonError(405, "Use GET.", undefined, { Allow: "GET" }));
