import { servicesContext } from "~/context.server";
import { staticDecodeLevels } from "~/content/fallback-levels";
import { publicPages } from "~/content/public-pages";
import { programmeSitemapEntries } from "~/features/programmes/programmes.server";
import type { Route } from "./+types/sitemap";

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

const programmePath: Record<string, string> = { decode: "/decode/level/", hypnotherapy: "/ich/level/" };

/** /sitemap.xml: every public page and every programme page. */
export async function loader({ context }: Route.LoaderArgs) {
  const { config, db } = context.get(servicesContext);
  const urls = publicPages.map((p) => ({ loc: `${config.publicUrl}${p.path}`, priority: p.priority, lastmod: undefined as string | undefined }));
  const programmes = await programmeSitemapEntries(db);
  for (const p of programmes) {
    const prefix = programmePath[p.kind];
    if (prefix) urls.push({ loc: `${config.publicUrl}${prefix}${encodeURIComponent(p.id)}`, priority: 0.8, lastmod: p.updated_at.slice(0, 10) });
  }
  // The DECODE level pages (/level/1 … /level/5) only where no stored program has that level: a stored one's
  // page is listed above and is the level page's canonical address (decision 0075). /level-one … /level-four
  // name the same pages and are never listed.
  const stored = new Set(programmes.filter((p) => p.kind === "decode" && p.level !== null).map((p) => p.level));
  for (const n of Object.keys(staticDecodeLevels).map(Number)) {
    if (!stored.has(n)) urls.push({ loc: `${config.publicUrl}/level/${n}`, priority: 0.7, lastmod: undefined });
  }
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      (u) =>
        `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}<priority>${u.priority.toFixed(1)}</priority></url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
