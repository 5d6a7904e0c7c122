/** The sign-in form (spec part 2 §2.8): what the browser and the server agree on. */
export type LoginField = "email" | "password";

/** The shortest password an account may have (NIST SP 800-63B; decision 0016). */
export const PASSWORD_MIN_LENGTH = 12;

export const LOGIN_FALLBACK_ERROR = "Login failed. Please try again.";

/** Same-site paths only: anything else (another host, a scheme, `//evil`) goes to the default. */
export const DEFAULT_AFTER_LOGIN = "/admin/registrations";

export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return DEFAULT_AFTER_LOGIN;
  if ([...next].some((ch) => ch < " " || ch === "\u007f" || ch === "\\")) return DEFAULT_AFTER_LOGIN;
  let url: URL;
  try {
    url = new URL(next, "http://same.invalid");
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
  if (url.origin !== "http://same.invalid") return DEFAULT_AFTER_LOGIN;
  // What is returned is the normalised path, so it is checked again: `/.//evil`
  // and `/a/..//evil` normalise to `//evil`, which a browser reads as another host.
  if (url.pathname.startsWith("//")) return DEFAULT_AFTER_LOGIN;
  if (url.pathname === "/admin/login" || url.pathname === "/admin/logout") return DEFAULT_AFTER_LOGIN;
  return `${url.pathname}${url.search}${url.hash}`;
}
