import { ComingSoon } from "~/components/layout/coming-soon";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/ich";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Integrated Clinical Hypnotherapy",
    description: "Integrated Clinical Hypnotherapy programmes and professional certification.",
    path: "/ich",
  });

export default function Page() {
  return <ComingSoon title="Integrated Clinical Hypnotherapy" />;
}
