/**
 * The path as the request log writes it. The secret in a private page's
 * address (a registrant's own page, a waiting-list offer, its calendar file, and
 * their `.data` twins) opens that page to whoever holds it, so it is never
 * written: anyone who can read the logs could otherwise cancel a registration.
 */
export function loggedPath(path: string): string {
  // Read as the router reads it: decoded (/my%2Dregistration/… reaches the same page) and in any case
  // (/MY-REGISTRATION/… does too). A path that does not decode is matched as it came.
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Malformed escapes: the shell answers such a path 400 before any page (guards.ts).
  }
  const redacted = decoded.replace(PRIVATE, "/$1/[token]");
  return redacted === decoded ? path : redacted;
}

const PRIVATE = /^\/(my-registration|waiting-list)\/[^/]+?(?=\.data$|\/|$)/i;
