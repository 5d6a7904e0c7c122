import { requestContext, servicesContext } from "~/context.server";
import { STAFF_CHALLENGE } from "~/features/admin-auth/guard.server";
import { signIn } from "~/features/admin-auth/login.server";
import { BadRequest, jsonError, readJsonObject } from "~/lib/http.server";
import type { Route } from "./+types/login";

/** POST /api/admin/login: `{ email, password, rememberMe? }` → `{ success, token, expiresAt }`, a Bearer token for the JSON API. */
export async function action({ request, context }: Route.ActionArgs) {
  const noStore = { "Cache-Control": "no-store" };
  // Only POST signs in: another method must not spend the sign-in allowance or reach the audit trail.
  if (request.method !== "POST") return jsonError(405, "Use POST.", undefined, { ...noStore, Allow: "POST" });
  let body: Record<string, unknown>;
  try {
    body = await readJsonObject(request);
  } catch (e) {
    if (e instanceof BadRequest) return jsonError(e.status, e.message, undefined, noStore);
    throw e;
  }
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  const outcome = await signIn(
    context.get(servicesContext),
    context.get(requestContext),
    { email: text(body.email), password: text(body.password), remember: body.rememberMe === true || body.rememberMe === "true" },
    "api",
  );
  switch (outcome.status) {
    case "invalid":
      return jsonError(400, "Please correct the highlighted fields.", outcome.errors, noStore);
    case "refused":
      return jsonError(401, outcome.message, undefined, { ...noStore, "WWW-Authenticate": STAFF_CHALLENGE });
    case "limited":
      return jsonError(429, outcome.message, undefined, { ...noStore, "Retry-After": String(outcome.retryAfterSeconds) });
    case "signed-in":
      return Response.json({ success: true, token: outcome.secret, expiresAt: outcome.expiresAt }, { headers: noStore });
  }
}

export function loader() {
  return jsonError(405, "Use POST.", undefined, { Allow: "POST", "Cache-Control": "no-store" });
}
