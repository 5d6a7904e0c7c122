import { data, Link, redirect } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { legacyAdminRedirect } from "~/lib/legacy-routes";
import { requestContext } from "~/context.server";
import { siteFrom } from "~/lib/meta";
import type { Route } from "./+types/not-found";

export function loader({ request, context }: Route.LoaderArgs) {
  if (context.get(requestContext).badRequest) return data({ status: 400 as const }, { status: 400 });
  const url = new URL(request.url);
  const target = legacyAdminRedirect(url.pathname);
  if (target) throw redirect(target, 301);
  return data({ status: 404 as const }, { status: 404 });
}

const copy = {
  400: {
    title: "Bad request",
    lead: "This address could not be read: it may have been cut short or mistyped. Check the link, or start again from one of the pages below.",
  },
  404: {
    title: "Page not found",
    lead: "We could not find the page you were looking for. It may have moved, or the address may be mistyped.",
  },
} as const;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const title = copy[loaderData?.status ?? 404].title;
  const orgName = siteFrom(matches)?.orgName;
  return [
    { title: orgName ? `${title} | ${orgName}` : title },
    { name: "robots", content: "noindex" },
  ];
};

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const { title, lead } = copy[loaderData.status];
  return (
    <>
      <PageHero title={title}>
        <p>{lead}</p>
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
