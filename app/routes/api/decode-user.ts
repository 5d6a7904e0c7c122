import { servicesContext } from "~/context.server";
import { listProgrammes } from "~/features/programmes/programmes.server";
import { listQueryFrom } from "~/features/programmes/query";
import { jsonError } from "~/lib/http.server";
import { fieldErrors } from "~/lib/validation";
import type { Route } from "./+types/decode-user";

/** GET /api/decode/user (spec part 1 §7.2): the public list of DECODE programmes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = listQueryFrom(new URL(request.url).searchParams);
  if (!query.success) return jsonError(400, "Invalid query", fieldErrors(query.error));
  const { db } = context.get(servicesContext);
  const result = await listProgrammes(db, "decode", query.data);
  return Response.json({ success: true, ...result }, { headers: { "Cache-Control": "no-cache" } });
}
