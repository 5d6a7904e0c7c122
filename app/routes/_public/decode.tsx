import { ChevronDown, Play } from "lucide-react";
import { useState } from "react";
import { data } from "react-router";
import { VideoDialog } from "~/components/media/video-dialog";
import { servicesContext } from "~/context.server";
import { decodeFaqs } from "~/content/decode-faq";
import { videos } from "~/content/media";
import { listProgrammes } from "~/features/programmes/programmes.server";
import { normaliseProgramme } from "~/features/programmes/normalise";
import { courseItemListJsonLd } from "~/features/programmes/item-list-jsonld";
import { FETCH_FAILED, ProgrammeList, decodeListKind, fetchProgrammes } from "~/features/programmes/programme-list";
import { pageMeta, siteFrom } from "~/lib/meta";
import type { Route } from "./+types/decode";

type LoaderResult = { programs: Record<string, unknown>[] | null; error: string | null };

/** First load: read on the server, so the cards are in the HTML. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.get(servicesContext);
  try {
    const { programs } = await listProgrammes(db, "decode", { search: "", page: 1, limit: 50 });
    return { programs: programs as unknown as Record<string, unknown>[], error: null } satisfies LoaderResult;
  } catch (error) {
    logger.error({ err: error }, "DECODE programmes could not be read");
    return data({ programs: null, error: FETCH_FAILED } satisfies LoaderResult, { status: 503 });
  }
}

/** Later visits in the browser read the public API, as the spec's client does (§4.6). */
export async function clientLoader(): Promise<LoaderResult> {
  return fetchProgrammes(decodeListKind);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const courses = (loaderData?.programs ?? []).map((p) => normaliseProgramme(p)).toReversed();
  const itemList = courseItemListJsonLd(courses, "/decode/level/", siteFrom(matches));
  return [
    ...pageMeta(matches, {
      title: "DECODE",
      description: "DECODE: transform your mind, behavior, relationships and blueprint in five practical, in-person levels across the USA.",
      path: "/decode",
    }),
    ...(itemList ? [{ "script:ld+json": itemList }] : []),
  ];
};

export default function Decode({ loaderData }: Route.ComponentProps) {
  return <DecodePage programs={loaderData.programs} error={loaderData.error ?? undefined} />;
}

function DecodePage({ programs, error }: { programs: Record<string, unknown>[] | null; error?: string }) {
  const [overlayOpen, setOverlayOpen] = useState(false);
  // The overlay is rendered from its first opening on.
  const [overlayUsed, setOverlayUsed] = useState(false);
  const v = videos.decodeOverlay;
  return (
    <>
      <section className="relative isolate overflow-hidden bg-hero text-white">
        <div className="container-page grid items-center gap-10 pt-[calc(var(--header-height)+3.5rem)] pb-16 md:grid-cols-[3fr_2fr] md:pt-[calc(var(--header-height)+5rem)] md:pb-24">
          <div>
            <p className="text-sm font-semibold tracking-[0.25em] text-plum-200 uppercase">Five levels · In person</p>
            <h1 className="mt-3 text-6xl tracking-tight md:text-7xl lg:text-8xl">DECODE</h1>
            <p className="mt-5 max-w-xl text-xl text-plum-50 md:text-2xl">Transform your Mind, Behavior, Relationships, and Blueprint</p>
          </div>
          <div className="flex items-center gap-5 pl-3 md:justify-center md:pl-0">
            <button
              type="button"
              onClick={() => {
                setOverlayUsed(true);
                setOverlayOpen(true);
              }}
              aria-label="Play the DECODE introduction video"
              className="group grid size-24 shrink-0 place-items-center rounded-full bg-white text-plum-800 shadow-2xl ring-[12px] ring-white/20 transition-transform hover:scale-105 md:size-32"
            >
              <Play aria-hidden="true" className="ml-1.5 size-10 fill-current md:size-12" />
            </button>
            <p className="text-plum-100 md:hidden">Watch the introduction</p>
          </div>
        </div>
      </section>

      {overlayUsed ? (
        <VideoDialog open={overlayOpen} onClose={() => setOverlayOpen(false)} title={v.title} src={v.src} poster={v.poster} captions={v.captions} variant="overlay">
          <div className="text-center">
            <p className="font-serif text-2xl">An introduction to DECODE</p>
            <p className="mt-1 text-plum-200">The full introduction takes 15 mins: how the five levels fit together and who each one is for.</p>
          </div>
        </VideoDialog>
      ) : null}

      <section aria-labelledby="programmes-heading" className="py-16 md:py-24">
        <div className="container-page">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold tracking-[0.2em] text-plum-600 uppercase">Programs</p>
            <h2 id="programmes-heading" className="mt-2 text-3xl text-plum-900 md:text-4xl">
              Choose your level
            </h2>
            <p className="mt-4 text-lg text-muted">Start at Level 1, or join the masterclass for parents, teachers and caregivers.</p>
          </div>
          <div className="mt-12">
            <ProgrammeList key={error ?? (programs ?? []).map((p) => String(p._id)).join()} initial={programs} initialError={error} />
          </div>
        </div>
      </section>

      <section aria-labelledby="faq-heading" className="bg-plum-50 py-16 md:py-24">
        <div className="container-page grid gap-10 md:grid-cols-[2fr_3fr]">
          {/* The leaf stands in the flow beside (375) or below (768+) the header, so nothing crops it. */}
          <div className="flex items-start justify-between gap-6 md:flex-col md:justify-start">
            <div>
              <h2 id="faq-heading" className="text-4xl text-plum-900 md:text-5xl">
                FAQs
              </h2>
              <p className="mt-3 text-lg text-muted">Answers to what you&apos;re thinking.</p>
            </div>
            <LeafArt />
          </div>
          <div className="divide-y divide-plum-200 rounded-3xl bg-white px-6 ring-1 ring-plum-100 md:px-8">
            {decodeFaqs.map((f) => (
              <details key={f.question} className="group py-1">
                <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-3 text-lg font-semibold text-ink [&::-webkit-details-marker]:hidden">
                  {f.question}
                  <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-plum-600 transition-transform group-open:rotate-180" />
                </summary>
                <p className="pb-5 text-muted">{f.answer}</p>
              </details>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}

/** The decorative leaf beside the FAQs, drawn inline (nothing to download). */
function LeafArt() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 200 260" data-testid="leaf-art" className="h-28 w-auto shrink-0 text-plum-200 md:mt-6 md:h-72">
      <path d="M100 250C40 200 20 130 50 60 70 20 100 10 100 10s30 10 50 50c30 70 10 140-50 190Z" fill="currentColor" opacity="0.6" />
      <path d="M100 250V30M100 90l-28-22M100 130l-36-26M100 170l-30-22M100 110l30-24M100 150l34-26M100 190l26-20" stroke="#fff" strokeWidth="3" strokeLinecap="round" fill="none" opacity="0.8" />
    </svg>
  );
}
