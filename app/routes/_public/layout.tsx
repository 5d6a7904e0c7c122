import { Outlet } from "react-router";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { useRouteFocus } from "~/hooks/use-route-focus";
import { useSite } from "~/hooks/use-site";

export default function PublicLayout() {
  const { site, year } = useSite();
  useRouteFocus();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white font-semibold text-plum-900 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-3"
      >
        Skip to main content
      </a>
      <SiteHeader orgName={site.orgName} contactEmail={site.contactEmail} />
      {/* A word longer than its line (a link, an address staff wrote into a program or a session) breaks
          where it must instead of pushing the page sideways on a phone; tables keep whole words (decision 0112). */}
      <main id="main" tabIndex={-1} className="outline-none wrap-anywhere [&_table]:wrap-break-word">
        <Outlet />
      </main>
      <SiteFooter site={site} year={year} />
    </>
  );
}
