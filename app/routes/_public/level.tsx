import { servicesContext } from "~/context.server";
import { levelPageResult, loadStaticLevelPage } from "~/features/programmes/level-page.server";
import { LevelPageScreen } from "~/features/programmes/level-page-screen";
import { levelClientLoader, levelMeta } from "~/features/programmes/level-route";
import { staticLevelNumber } from "~/features/programmes/level-rules";
import type { Route } from "./+types/level";

/** /level/{1-5} and /level-one … /level-four: a DECODE level; any other number is 'Level Not Found'. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const n = staticLevelNumber(new URL(request.url).pathname, params.levelNumber);
  return levelPageResult(services, "level", async () => (n === null ? null : loadStaticLevelPage(services.db, n)));
}

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) => levelClientLoader(request, serverLoader);

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  levelMeta(matches, loaderData, {
    title: "Course level",
    description: "A DECODE course level: curriculum, benefits, upcoming sessions and enrollment.",
    path: location.pathname,
  });

export default function Level({ loaderData }: Route.ComponentProps) {
  return <LevelPageScreen data={loaderData} />;
}
