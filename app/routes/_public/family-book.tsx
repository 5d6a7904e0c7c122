import { ArrowLeft } from "lucide-react";
import { ALREADY_REGISTERED } from "~/features/events/seats";
import { useState } from "react";
import { data, Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { ToastHost } from "~/components/ui/toasts";
import { requestContext, servicesContext } from "~/context.server";
import { BookingForm, sessionWhen, type BookingValues } from "~/features/bookings/booking-form";
import { BOOKING_INVALID, getFamilySession, submitBooking } from "~/features/bookings/bookings.server";
import { acceptedWords, RegistrationConfirmation, type Accepted } from "~/features/registrations/registration-confirmation";
import { keepTimesWhole, sessionDatesSeed } from "~/features/events/format";
import { useSite } from "~/hooks/use-site";
import { applyFormatSeed } from "~/lib/bounded-cache";
import { BadRequest, readSubmission } from "~/lib/http.server";
import { pageMeta } from "~/lib/meta";
import { refuse, wasRefused } from "~/lib/refusal.server";
import type { Route } from "./+types/family-book";

/** The booking form as a page: for visitors without JavaScript (the table's Enroll Now links here). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const session = await getFamilySession(context.get(servicesContext).db, params.sessionId);
  if (!session || session.availability === "past") return data({ session: null }, { status: 404 });
  // The dates as the browser will show them: hydration builds no Intl formatter (decision 0088).
  return { session, formatSeed: sessionDatesSeed([session]), refused: wasRefused(context) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  // The head is made before the page: its date needs the seed first.
  if (loaderData && "formatSeed" in loaderData) applyFormatSeed(loaderData.formatSeed);
  return pageMeta(matches, {
    title: loaderData?.session ? `Book: Family Constellation, ${loaderData.session.city}` : "Session not found",
    description: loaderData?.session ? `Book a seat: Family Constellation, ${loaderData.session.city}, ${sessionWhen(loaderData.session)}.` : "This session does not exist or has already started.",
    path: `/family-constellation/book/${encodeURIComponent(params.sessionId)}`,
    noindex: true,
    refused: loaderData !== undefined && "refused" in loaderData && loaderData.refused,
  });
};

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => (actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders);

type ActionResult = { ok: true; waitingList?: boolean; alreadyRegistered?: boolean } | { ok: false; message: string | null; errors: Record<string, string | undefined>; values: Partial<BookingValues> };

const flag = (v: unknown) => typeof v === "string" && ["true", "on", "1", "yes"].includes(v.toLowerCase());
const text = (v: unknown) => (typeof v === "string" ? v : "");

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  let submission;
  try {
    submission = await readSubmission(request);
  } catch (e) {
    if (e instanceof BadRequest) return refuse<ActionResult>(context, { ok: false, message: e.message, errors: {}, values: {} }, { status: e.status });
    throw e;
  }
  const v = submission.values;
  const values: Partial<BookingValues> = {
    fullName: text(v.fullName),
    email: text(v.email),
    phone: text(v.phone),
    termsAndCondition: flag(v.termsAndCondition),
    communicationPreferences: flag(v.communicationPreferences),
  };
  // The session is the page's, whatever the post says.
  const outcome = await submitBooking(services, context.get(requestContext), { ...v, programId: params.sessionId });
  switch (outcome.status) {
    case "waiting":
      return data<ActionResult>({ ok: true, waitingList: true }, { status: 201 });
    case "created":
      return data<ActionResult>({ ok: true }, { status: 201 });
    case "invalid":
      return refuse<ActionResult>(context, { ok: false, message: BOOKING_INVALID, errors: outcome.errors, values }, { status: 400 });
    case "refused":
      // Sent again (a reload of the answer, a second click) after the first went through: said as the success it was.
      if (outcome.message === ALREADY_REGISTERED) return data<ActionResult>({ ok: true, alreadyRegistered: true }, { status: 200 });
      return refuse<ActionResult>(context, { ok: false, message: outcome.message, errors: {}, values }, { status: outcome.code });
    case "rate-limited":
      return refuse<ActionResult>(context, { ok: false, message: outcome.message, errors: {}, values }, { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } });
  }
}

export default function FamilyBook({ loaderData, actionData }: Route.ComponentProps) {
  const { site } = useSite();
  const { session } = loaderData;
  if (!session) {
    return (
      <PageHero title="Session not found">
        <p>This session does not exist or has already started. See the upcoming Family Constellation sessions.</p>
        <Link to="/family-constellation" className="mt-6 inline-flex min-h-12 items-center rounded-full bg-white px-6 font-semibold text-plum-900 hover:bg-plum-50">
          Family Constellation
        </Link>
      </PageHero>
    );
  }
  const failed = actionData && !actionData.ok ? actionData : null;
  return (
    <>
      <ToastHost />
      <PageHero eyebrow={session.availability === "full" ? "Join the Waiting List" : "Book Your Seat"} title="Family Constellation">
        <p>
          {session.city} · {keepTimesWhole(sessionWhen(session))}
        </p>
      </PageHero>
      <div className="container-page py-10 md:py-14">
        {/* The way back lines up with the form it leads away from. */}
        <div className="mx-auto max-w-3xl">
          <Link to="/family-constellation" className="mb-6 inline-flex min-h-11 items-center gap-2 font-semibold text-plum-700 underline-offset-2 hover:underline">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Family Constellation
          </Link>
          <section aria-labelledby="book-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-plum-100 sm:p-8">
            <BookSection key={actionData ? JSON.stringify(actionData) : "form"} session={session} booked={actionData?.ok === true ? { waitingList: actionData.waitingList, alreadyRegistered: actionData.alreadyRegistered } : null} failed={failed} contactEmail={site.contactEmail} />
          </section>
        </div>
      </div>
    </>
  );
}

function BookSection({
  session,
  booked,
  failed,
  contactEmail,
}: {
  session: NonNullable<Route.ComponentProps["loaderData"]["session"]>;
  booked: Accepted | null;
  failed: Extract<ActionResult, { ok: false }> | null;
  contactEmail: string;
}) {
  const [done, setDone] = useState(booked);
  if (done) {
    return (
      <RegistrationConfirmation
        contactEmail={contactEmail}
        session={session}
        headingId="book-heading"
        {...acceptedWords(done, contactEmail)}
      />
    );
  }
  return (
    <>
      <h2 id="book-heading" className="mb-6 text-2xl text-plum-900 md:text-3xl">
        Your details
      </h2>
      <BookingForm session={session} initial={failed?.values} serverErrors={failed?.errors} serverMessage={failed?.message} onSuccess={(_message, waitingList, alreadyRegistered) => setDone({ waitingList, alreadyRegistered })} />
    </>
  );
}
