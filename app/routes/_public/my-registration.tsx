import { useCallback, useRef } from "react";
import { data, redirect, useParams } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { CancelActions, LINK_NOT_VALID, LinkNotValid, PRIVATE_HEADERS, privateMeta, SeatFacts, sessionWhen, StatusBadge, YourData } from "~/features/private-links/private-page";
import { servicesContext } from "~/context.server";
import { formatPrice, keepTimesWhole, sessionDatesSeed } from "~/features/events/format";
import { applyFormatSeed } from "~/lib/bounded-cache";
import { cancelByAccessToken, findByAccessToken, requestErasureByAccessToken } from "~/features/registrations/access.server";
import { offerSeatsNow } from "~/features/waiting-list/offers.server";
import { siteFrom } from "~/lib/meta";
import { BadRequest, readForm } from "~/lib/http.server";
import type { Route } from "./+types/my-registration";
import { useFocusWhenAnswered } from "~/hooks/use-route-focus";

/**
 * A registrant's private page (issue 11): what they registered for, the
 * calendar file, and cancelling. Reached only through the link in their mail;
 * a wrong, malformed or expired token gets the same "not valid" page. Never
 * indexed, never cached, and no referrer leaves it (PRIVATE_HEADERS, shared
 * with a booker's page, decision 0087).
 */
export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const found = await findByAccessToken(context.get(servicesContext).db, params.token);
  if (!found) return data({ registration: null }, { status: 404, headers: PRIVATE_HEADERS });
  const { registration: r, event, programmeTitle } = found;
  const url = new URL(request.url);
  return data(
    {
      registration: {
        firstName: r.first_name,
        nameOnCertificate: r.name_on_certificate,
        email: r.email,
        cancelled: r.status === "cancelled",
        /** Staff cancelled the session itself (decision 0032). */
        sessionCancelled: event.status === "Cancelled",
        registeredOn: r.created_at,
        programme: programmeTitle ?? event.title,
        session: event.title,
        startsAt: event.starts_at,
        endsAt: event.ends_at,
        timeZone: event.time_zone,
        place: [event.venue, event.city].filter(Boolean).join(", "),
        price: event.price_cents === null ? null : formatPrice(event.price_cents, event.currency),
        started: Date.parse(event.starts_at) <= Date.now(),
        erasureRequested: r.erasure_requested_at !== null,
      },
      // The dates as the browser will show them: hydration builds no Intl formatter (decision 0088).
      formatSeed: sessionDatesSeed([{ startDate: event.starts_at, endDate: event.ends_at, timeZone: event.time_zone }]),
      confirming: url.searchParams.get("step") === "cancel",
      justCancelled: url.searchParams.get("cancelled") === "1",
      justAskedErasure: url.searchParams.get("erasure") === "1",
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  let form: Record<string, string>;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof BadRequest) return data({ error: error.message }, { status: error.status, headers: PRIVATE_HEADERS });
    throw error;
  }
  if (form.intent === "erase") {
    const asked = await requestErasureByAccessToken(context.get(servicesContext), params.token);
    if (asked === "not-found") return data({ error: LINK_NOT_VALID }, { status: 404, headers: PRIVATE_HEADERS });
    throw redirect(`/my-registration/${params.token}?erasure=1`, { headers: PRIVATE_HEADERS });
  }
  if (form.intent !== "cancel") return data({ error: "Unknown request." }, { status: 400, headers: PRIVATE_HEADERS });
  const services = context.get(servicesContext);
  const found = await findByAccessToken(services.db, params.token);
  const outcome = await cancelByAccessToken(services, params.token);
  // The freed seat goes to the waiting list at once (newcomers cannot take it meanwhile: waiting entries count as taken).
  // The cancel has committed: a failure here leaves the seat to the periodic job and still says it is canceled.
  if (outcome === "cancelled" && found) {
    await offerSeatsNow(services, found.event.id).catch((error: unknown) => services.logger.error({ err: error }, "waiting-list offer after a cancel failed"));
  }
  if (outcome === "not-found") return data({ error: LINK_NOT_VALID }, { status: 404, headers: PRIVATE_HEADERS });
  if (outcome === "session-cancelled") {
    return data({ error: "This session has been canceled by the organizers, so there is nothing left to cancel." }, { status: 409, headers: PRIVATE_HEADERS });
  }
  if (outcome === "started") {
    return data(
      { error: "This session has already started, so the registration can no longer be canceled here. Please contact us." },
      { status: 409, headers: PRIVATE_HEADERS },
    );
  }
  // Cancelled now or before: show the page in its cancelled state.
  throw redirect(`/my-registration/${params.token}?cancelled=1`, { headers: PRIVATE_HEADERS });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => privateMeta(siteFrom(matches)?.orgName, loaderData?.registration ? "Your registration" : "Link not valid");

export default function MyRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const { registration } = loaderData;
  if ("formatSeed" in loaderData) applyFormatSeed(loaderData.formatSeed);
  const { token = "" } = useParams();
  const cancelledRef = useRef<HTMLParagraphElement>(null);
  const focusCancelled = useCallback(() => cancelledRef.current?.focus(), []);
  // The question and its buttons are gone once canceled: the answer takes the focus.
  const justCancelled = Boolean(registration && "justCancelled" in loaderData && loaderData.justCancelled);
  useFocusWhenAnswered(justCancelled, focusCancelled);
  if (!registration) return <LinkNotValid />;
  const when = sessionWhen(registration.startsAt, registration.endsAt, registration.timeZone);
  const facts: Array<[string, string]> = [
    ["Program", registration.programme],
    ["Session", registration.session],
    ["Date and time", keepTimesWhole(when)],
    ["Venue", registration.place],
    ["Price", registration.price ?? "See the program page"],
    ["Name on certificate", registration.nameOnCertificate],
    ["Email", registration.email],
  ];
  return (
    <>
      <PageHero eyebrow="Your registration" title={registration.programme}>
        <p>{keepTimesWhole(when)}</p>
      </PageHero>
      <div className="container-page py-10 md:py-14">
        <section aria-labelledby="registration-heading" className="mx-auto max-w-2xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-plum-100 sm:p-8">
          <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
            <h2 id="registration-heading" className="text-2xl text-plum-900 md:text-3xl">
              {registration.cancelled ? "Registration canceled" : `Hello, ${registration.firstName}`}
            </h2>
            <StatusBadge cancelled={registration.cancelled || registration.sessionCancelled} sessionCancelled={registration.sessionCancelled && !registration.cancelled} />
          </div>
          {registration.sessionCancelled && !registration.cancelled ? (
            <p role="status" className="mb-6 rounded-xl bg-plum-50 p-4 text-plum-900">
              This session has been canceled by the organizers. We have emailed you about it; write to us if you would like a place in another session.
            </p>
          ) : registration.cancelled ? (
            <p
              ref={cancelledRef}
              tabIndex={-1}
              role="status"
              // A long email address breaks rather than run past a phone's edge.
              className="mb-6 rounded-xl bg-plum-50 p-4 text-plum-900 outline-none [overflow-wrap:anywhere] focus-visible:ring-2 focus-visible:ring-plum-500"
            >
              {loaderData.justCancelled
                ? `Your registration is canceled and your seat has been released. A confirmation is on its way to ${registration.email}.`
                : "This registration was canceled. Its seat has been released."}
            </p>
          ) : (
            <p className="mb-6 text-plum-800">Your seat in this session is confirmed. Keep this page private: its address is your key to it.</p>
          )}
          <SeatFacts facts={facts} />
          {registration.cancelled || registration.sessionCancelled ? null : (
            <CancelActions
              noun="registration"
              calendarHref={`/my-registration/${token}/calendar.ics`}
              confirming={loaderData.confirming}
              started={registration.started}
              session={registration.session}
              error={actionData?.error}
            />
          )}
        </section>
        <YourData
          details="your name, contact details, date of birth, addresses and photos from this registration"
          requested={registration.erasureRequested}
          justAsked={loaderData.justAskedErasure}
          canCancel={!(registration.cancelled || registration.sessionCancelled || registration.started)}
        />
      </div>
    </>
  );
}
