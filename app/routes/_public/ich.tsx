import { Suspense } from "react";
import { Await, data } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { servicesContext } from "~/context.server";
import { courseItemListJsonLd } from "~/features/programmes/item-list-jsonld";
import { normaliseProgramme } from "~/features/programmes/normalise";
import { FETCH_FAILED, ProgrammeList, ProgrammeSkeletons, fetchProgrammes, ichListKind } from "~/features/programmes/programme-list";
import { listProgrammes } from "~/features/programmes/programmes.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import type { Route } from "./+types/ich";

type ListResult = { programs: Record<string, unknown>[] | null; error: string | null };

/** First load: read on the server, so the cards are in the HTML (no loading flash). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.get(servicesContext);
  try {
    const { programs } = await listProgrammes(db, "hypnotherapy", { search: "", page: 1, limit: 50 });
    return { programs: programs as unknown as Record<string, unknown>[], error: null, pending: null };
  } catch (error) {
    logger.error({ err: error }, "ICH programmes could not be read");
    return data({ programs: null, error: FETCH_FAILED, pending: null }, { status: 503 });
  }
}

/**
 * Later visits in the browser read the public API (GET /api/hypnotherapy/user)
 * without holding the navigation: the page opens at once with skeleton cards,
 * which the list replaces when it arrives. The promise never rejects.
 */
export function clientLoader() {
  return { programs: null, error: null, pending: fetchProgrammes(ichListKind) as Promise<ListResult> };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const courses = (loaderData?.programs ?? []).map((p) => normaliseProgramme(p)).toReversed();
  const itemList = courseItemListJsonLd(courses, "/ich/level/", siteFrom(matches));
  return [
    ...pageMeta(matches, {
      title: "Integrated Clinical Hypnotherapy",
      description:
        "Integrated Clinical Hypnotherapy (ICH): an in-person certification path from the foundations of hypnosis to master practitioner level.",
      path: "/ich",
    }),
    ...(itemList ? [{ "script:ld+json": itemList }] : []),
  ];
};

export default function Ich({ loaderData }: Route.ComponentProps) {
  const { programs, error, pending } = loaderData;
  return (
    <>
      <PageHero eyebrow="Professional certification" title="Integrated Clinical Hypnotherapy">
        <p>
          A step-by-step path into clinical hypnotherapy, taught in person by experienced practitioners. Begin with the foundations of trance and
          suggestion, then grow into client work, regression and parts therapy, and on to master practice and teaching.
        </p>
        <p className="mt-3 text-base text-plum-100">Each level builds on the one before and ends with a certificate you can practice under.</p>
      </PageHero>

      <section aria-labelledby="ich-programs-heading" className="py-16 md:py-24">
        <div className="container-page">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold tracking-[0.2em] text-plum-600 uppercase">Programs</p>
            <h2 id="ich-programs-heading" className="mt-2 text-3xl text-plum-900 md:text-4xl">
              Choose your program
            </h2>
            <p className="mt-4 text-lg text-muted">Start with Level I and build, one level at a time, toward master practice.</p>
          </div>
          <div className="mx-auto mt-12 max-w-6xl">
            {pending ? (
              <Suspense fallback={<ProgrammeSkeletons />}>
                <Await resolve={pending}>{(result) => <IchList programs={result.programs} error={result.error} />}</Await>
              </Suspense>
            ) : (
              <IchList programs={programs} error={error} />
            )}
          </div>
        </div>
      </section>
    </>
  );
}

function IchList({ programs, error }: ListResult) {
  // A new answer (a revalidation, another visit) starts the list afresh.
  return (
    <ProgrammeList
      key={error ?? (programs ?? []).map((p) => String(p._id)).join()}
      initial={programs}
      initialError={error ?? undefined}
      kind={ichListKind}
    />
  );
}
