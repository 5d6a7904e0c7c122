import { ComingSoon } from "~/components/layout/coming-soon";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/schedule";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Event Calendar",
    description: "Upcoming sessions, workshops and trainings with dates, venues and fees.",
    path: "/schedule",
  });

export default function Page() {
  return <ComingSoon title="Event Calendar" />;
}
