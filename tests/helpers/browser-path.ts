import fs from "node:fs";

/**
 * The Chromium the tests drive. `CHROMIUM_PATH` wins; else Debian's
 * chromium-headless-shell (the old headless mode, which Playwright itself uses
 * for headless runs: no browser UI, a third less CPU per test here, decision
 * 0052); else the full `/usr/bin/chromium`. Screenshots to look at and
 * Lighthouse keep the full browser.
 */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const FULL_CHROMIUM = "/usr/bin/chromium";

export function testBrowserPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}
