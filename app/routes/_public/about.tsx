import { ComingSoon } from "~/components/layout/coming-soon";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "About",
    description: "Our vision, mission, directors, USA team and affiliations.",
    path: "/about",
  });

export default function Page() {
  return <ComingSoon title="About" />;
}
