import { ComingSoon } from "~/components/layout/coming-soon";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/family-constellation";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Family Constellation",
    description: "Family Constellation sessions: dates, venues and seat booking.",
    path: "/family-constellation",
  });

export default function Page() {
  return <ComingSoon title="Family Constellation" />;
}
