import { requestContext, servicesContext } from "~/context.server";
import { withStaff } from "~/features/admin-auth/guard.server";
import { clearedSessionCookie, revokeSession } from "~/features/admin-auth/sessions.server";
import { recordAudit } from "~/features/audit/audit.server";
import { jsonError } from "~/lib/http.server";
import type { Route } from "./+types/logout";

/** POST /api/admin/logout: ends the session or token the request was made with. */
export const action = withStaff(async ({ context }: Route.ActionArgs, session) => {
  const { db, config } = context.get(servicesContext);
  await revokeSession(db, session.idHash);
  await recordAudit(db, { action: "sign-out", actor: { id: session.accountId, email: session.email }, ip: context.get(requestContext).ip, detail: { via: session.kind } });
  // A browser's session: its cookie is cleared too, so its next staff page asks to sign in rather than saying
  // the session expired. A token's caller has no cookie of ours to clear.
  const headers: HeadersInit = session.kind === "api" ? { "Cache-Control": "no-store" } : { "Cache-Control": "no-store", "Set-Cookie": clearedSessionCookie(config.secureCookies) };
  return Response.json({ success: true, message: "Signed out." }, { headers });
});

export const loader = withStaff(() => jsonError(405, "Use POST.", undefined, { Allow: "POST" }));
