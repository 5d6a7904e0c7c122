import type { SiteSettings } from "~/site-settings";
import type { ProgrammeCard } from "./normalise";
import type { ProgrammeLevelPath } from "./programme-card";

/**
 * schema.org `ItemList` of `Course` for a programme list page, in the order the
 * page shows the cards (`courses` already in that order). Null when empty.
 */
export function courseItemListJsonLd(courses: readonly ProgrammeCard[], levelPath: ProgrammeLevelPath, site: SiteSettings | undefined) {
  if (!courses.length) return null;
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: courses.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      item: {
        "@type": "Course",
        name: c.title,
        description: c.subtitle,
        url: `${site?.publicUrl ?? ""}${levelPath}${encodeURIComponent(c.id)}`,
        provider: { "@type": "Organization", name: site?.orgName, sameAs: site?.publicUrl },
      },
    })),
  };
}
