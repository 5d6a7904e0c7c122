/** The public pages held to issue 10's budgets: the bench's list (bench/pages.ts), one page of each kind. */
export const PUBLIC_PAGES = [
  "/",
  "/about",
  "/decode",
  "/decode/level/decode-1",
  "/ich",
  "/ich/level/ich-1",
  "/tasso",
  "/family-constellation",
  "/schedule",
  "/contact-us",
  "/privacy-policy",
] as const;
