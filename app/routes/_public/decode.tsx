import { ComingSoon } from "~/components/layout/coming-soon";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/decode";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "DECODE",
    description: "DECODE: transform your mind, behaviour, relationships and blueprint in a five-level programme.",
    path: "/decode",
  });

export default function Page() {
  return <ComingSoon title="DECODE" />;
}
