import { CheckCircle2, Clock } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { servicesContext } from "~/context.server";
import { formatSessionDate, formatSessionWhen, formatTimeRange, keepTimesWhole } from "~/features/events/format";
import { confirmOffer, findConfirmedOffer, findOffer } from "~/features/waiting-list/offers.server";
import { AWAITING_APPROVAL_HEADING, AWAITING_APPROVAL_TEXT } from "~/features/prerequisites/rules";
import { siteFrom } from "~/lib/meta";
import type { Route } from "./+types/waiting-list-offer";
import { whileBusy } from "~/components/ui/submit-button";
import { focusMainHeading, useFocusWhenAnswered } from "~/hooks/use-route-focus";
import { usePostPending } from "~/hooks/use-settled-action";

/**
 * 'Confirm my seat' (issue 11 point 1): the page a waiting-list offer's mail
 * links to. The token is the key, so the page is private like a registration's:
 * never cached or indexed, no referrer; a wrong, used or lapsed link all look
 * the same.
 */
const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex, nofollow" };
// Said the same for a wrong, a lapsed and an already confirmed link (the token alone must not tell which).
const NOT_VALID = "This offer link is not valid, has expired or has already been used.";

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const { db } = context.get(servicesContext);
  if (search.get("confirmed") === "1") {
    // Said only while the link's entry holds its seat: not for a made-up, lapsed or withdrawn link.
    const confirmed = await findConfirmedOffer(db, params.token);
    if (confirmed) return data({ offer: null, confirmed: true, booking: confirmed.kind === "family-booking", awaitingApproval: confirmed.awaitingApproval }, { headers: PRIVATE_HEADERS });
    return data({ offer: null, confirmed: false, booking: false, awaitingApproval: false }, { status: 404, headers: PRIVATE_HEADERS });
  }
  const offer = await findOffer(db, params.token);
  if (!offer) return data({ offer: null, confirmed: false, booking: false, awaitingApproval: false }, { status: 404, headers: PRIVATE_HEADERS });
  const e = offer.event;
  return data(
    {
      offer: {
        name: offer.name,
        email: offer.email,
        session: e.title,
        when: formatSessionWhen(e.starts_at, e.ends_at, e.time_zone, " · "),
        place: [e.venue, e.city].filter(Boolean).join(", "),
        // At the venue, with its zone, as the offer's mail says it: '26th Nov 2026 at 8:15 AM PST'.
        holdUntil: `${formatSessionDate(offer.expiresAt, e.time_zone)} at ${formatTimeRange(offer.expiresAt, null, e.time_zone)}`,
      },
      confirmed: false,
      booking: false,
      awaitingApproval: false,
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function action({ params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const outcome = await confirmOffer(services, params.token);
  if (outcome === "not-found") {
    // Sent again (a second press before the page's script ran, a retry after a lost answer, another tab): the seat
    // this link confirmed is answered as the confirmation it was, not as an invalid link (decision 0108).
    if (await findConfirmedOffer(services.db, params.token)) throw redirect(`/waiting-list/${params.token}?confirmed=1`, { headers: PRIVATE_HEADERS });
    return data({ error: NOT_VALID }, { status: 404, headers: PRIVATE_HEADERS });
  }
  // The token is spent: the confirmation page no longer needs it.
  throw redirect(`/waiting-list/${params.token}?confirmed=1`, { headers: PRIVATE_HEADERS });
}

/**
 * Read again after every Confirm, a refused one (404) included, which React Router would otherwise not
 * reload: the title then follows the heading ("Link not valid") rather than keep "A seat is free for you".
 */
export const shouldRevalidate = () => true;

/** The page's title says what its heading says: a link that opens nothing is not titled as an offer. */
function titleOf(d: { offer: unknown; confirmed: boolean; awaitingApproval: boolean } | undefined): string {
  if (d?.confirmed) return d.awaitingApproval ? AWAITING_APPROVAL_HEADING : "Your seat is confirmed";
  return d?.offer ? "A seat is free for you" : "Link not valid";
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const orgName = siteFrom(matches)?.orgName;
  const title = titleOf(loaderData);
  return [
    { title: orgName ? `${title} | ${orgName}` : title },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "same-origin" },
  ];
};

export default function WaitingListOffer({ loaderData, actionData }: Route.ComponentProps) {
  const busy = usePostPending();
  // Confirming turns this page into another on the same address, the button pressed gone: its heading takes the focus.
  const answered = loaderData.confirmed ? "confirmed" : actionData?.error ? "refused" : null;
  useFocusWhenAnswered(answered, focusMainHeading);
  if (loaderData.confirmed && loaderData.awaitingApproval) {
    return (
      <PageHero eyebrow="Waiting list" title={AWAITING_APPROVAL_HEADING}>
        <p className="inline-flex items-center gap-2">
          <CheckCircle2 aria-hidden="true" className="size-5 shrink-0" />
          {AWAITING_APPROVAL_TEXT}
        </p>
      </PageHero>
    );
  }
  if (loaderData.confirmed) {
    return (
      <PageHero eyebrow="Waiting list" title="Your seat is confirmed">
        <p className="inline-flex items-start gap-2">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {loaderData.booking
            ? "Thank you! Your confirmation, with the calendar file and your booking's private link, is on its way by email."
            : "Thank you! Your confirmation, with the calendar file and your registration's private link, is on its way by email."}
        </p>
      </PageHero>
    );
  }
  const { offer } = loaderData;
  if (!offer || actionData?.error) {
    return (
      <PageHero title="Link not valid">
        <p>
          {actionData?.error ?? NOT_VALID} Offers hold a seat for a limited time; after that it passes to the next person waiting. If you
          already confirmed your seat, the email that confirmed it has the details.
        </p>
        <Link to="/contact-us" className="mt-6 inline-flex min-h-12 items-center rounded-full bg-white px-6 font-semibold text-plum-900 hover:bg-plum-50">
          Contact Us
        </Link>
      </PageHero>
    );
  }
  return (
    <>
      <PageHero eyebrow="Waiting list" title="A seat is free for you">
        <p>{offer.session}</p>
      </PageHero>
      <div className="container-page py-10 md:py-14">
        <section aria-labelledby="offer-heading" className="mx-auto max-w-2xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-plum-100 sm:p-8">
          <h2 id="offer-heading" className="text-2xl text-plum-900 md:text-3xl">
            Hello, {offer.name}
          </h2>
          <p className="mt-3 inline-flex items-start gap-2 rounded-xl bg-plum-50 p-4 text-plum-900">
            <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>We hold this seat for you until {keepTimesWhole(offer.holdUntil)}. Confirm it to take it.</span>
          </p>
          <dl className="mt-6 grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
            {(
              [
                ["Session", offer.session],
                ["Date and time", keepTimesWhole(offer.when)],
                ["Venue", offer.place],
                ["Email", offer.email],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-semibold text-plum-700">{label}</dt>
                <dd className="text-plum-950 [overflow-wrap:anywhere]">{value}</dd>
              </div>
            ))}
          </dl>
          <Form method="post" replace discover="none" className="mt-8 border-t border-plum-100 pt-6">
            <button
              type="submit"
              {...whileBusy(busy)}
              className="inline-flex min-h-12 items-center rounded-full bg-brand-gradient px-8 font-semibold text-white shadow-md hover:opacity-95 aria-disabled:opacity-60"
            >
              {busy ? "Confirming..." : "Confirm my seat"}
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}
