import { data } from "react-router";
import { ComingSoon } from "~/components/layout/coming-soon";
import { adminSections } from "~/lib/legacy-routes";
import type { Route } from "./+types/section";

export function loader({ params }: Route.LoaderArgs) {
  const title = adminSections[params.section];
  if (!title) throw data("Not found", { status: 404 });
  return { title };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "Admin" },
  { name: "robots", content: "noindex" },
];

export default function AdminSection({ loaderData }: Route.ComponentProps) {
  return <ComingSoon title={loaderData.title} />;
}
