import { ComingSoon } from "~/components/layout/coming-soon";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/ich-levels";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Hypnotherapy levels",
    description: "The levels of our Integrated Clinical Hypnotherapy training.",
    path: "/ich/levels",
  });

export default function Page() {
  return <ComingSoon title="Hypnotherapy levels" />;
}
