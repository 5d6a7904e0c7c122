import type { Database } from "~/db/db.server";
import { jsonError } from "~/lib/http.server";
import { fieldErrors } from "~/lib/validation";
import { getEvent, listEnrollableEvents, listOpenEvents, listOpenEventsBetween, type EventPage } from "./calendar.server";
import { dateRangeQuerySchema, eventListQuerySchema, eventTypeSchema, queryValues } from "./query";

/**
 * The calendar's public calls (spec part 2 §7 'GET events list' and its
 * siblings), shared by the thin route modules under app/routes/api/events-*.
 * Every list answers `data` and `events` (the same list: clients read either),
 * `totalPages`, `totalEvents` and `currentPage`; bad parameters get 400 with
 * one message per field.
 */

const noCache = { "Cache-Control": "no-cache" };
const listKeys = ["search", "page", "limit"] as const;

function listAnswer(result: EventPage): Response {
  const { events, ...rest } = result;
  return Response.json({ success: true, data: events, events, ...rest }, { headers: noCache });
}

type IssueList = Parameters<typeof fieldErrors>[0];
const invalid = (error: IssueList) => jsonError(400, "Invalid query", fieldErrors(error));

/** GET /api/events/open and /api/events/open/type/{type}. */
export async function eventListCall(db: Database, url: URL, type?: string): Promise<Response> {
  const query = eventListQuerySchema.safeParse(queryValues(url.searchParams, listKeys));
  const kind = type === undefined ? undefined : eventTypeSchema.safeParse(type);
  if (!query.success || (kind && !kind.success)) {
    return jsonError(400, "Invalid query", {
      ...(kind && !kind.success ? { type: kind.error.issues[0]?.message } : {}),
      ...(query.success ? {} : fieldErrors(query.error)),
    });
  }
  return listAnswer(await listOpenEvents(db, query.data, kind?.data));
}

/** GET /api/events/open/upcoming. */
export async function enrollableListCall(db: Database, url: URL): Promise<Response> {
  const query = eventListQuerySchema.safeParse(queryValues(url.searchParams, listKeys));
  if (!query.success) return invalid(query.error);
  return listAnswer(await listEnrollableEvents(db, query.data));
}

/** GET /api/events/open/date-range?startDate&endDate. */
export async function dateRangeCall(db: Database, url: URL): Promise<Response> {
  const query = dateRangeQuerySchema.safeParse(queryValues(url.searchParams, [...listKeys, "startDate", "endDate"]));
  if (!query.success) return invalid(query.error);
  return listAnswer(await listOpenEventsBetween(db, query.data));
}

/** GET /api/events/open/{id}: `{ success, data }`, or 404 'Event not found'. */
export async function oneEventCall(db: Database, id: string): Promise<Response> {
  const event = id.length <= 100 ? await getEvent(db, id) : null;
  if (!event) return jsonError(404, "Event not found");
  return Response.json({ success: true, data: event }, { headers: noCache });
}
