import { ComingSoon } from "~/components/layout/coming-soon";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/ich-level";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches, {
    title: "Hypnotherapy program",
    description: "An Integrated Clinical Hypnotherapy program: curriculum, sessions and enrollment.",
    path: `/ich/level/${params.id}`,
  });

export default function Page() {
  return <ComingSoon title="Hypnotherapy program" />;
}
