/**
 * The path as the request log writes it. The secret in a private page's
 * address (a registrant's own page, a waiting-list offer, its calendar file, and
 * their `.data` twins) opens that page to whoever holds it, so it is never
 * written: anyone who can read the logs could otherwise cancel a registration.
 */
export function loggedPath(path: string): string {
  // Case-insensitive, as the router matches: /MY-REGISTRATION/… reaches the same page.
  return path.replace(/^\/(my-registration|waiting-list)\/[^/]+?(?=\.data$|\/|$)/i, "/$1/[token]");
}
