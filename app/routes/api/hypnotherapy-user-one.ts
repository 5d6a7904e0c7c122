import { servicesContext } from "~/context.server";
import { getProgramme } from "~/features/programmes/programmes.server";
import { jsonError } from "~/lib/http.server";
import type { Route } from "./+types/hypnotherapy-user-one";

/** GET /api/hypnotherapy/user/{id}: one ICH programme with its upcoming sessions, wrapped in `data`. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const programme = params.id.length <= 100 ? await getProgramme(db, "hypnotherapy", params.id) : null;
  if (!programme) return jsonError(404, "Program not found");
  return Response.json({ success: true, data: programme }, { headers: { "Cache-Control": "no-cache" } });
}
