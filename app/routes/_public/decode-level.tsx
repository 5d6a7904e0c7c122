import { servicesContext } from "~/context.server";
import { levelPageResult, loadProgrammePage } from "~/features/programmes/level-page.server";
import { LevelPageScreen } from "~/features/programmes/level-page-screen";
import { levelClientLoader, levelMeta } from "~/features/programmes/level-route";
import { levelRef } from "~/features/programmes/level-rules";
import type { Route } from "./+types/decode-level";

/** /decode/level/{id} (and /decode/level?level=n): read on the server, so the first paint has the page. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const ref = levelRef(params.id, new URL(request.url).searchParams);
  return levelPageResult(services, "program", () => loadProgrammePage(services.db, "decode", ref));
}

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) => levelClientLoader(request, serverLoader);

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  levelMeta(matches, loaderData, {
    title: "DECODE level",
    description: "A DECODE level: what you will learn, upcoming sessions and enrollment.",
    path: location.pathname,
  });

export default function DecodeLevel({ loaderData }: Route.ComponentProps) {
  return <LevelPageScreen data={loaderData} />;
}
