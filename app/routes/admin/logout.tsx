import { redirect } from "react-router";
import { requestContext, servicesContext } from "~/context.server";
import { currentStaff } from "~/features/admin-auth/guard.server";
import { clearedSessionCookie, revokeSession } from "~/features/admin-auth/sessions.server";
import { recordAudit } from "~/features/audit/audit.server";
import type { Route } from "./+types/logout";

/** Sign out: the session ends on the server (every instance), and the cookie is cleared. */
export async function action({ context }: Route.ActionArgs) {
  const { db, config } = context.get(servicesContext);
  const session = currentStaff(context);
  await revokeSession(db, session.idHash);
  await recordAudit(db, { action: "sign-out", actor: { id: session.accountId, email: session.email }, ip: context.get(requestContext).ip });
  throw redirect("/admin/login?signedOut=1", {
    headers: { "Set-Cookie": clearedSessionCookie(config.secureCookies), "Cache-Control": "no-store" },
  });
}

export function loader() {
  return redirect("/admin/registrations");
}
