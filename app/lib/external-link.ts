/**
 * A session's external sign-up link as the site may open it: http(s), or a
 * path on this site; never javascript:, data: or `//host`. A session that has
 * one is signed up for there, not here (spec part 2: it "opens that link in a
 * new tab instead of the form"; decision 0015).
 */
export function safeExternalLink(link: string | null | undefined): string | null {
  const text = link?.trim();
  if (!text) return null;
  if (text.startsWith("/") && !text.startsWith("//")) return text;
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
