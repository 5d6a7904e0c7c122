import { ComingSoon } from "~/components/layout/coming-soon";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/level";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, {
    title: "Course level",
    description: "A DECODE course level: curriculum, benefits, upcoming sessions and enrollment.",
    path: location.pathname,
  });

export default function Page() {
  return <ComingSoon title="Course level" />;
}
