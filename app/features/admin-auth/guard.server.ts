import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { servicesContext } from "~/context.server";
import { jsonError } from "~/lib/http.server";
import { bearerToken, cookieName, findSession, readCookie, type StaffSession } from "./sessions.server";

/**
 * Authorisation for the staff area (decisions S1, S3). Pages: the admin layout
 * route's middleware runs before every loader and action below it, document
 * and data requests alike. API: each admin endpoint wraps its handler in
 * `withStaff`, which answers 401 JSON without a valid session or token.
 */
export const staffContext = createContext<StaffSession | null>(null);

type Ctx = Readonly<RouterContextProvider>;

/** The browser's session from its cookie, or null. */
export async function sessionFromCookie(request: Request, context: Ctx): Promise<StaffSession | null> {
  const { db, config } = context.get(servicesContext);
  const secret = readCookie(request.headers.get("cookie"), cookieName(config.secureCookies));
  return secret ? findSession(db, secret, "browser") : null;
}

/** An API caller: a Bearer token when the request carries one (and then only it), else the browser's cookie. */
export async function sessionForApi(request: Request, context: Ctx): Promise<StaffSession | null> {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    const token = bearerToken(authorization);
    return token ? findSession(context.get(servicesContext).db, token, "api") : null;
  }
  return sessionFromCookie(request, context);
}

/**
 * Where a refused page request is sent: the sign-in page, with the page to come back to, and
 * `expired=1` when the browser still sent a sign-in cookie that no longer counts (ended, timed out,
 * signed out elsewhere), so the page can say why.
 */
export function loginRedirectFor(request: Request, expired = false): string {
  const url = new URL(request.url);
  // A client-side navigation asks for /x.data: come back to the page, not its data.
  const pathname = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "/") || "/";
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return `/admin/login?next=${encodeURIComponent(`${pathname}${search ? `?${search}` : ""}`)}${expired ? "&expired=1" : ""}`;
}

/** Staff pages: a valid browser session or a redirect to sign in. Staff pages are never cached. */
export const requireStaffPage: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = await sessionFromCookie(request, context);
  if (!session) {
    const { config } = context.get(servicesContext);
    const expired = readCookie(request.headers.get("cookie"), cookieName(config.secureCookies)) !== null;
    throw redirect(loginRedirectFor(request, expired), { headers: { "Cache-Control": "no-store" } });
  }
  context.set(staffContext, session);
  const response = await next();
  response.headers.set("Cache-Control", "private, no-store");
  return response;
};

/** The signed-in staff member of a page below the admin layout (set by its middleware). */
export function currentStaff(context: Ctx): StaffSession {
  const session = context.get(staffContext);
  if (!session) throw new Error("currentStaff() outside the staff area's middleware");
  return session;
}

export const UNAUTHORISED_MESSAGE = "Sign in to use this endpoint: send a valid session cookie or an 'Authorization: Bearer' token.";

/** The challenge of every staff API 401 (RFC 9110 §11.6.1: a 401 names how to authenticate). */
export const STAFF_CHALLENGE = 'Bearer realm="staff"';

type Args = { request: Request; context: Ctx };

/** An admin API handler: runs only for a valid session or token; otherwise 401 JSON. */
export function withStaff<A extends Args>(handler: (args: A, session: StaffSession) => Promise<Response> | Response) {
  return async (args: A): Promise<Response> => {
    const session = await sessionForApi(args.request, args.context);
    if (!session) {
      return jsonError(401, UNAUTHORISED_MESSAGE, undefined, {
        "WWW-Authenticate": STAFF_CHALLENGE,
        "Cache-Control": "no-store",
      });
    }
    const response = await handler(args, session);
    response.headers.set("Cache-Control", "private, no-store");
    return response;
  };
}
