/**
 * Decision S3: the original's admin screens lived at guessable top-level paths
 * (some with a host or '.usa' suffix). They now live under /admin/…; the old
 * names redirect there, behind the same login.
 */
const legacy: Array<[RegExp, string]> = [
  [/^\/all-registration([-.].*)?$/i, "/admin/registrations"],
  [/^\/all-contacts([-.].*)?$/i, "/admin/contacts"],
  [/^\/all-familyconsultationtable([-.].*)?$/i, "/admin/family-consultations"],
  [/^\/all-ictable([-.].*)?$/i, "/admin/ich-registrations"],
  [/^\/admin-familyconstellation\/?$/i, "/admin/family-events"],
  [/^\/admin-hypnotherapy\/?$/i, "/admin/hypnotherapy"],
  [/^\/admin-decode\/?$/i, "/admin/decode"],
];

export function legacyAdminRedirect(pathname: string): string | null {
  for (const [pattern, target] of legacy) if (pattern.test(pathname)) return target;
  return null;
}

/** The admin screens, by their path segment under /admin. */
export const adminSections: Record<string, string> = {
  registrations: "DECODE registrations",
  contacts: "Contacts",
  "family-consultations": "Family consultation registrations",
  "ich-registrations": "ICH registrations",
  "family-events": "Family Constellation events",
  hypnotherapy: "Hypnotherapy programs",
  decode: "DECODE programs",
};
