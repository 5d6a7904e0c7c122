import { ComingSoon } from "~/components/layout/coming-soon";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Privacy Policy",
    description: "How we collect, use and protect your personal data.",
    path: "/privacy-policy",
  });

export default function Page() {
  return <ComingSoon title="Privacy Policy" />;
}
