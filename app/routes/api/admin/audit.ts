import { servicesContext } from "~/context.server";
import { withStaff } from "~/features/admin-auth/guard.server";
import { auditQueryErrors, auditQueryFrom, listAudit } from "~/features/audit/audit.server";
import { jsonError } from "~/lib/http.server";
import type { Route } from "./+types/audit";

/** GET /api/admin/audit?action=&q=&page=: the audit trail, newest first (read only). */
export const loader = withStaff(async ({ request, context }: Route.LoaderArgs) => {
  const params = new URL(request.url).searchParams;
  const errors = auditQueryErrors(params);
  if (Object.keys(errors).length) return jsonError(400, "Some query values cannot be used.", errors);
  const query = auditQueryFrom(params);
  const r = await listAudit(context.get(servicesContext).db, query);
  return Response.json({
    success: true,
    data: r.records.map((e) => ({ _id: e.id, ...e })),
    pagination: {
      currentPage: r.page,
      totalPages: r.totalPages,
      total: r.total,
      limit: r.limit,
      nextPage: r.page < r.totalPages ? r.page + 1 : null,
      prevPage: r.page > 1 ? r.page - 1 : null,
    },
  });
});

export const action = withStaff(() => jsonError(405, "The audit trail cannot be changed.", undefined, { Allow: "GET" }));
