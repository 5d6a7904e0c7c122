import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Await, data } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { servicesContext } from "~/context.server";
import { listCancelledUpcoming, listOpenEvents } from "~/features/calendar/calendar.server";
import {
  FETCH_EVENTS_FAILED,
  fetchCalendar,
  pageFrom,
  programFilterFrom,
  type CalendarPage,
  type ProgramFilter as Filter,
} from "~/features/calendar/calendar-data";
import { CalendarSkeleton } from "~/features/calendar/calendar-skeleton";
import { EventCalendar } from "~/features/calendar/event-calendar";
import { eventsJsonLd } from "~/features/calendar/event-jsonld";
import { ProgramFilter } from "~/features/calendar/program-filter";
import { CALENDAR_DEFAULT_LIMIT } from "~/features/calendar/limits";
import { sessionDatesSeed } from "~/features/events/format";
import { applyFormatSeed } from "~/lib/bounded-cache";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/schedule";

type Loaded = { result: CalendarPage | null; error: string | null };

function filterOf(request: Request) {
  const url = new URL(request.url);
  return { program: programFilterFrom(url.searchParams.get("program")), page: pageFrom(url.searchParams.get("page")) };
}

/**
 * First paint: the list is read on the server, so the sessions are in the HTML,
 * with their schema.org Events, made here so that their code stays out of the
 * browser's JavaScript (the page's budget; the data is public either way).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, logger, config } = context.get(servicesContext);
  const { program, page } = filterOf(request);
  try {
    const kind = program === "all" ? undefined : program;
    // Canceled sessions are for the Event data only, on the first page (the canonical /schedule), never in the table.
    const [result, cancelled] = await Promise.all([
      listOpenEvents(db, { search: "", page, limit: CALENDAR_DEFAULT_LIMIT }, kind),
      page === 1 ? listCancelledUpcoming(db, { kind, limit: CALENDAR_DEFAULT_LIMIT }) : [],
    ]);
    // A canceled session is named as EventCancelled, without an offer (decision 0077).
    const jsonLd = eventsJsonLd([...result.events, ...cancelled], {
      pageUrl: `${config.publicUrl}/schedule`,
      orgName: config.site.orgName,
      orgUrl: config.publicUrl,
    });
    // The dates as the browser will show them, so that hydration builds no Intl formatter (decision 0088).
    return { result: result as CalendarPage, jsonLd, error: null, pending: null, program, formatSeed: sessionDatesSeed(result.events) };
  } catch (error) {
    logger.error({ err: error }, "the event calendar could not be read");
    return data({ result: null, jsonLd: null, error: FETCH_EVENTS_FAILED, pending: null, program, formatSeed: null }, { status: 503 });
  }
}

/**
 * Later visits and filter changes in the browser read the public API (GET
 * /api/events/open, or /type/{type}) without holding the navigation: the page
 * opens at once with the skeleton, which the list replaces. Never rejects.
 */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { program, page } = filterOf(request);
  return { result: null, jsonLd: null, error: null, pending: fetchCalendar(program, page) as Promise<Loaded>, program, formatSeed: null };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const graph = loaderData?.jsonLd;
  return [
    ...pageMeta(matches, {
      title: "Event Calendar",
      description: "Upcoming sessions, workshops and trainings with dates, venues and fees.",
      path: "/schedule",
    }),
    ...(graph ? [{ "script:ld+json": graph }] : []),
  ];
};

export default function Schedule({ loaderData }: Route.ComponentProps) {
  const { result, error, pending, program, formatSeed } = loaderData;
  applyFormatSeed(formatSeed);
  // One live region for the page's whole life: the list under it is made anew for each filter. The
  // status the page arrived with is on screen already and is not read out; every later one is.
  const [announcement, setAnnouncement] = useState("");
  const arrived = useRef(false);
  const announce = useCallback((text: string) => {
    if (!arrived.current) {
      arrived.current = true;
      return;
    }
    setAnnouncement(text);
  }, []);
  return (
    <>
      <PageHero eyebrow="Schedule" title="Event Calendar">
        <p>
          Every upcoming DECODE, hypnotherapy, Family Constellation and TASSO session in one place, with its date and time where it is held, the
          venue, the fees and the seats still free.
        </p>
      </PageHero>

      <section aria-labelledby="upcoming-heading" className="py-12 md:py-16">
        <div className="container-page">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="upcoming-heading" className="text-3xl text-plum-900 md:text-4xl">
              Upcoming Events
            </h2>
            <ProgramFilter current={program} />
          </div>
          <p className="sr-only" aria-live="polite">
            {announcement}
          </p>
          <div className="mt-6">
            {pending ? (
              <Suspense fallback={<Pending onAnnounce={announce} />}>
                <Await resolve={pending}>{(r) => <Calendar {...r} program={program} onAnnounce={announce} />}</Await>
              </Suspense>
            ) : (
              <Calendar result={result} error={error} program={program} onAnnounce={announce} />
            )}
          </div>
          <p className="mt-6 text-sm text-muted">Times are shown in each venue's local time zone.</p>
        </div>
      </section>
    </>
  );
}

function Calendar({ result, error, program, onAnnounce }: Loaded & { program: Filter; onAnnounce: (text: string) => void }) {
  // A new answer (a filter, another visit) starts the list afresh.
  const key = `${program}:${result?.currentPage ?? 0}:${error ?? (result?.events ?? []).map((e) => e._id).join()}`;
  return <EventCalendar key={key} initial={result} initialError={error} program={program} onAnnounce={onAnnounce} />;
}

function Pending({ onAnnounce }: { onAnnounce: (text: string) => void }) {
  useEffect(() => onAnnounce("Loading events…"), [onAnnounce]);
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted">Loading events…</p>
        <button
          type="button"
          disabled
          className="inline-flex min-h-11 cursor-not-allowed items-center rounded-full bg-white px-5 text-sm font-semibold text-plum-800 opacity-60 ring-1 ring-plum-200"
        >
          Refresh
        </button>
      </div>
      <div className="mt-4">
        <CalendarSkeleton />
      </div>
    </div>
  );
}
