import { ComingSoon } from "~/components/layout/coming-soon";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Conscious Living",
    description: "Transformative training, workshops and healing pathways in hypnotherapy, regression therapy and personal development.",
    path: "/",
  });

export default function Page() {
  return <ComingSoon title="Conscious Living" />;
}
