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
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <SiteFooter site={site} year={year} />
    </>
  );
}
