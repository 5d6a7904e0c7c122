import type { MetaDescriptor } from "react-router";
import type { SiteSettings } from "~/site-settings";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

export type PageMetaInput = {
  title: string;
  description: string;
  /** The canonical path of the page, e.g. "/contact-us". */
  path: string;
  image?: string;
  noindex?: boolean;
  /** The page answers a form it refused: its title starts with "Error: " (decision 0092). */
  refused?: boolean;
};

/** The site settings from the root loader, as a meta function sees them. */
export function siteFrom(matches: ReadonlyArray<MatchLike>): SiteSettings | undefined {
  const root = matches.find((m) => m?.id === "root");
  return (root?.loaderData as { site?: SiteSettings } | undefined)?.site;
}

/** Title, description, canonical URL and Open Graph tags for one page. */
export function pageMeta(matches: ReadonlyArray<MatchLike>, input: PageMetaInput): MetaDescriptor[] {
  const site = siteFrom(matches);
  const orgName = site?.orgName ?? "";
  const base = site?.publicUrl ?? "";
  const url = `${base}${input.path}`;
  const title = input.path === "/" ? `${orgName} | ${input.title}` : `${input.title} | ${orgName}`;
  const tags: MetaDescriptor[] = [
    { title: input.refused ? `Error: ${title}` : title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: orgName },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: `${base}${input.image ?? "/og-image.png"}` },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
