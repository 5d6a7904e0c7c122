import { Mail } from "lucide-react";
import { Link } from "react-router";
import type { SiteSettings } from "~/site-settings";
import { isGroup, sideMenu } from "~/content/navigation";
import { LogoMark } from "./logo";
import { FacebookIcon, InstagramIcon, LinkedinIcon } from "./social-icons";

const links = sideMenu.flatMap((item) => (isGroup(item) ? item.items : [item]));

/** Footer of every public page (spec part 1 §2.4; current year per D5). */
export function SiteFooter({ site, year }: { site: SiteSettings; year: number }) {
  const social = [
    { label: "Facebook", href: site.social.facebook, Icon: FacebookIcon },
    { label: "Instagram", href: site.social.instagram, Icon: InstagramIcon },
    { label: "LinkedIn", href: site.social.linkedin, Icon: LinkedinIcon },
  ];
  return (
    <footer className="bg-plum-950 text-plum-100 md:min-h-[484px]">
      <div className="container-page grid gap-10 py-14 md:grid-cols-[1.4fr_1fr_1fr] md:py-16">
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
            className="mt-6 inline-flex min-h-11 items-center gap-2 text-white underline-offset-4 hover:underline"
          >
            <Mail aria-hidden="true" className="size-5" />
            {site.contactEmail}
          </a>
        </div>
        <nav aria-label="Footer">
          <h2 className="font-sans text-sm font-semibold tracking-widest text-plum-200 uppercase">Explore</h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-4 md:grid-cols-1">
            {links.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="inline-flex min-h-9 items-center text-plum-100 hover:text-white hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/privacy-policy" className="inline-flex min-h-9 items-center text-plum-100 hover:text-white hover:underline">
                Privacy Policy
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="font-sans text-sm font-semibold tracking-widest text-plum-200 uppercase">Follow us</h2>
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
