import { servicesContext } from "~/context.server";
import { getProgramme } from "~/features/programmes/programmes.server";
import { jsonError } from "~/lib/http.server";
import type { Route } from "./+types/decode-user-one";

/** GET /api/decode/user/{id}: one DECODE programme, wrapped in `data`. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const programme = params.id.length <= 100 ? await getProgramme(db, "decode", params.id) : null;
  if (!programme) return jsonError(404, "Program not found");
  return Response.json({ success: true, data: programme }, { headers: { "Cache-Control": "no-cache" } });
}
