import { expect, test } from "@playwright/test";
import { hydrated } from "./fixtures";
import { PUBLIC_PAGES } from "../helpers/public-pages";

/**
 * The first Intl object a page builds costs 30 to 50 ms of main thread on a
 * phone-class CPU (the browser loads its locale and time zone data): a long
 * task in the middle of hydration, which Lighthouse's simulated phone counts
 * four times over. The public pages get the dates they show from their loader
 * (decision 0088) and format prices without Intl, so loading and hydrating
 * them builds none. Each constructor is wrapped before any script runs and
 * every construction is counted, with its options for the message.
 */

/** The pages that show session dates (and a price) in the seeded data: the seed must cover them. */
const DATED = new Set(["/decode/level/decode-1", "/ich/level/ich-1", "/tasso", "/family-constellation", "/schedule"]);

declare global {
  interface Window {
    __intlBuilt?: string[];
  }
}

test.describe("hydration builds no Intl formatter", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      window.__intlBuilt = [];
      for (const name of ["DateTimeFormat", "NumberFormat", "PluralRules", "RelativeTimeFormat", "Collator", "ListFormat"] as const) {
        const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
        const counted = function (this: unknown, ...args: unknown[]) {
          window.__intlBuilt!.push(`${name} ${JSON.stringify(args[1] ?? {})}`);
          return new Original(...args);
        };
        counted.prototype = Original.prototype;
        Object.assign(counted, Original);
        (Intl as unknown as Record<string, unknown>)[name] = counted;
      }
      // Number and date methods with a locale build their formatter inside the engine.
      for (const [proto, method] of [
        [Number.prototype, "toLocaleString"],
        [Date.prototype, "toLocaleString"],
        [Date.prototype, "toLocaleDateString"],
        [Date.prototype, "toLocaleTimeString"],
        [String.prototype, "localeCompare"],
      ] as const) {
        const original = (proto as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!;
        (proto as unknown as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
          window.__intlBuilt!.push(method);
          return original.apply(this, args);
        };
      }
    });
  });

  for (const path of PUBLIC_PAGES) {
    test(`${path} builds none while it loads`, async ({ page }) => {
      await page.goto(path);
      await hydrated(page);
      if (DATED.has(path)) await expect(page.locator("main")).toContainText(/\d(st|nd|rd|th) [A-Z][a-z]{2} \d{4}/);
      // A task later, so that effects run at hydration's end are counted too.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(await page.evaluate(() => window.__intlBuilt)).toEqual([]);
    });
  }

  // The no-JavaScript forms' pages show their session's date in the title and the page (decision 0088).
  for (const path of ["/register/s-decode-1-a", "/family-constellation/book/s-fc-austin"]) {
    test(`${path} builds none while it loads`, async ({ page }) => {
      await page.goto(path);
      await hydrated(page);
      await expect(page.locator("main")).toContainText(/\d(st|nd|rd|th) [A-Z][a-z]{2} \d{4}/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\d(st|nd|rd|th) [A-Z][a-z]{2} \d{4}/);
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(await page.evaluate(() => window.__intlBuilt)).toEqual([]);
    });
  }

  test("the wrapper counts: a page that formats a date it was not given builds one", async ({ page }) => {
    await page.goto("/privacy-policy");
    await hydrated(page);
    await page.evaluate(() => new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago" }).format(0));
    expect(await page.evaluate(() => window.__intlBuilt)).toEqual(['DateTimeFormat {"timeZone":"America/Chicago"}']);
  });
});
