/**
 * The path as the request log writes it. The secret in a private page's
 * address (a registrant's or a booker's own page, a waiting-list offer, its calendar file, and
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
  // And with its dot segments resolved and repeated slashes joined (/./my-registration/…,
  // /x/../my-registration/…), as the router's URL parsing does before it matches a route.
  let resolved = decoded.replace(/\/{2,}/g, "/");
  try {
    resolved = new URL(resolved, "http://path.invalid").pathname;
  } catch {
    // Not a path a URL can hold: matched as decoded.
  }
  const redacted = resolved.replace(PRIVATE, "/$1/[token]");
  if (redacted !== resolved) return redacted;
  // A private segment anywhere else is not a page, but whatever follows it may be a secret: none of it is written.
  const anywhere = decoded.replace(PRIVATE_ANYWHERE, "$1/[token]");
  return anywhere === decoded ? path : anywhere;
}

const PRIVATE = /^\/(my-registration|my-booking|waiting-list)\/[^/]+?(?=\.data$|\/|$)/i;
const PRIVATE_ANYWHERE = /(my-registration|my-booking|waiting-list)[/\\].+$/i;

/**
 * Whether an address names a private page anywhere in it, its query included. React Router's manifest request
 * (`/__manifest?paths=…`) lists the paths its page links to, so from a private page it carries that page's
 * token: such an answer is never stored, by the page cache or by any browser or proxy (decision 0108).
 */
export function namesPrivatePage(url: string): boolean {
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // Malformed escapes: matched as it came.
  }
  return PRIVATE_ANYWHERE.test(decoded) || PRIVATE_ANYWHERE.test(url);
}
