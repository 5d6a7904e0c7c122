import { useEffect, useRef } from "react";
import { data, Form } from "react-router";
import { ActionResult } from "~/components/admin/action-result";
import { PlainMarker } from "~/components/admin/plain-marker";
import { answerSaved, withNotice } from "~/features/admin-auth/plain-notice.server";
import { Field, inputClass } from "~/components/ui/field";
import { whileBusy } from "~/components/ui/submit-button";
import { requestContext, servicesContext } from "~/context.server";
import { changeOwnPassword, PASSWORD_CHANGED, type PasswordChangeField } from "~/features/admin-auth/change-password.server";
import { currentStaff, staffContext } from "~/features/admin-auth/guard.server";
import { PASSWORD_MIN_LENGTH } from "~/features/admin-auth/schema";
import { clearedSessionCookie, sessionCookie } from "~/features/admin-auth/sessions.server";
import { staffDateTime } from "~/features/registrations/staff-format";
import { usePostPending, useSettledActionData } from "~/hooks/use-settled-action";
import { answerOrConnectionLost, CONNECTION_LOST_ON_PAGE, keptAfterConnectionLost } from "~/lib/connection-lost";
import { BadRequest, readForm } from "~/lib/http.server";
import type { Route } from "./+types/account";

/**
 * Staff: their own account (decision 0086). The address signed in with, when
 * the password was last set, and a form to change it (a plain form post: works
 * without JavaScript). Changing it ends every other sign-in and API token of
 * the account; this browser gets a new session.
 */
export const meta: Route.MetaFunction = () => [{ title: "Your account | Staff area" }, { name: "robots", content: "noindex" }];

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const staff = currentStaff(context);
  const account = await db.selectFrom("staff_accounts").select(["email", "password_changed_at"]).where("id", "=", staff.accountId).executeTakeFirst();
  const others = await db
    .selectFrom("staff_sessions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("account_id", "=", staff.accountId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", new Date().toISOString())
    .where("id_hash", "!=", staff.idHash)
    .executeTakeFirstOrThrow();
  return withNotice(
    request,
    config.secureCookies,
    { email: staff.email, passwordChanged: account ? staffDateTime(account.password_changed_at) : null, otherSessions: Number(others.n) },
    NO_STORE,
  );
}

type ActionAnswer = { ok: boolean; message: string; errors?: Partial<Record<PasswordChangeField, string>> };

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const staff = currentStaff(context);
  let form: Record<string, string>;
  try {
    form = await readForm(request);
  } catch (e) {
    if (e instanceof BadRequest) return data<ActionAnswer>({ ok: false, message: e.message }, { status: e.status, headers: NO_STORE });
    throw e;
  }
  const outcome = await changeOwnPassword(services, context.get(requestContext), staff, {
    current: form.currentPassword ?? "",
    next: form.newPassword ?? "",
    repeat: form.repeatPassword ?? "",
  });
  switch (outcome.status) {
    case "invalid": {
      const n = Object.keys(outcome.errors).length;
      return data<ActionAnswer>(
        { ok: false, message: `The password was not changed: ${n === 1 ? "1 field needs" : `${n} fields need`} correcting.`, errors: outcome.errors },
        { status: 400, headers: NO_STORE },
      );
    }
    case "limited":
      return data<ActionAnswer>({ ok: false, message: outcome.message }, { status: 429, headers: { ...NO_STORE, "Retry-After": String(outcome.retryAfterSeconds) } });
    case "gone":
      // The stored password is no longer the one this form was checked against: this browser's sign-in ends too.
      return data<ActionAnswer>(
        { ok: false, message: outcome.message },
        { status: 409, headers: { ...NO_STORE, "Set-Cookie": clearedSessionCookie(services.config.secureCookies) } },
      );
    case "changed":
      // This request's page (the script's answer re-reads it at once) already belongs to the new session; a plain
      // post's redirect carries the new session's cookie.
      context.set(staffContext, outcome.session);
      return answerSaved(request, form, services.config.secureCookies, PASSWORD_CHANGED, {
        ...NO_STORE,
        "Set-Cookie": sessionCookie(services.config.secureCookies, outcome.secret, outcome.maxAgeSeconds),
      });
  }
}

/** The page's headers, with the answer's new session cookie (or the cleared one) and its Retry-After. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const merged = new Headers(loaderHeaders);
  for (const cookie of actionHeaders.getSetCookie()) merged.append("Set-Cookie", cookie);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) merged.set("Retry-After", retryAfter);
  return merged;
};

/** A change whose answer never came is said on the page (decision 0065); nothing typed is kept, as passwords are never stored in drafts. */
export const clientAction = (args: Route.ClientActionArgs) => answerOrConnectionLost(args, CONNECTION_LOST_ON_PAGE);
export const shouldRevalidate = keptAfterConnectionLost;

export default function Account({ loaderData, actionData: answered }: Route.ComponentProps) {
  const busy = usePostPending();
  const actionData = useSettledActionData(answered);
  const errors = actionData?.errors ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  // Refused with field errors: the first field to correct takes the focus (other answers take it themselves).
  useEffect(() => {
    if (actionData?.errors) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [actionData]);
  // A new form after each answer: password fields never keep what was typed.
  const formKey = JSON.stringify(answered ?? null);
  return (
    <div className="max-w-2xl">
      <h1 className="text-3xl text-plum-900">Your account</h1>
      <dl className="mt-4 grid gap-x-6 gap-y-1 text-ink sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Signed in as</dt>
        <dd className="wrap-anywhere">{loaderData.email}</dd>
        <dt className="font-semibold">Password last set</dt>
        <dd>{loaderData.passwordChanged ?? "Unknown"}</dd>
        <dt className="font-semibold">Other sign-ins</dt>
        <dd>
          {loaderData.otherSessions === 0
            ? "None: this browser is the only one signed in to this account."
            : `${loaderData.otherSessions} other ${loaderData.otherSessions === 1 ? "browser or API token is" : "browsers or API tokens are"} signed in to this account.`}
        </dd>
      </dl>
      <ActionResult answered={answered} notice={loaderData.notice} focus={!actionData?.errors} />
      <Form key={formKey} ref={formRef} method="post" noValidate aria-labelledby="change-password-heading" className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-plum-100 sm:p-8">
        <h2 id="change-password-heading" className="pb-2 font-serif text-2xl text-plum-900">
          Change your password
        </h2>
        <PlainMarker />
        <p className="pb-5 text-muted">Changing it signs out every other browser and API token of this account. This browser stays signed in.</p>
        {/* For password managers: the account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
        <Field id="account-current-password" label="Current password" error={errors.current} required>
          {(a11y) => <input {...a11y} name="currentPassword" type="password" autoComplete="current-password" className={inputClass} />}
        </Field>
        <Field
          id="account-new-password"
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong one; common passwords are refused.`}
          error={errors.next}
          required
        >
          {(a11y) => <input {...a11y} name="newPassword" type="password" autoComplete="new-password" className={inputClass} />}
        </Field>
        <Field id="account-repeat-password" label="New password again" error={errors.repeat} required>
          {(a11y) => <input {...a11y} name="repeatPassword" type="password" autoComplete="new-password" className={inputClass} />}
        </Field>
        <button
          type="submit"
          {...whileBusy(busy)}
          className="mt-2 inline-flex min-h-11 items-center rounded-full bg-plum-800 px-6 font-semibold text-white hover:bg-plum-700 aria-disabled:opacity-60"
        >
          {busy ? "Changing..." : "Change password"}
        </button>
      </Form>
    </div>
  );
}
