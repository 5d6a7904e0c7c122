import { ComingSoon } from "~/components/layout/coming-soon";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/coming-soon";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Coming Soon",
    description: "This page is on its way.",
    path: "/coming-soon",
    noindex: true,
  });

export default function Page() {
  return <ComingSoon title="New" />;
}
