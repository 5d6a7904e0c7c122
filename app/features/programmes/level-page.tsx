import { Award, CalendarDays, Check, Clock, Mail, MapPin, Sparkles, Target } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { PersonAvatar } from "~/components/people/person-avatar";
import { formatSessionWhen, keepTimesWhole, PRICE_NOT_AVAILABLE, shownPrice, VENUE_TBD } from "~/features/events/format";
import { useSite } from "~/hooks/use-site";
import { EnrolAction } from "./enrol-action";
import { NO_SESSIONS_ALERT } from "./enrol-button";
import { LazyRegistrationDialog } from "./lazy-registration-dialog";
import type { LevelView } from "./level-page.server";
import { initialDialog, panelButton, sessionRow } from "./level-rules";
import { UpcomingSessions } from "./upcoming-sessions";

const richText =
  "space-y-3 text-ink [&_a]:font-semibold [&_a]:text-plum-700 [&_a]:underline [&_h2]:font-serif [&_h2]:text-xl [&_h3]:font-serif [&_h3]:text-lg [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5";

const kindName: Record<LevelView["kind"], string> = { decode: "DECODE", hypnotherapy: "Integrated Clinical Hypnotherapy" };

const ICH_NUMERALS = ["I", "II", "III", "IV", "V"];

/**
 * "Level 2" for DECODE; ICH names its levels I to V, as its titles do ("Level I:
 * Foundations"). An ICH program past V (Born Again) is a course of its own, not
 * a level: null, as for a program with no level.
 */
function levelLabel(view: Pick<LevelView, "kind" | "level">): string | null {
  if (view.level === null) return null;
  if (view.kind === "decode") return `Level ${view.level}`;
  const numeral = ICH_NUMERALS[view.level - 1];
  return numeral ? `Level ${numeral}` : null;
}

function Eyebrow({ children }: { children: string }) {
  return <p className="text-sm font-semibold tracking-[0.2em] text-plum-600 uppercase">{children}</p>;
}

function CheckList({ items, tone = "plum" }: { items: string[]; tone?: "plum" | "success" }) {
  return (
    <ul className="space-y-2.5">
      {items.map((item) => (
        <li key={item} className="flex gap-2.5 text-ink">
          <Check aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${tone === "success" ? "text-success" : "text-plum-600"}`} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

function Section({ id, eyebrow, title, children }: { id: string; eyebrow?: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className="scroll-mt-[calc(var(--header-height)+1rem)]">
      {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
      <h2 id={`${id}-heading`} className="mt-1 text-3xl text-plum-900">
        {title}
      </h2>
      <div className="mt-6">{children}</div>
    </section>
  );
}

/**
 * A DECODE or ICH level / programme page (spec part 2 §2.2): sections 1 to 8
 * in order, the side panel (section 9) beside them from 1024 px, and the
 * registration dialog, which opens from any enrol button, from `?modal`, or
 * from the calendar's navigation state (decision 0010).
 */
export function LevelPage({ view }: { view: LevelView }) {
  const { site } = useSite();
  const location = useLocation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<{ open: boolean; preselectId: string | null }>({ open: false, preselectId: null });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const button = panelButton({ page: view.page, level: view.level, sessions: view.sessions, selectedId });
  const label = levelLabel(view);
  const canRegister = view.programmeId !== null && view.sessions.some((s) => s.availability === "open");

  const open = (sessionId: string) => {
    setSelectedId(sessionId);
    setDialog({ open: true, preselectId: sessionId });
  };

  // On arrival: `?modal`, `?date` and the calendar's state (read once; the state is then cleared so Back or a reload does not reopen it).
  useEffect(() => {
    const init = initialDialog(new URLSearchParams(location.search), location.state, view.sessions);
    if (init.preselectId) setSelectedId(init.preselectId);
    if (init.open) {
      if (!canRegister) setBlocked(true);
      else setDialog({ open: true, preselectId: init.preselectId ?? button.preselectId ?? null });
    }
    if (location.state) void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null, preventScrollReset: true });
    // Only on arrival: later changes come from the visitor.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const shownId = selectedId ?? button.preselectId ?? null;
  const next = view.sessions.find((s) => s._id === shownId) ?? view.sessions[0] ?? null;
  const nextRow = next ? sessionRow(next) : null;
  // The shown session's price (the one its panel says), else the programme's.
  const price = shownPrice(next, view);
  const buttonClass =
    "inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-brand-gradient px-8 font-semibold text-white shadow-md transition-opacity hover:opacity-95";

  return (
    <>
      {/* 1. Hero */}
      <section className="bg-hero text-white">
        <div className="container-page pt-[calc(var(--header-height)+3rem)] pb-14 md:pt-[calc(var(--header-height)+4.5rem)] md:pb-20">
          <p className="text-sm font-semibold tracking-[0.2em] text-plum-100 uppercase">
            {label === null ? kindName[view.kind] : `${kindName[view.kind]} · ${label}`}
          </p>
          {view.subtitle1 ? <p className="mt-3 font-serif text-lg text-plum-50 italic">{view.subtitle1}</p> : null}
          <h1 className="mt-2 max-w-4xl text-4xl leading-tight md:text-5xl">{view.title}</h1>
          {view.subtitle ? <p className="mt-4 max-w-2xl text-lg text-plum-50">{view.subtitle}</p> : null}
          <ul className="mt-7 flex flex-wrap gap-3 text-sm font-semibold" aria-label="At a glance">
            <li className="inline-flex items-center gap-2 rounded-full bg-white/15 px-4 py-2 ring-1 ring-white/25">
              <Clock aria-hidden="true" className="size-4" />
              <span>
                <span className="sr-only">Duration: </span>
                {view.duration}
              </span>
            </li>
            <li className="inline-flex items-center gap-2 rounded-full bg-white/15 px-4 py-2 ring-1 ring-white/25">
              <Award aria-hidden="true" className="size-4" />
              <span>
                <span className="sr-only">Certification: </span>
                {view.certification}
              </span>
            </li>
          </ul>
          <a href="#sessions" className="mt-8 inline-flex min-h-12 items-center rounded-full bg-white px-7 font-semibold text-plum-900 shadow-md hover:bg-plum-50">
            See upcoming sessions
          </a>
        </div>
      </section>

      {/* One column below lg that never grows past the page: a wide sessions table scrolls inside its box. */}
      <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-12 py-12 md:py-16 lg:grid-cols-[minmax(0,2fr)_minmax(18rem,1fr)] lg:items-start lg:gap-x-12">
        <div className="min-w-0 space-y-14">
          {/* 2. Learning sections (rich text from the database, sanitised: S4) */}
          {view.learningSections.length ? (
            <Section id="learn" eyebrow="Program" title="What You'll Learn">
              <div className="grid gap-5 md:grid-cols-2">
                {view.learningSections.map((s) => (
                  <article key={s.id} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-plum-100">
                    <h3 className="font-serif text-xl text-plum-900">{s.title}</h3>
                    {/* Sanitised on the server when saved and again when read (S4). */}
                    <div className={`mt-3 ${richText}`} dangerouslySetInnerHTML={{ __html: s.html }} />
                  </article>
                ))}
              </div>
            </Section>
          ) : null}

          {/* 3. Course benefits */}
          {view.immediateBenefits.length || view.longTermBenefits.length ? (
            <Section id="benefits" eyebrow="Outcomes" title="Course Benefits">
              <div className="grid gap-5 md:grid-cols-2">
                <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-plum-100">
                  <h3 className="flex items-center gap-2 font-serif text-xl text-plum-900">
                    <Target aria-hidden="true" className="size-5 text-plum-600" />
                    Immediate Practical Applications
                  </h3>
                  <div className="mt-4">
                    <CheckList items={view.immediateBenefits} />
                  </div>
                </div>
                <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-plum-100">
                  <h3 className="flex items-center gap-2 font-serif text-xl text-plum-900">
                    <Sparkles aria-hidden="true" className="size-5 text-plum-600" />
                    Long-Term Transformational Outcomes
                  </h3>
                  <div className="mt-4">
                    <CheckList items={view.longTermBenefits} />
                  </div>
                </div>
              </div>
            </Section>
          ) : null}

          {/* 4. Curriculum, two columns */}
          {view.curriculum.length ? (
            <Section id="curriculum" eyebrow="Curriculum" title="Curriculum Overview">
              <ol className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-plum-100 md:columns-2 md:gap-x-8">
                {view.curriculum.map((topic, i) => (
                  <li key={topic} className="mb-3 flex break-inside-avoid items-start gap-3 text-ink last:mb-0">
                    <span aria-hidden="true" className="grid size-7 shrink-0 place-items-center rounded-full bg-plum-100 text-sm font-semibold text-plum-800">
                      {i + 1}
                    </span>
                    <span className="pt-0.5">{topic}</span>
                  </li>
                ))}
              </ol>
            </Section>
          ) : null}

          {/* 5 and 6. Who should attend; prerequisites */}
          {view.whoShouldAttend.length ? (
            <Section id="audience" title="Who Should Attend">
              <CheckList items={view.whoShouldAttend} />
            </Section>
          ) : null}
          {view.prerequisites.length ? (
            <Section id="prerequisites" title="Prerequisites">
              <CheckList items={view.prerequisites} />
            </Section>
          ) : null}

          {/* 7. Upcoming workshop: only when the level has session details */}
          {view.sessionDetails ? (
            <Section id="workshop" eyebrow="Next workshop" title="Upcoming Workshop">
              <dl className="grid gap-5 rounded-2xl bg-plum-50 p-6 ring-1 ring-plum-100 sm:grid-cols-2">
                <div>
                  <dt className="font-semibold text-plum-900">Date &amp; Time</dt>
                  <dd className="mt-1 text-ink">
                    {next ? keepTimesWhole(formatSessionWhen(next.startDate, next.endDate, next.timeZone)) : (view.sessionDetails.date ?? "Date TBD")}
                    {view.sessionDetails.time ? <span className="block text-muted">{keepTimesWhole(view.sessionDetails.time)}</span> : null}
                  </dd>
                </div>
                <div>
                  <dt className="font-semibold text-plum-900">Venue</dt>
                  <dd className="mt-1 text-ink">{next?.venue ? `${next.venue}, ${next.city}` : view.sessionDetails.venue}</dd>
                </div>
                {view.sessionDetails.registration ? (
                  <div>
                    <dt className="font-semibold text-plum-900">Registration</dt>
                    <dd className="mt-1 text-ink">
                      {view.sessionDetails.registration}{" "}
                      <a href={`mailto:${site.contactEmail}`} className="font-semibold text-plum-700 underline underline-offset-2">
                        {site.contactEmail}
                      </a>
                    </dd>
                  </div>
                ) : null}
                {view.sessionDetails.discount_note ? (
                  <div>
                    <dt className="font-semibold text-plum-900">Discount</dt>
                    <dd className="mt-1 text-ink">{view.sessionDetails.discount_note}</dd>
                  </div>
                ) : null}
              </dl>
            </Section>
          ) : null}

          {/* 8. Upcoming sessions */}
          <Section id="sessions" eyebrow="Dates" title="Upcoming Sessions">
            <UpcomingSessions sessions={view.sessions} selectedId={shownId} onSelect={setSelectedId} onOpen={open} />
          </Section>
        </div>

        {/* 9. Side panel */}
        <aside aria-label="Enrollment" className="space-y-6 lg:sticky lg:top-[calc(var(--header-height)+1.5rem)]">
          <section aria-labelledby="enrol-heading" className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-plum-100">
            <h2 id="enrol-heading" className="text-2xl text-plum-900">
              {label === null ? "Enroll in this Program" : `Enroll in ${label}`}
            </h2>
            {view.requires ? (
              <p className="mt-3 rounded-xl bg-plum-50 p-4 text-sm text-ink ring-1 ring-plum-100" data-testid="required-level">
                <span className="font-semibold text-plum-900">
                  Requires{" "}
                  {view.requires.path ? (
                    <Link to={view.requires.path} className="text-plum-800 underline underline-offset-2 hover:text-plum-900">
                      {view.requires.name}
                    </Link>
                  ) : (
                    view.requires.name
                  )}
                </span>
                . Completed it with another school? Tell us when you register.
              </p>
            ) : null}
            {nextRow ? (
              <div className="mt-4 rounded-xl bg-sand-50 p-4 ring-1 ring-plum-100" data-testid="next-session">
                <p className="text-xs font-semibold tracking-[0.15em] text-plum-600 uppercase">Next session</p>
                <p className="mt-1 font-semibold text-ink">{nextRow.name}</p>
                <p className="mt-2 flex items-start gap-2 text-sm text-ink">
                  <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-plum-600" />
                  <span>
                    {nextRow.date}
                    <span className="block text-muted">{keepTimesWhole(nextRow.time)}</span>
                  </span>
                </p>
                <p className="mt-2 flex items-start gap-2 text-sm text-ink">
                  <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-plum-600" />
                  <span>
                    {nextRow.location}
                    <span className="block text-muted">{nextRow.venue || VENUE_TBD}</span>
                  </span>
                </p>
                <p className="mt-2 text-sm font-semibold text-ink">
                  {nextRow.price}
                  {nextRow.seats ? <span className="font-normal text-muted"> · {nextRow.seats}</span> : null}
                </p>
              </div>
            ) : (
              <div className="mt-4 rounded-xl bg-sand-50 p-4 ring-1 ring-plum-100" data-testid="next-session">
                <p className="font-semibold text-plum-900">Coming Soon</p>
                <p className="mt-1 text-sm text-muted">New dates for this level will be announced soon.</p>
              </div>
            )}
            {/* No price is no figure: said in plain words, not set in the price's large type. */}
            <p className={price === PRICE_NOT_AVAILABLE ? "mt-5 text-base font-semibold text-muted" : "mt-5 font-serif text-4xl text-plum-800"}>
              {price}
              {view.priceNote ? <span className="ml-2 font-sans text-base text-muted">{view.priceNote}</span> : null}
            </p>
            {view.features.length ? (
              <div className="mt-5">
                <CheckList items={view.features} tone="success" />
              </div>
            ) : null}
            <div className="mt-6">
              {/* Named apart from the header's Register Now (to the calendar) in a list of links: this one enrolls here. */}
              <EnrolAction button={button} onOpen={open} onBlocked={() => setBlocked(true)} className={buttonClass} srSuffix={`: ${view.title}`} />
            </div>
            <div aria-live="polite">
              {blocked ? (
                <p role="alert" className="mt-4 rounded-xl bg-plum-50 p-4 text-sm text-ink ring-1 ring-plum-200">
                  {NO_SESSIONS_ALERT}
                </p>
              ) : null}
            </div>
          </section>

          <section aria-labelledby="questions-heading" className="rounded-2xl bg-plum-50 p-6 ring-1 ring-plum-100">
            <h2 id="questions-heading" className="text-2xl text-plum-900">
              Have Questions?
            </h2>
            <p className="mt-2 text-muted">Not sure this level is right for you? Write to us and we will gladly help.</p>
            <a
              href={`mailto:${site.contactEmail}`}
              className="mt-4 inline-flex min-h-12 items-center gap-2 rounded-full border border-plum-200 bg-white px-6 font-semibold text-plum-800 hover:bg-plum-100"
            >
              <Mail aria-hidden="true" className="size-5" />
              Email Us
            </a>
          </section>

          {view.instructors.map((p) => (
            <section key={p.name} aria-label={`Instructor: ${p.name}`} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-plum-100">
              <div className="flex items-center gap-4">
                <PersonAvatar name={p.name} palette={p.portrait} />
                <div>
                  <h2 className="text-xl text-plum-900">{p.name}</h2>
                  <p className="text-sm text-muted">{p.role}</p>
                </div>
              </div>
              <p className="mt-4 text-sm font-semibold text-ink">{p.credentials}</p>
              <p className="mt-1 text-sm text-muted">{p.experience}</p>
              <p className="mt-3 text-sm text-ink">{p.bio}</p>
            </section>
          ))}
        </aside>
      </div>

      {/* Mounted whether or not a seat is left: the seat a registration takes may be the last, and the dialog then still shows its confirmation. */}
      {view.programmeId ? (
        <LazyRegistrationDialog
          open={dialog.open}
          onClose={() => {
            setDialog((d) => ({ ...d, open: false }));
            // Closing forgets the address's request (`?modal`, `?date`), so a reload or a shared link does not reopen it.
            const kept = new URLSearchParams(location.search);
            if (kept.has("modal") || kept.has("date")) {
              kept.delete("modal");
              kept.delete("date");
              const search = kept.toString();
              void navigate({ pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash }, { replace: true, preventScrollReset: true });
            }
          }}
          channel={view.kind === "decode" ? "decode" : "hypnotherapy"}
          programme={{ id: view.programmeId, title: view.title, level: view.level }}
          levelName={view.title}
          sessions={view.sessions}
          preselectId={dialog.preselectId ?? undefined}
        />
      ) : null}
    </>
  );
}
