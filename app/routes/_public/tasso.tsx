import { CalendarDays, Check, Clock, ExternalLink, Mail } from "lucide-react";
import { useState } from "react";
import { VideoPlayer } from "~/components/media/video-player";
import { PersonAvatar } from "~/components/people/person-avatar";
import { videos } from "~/content/media";
import { tassoModules, type TassoModule } from "~/content/tasso";
import { tassoEnrolment } from "~/content/tasso-enrolment";
import { servicesContext } from "~/context.server";
import { upcomingSessionsOfKind } from "~/features/events/events.server";
import { formatSessionDate, sessionDatesSeed, shownPrice } from "~/features/events/format";
import { enrolButton } from "~/features/programmes/enrol-button";
import { listProgrammes } from "~/features/programmes/programmes.server";
import { EnrolLink } from "~/features/registrations/enrol-link";
import { LazyRegistrationDialog, preloadRegistrationDialog } from "~/features/programmes/lazy-registration-dialog";
import { useSite } from "~/hooks/use-site";
import { applyFormatSeed } from "~/lib/bounded-cache";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/tasso";

/** Spec part 2 §9: every module video's overlay says '15 mins'. */
export const MODULE_VIDEO_OVERLAY = "15 mins";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "TASSO Program",
    description: "The TASSO program: six in-person modules of guided practice for calm, focus and self-regulation. See the next session and enroll.",
    path: "/tasso",
  });

/**
 * TASSO is a programme with sessions in the database (D4): its price, features
 * and sessions come from there; the static enrolment info is the fallback when
 * the database has no TASSO programme. Only sessions that have not started are
 * read (D12).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const { programs } = await listProgrammes(db, "tasso", { search: "", page: 1, limit: 1 });
  const programme = programs[0] ?? null;
  const sessions = programme ? programme.upcomingEvents : await upcomingSessionsOfKind(db, "tasso");
  const features = programme?.enrollment_features.length ? programme.enrollment_features : [...tassoEnrolment.features];
  return {
    programme: {
      id: programme?._id ?? "tasso",
      title: programme?.title ?? "TASSO Program",
      subtitle: programme?.subtitle ?? null,
      level: programme?.level ?? null,
      priceCents: programme?.price !== null && programme?.price !== undefined ? Math.round(programme.price * 100) : tassoEnrolment.price.cents,
      currency: programme?.currency ?? tassoEnrolment.price.currency,
      features,
    },
    // The card's title and instructor travel as data: their module reads the About page's content (decision 0085).
    enrolment: { title: tassoEnrolment.title, instructor: tassoEnrolment.instructor },
    sessions,
    // The sessions' dates as the browser will show them: hydration builds no Intl formatter (decision 0088).
    formatSeed: sessionDatesSeed(sessions),
  };
}

export default function Tasso({ loaderData }: Route.ComponentProps) {
  const { site } = useSite();
  const { programme, enrolment, sessions, formatSeed } = loaderData;
  applyFormatSeed(formatSeed);
  const [open, setOpen] = useState(false);
  // TASSO's button reads 'Enroll Now' (D4); 'Register Now' belongs to DECODE levels 1 and 5.
  const button = enrolButton({
    page: "programme",
    sessions: sessions.map((s) => ({ id: s._id, externalLink: s.externalLink, full: s.availability !== "open" })),
  });
  const next = sessions.find((s) => s._id === button.preselectId) ?? sessions[0] ?? null;
  const hero = videos.programme;
  const buttonClass =
    "inline-flex min-h-12 w-full items-center justify-center rounded-full bg-brand-gradient px-8 font-semibold text-white shadow-md transition-opacity hover:opacity-95";

  return (
    <>
      <section className="bg-hero text-white">
        <div className="container-page grid items-center gap-10 pt-[calc(var(--header-height)+3rem)] pb-14 md:pt-[calc(var(--header-height)+4.5rem)] md:pb-20 lg:grid-cols-[5fr_6fr]">
          <div>
            <p className="text-sm font-semibold tracking-[0.2em] text-plum-100 uppercase">Six modules · In person</p>
            <h1 className="mt-2 text-4xl leading-tight md:text-6xl">{programme.title}</h1>
            {programme.subtitle ? <p className="mt-4 max-w-xl text-lg text-plum-50 md:text-xl">{programme.subtitle}</p> : null}
          </div>
          <VideoPlayer src={hero.src} title={`${programme.title}: ${hero.title}`} poster={hero.poster} priority captions={hero.captions} allowFullscreen sizes="(min-width: 1024px) 640px, 100vw" />
        </div>
      </section>

      {/* On small screens the enrollment card comes first, then the modules, then the other cards. */}
      <div className="container-page grid gap-8 py-12 md:py-16 lg:grid-cols-[minmax(0,2fr)_minmax(18rem,1fr)] lg:grid-rows-[auto_1fr] lg:items-start lg:gap-x-10">
        <section aria-labelledby="enrol-heading" className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-plum-100 lg:col-start-2 lg:row-start-1">
          <h2 id="enrol-heading" className="text-2xl text-plum-900">
            {enrolment.title}
          </h2>
          <p className="mt-4 font-serif text-4xl text-plum-800">{shownPrice(next, programme)}</p>
          <p className="mt-3 flex items-start gap-2 text-ink">
            <CalendarDays aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-plum-600" />
            <span>
              <span className="font-semibold">Next session: </span>
              {next ? `${formatSessionDate(next.startDate, next.timeZone)}, ${next.city}` : "To be announced"}
            </span>
          </p>
          <ul className="mt-5 space-y-2.5">
            {programme.features.map((f) => (
              <li key={f} className="flex gap-2.5 text-ink">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                <span>{f}</span>
              </li>
            ))}
          </ul>
          <div className="mt-6">
            {button.action === "open-dialog" && button.preselectId ? (
              <EnrolLink sessionId={button.preselectId} onOpen={() => setOpen(true)} onIntent={() => void preloadRegistrationDialog().catch(() => {})} className={buttonClass}>
                {button.label}
              </EnrolLink>
            ) : button.action === "external" && button.href ? (
              <a href={button.href} target="_blank" rel="noopener noreferrer" className={buttonClass}>
                {button.label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              <button type="button" disabled className={`${buttonClass} cursor-not-allowed opacity-60`}>
                {button.label}
              </button>
            )}
          </div>
        </section>
        <section aria-labelledby="modules-heading" className="lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <p className="text-sm font-semibold tracking-[0.2em] text-plum-600 uppercase">Curriculum</p>
          <h2 id="modules-heading" className="mt-2 text-3xl text-plum-900 md:text-4xl">
            Program Modules
          </h2>
          <ol className="mt-8 space-y-8">
            {tassoModules.map((m) => (
              <li key={m.id}>
                <ModuleCard module={m} />
              </li>
            ))}
          </ol>
        </section>

        <div className="space-y-6 lg:col-start-2 lg:row-start-2">

          <section aria-labelledby="questions-heading" className="rounded-2xl bg-plum-50 p-6 ring-1 ring-plum-100">
            <h2 id="questions-heading" className="text-2xl text-plum-900">
              Have Questions?
            </h2>
            <p className="mt-2 text-muted">Not sure TASSO is right for you? Write to us and we will gladly help.</p>
            <a
              href={`mailto:${site.contactEmail}`}
              className="mt-4 inline-flex min-h-12 items-center gap-2 rounded-full border border-plum-200 bg-white px-6 font-semibold text-plum-800 hover:bg-plum-100"
            >
              <Mail aria-hidden="true" className="size-5" />
              Email Us
            </a>
          </section>

          <section aria-labelledby="instructor-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-plum-100">
            <p className="text-sm font-semibold tracking-[0.15em] text-plum-600 uppercase">{enrolment.instructor.label}</p>
            <div className="mt-4 flex items-center gap-4">
              <PersonAvatar name={enrolment.instructor.name} palette={enrolment.instructor.portrait} />
              <div>
                <h2 id="instructor-heading" className="text-xl text-plum-900">
                  {enrolment.instructor.name}
                </h2>
                <p className="text-sm text-muted">Lead Instructor</p>
              </div>
            </div>
            <dl className="mt-4 space-y-3 text-sm">
              <div>
                <dt className="font-semibold text-ink">Qualification</dt>
                <dd className="text-muted">{enrolment.instructor.qualification}</dd>
              </div>
              <div>
                <dt className="font-semibold text-ink">Experience</dt>
                <dd className="text-muted">{enrolment.instructor.experience}</dd>
              </div>
            </dl>
          </section>
        </div>
      </div>

      {sessions.length > 0 ? (
        <LazyRegistrationDialog
          open={open}
          onClose={() => setOpen(false)}
          channel="decode"
          programme={{ id: programme.id, title: programme.title, level: programme.level }}
          levelName={programme.title}
          sessions={sessions}
          preselectId={button.preselectId}
        />
      ) : null}
    </>
  );
}

function ModuleCard({ module: m }: { module: TassoModule }) {
  const headingId = `module-${m.id}`;
  return (
    <article aria-labelledby={headingId} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-plum-100">
      <div className="grid gap-6 p-5 md:grid-cols-2 md:p-7">
        <div>
          <div className="flex items-center gap-3">
            <span className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-gradient font-serif text-lg font-semibold text-white" aria-hidden="true">
              {m.id}
            </span>
            <div>
              <h3 id={headingId} className="text-xl leading-snug text-plum-900">
                <span className="sr-only">Module {m.id}: </span>
                {m.title}
              </h3>
              <p className="mt-0.5 flex items-center gap-1.5 text-sm text-muted">
                <Clock aria-hidden="true" className="size-4" />
                {m.duration}
              </p>
            </div>
          </div>
          <p className="mt-4 text-ink">{m.description}</p>
        </div>
        <VideoPlayer src={m.video.src} title={`Module ${m.id}: ${m.title}`} poster={m.thumbnail} captions={m.video.captions} thumbnailText={MODULE_VIDEO_OVERLAY} sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw" />
      </div>
      <div className="grid gap-6 border-t border-plum-100 bg-sand-50 p-5 md:grid-cols-2 md:p-7">
        <div>
          <h4 className="font-serif text-lg text-plum-900">What You&apos;ll Learn</h4>
          <ul className="mt-3 space-y-2">
            {m.learningPoints.map((p) => (
              <li key={p} className="flex gap-2.5 text-ink">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-plum-600" />
                <span>{p}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h4 className="font-serif text-lg text-plum-900">Resources</h4>
          <ul className="mt-3 space-y-2">
            {m.resources.map((r) => (
              <li key={r.url}>
                <a href={r.url} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-6 items-start gap-1.5 font-semibold text-plum-700 underline underline-offset-2 hover:text-plum-900">
                  {r.name}
                  <ExternalLink aria-hidden="true" className="mt-1 size-4 shrink-0" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </article>
  );
}
