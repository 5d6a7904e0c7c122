import { expect, test } from "@playwright/test";
import { htmlPage } from "../../app/features/mail/layout.server";

/**
 * A mail's HTML on a phone (decision 0057): a long payment link, an 80-character
 * address or a long session title wraps inside the 375 px screen, and a fact's
 * value starts on its label's line.
 */
test("a mail with long links and addresses fits a 375 px screen, values beside their labels", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const longAddress = `${"a".repeat(60)}@${"example-".repeat(2)}longdomain.org`;
  await page.setContent(
    htmlPage(
      "Registration confirmed: Decode Your Relationships Intensive Weekend Retreat | Mindful Path Institute",
      [`Please complete your payment at https://buy.stripe.com/test_28o5kF3Vx0Fe2aI6ooAbCdEfGhIjKlMnOpQrStUv before the session.`],
      [
        ["Date and time", "21st Dec, 9:00 AM – 22nd Dec 2026, 6:00 PM MST"],
        ["Payment link", "https://buy.stripe.com/test_28o5kF3Vx0Fe2aI6ooAbCdEfGhIjKlMnOpQrStUv"],
        ["Email", longAddress],
      ],
      [`Write to ${longAddress} with any question.`],
    ),
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const label = await page.locator("th", { hasText: "Date and time" }).boundingBox();
  const value = await page.locator("td", { hasText: /^21st Dec/ }).boundingBox();
  // Both start at the row's top (6 px of padding each): the value no longer sits lower than a wrapped label.
  expect(Math.abs(label!.y - value!.y)).toBeLessThanOrEqual(1);
});
