import { useEffect, useState } from "react";
import { data, useLocation, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { VideoPlayer } from "~/components/media/video-player";
import { PersonAvatar } from "~/components/people/person-avatar";
import { familyConstellation as copy } from "~/content/family-constellation";
import { familyFacilitator } from "~/content/family-facilitator";
import { videos } from "~/content/media";
import { servicesContext } from "~/context.server";
import { LazyBookingDialog } from "~/features/bookings/lazy-booking-dialog";
import { listFamilySessions } from "~/features/bookings/bookings.server";
import { listCancelledUpcoming } from "~/features/calendar/calendar.server";
import type { EventJson } from "~/features/events/events.server";
import { sessionDatesSeed } from "~/features/events/format";
import { FamilySessionsTable } from "~/features/bookings/family-sessions-table";
import { eventJsonLd } from "~/features/bookings/event-jsonld";
import { requestedSessionId } from "~/features/bookings/open-request";
import { applyFormatSeed } from "~/lib/bounded-cache";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/family-constellation";

/**
 * Server-rendered: upcoming sessions (D12) with live seats, and their schema.org
 * Events, made here so that their code stays out of the browser's JavaScript
 * (the page's budget); a database failure is the page's error state, not a 500.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger, config } = context.get(servicesContext);
  try {
    // Canceled sessions are for the Event data only, never in the table (decision 0077).
    const [{ events }, cancelled] = await Promise.all([
      listFamilySessions(db, { search: "", page: 1, limit: 50 }),
      listCancelledUpcoming(db, { kind: "family", limit: 50 }),
    ]);
    const url = `${config.publicUrl}/family-constellation`;
    // A canceled session is named as EventCancelled, without an offer.
    const jsonLd = [...events, ...cancelled].map((s) => eventJsonLd(s, { url, orgName: config.site.orgName, description: copy.lead }));
    // The facilitator travels as data: their module reads the About page's content (decision 0085).
    // The dates as the browser will show them: hydration builds no Intl formatter (decision 0088).
    return { sessions: events, jsonLd, facilitator: familyFacilitator, failed: false, formatSeed: sessionDatesSeed(events) };
  } catch (error) {
    logger.error({ err: error }, "family sessions could not be read");
    // A 503, as the calendar's: the page cache never keeps this state, and while the database is out the
    // outage page answers instead (decision 0033).
    return data(
      { sessions: [] as EventJson[], jsonLd: [] as ReturnType<typeof eventJsonLd>[], facilitator: familyFacilitator, failed: true, formatSeed: null },
      { status: 503 },
    );
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  return [
    ...pageMeta(matches, {
      title: "Family Constellation",
      description: "Family Constellation sessions across the USA: dates in each venue's local time, seats left, and booking online.",
      path: "/family-constellation",
    }),
    ...(loaderData?.jsonLd ?? []).map((event) => ({ "script:ld+json": event })),
  ];
};

export default function FamilyConstellation({ loaderData }: Route.ComponentProps) {
  const { sessions, facilitator, failed, formatSeed } = loaderData;
  applyFormatSeed(formatSeed);
  const revalidator = useRevalidator();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [openId, setOpenId] = useState<string | null>(null);
  const hero = videos.programme;

  // `?id=…&modal=true` or the calendar's navigation state opens the dialog, once the page can show it.
  const requested = requestedSessionId(params, location.state);
  useEffect(() => {
    // oxlint-disable-next-line react/set-state-in-effect -- a modal <dialog> can only open in the browser
    if (requested) setOpenId(requested);
  }, [requested]);

  const session = sessions.find((s) => s._id === openId) ?? null;
  const close = () => {
    setOpenId(null);
    // Closing forgets the request, so a reload does not reopen the dialog.
    if (params.get("modal") || location.state) {
      const next = new URLSearchParams(params);
      next.delete("id");
      next.delete("modal");
      if (next.toString() !== params.toString()) setParams(next, { replace: true, preventScrollReset: true });
      else void navigate(`${location.pathname}${location.search}`, { replace: true, state: null, preventScrollReset: true });
    }
  };

  return (
    <>
      <section className="bg-hero text-white">
        <div className="container-page grid items-center gap-10 pt-[calc(var(--header-height)+3rem)] pb-14 md:pt-[calc(var(--header-height)+4.5rem)] md:pb-20 lg:grid-cols-[5fr_6fr]">
          <div>
            <p className="text-sm font-semibold tracking-[0.2em] text-plum-100 uppercase">{copy.eyebrow}</p>
            <h1 className="mt-2 text-4xl leading-tight md:text-6xl">{copy.title}</h1>
            <p className="mt-4 max-w-xl text-lg text-plum-50 md:text-xl">{copy.lead}</p>
          </div>
          <VideoPlayer src={hero.src} title={`${copy.title}: ${hero.title}`} poster={hero.poster} priority captions={hero.captions} allowFullscreen sizes="(min-width: 1024px) 640px, 100vw" />
        </div>
      </section>

      <div className="container-page grid gap-10 py-12 md:py-16 lg:grid-cols-[minmax(0,3fr)_minmax(16rem,2fr)] lg:items-start">
        <section aria-labelledby="about-heading">
          <h2 id="about-heading" className="text-3xl text-plum-900 md:text-4xl">
            About Family Constellation
          </h2>
          {copy.about.map((p) => (
            <p key={p} className="mt-4 text-lg leading-8 text-ink">
              {p}
            </p>
          ))}
        </section>
        <section aria-labelledby="facilitator-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-plum-100">
          <p className="text-sm font-semibold tracking-[0.15em] text-plum-600 uppercase">Your Facilitator</p>
          <div className="mt-4 flex items-center gap-4">
            <PersonAvatar name={facilitator.name} palette={facilitator.portrait} />
            <div>
              <h2 id="facilitator-heading" className="text-xl text-plum-900">
                {facilitator.name}
              </h2>
              <p className="text-sm text-muted">{facilitator.credentials}</p>
            </div>
          </div>
          <p className="mt-2 text-sm font-semibold text-ink">{facilitator.role}</p>
          <p className="mt-3 leading-7 text-ink">{facilitator.bio}</p>
        </section>
      </div>

      <section aria-labelledby="sessions-heading" className="bg-sand-100 py-12 md:py-16">
        <div className="container-page">
          <h2 id="sessions-heading" className="text-3xl text-plum-900 md:text-4xl">
            {copy.tableTitle}
          </h2>
          <FamilySessionsTable
            sessions={sessions}
            failed={failed}
            loading={revalidator.state === "loading"}
            onRetry={() => void revalidator.revalidate()}
            onBook={setOpenId}
          />
          <p className="mt-4 text-sm text-muted">{copy.footnote}</p>
        </div>
      </section>

      <LazyBookingDialog open={session !== null} onClose={close} session={session} />
    </>
  );
}
