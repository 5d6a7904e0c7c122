import { ArrowRight, Clock } from "lucide-react";
import { Link, data } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { servicesContext } from "~/context.server";
import { normaliseProgramme } from "~/features/programmes/normalise";
import { ichListKind } from "~/features/programmes/programme-list";
import { listProgrammes } from "~/features/programmes/programmes.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/ich-levels";

/**
 * /ich/levels: the spec shows no content here (part 2 §1). It is a short index
 * of the ICH levels, each linking to its page, in the order /ich shows them;
 * /ich is the page with the full cards (decision 0011).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.get(servicesContext);
  try {
    const { programs } = await listProgrammes(db, "hypnotherapy", { search: "", page: 1, limit: 50 });
    const levels = programs.map((p) => normaliseProgramme(p as unknown as Record<string, unknown>)).toReversed();
    return { levels: levels.map(({ id, title, duration }) => ({ id, title, duration })), failed: false };
  } catch (error) {
    logger.error({ err: error }, "ICH levels could not be read");
    return data({ levels: [], failed: true }, { status: 503 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Hypnotherapy levels",
    description: "Every level of our Integrated Clinical Hypnotherapy training at a glance, with a link to each level's details and sessions.",
    path: "/ich/levels",
  });

export default function IchLevels({ loaderData }: Route.ComponentProps) {
  const { levels, failed } = loaderData;
  return (
    <>
      <PageHero eyebrow="Integrated Clinical Hypnotherapy" title="Hypnotherapy levels">
        <p>Every level of the program at a glance. Open a level for its curriculum, upcoming sessions and enrollment.</p>
      </PageHero>
      <section aria-label="Levels" className="py-16 md:py-20">
        <div className="container-page max-w-3xl">
          {failed ? (
            <div role="alert" className="rounded-3xl bg-white p-10 text-center ring-1 ring-red-200">
              <h2 className="text-2xl text-plum-900">{ichListKind.errorTitle}</h2>
              <p className="mt-2 text-muted">Please reload the page in a moment.</p>
            </div>
          ) : levels.length === 0 ? (
            <div className="rounded-3xl bg-white p-10 text-center ring-1 ring-plum-100">
              <h2 className="text-2xl text-plum-900">{ichListKind.emptyTitle}</h2>
              <p className="mt-2 text-muted">{ichListKind.emptyText}</p>
            </div>
          ) : (
            <ol className="divide-y divide-plum-100 rounded-3xl bg-white shadow-sm ring-1 ring-plum-100">
              {levels.map((l) => (
                <li key={l.id} className="first:rounded-t-3xl last:rounded-b-3xl">
                  <Link
                    to={`${ichListKind.levelPath}${encodeURIComponent(l.id)}`}
                    className="group flex items-center justify-between gap-4 rounded-[inherit] px-6 py-5 hover:bg-plum-50 md:px-8"
                  >
                    <span>
                      <span className="block font-serif text-xl text-plum-900 group-hover:underline">{l.title}</span>
                      <span className="mt-1 flex items-center gap-2 text-sm text-muted">
                        <Clock aria-hidden="true" className="size-4 text-plum-600" />
                        {l.duration ?? "TBD"}
                      </span>
                    </span>
                    <ArrowRight aria-hidden="true" className="size-5 shrink-0 text-plum-600 transition-transform group-hover:translate-x-1" />
                  </Link>
                </li>
              ))}
            </ol>
          )}
          <p className="mt-8 text-center">
            <Link to="/ich" className="inline-block min-h-6 font-semibold text-plum-700 underline underline-offset-4 hover:text-plum-900">
              See every program with its preview video
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
