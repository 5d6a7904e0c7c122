import { data, Link, redirect } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { legacyAdminRedirect } from "~/lib/legacy-routes";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = legacyAdminRedirect(url.pathname);
  if (target) throw redirect(target, 301);
  return data({ path: url.pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: "Page not found" },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return (
    <>
      <PageHero title="Page not found">
        <p>We could not find the page you were looking for. It may have moved, or the address may be mistyped.</p>
      </PageHero>
      <section className="container-page py-16 md:py-24">
        <p className="text-lg text-muted">Try one of these instead:</p>
        <ul className="mt-4 flex flex-wrap gap-3">
          {[
            ["/", "Go to Home"],
            ["/schedule", "Event Calendar"],
            ["/contact-us", "Contact Us"],
          ].map(([to, label]) => (
            <li key={to}>
              <Link
                to={to!}
                className="inline-flex min-h-12 items-center rounded-full border border-plum-200 bg-white px-6 font-semibold text-plum-800 hover:bg-plum-50"
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
