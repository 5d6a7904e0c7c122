import { requestContext, servicesContext } from "~/context.server";
import { withStaff } from "~/features/admin-auth/guard.server";
import { contactListApi } from "~/features/contact/contact-api.server";
import { jsonError } from "~/lib/http.server";
import type { Route } from "./+types/contacts";

/** GET /api/contacts?page=&limit=&search=&startDate=&endDate=: contact messages, newest first (staff). */
export const loader = withStaff(({ request, context }: Route.LoaderArgs, staff) =>
  contactListApi(context.get(servicesContext).db, request, { actor: { id: staff.accountId, email: staff.email }, ip: context.get(requestContext).ip }),
);

/** The public form posts to /api/contact, unauthenticated; nothing is created here. */
export const action = withStaff(() => jsonError(405, "Use GET. Contact messages are sent with POST /api/contact.", undefined, { Allow: "GET" }));
