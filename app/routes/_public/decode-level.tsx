import { ComingSoon } from "~/components/layout/coming-soon";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/decode-level";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches, {
    title: "DECODE level",
    description: "A DECODE level: what you will learn, upcoming sessions and enrollment.",
    path: `/decode/level/${params.id}`,
  });

export default function Page() {
  return <ComingSoon title="DECODE level" />;
}
