import { Link } from "react-router";
import type { SiteSettings } from "~/site-settings";
import { LogoMark } from "./logo";
import { OutageMessage, outageCopy, type Outage } from "./service-unavailable";
import { SiteFooter } from "./site-footer";

/**
 * The whole document the HTTP shell sends while the database is out: no
 * script (nothing to hydrate, nothing that needs the database), the site's
 * stylesheet, a header with the name and logo, the footer.
 */
export function OutageDocument(props: {
  outage: Outage;
  site: SiteSettings;
  year: number;
  stylesheets: readonly string[];
  retryHref: string;
  posted: boolean;
}) {
  const { site, outage } = props;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2a1747" />
        <meta name="robots" content="noindex" />
        {/* The PNG for browsers without SVG icons (Safari), listed first: the others take the SVG (decision 0077). */}
        <link rel="icon" href="/favicon-32x32.png" type="image/png" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        {props.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <title>{`${outageCopy[outage].title} | ${site.orgName}`}</title>
      </head>
      <body>
        <header className="absolute inset-x-0 top-0 z-40 h-(--header-height) bg-plum-900 text-white">
          <div className="container-page flex h-full items-center">
            <Link to="/" className="flex min-h-11 items-center gap-2 rounded-md font-serif text-lg leading-tight sm:text-xl">
              <LogoMark className="size-9 shrink-0" />
              <span>{site.orgName}</span>
            </Link>
          </div>
        </header>
        <main id="main">
          <OutageMessage outage={outage} contactEmail={site.contactEmail} retryHref={props.retryHref} posted={props.posted} />
        </main>
        <SiteFooter site={site} year={props.year} />
      </body>
    </html>
  );
}
