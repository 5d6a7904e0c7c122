import { data } from "react-router";
import { StaffComingSoon } from "~/components/layout/staff-coming-soon";
import { adminSections } from "~/lib/legacy-routes";
import type { Route } from "./+types/section";

export function loader({ params }: Route.LoaderArgs) {
  const title = adminSections[params.section];
  if (!title) throw data("Not found", { status: 404 });
  return { title };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  // No data: the loader refused an unknown screen, and the error boundary says "Page not found".
  { title: `${loaderData?.title ?? "Page not found"} | Staff area` },
  { name: "robots", content: "noindex" },
];

export default function AdminSection({ loaderData }: Route.ComponentProps) {
  return <StaffComingSoon title={loaderData.title} />;
}

export function ErrorBoundary() {
  return (
    <div className="max-w-2xl">
      <h1 className="text-3xl text-plum-900">Page not found</h1>
      <p className="mt-3 text-muted">This staff screen does not exist. Choose one from the menu.</p>
    </div>
  );
}
