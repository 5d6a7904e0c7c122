import { servicesContext } from "~/context.server";
import { openApiDocument } from "~/features/api/openapi.server";
import type { Route } from "./+types/openapi";

let cached: { key: string; body: string } | null = null;

/** GET /api/openapi.json: the public calls as OpenAPI 3.1, generated from the handlers' zod schemas. */
export function loader({ context }: Route.LoaderArgs) {
  const { site } = context.get(servicesContext).config;
  const key = `${site.publicUrl}|${site.orgName}`;
  if (cached?.key !== key) cached = { key, body: JSON.stringify(openApiDocument(site.publicUrl, site.orgName)) };
  return new Response(cached.body, {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
