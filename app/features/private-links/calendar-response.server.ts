import { LINK_NOT_VALID, PRIVATE_FILE_HEADERS } from "./private-page";

/** A private page's calendar file (decisions 0019, 0087), or the same 404 as its page for a link that opens nothing. */
export function calendarFileResponse(ics: { content: string; cancelled: boolean } | null): Response {
  if (!ics) {
    return new Response(LINK_NOT_VALID, { status: 404, headers: { ...PRIVATE_FILE_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(ics.content, {
    headers: {
      ...PRIVATE_FILE_HEADERS,
      "Content-Type": `text/calendar; charset=utf-8; method=${ics.cancelled ? "CANCEL" : "PUBLISH"}`,
      "Content-Disposition": 'attachment; filename="session.ics"',
    },
  });
}
