/**
 * The /register page of a session: where an enrol button leads without
 * JavaScript. Its own module, free of the form's validation (zod), so a page's
 * buttons can link there without loading the form's code (decision 0030).
 */
export function registerPath(sessionId: string): string {
  return `/register/${encodeURIComponent(sessionId)}`;
}
