import { Clock, Mail } from "lucide-react";
import { PageHero } from "~/components/layout/page-hero";
import { ToastHost } from "~/components/ui/toasts";
import { requestContext, servicesContext } from "~/context.server";
import { CONTACT_INVALID, submitContact } from "~/features/contact/contact.server";
import { ContactForm, SUCCESS_TOAST } from "~/features/contact/contact-form";
import { ContactSent } from "~/features/contact/contact-sent";
import { therapistRequestMessage, type ContactField } from "~/features/contact/schema";
import { useSite } from "~/hooks/use-site";
import { BadRequest, readForm } from "~/lib/http.server";
import { pageMeta } from "~/lib/meta";
import { refuse, wasRefused } from "~/lib/refusal.server";
import type { Route } from "./+types/contact-us";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    refused: loaderData?.refused,
    title: "Contact Us",
    description: "Questions about a program, a session or finding a certified therapist? Write to us and we will reply soon.",
    path: "/contact-us",
  });

export function loader({ request, context }: Route.LoaderArgs) {
  const topic = new URL(request.url).searchParams.get("topic");
  return { prefill: topic === "therapist" ? therapistRequestMessage : "", refused: wasRefused(context) };
}

/** The action's headers (Retry-After on a 429) reach the response, for documents and data requests alike. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

/** The plain form post, for visitors whose JavaScript has not loaded. */
export async function action({ request, context }: Route.ActionArgs) {
  let values: Record<string, string>;
  try {
    values = await readForm(request);
  } catch (e) {
    if (e instanceof BadRequest) return refuse(context, { ok: false as const, formError: e.message, values: {}, errors: {} }, { status: e.status });
    throw e;
  }
  const outcome = await submitContact(context.get(servicesContext), context.get(requestContext), values);
  const echo = {
    ...values,
    acceptPrivacyPolicy: values.acceptPrivacyPolicy === "true" || values.acceptPrivacyPolicy === "on",
  };
  if (outcome.status === "rate-limited") {
    return refuse(context, { ok: false as const, formError: outcome.message, values: echo, errors: {} }, {
      status: 429,
      headers: { "Retry-After": String(outcome.retryAfterSeconds) },
    });
  }
  if (outcome.status === "invalid") {
    return refuse(context, { ok: false as const, formError: CONTACT_INVALID, values: echo, errors: outcome.errors }, { status: 400 });
  }
  return { ok: true as const, formError: null, values: {}, errors: {} };
}

export default function ContactUs({ loaderData, actionData }: Route.ComponentProps) {
  const { site } = useSite();
  const initial = actionData && !actionData.ok ? actionData.values : { message: loaderData.prefill };
  return (
    <>
      <ToastHost />
      <PageHero title="Contact Us">
        <p>We&apos;d Love to Hear From You!</p>
      </PageHero>
      <div className="container-page grid gap-10 py-12 md:py-16 lg:grid-cols-[1fr_2fr]">
        <aside className="space-y-6">
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-plum-100">
            <h2 className="text-2xl text-plum-900">How can we help?</h2>
            <p className="mt-3 text-muted">
              Ask about a program or an upcoming session, or tell us what you are looking for and we will match you
              with a certified therapist.
            </p>
          </div>
          <ul className="space-y-4 text-ink">
            <li className="flex gap-3">
              <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-plum-600" />
              <span>
                Prefer email?{" "}
                <a className="font-semibold text-plum-700 underline underline-offset-2" href={`mailto:${site.contactEmail}`}>
                  {site.contactEmail}
                </a>
              </span>
            </li>
            <li className="flex gap-3">
              <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-plum-600" />
              <span>We answer every message, usually within two business days.</span>
            </li>
          </ul>
        </aside>
        <section aria-labelledby="contact-form-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-plum-100 md:p-8">
          <h2 id="contact-form-heading" className="mb-6 text-2xl text-plum-900">
            Send us a message
          </h2>
          {actionData?.ok ? (
            <ContactSent announce message={SUCCESS_TOAST} />
          ) : null}
          {actionData && !actionData.ok && actionData.formError ? (
            // The answer to a plain form post: focused as the page loads, so a screen reader reads it (a
            // role=alert already in the page when it loads is not announced).
            // oxlint-disable-next-line jsx-a11y/no-autofocus -- see above
            <div role="alert" tabIndex={-1} autoFocus className="mb-6 rounded-xl bg-red-50 p-4 font-medium text-danger ring-1 ring-red-200">
              {actionData.formError}
            </div>
          ) : null}
          <ContactForm
            key={actionData?.ok ? "sent" : "form"}
            initial={initial}
            serverErrors={actionData && !actionData.ok ? (actionData.errors as Partial<Record<ContactField, string>>) : undefined}
          />
        </section>
      </div>
    </>
  );
}
