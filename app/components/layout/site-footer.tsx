import { Mail } from "lucide-react";
import { Link } from "react-router";
import type { SiteSettings } from "~/site-settings";
import { isGroup, sideMenu } from "~/content/navigation";
import { LogoMark } from "./logo";
import { FacebookIcon, InstagramIcon, LinkedinIcon } from "./social-icons";

const allLinks = sideMenu.flatMap((item) => (isGroup(item) ? item.items : [item]));
const programPaths = new Set(["/decode", "/ich", "/tasso", "/family-constellation"]);
/** Two link columns, each its own list, so a wrapped label never pushes the other column out of line. */
const linkColumns = [
  { heading: "Programs", links: allLinks.filter((l) => programPaths.has(l.to)) },
  {
    heading: "Institute",
    links: [...allLinks.filter((l) => !programPaths.has(l.to)), { label: "Privacy Policy", to: "/privacy-policy" }],
  },
];

/** Footer of every public page (spec part 1 §2.4; current year per D5). */
export function SiteFooter({ site, year }: { site: SiteSettings; year: number }) {
  const social = [
    { label: "Facebook", href: site.social.facebook, Icon: FacebookIcon },
    { label: "Instagram", href: site.social.instagram, Icon: InstagramIcon },
    { label: "LinkedIn", href: site.social.linkedin, Icon: LinkedinIcon },
  ];
  return (
    <footer className="flex flex-col bg-plum-950 text-plum-100 md:min-h-[484px]">
      <div className="container-page grid flex-1 gap-10 py-14 md:grid-cols-[1.5fr_2fr] md:gap-12 md:py-16">
        <div>
          <p className="flex items-center gap-2 font-serif text-2xl text-white">
            <LogoMark className="size-10 text-plum-200" />
            {site.orgName}
          </p>
          <p className="mt-4 max-w-sm text-plum-200">
            Training, workshops and healing pathways in hypnotherapy, regression therapy and personal
            transformation, across the USA.
          </p>
          <a
            href={`mailto:${site.contactEmail}`}
            className="mt-5 inline-flex min-h-11 items-center gap-2 text-white underline-offset-4 hover:underline"
          >
            <Mail aria-hidden="true" className="size-5" />
            {site.contactEmail}
          </a>
          <h2 className="sr-only">Follow us</h2>
          <ul className="mt-4 flex gap-3">
            {social.map(({ label, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="grid size-11 place-items-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20"
                >
                  <Icon className="size-5" />
                  <span className="sr-only">{label} (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 items-start gap-x-6 gap-y-8 sm:grid-cols-[repeat(2,minmax(0,14rem))] md:justify-end">
          {linkColumns.map((column) => (
            <div key={column.heading}>
              <h2 className="font-sans text-sm font-semibold tracking-widest text-plum-200 uppercase">{column.heading}</h2>
              <ul className="mt-3">
                {column.links.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to} className="inline-flex min-h-9 items-center py-1 leading-snug text-plum-100 hover:text-white hover:underline">
                      {l.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-2 py-6 text-sm text-plum-200 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {site.orgName}. All rights reserved.
          </p>
          <p>
            Website by{" "}
            <a href={site.credit.url} target="_blank" rel="noopener noreferrer" className="text-white underline-offset-4 hover:underline">
              {site.credit.name}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
