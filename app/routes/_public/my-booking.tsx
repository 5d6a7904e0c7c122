import { useCallback, useRef } from "react";
import { data, redirect, useParams } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { servicesContext } from "~/context.server";
import { cancelBookingByToken, findBookingByToken, requestBookingErasureByToken } from "~/features/bookings/booking-access.server";
import { formatPrice, keepTimesWhole, sessionDatesSeed } from "~/features/events/format";
import { applyFormatSeed } from "~/lib/bounded-cache";
import { CancelActions, LINK_NOT_VALID, LinkNotValid, PRIVATE_HEADERS, privateMeta, SeatFacts, sessionWhen, StatusBadge, YourData } from "~/features/private-links/private-page";
import { offerSeatsNow } from "~/features/waiting-list/offers.server";
import { useFocusWhenAnswered } from "~/hooks/use-route-focus";
import { BadRequest, readForm } from "~/lib/http.server";
import { siteFrom } from "~/lib/meta";
import type { Route } from "./+types/my-booking";

/**
 * A Family Constellation booker's private page (decision 0087), as a
 * registrant's (decision 0019): the booking, its calendar file, and
 * cancelling after being asked once more. Reached only through a link in a
 * mail about the seat; a wrong, malformed or expired token gets the same "not
 * valid" page as a registration's. Never indexed, never cached, no referrer.
 */
export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const found = await findBookingByToken(context.get(servicesContext).db, params.token);
  if (!found) return data({ booking: null }, { status: 404, headers: PRIVATE_HEADERS });
  const { booking: b, event } = found;
  const url = new URL(request.url);
  return data(
    {
      booking: {
        fullName: b.full_name,
        email: b.email,
        cancelled: b.status === "cancelled",
        /** Staff canceled the session itself (decision 0032). */
        sessionCancelled: event.status === "Cancelled",
        session: event.title,
        startsAt: event.starts_at,
        endsAt: event.ends_at,
        timeZone: event.time_zone,
        place: [event.venue, event.city].filter(Boolean).join(", "),
        facilitator: event.facilitator ?? "To be announced",
        price: event.price_cents === null ? "To be confirmed" : formatPrice(event.price_cents, event.currency),
        started: Date.parse(event.starts_at) <= Date.now(),
        erasureRequested: b.erasure_requested_at !== null,
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
  const services = context.get(servicesContext);
  if (form.intent === "erase") {
    // The booker's erasure request (decision 0089): staff carry it out; asked twice, the page says it is asked.
    const asked = await requestBookingErasureByToken(services, params.token);
    if (asked === "not-found") return data({ error: LINK_NOT_VALID }, { status: 404, headers: PRIVATE_HEADERS });
    throw redirect(`/my-booking/${params.token}?erasure=1`, { headers: PRIVATE_HEADERS });
  }
  if (form.intent !== "cancel") return data({ error: "Unknown request." }, { status: 400, headers: PRIVATE_HEADERS });
  const { outcome, eventId } = await cancelBookingByToken(services, params.token);
  // The freed seat goes to the waiting list at once (newcomers cannot take it meanwhile: waiting entries count as taken).
  // The cancel has committed: a failure here leaves the seat to the periodic job and still says it is canceled.
  if (outcome === "cancelled" && eventId) {
    await offerSeatsNow(services, eventId).catch((error: unknown) => services.logger.error({ err: error }, "waiting-list offer after a cancel failed"));
  }
  if (outcome === "not-found") return data({ error: LINK_NOT_VALID }, { status: 404, headers: PRIVATE_HEADERS });
  if (outcome === "session-cancelled") {
    return data({ error: "This session has been canceled by the organizers, so there is nothing left to cancel." }, { status: 409, headers: PRIVATE_HEADERS });
  }
  if (outcome === "started") {
    return data({ error: "This session has already started, so the booking can no longer be canceled here. Please contact us." }, { status: 409, headers: PRIVATE_HEADERS });
  }
  if (outcome === "not-holding") {
    return data({ error: "This booking does not hold a seat, so there is nothing to cancel. Please contact us." }, { status: 409, headers: PRIVATE_HEADERS });
  }
  // Canceled now or before: show the page in its canceled state.
  throw redirect(`/my-booking/${params.token}?cancelled=1`, { headers: PRIVATE_HEADERS });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => privateMeta(siteFrom(matches)?.orgName, loaderData?.booking ? "Your booking" : "Link not valid");

export default function MyBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { booking } = loaderData;
  if ("formatSeed" in loaderData) applyFormatSeed(loaderData.formatSeed);
  const { token = "" } = useParams();
  const cancelledRef = useRef<HTMLParagraphElement>(null);
  const focusCancelled = useCallback(() => cancelledRef.current?.focus(), []);
  // The question and its buttons are gone once canceled: the answer takes the focus.
  const justCancelled = Boolean(booking && "justCancelled" in loaderData && loaderData.justCancelled);
  useFocusWhenAnswered(justCancelled, focusCancelled);
  if (!booking) return <LinkNotValid />;
  const when = sessionWhen(booking.startsAt, booking.endsAt, booking.timeZone);
  // As the booking's confirmation states them (bookingMails).
  const facts: Array<[string, string]> = [
    ["Session", booking.session],
    ["Date and time", keepTimesWhole(when)],
    ["Location", booking.place],
    ["Facilitator", booking.facilitator],
    ["Price", booking.price],
    ["Name", booking.fullName],
    ["Email", booking.email],
  ];
  return (
    <>
      <PageHero eyebrow="Your booking" title={booking.session}>
        <p>{keepTimesWhole(when)}</p>
      </PageHero>
      <div className="container-page py-10 md:py-14">
        <section aria-labelledby="booking-heading" className="mx-auto max-w-2xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-plum-100 sm:p-8">
          <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
            <h2 id="booking-heading" className="text-2xl text-plum-900 [overflow-wrap:anywhere] md:text-3xl">
              {booking.cancelled ? "Booking canceled" : `Hello, ${booking.fullName}`}
            </h2>
            <StatusBadge cancelled={booking.cancelled || booking.sessionCancelled} sessionCancelled={booking.sessionCancelled && !booking.cancelled} />
          </div>
          {booking.sessionCancelled && !booking.cancelled ? (
            <p role="status" className="mb-6 rounded-xl bg-plum-50 p-4 text-plum-900">
              This session has been canceled by the organizers. We have emailed you about it; write to us if you would like a seat in another session.
            </p>
          ) : booking.cancelled ? (
            <p
              ref={cancelledRef}
              tabIndex={-1}
              role="status"
              className="mb-6 rounded-xl bg-plum-50 p-4 text-plum-900 outline-none [overflow-wrap:anywhere] focus-visible:ring-2 focus-visible:ring-plum-500"
            >
              {loaderData.justCancelled
                ? `Your booking is canceled and your seat has been released. A confirmation is on its way to ${booking.email}.`
                : "This booking was canceled. Its seat has been released."}
            </p>
          ) : (
            <p className="mb-6 text-plum-800">Your seat in this session is booked. Keep this page private: its address is your key to it.</p>
          )}
          <SeatFacts facts={facts} />
          {booking.cancelled || booking.sessionCancelled ? null : (
            <CancelActions
              noun="booking"
              calendarHref={`/my-booking/${token}/calendar.ics`}
              confirming={loaderData.confirming}
              started={booking.started}
              session={booking.session}
              error={actionData?.error}
            />
          )}
        </section>
        <YourData
          details="your name and contact details from this booking"
          requested={booking.erasureRequested}
          justAsked={"justAskedErasure" in loaderData && loaderData.justAskedErasure}
          canCancel={!(booking.cancelled || booking.sessionCancelled || booking.started)}
        />
      </div>
    </>
  );
}
