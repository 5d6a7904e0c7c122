import { ArrowLeft } from "lucide-react";
import { ALREADY_REGISTERED } from "~/features/events/seats";
import { useState } from "react";
import { data, Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { ToastHost } from "~/components/ui/toasts";
import { requestContext, servicesContext } from "~/context.server";
import { formatPrice, formatSessionDate, formatTimeRange, keepTimesWhole, sessionDatesSeed } from "~/features/events/format";
import { applyFormatSeed } from "~/lib/bounded-cache";
import type { FormSession } from "~/features/registrations/form-logic";
import { acceptedWords, RegistrationConfirmation, type Accepted } from "~/features/registrations/registration-confirmation";
import { RegistrationForm, type RegistrationValues } from "~/features/registrations/registration-form";
import { isCanceledSession, loadRegistrationPage, registerFromPage } from "~/features/registrations/registration-page.server";
import { photoFields, REGISTRATION_INVALID } from "~/features/registrations/registrations.server";
import { takeUpload } from "~/features/registrations/upload-intake.server";
import { useSite } from "~/hooks/use-site";
import { BadRequest, readSubmission } from "~/lib/http.server";
import { pageMeta } from "~/lib/meta";
import { refuse, wasRefused } from "~/lib/refusal.server";
import type { Route } from "./+types/register";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const page = await loadRegistrationPage(db, params.sessionId);
  if (!page) return data({ page: null, canceled: await isCanceledSession(db, params.sessionId) }, { status: 404 });
  // The dates as the browser will show them: hydration builds no Intl formatter (decision 0088).
  return { page, canceled: false, formatSeed: sessionDatesSeed([page.session, ...page.sessions]), refused: wasRefused(context) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  // The head is made before the page: its date needs the seed first.
  if (loaderData && "formatSeed" in loaderData) applyFormatSeed(loaderData.formatSeed);
  return pageMeta(matches, {
    title: loaderData?.page ? `Register: ${loaderData.page.programme.title}` : loaderData?.canceled ? "Session canceled" : "Session not found",
    description: loaderData?.page
      ? `Registration form for ${loaderData.page.programme.title}, ${loaderData.page.session.city}, ${formatSessionDate(loaderData.page.session.startDate, loaderData.page.session.timeZone)}.`
      : "This session does not exist or has already started.",
    path: `/register/${encodeURIComponent(params.sessionId)}`,
    noindex: true,
    refused: loaderData !== undefined && "refused" in loaderData && loaderData.refused,
  });
};

/** The action's headers (Retry-After on a 429) reach the response. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

type ActionResult =
  | { ok: true; sessionId: string; awaitingApproval?: boolean; waitingList?: boolean; alreadyRegistered?: boolean }
  | { ok: false; message: string; errors: Record<string, string | undefined>; values: Partial<RegistrationValues> };

/** Echoes what was typed back into the form (never the files). */
function echo(values: Record<string, unknown>): Partial<RegistrationValues> {
  const text = (k: string) => (typeof values[k] === "string" ? (values[k] as string) : "");
  const flag = (k: string) => ["true", "on", "1", "yes"].includes(text(k).toLowerCase());
  return {
    firstName: text("firstName"),
    middleName: text("middleName"),
    lastName: text("lastName"),
    email: text("email"),
    mobileNo: text("mobileNo"),
    dob: text("dob"),
    occupation: text("occupation"),
    currentAddress: text("currentAddress"),
    isSameAddress: flag("isSameAddress"),
    permanenetAddress: text("permanenetAddress"),
    upcomingEventId: text("upcomingEventId"),
    hearAbout: text("hearAbout"),
    communicationPreferences: flag("communicationPreferences"),
    termsandcondition: flag("termsandcondition"),
    completedElsewhere: flag("completedElsewhere"),
    prerequisiteNote: text("prerequisiteNote"),
  };
}

/** The plain form post, for visitors whose JavaScript has not loaded. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const page = await loadRegistrationPage(services.db, params.sessionId);
  if (!page) return refuse<ActionResult>(context, { ok: false, message: "This session does not exist.", errors: {}, values: {} }, { status: 404 });
  const info = context.get(requestContext);
  // A body that may carry photos is read within the upload budget, and not at all past the allowance (decision 0114).
  const intake = await takeUpload(request, services, info.ip);
  if ("refused" in intake) {
    return refuse<ActionResult>(context, { ok: false, message: intake.message, errors: {}, values: {} }, { status: intake.status, headers: { "Retry-After": String(intake.retryAfterSeconds) } });
  }
  let submission;
  let outcome;
  try {
    submission = await readSubmission(request, Object.keys(photoFields), { charge: intake.charge });
    outcome = await registerFromPage(services, info, page, submission);
  } catch (e) {
    if (e instanceof BadRequest) {
      const retry = e.retryAfterSeconds ? { "Retry-After": String(e.retryAfterSeconds) } : undefined;
      return refuse<ActionResult>(context, { ok: false, message: e.message, errors: {}, values: {} }, { status: e.status, headers: retry });
    }
    throw e;
  } finally {
    intake.release();
  }
  const values = echo(submission.values);
  switch (outcome.status) {
    case "waiting":
      // A full session's form offers the waiting list: the page then says that, not "Thank you for registering!".
      return data<ActionResult>({ ok: true, sessionId: values.upcomingEventId || page.session._id, waitingList: true }, { status: 201 });
    case "created":
      return data<ActionResult>({ ok: true, sessionId: values.upcomingEventId || page.session._id }, { status: 201 });
    case "awaiting-approval":
      return data<ActionResult>({ ok: true, sessionId: values.upcomingEventId || page.session._id, awaitingApproval: true }, { status: 201 });
    case "invalid":
      return refuse<ActionResult>(context, { ok: false, message: REGISTRATION_INVALID, errors: outcome.errors, values }, { status: 400 });
    case "refused":
      // Sent again (a reload of the answer, a second click) after the first went through: said as the success it was.
      if (outcome.message === ALREADY_REGISTERED) return data<ActionResult>({ ok: true, sessionId: values.upcomingEventId || page.session._id, alreadyRegistered: true }, { status: 200 });
      return refuse<ActionResult>(
        context,
        { ok: false, message: outcome.message, errors: { upcomingEventId: outcome.message, ...outcome.errors }, values },
        { status: outcome.code },
      );
    case "rate-limited":
      return refuse<ActionResult>(
        context,
        { ok: false, message: outcome.message, errors: {}, values },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
  }
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { site } = useSite();
  const { page } = loaderData;
  if (!page) {
    return (
      <PageHero title={loaderData.canceled ? "Session canceled" : "Session not found"}>
        <p>
          {loaderData.canceled ? "This session has been canceled." : "This session does not exist or has already started."} See the upcoming sessions on the Event
          Calendar.
        </p>
        <Link to="/schedule" className="mt-6 inline-flex min-h-12 items-center rounded-full bg-white px-6 font-semibold text-plum-900 hover:bg-plum-50">
          Event Calendar
        </Link>
      </PageHero>
    );
  }
  const { session, programme } = page;
  // A session over several days names its days in the range already.
  const range = formatTimeRange(session.startDate, session.endDate, session.timeZone);
  const when = /\d(?:st|nd|rd|th) /.test(range) ? range : `${formatSessionDate(session.startDate, session.timeZone)} · ${range}`;
  const registered = actionData?.ok
    ? {
        session: page.sessions.find((s) => s._id === actionData.sessionId) ?? session,
        awaitingApproval: actionData.awaitingApproval === true,
        waitingList: actionData.waitingList === true,
        alreadyRegistered: actionData.alreadyRegistered === true,
      }
    : null;
  const failed = actionData && !actionData.ok ? actionData : null;
  return (
    <>
      <ToastHost />
      <PageHero eyebrow="Registration Form" title={programme.title}>
        <p>
          {session.city} · {keepTimesWhole(when)}
        </p>
        {session.price !== null ? <p className="mt-1 text-base text-plum-100">{formatPrice(Math.round(session.price * 100), session.currency)}</p> : null}
      </PageHero>
      <div className="container-page py-10 md:py-14">
        {/* The way back lines up with the form it leads away from. */}
        <div className="mx-auto max-w-3xl">
          {programme.path ? (
            <Link to={programme.path} className="mb-6 inline-flex min-h-11 items-center gap-2 font-semibold text-plum-700 underline-offset-2 hover:underline">
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to {programme.title}
            </Link>
          ) : null}
          <section aria-labelledby="register-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-plum-100 sm:p-8">
            <RegisterSection key={actionData ? JSON.stringify(actionData) : "form"} page={page} registered={registered} failed={failed} contactEmail={site.contactEmail} />
          </section>
        </div>
      </div>
    </>
  );
}

type PageData = NonNullable<Route.ComponentProps["loaderData"]["page"]>;

/** What the page confirms: a seat, a seat held for approval, or a place on the waiting list. */
type Registered = { session: FormSession } & Accepted;

/**
 * The form, or the confirmation once registered: after a plain post (the
 * action's answer) or, with JavaScript, after the API accepted it (no page load).
 */
function RegisterSection({
  page,
  registered,
  failed,
  contactEmail,
}: {
  page: PageData;
  registered: Registered | null;
  failed: Extract<ActionResult, { ok: false }> | null;
  contactEmail: string;
}) {
  const [done, setDone] = useState<Registered | null>(registered);
  if (done) {
    return (
      <RegistrationConfirmation
        contactEmail={contactEmail}
        session={done.session}
        headingId="register-heading"
        {...acceptedWords(done, contactEmail)}
      />
    );
  }
  return (
    <>
      <h2 id="register-heading" className="mb-6 text-2xl text-plum-900 md:text-3xl">
        Your details
      </h2>
      <RegistrationForm
        channel={page.channel}
        programme={page.programme}
        levelName={page.levelName}
        sessions={page.sessions}
        preselectId={page.session._id}
        action={`/register/${encodeURIComponent(page.session._id)}`}
        initial={failed?.values}
        serverErrors={failed?.errors}
        serverMessage={failed?.message}
        onSuccess={({ session, waitingList, awaitingApproval, alreadyRegistered }) => setDone({ session: session ?? page.session, waitingList, awaitingApproval, alreadyRegistered })}
      />
    </>
  );
}
