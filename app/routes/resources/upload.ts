import { servicesContext } from "~/context.server";
import { readThumbnail, THUMBNAIL_WIDTHS } from "~/features/uploads/thumbnails.server";
import type { Route } from "./+types/upload";

/**
 * GET /uploads/{name}[?w=320|640|960|1280]: a public programme thumbnail from
 * the database (D10, S5: only files marked public, never an ID photo). A name
 * never changes its bytes, so browsers and proxies may keep it for a year.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const w = new URL(request.url).searchParams.get("w");
  const width = w && (THUMBNAIL_WIDTHS as readonly number[]).includes(Number(w)) ? Number(w) : null;
  if (w !== null && width === null) {
    return new Response(`Unsupported width: use one of ${THUMBNAIL_WIDTHS.join(", ")}.`, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const file = await readThumbnail(context.get(servicesContext).db, params.name, width);
  if (!file) return new Response("Not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" } });
  const headers = {
    "Content-Type": file.contentType,
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: file.etag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  if (request.headers.get("if-none-match") === file.etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(file.bytes), { headers });
}
