import { ComingSoon } from "~/components/layout/coming-soon";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: "Admin sign-in" }, { name: "robots", content: "noindex" }];

export default function AdminLogin() {
  return <ComingSoon title="Admin sign-in" />;
}
