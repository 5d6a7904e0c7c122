import { ComingSoon } from "~/components/layout/coming-soon";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/tasso";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "TASSO",
    description: "The TASSO programme: six modules, upcoming sessions and enrolment.",
    path: "/tasso",
  });

export default function Page() {
  return <ComingSoon title="TASSO" />;
}
