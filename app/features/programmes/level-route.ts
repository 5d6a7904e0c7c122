/**
 * What the three level routes (/decode/level, /ich/level, /level) share besides
 * the page: the browser-side loader and the head tags (decision 0010).
 */
import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/lib/meta";
import type { LevelJsonLd, LevelPageResult } from "./level-page.server";
import type { LevelRouteData } from "./level-page-screen";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/**
 * A later visit in the browser: moving to another level page shows 'Loading
 * program details...' at once instead of holding the old page; the same page
 * read again (a registration's revalidation, a changed query) waits for the
 * answer and swaps it in, so the page (and an open dialog) never flashes away.
 */
export async function levelClientLoader(request: Request, serverLoader: () => Promise<{ result: LevelPageResult; jsonLd: LevelJsonLd }>): Promise<LevelRouteData> {
  if (new URL(request.url).pathname === window.location.pathname) {
    const { result, jsonLd } = await serverLoader();
    return { result, jsonLd, pending: null };
  }
  // A failed read shows the page's error state ('Error loading program'), as the server's does.
  return { result: null, jsonLd: null, pending: serverLoader().catch((): { result: LevelPageResult } => ({ result: { state: "error" } })) };
}

/** Title, description, canonical address and the Course JSON-LD of a level page. */
export function levelMeta(matches: ReadonlyArray<MatchLike>, data: LevelRouteData | undefined, fallback: { title: string; description: string; path: string }): MetaDescriptor[] {
  const result = data?.result;
  if (!result || result.state === "error") return pageMeta(matches, fallback);
  if (result.state === "not-found") {
    const title = result.what === "level" ? "Level Not Found" : "Program Not Found";
    return pageMeta(matches, { ...fallback, title, noindex: true });
  }
  const v = result.view;
  const meta = pageMeta(matches, {
    title: v.title,
    description: v.subtitle ?? fallback.description,
    path: v.canonicalPath,
  });
  // The Course data was made by the server's loader (level-page.server.ts), not here: its code stays out of the page's JavaScript.
  return data?.jsonLd ? [...meta, { "script:ld+json": data.jsonLd }] : meta;
}
