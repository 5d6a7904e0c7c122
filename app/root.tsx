import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import { servicesContext } from "./context.server";
import type { SiteSettings } from "./site-settings";
import { organisationYear } from "./features/events/format";
import { OutageMessage, outageCopy } from "./components/layout/service-unavailable";
import { revalidateUnlessConnectionLost } from "./lib/revalidate-when-changed";
import "./app.css";
// The same file app.css names in its @font-face: Vite gives both the one hashed URL.
import headingFontUrl from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";

/** The heading face is preloaded: it sets the hero's heading, often the largest text painted first. */
export const links: Route.LinksFunction = () => [
  { rel: "preload", href: headingFontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

/** A staff save whose answer never arrived keeps every screen's data (decision 0065). */
export const shouldRevalidate = revalidateUnlessConnectionLost;

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  return { site: config.site satisfies SiteSettings, year: organisationYear() };
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2a1747" />
        {/* The PNG for browsers without SVG icons (Safari), listed first: the others take the SVG (decision 0077). */}
        <link rel="icon" href="/favicon-32x32.png" type="image/png" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // Marks the page as interactive: end-to-end tests wait for it before typing, and a layout mounted after
    // it came by a client-side navigation (useRouteFocus). The root's effect runs after its children's.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const site = useRouteLoaderData<typeof loader>("root")?.site;
  const location = useLocation();
  // The server could not use its database (a client-side navigation got the shell's 503 or 507; decision 0033).
  if (isRouteErrorResponse(error) && (error.status === 503 || error.status === 507)) {
    const outage = error.status === 503 ? "unavailable" : "storage-full";
    const heading = outageCopy[outage].title;
    return (
      <main id="main">
        <title>{site ? `${heading} | ${site.orgName}` : heading}</title>
        <OutageMessage outage={outage} contactEmail={site?.contactEmail} retryHref={`${location.pathname}${location.search}`} />
      </main>
    );
  }
  let title = "Something went wrong";
  let detail = "We could not show this page. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Page not found" : `Error ${error.status}`;
    detail = error.status === 404 ? "The page you are looking for does not exist." : error.statusText || detail;
  }
  const orgName = site?.orgName;
  return (
    <main id="main" className="container-page py-24">
      <title>{orgName ? `${title} | ${orgName}` : title}</title>
      <h1 className="text-3xl text-plum-900">{title}</h1>
      <p className="mt-4 text-muted">{detail}</p>
      <a className="mt-8 inline-block font-semibold text-plum-700 underline" href="/">
        Go to Home
      </a>
    </main>
  );
}
