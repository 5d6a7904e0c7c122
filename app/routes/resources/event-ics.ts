import { servicesContext } from "~/context.server";
import { getEvent } from "~/features/calendar/calendar.server";
import { eventCalendarDownload } from "~/features/calendar/event-ics.server";
import { scheduleSequence } from "~/features/events/events.server";
import type { Route } from "./+types/event-ics";

/** GET /schedule/{id}/calendar.ics: 'Add to calendar' for one session. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const event = params.id.length <= 100 ? await getEvent(db, params.id) : null;
  if (!event) return new Response("No such session.\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { body, method, filename } = eventCalendarDownload(event, config.site, await scheduleSequence(db, event._id));
  return new Response(body, {
    headers: {
      "Content-Type": `text/calendar; charset=utf-8; method=${method}`,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-cache",
    },
  });
}
