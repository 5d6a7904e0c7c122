import { useEffect, useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { LogoMark } from "~/components/layout/logo";
import { focusMainHeading, wasHydrated } from "~/hooks/use-route-focus";
import { useSite } from "~/hooks/use-site";
import { Field, inputClass } from "~/components/ui/field";
import { requestContext, servicesContext } from "~/context.server";
import { countStaffAccounts } from "~/features/admin-auth/accounts.server";
import { sessionFromCookie } from "~/features/admin-auth/guard.server";
import { signIn } from "~/features/admin-auth/login.server";
import { LOGIN_FALLBACK_ERROR, safeNext, type LoginField } from "~/features/admin-auth/schema";
import { deviceCookie, deviceCookieName } from "~/features/admin-auth/devices.server";
import { readCookie, revokeSession, sessionCookie } from "~/features/admin-auth/sessions.server";
import { BadRequest, readForm } from "~/lib/http.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: "Staff sign-in | Staff area" }, { name: "robots", content: "noindex" }];

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = safeNext(url.searchParams.get("next"));
  if (await sessionFromCookie(request, context)) throw redirect(next, { headers: NO_STORE });
  const { db } = context.get(servicesContext);
  return data(
    {
      next,
      noAccount: (await countStaffAccounts(db)) === 0,
      signedOut: url.searchParams.get("signedOut") === "1",
      expired: url.searchParams.get("expired") === "1",
    },
    { headers: NO_STORE },
  );
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

type ActionResult = { message: string | null; errors: Partial<Record<LoginField, string>>; email: string };

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  let form: Record<string, string>;
  try {
    form = await readForm(request);
  } catch (e) {
    if (e instanceof BadRequest) return data<ActionResult>({ message: e.message, errors: {}, email: "" }, { status: e.status, headers: NO_STORE });
    throw e;
  }
  const email = form.email ?? "";
  try {
    const outcome = await signIn(
      services,
      context.get(requestContext),
      {
        email,
        password: form.password ?? "",
        remember: form.remember === "on" || form.remember === "true",
        device: readCookie(request.headers.get("Cookie"), deviceCookieName(services.config.secureCookies)),
      },
      "browser",
    );
    if (outcome.status === "invalid") return data<ActionResult>({ message: null, errors: outcome.errors, email }, { status: 400, headers: NO_STORE });
    if (outcome.status === "refused") return data<ActionResult>({ message: outcome.message, errors: {}, email }, { status: 401, headers: NO_STORE });
    if (outcome.status === "limited") {
      return data<ActionResult>(
        { message: outcome.message, errors: {}, email },
        { status: 429, headers: { ...NO_STORE, "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    }
    // A sign-in replaces whatever session this browser had (never reuse an id across sign-ins).
    const previous = await sessionFromCookie(request, context);
    if (previous) await revokeSession(services.db, previous.idHash);
    const answer = new Headers(NO_STORE);
    answer.append("Set-Cookie", sessionCookie(services.config.secureCookies, outcome.secret, outcome.maxAgeSeconds));
    // This browser's first sign-in to the account: from now on its attempts are its own (decision 0102).
    if (outcome.newDevice) answer.append("Set-Cookie", deviceCookie(services.config.secureCookies, outcome.newDevice));
    throw redirect(safeNext(new URL(request.url).searchParams.get("next")), { headers: answer });
  } catch (e) {
    if (e instanceof Response) throw e;
    services.logger.error({ err: e }, "staff sign-in failed");
    return data<ActionResult>({ message: LOGIN_FALLBACK_ERROR, errors: {}, email }, { status: 503, headers: NO_STORE });
  }
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { site } = useSite();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const errors = actionData?.errors ?? {};
  const message = actionData ? (actionData.message ?? (Object.keys(errors).length ? null : LOGIN_FALLBACK_ERROR)) : null;
  // Arriving here from the staff area (signed out, or the sign-in expired): the focus goes to what happened,
  // which a screen reader then reads; it would be left on the page's body. Not on a first load.
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!wasHydrated()) return;
    if (notice.current) notice.current.focus({ preventScroll: true });
    else focusMainHeading();
  }, []);
  // Refused with field messages (an empty field): the first field to correct takes the focus, and a screen reader
  // reads its label and its message (aria-describedby). Other answers are an alert, read where it appears.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (actionData && Object.keys(actionData.errors ?? {}).length) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [actionData]);
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-plum-50 px-4 py-10">
      <div className="w-full max-w-md rounded-3xl bg-white p-6 shadow-lg ring-1 ring-plum-100 sm:p-10">
        <div className="mb-6 flex justify-center">
          <LogoMark className="size-14 text-plum-700" />
        </div>
        <h1 className="text-center font-serif text-3xl text-plum-900">Staff sign-in</h1>
        <p className="mt-2 text-center text-muted">{site.orgName}: sign in to manage registrations, programs and events.</p>

        {loaderData.noAccount ? (
          <div role="status" className="mt-6 rounded-xl border border-gold-500 bg-sand-100 p-4 text-sm text-ink">
            <p className="font-semibold">No administrator account exists yet.</p>
            <p className="mt-1">
              Create one on the server with <code className="rounded bg-white px-1 py-0.5">npm run admin:create -- --email you@example.org</code>, then sign in here.
            </p>
          </div>
        ) : null}
        {loaderData.signedOut && !actionData ? (
          <p ref={notice} tabIndex={-1} role="status" className="mt-6 rounded-xl bg-plum-50 p-4 text-sm text-ink">
            You have signed out.
          </p>
        ) : null}
        {loaderData.expired && !loaderData.signedOut && !actionData ? (
          <p ref={notice} tabIndex={-1} role="status" className="mt-6 rounded-xl bg-plum-50 p-4 text-sm text-ink">
            Your sign-in has expired. Sign in again to carry on: a form you were saving opens again with your changes.
          </p>
        ) : null}
        {message ? (
          <p role="alert" className="mt-6 rounded-xl border border-danger/40 bg-red-50 p-4 text-sm font-medium text-danger">
            {message}
          </p>
        ) : null}

        <Form ref={form} method="post" action={`/admin/login?next=${encodeURIComponent(loaderData.next)}`} noValidate className="mt-6" aria-label="Admin login">
          <Field id="login-email" label="Email" error={errors.email} required>
            {(a11y) => (
              <input {...a11y} name="email" type="email" autoComplete="username" defaultValue={actionData?.email ?? ""} className={inputClass} />
            )}
          </Field>
          <Field id="login-password" label="Password" error={errors.password} required>
            {(a11y) => <input {...a11y} name="password" type="password" autoComplete="current-password" className={inputClass} />}
          </Field>
          <div className="pb-6">
            <label className="inline-flex min-h-11 items-center gap-3 font-medium text-ink">
              <input type="checkbox" name="remember" className="size-6 accent-plum-700" aria-describedby="login-remember-hint" />
              Remember me
            </label>
            <p id="login-remember-hint" className="text-sm text-muted">
              Keeps you signed in on this device for 30 days instead of 1 day.
            </p>
          </div>
          <button
            type="submit"
            aria-disabled={sending ? "true" : undefined}
            className="inline-flex min-h-12 w-full items-center justify-center rounded-full bg-brand-gradient px-7 font-semibold text-white shadow-md hover:opacity-95 aria-disabled:opacity-60"
          >
            {sending ? "Signing in..." : "Sign in"}
          </button>
        </Form>
      </div>
    </main>
  );
}
