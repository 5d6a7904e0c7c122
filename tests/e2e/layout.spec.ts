import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, hydrated } from "./fixtures";

test.describe("header and side menu", () => {
  test("the menu lists the items in order and closes by every rule", async ({ page }) => {
    await page.goto("/contact-us");
    await hydrated(page);
    const openButton = page.getByRole("button", { name: "Open menu" });
    await openButton.click();
    const menu = page.getByRole("dialog", { name: "Site menu" });
    await expect(menu).toBeVisible();
    const nav = menu.getByRole("navigation", { name: "Main" });
    await expect(nav.locator(":scope > ul > li > a, :scope > ul > li > button")).toHaveText([
      "Home", "About", "Event Calendar", "DECODE", "Hypnotherapy", "TASSO", "Workshop", "Contact Us",
    ]);
    await expect(menu.getByRole("link", { name: "Register Now" })).toHaveAttribute("href", "/schedule");
    await expect(menu.getByRole("link", { name: "hello@mindfulpath.example" })).toHaveAttribute("href", "mailto:hello@mindfulpath.example");
    await expect(page.locator("body")).toHaveClass(/scroll-locked/);
    await expectNoAxeViolations(page);

    // Escape closes and focus returns to the menu button.
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(openButton).toBeFocused();
    await expect(page.locator("body")).not.toHaveClass(/scroll-locked/);

    // The close button.
    await openButton.click();
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();

    // A click on the backdrop, outside the panel.
    await openButton.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(20, 400);
    await expect(menu).toBeHidden();
  });

  test("the Workshop group expands, and choosing a link navigates and closes the menu", async ({ page }) => {
    await page.goto("/contact-us");
    await hydrated(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Site menu" });
    const workshop = menu.getByRole("button", { name: "Workshop" });
    await expect(workshop).toHaveAttribute("aria-expanded", "false");
    await expect(menu.getByRole("link", { name: "Family Constellation" })).toBeHidden();
    await workshop.click();
    await expect(workshop).toHaveAttribute("aria-expanded", "true");
    await workshop.click();
    await expect(menu.getByRole("link", { name: "Family Constellation" })).toBeHidden();
    await workshop.click();
    await menu.getByRole("link", { name: "Family Constellation" }).click();
    await expect(page).toHaveURL(/\/family-constellation$/);
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu.getByRole("button", { name: "Workshop" })).toHaveAttribute("aria-expanded", "false");
    await menu.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
  });

  test("before any script runs, the menu button opens the menu and Escape or the close button closes it", async ({ browser }) => {
    // No JavaScript at all: what a phone shows before the scripts, asked for after the first paint, arrive.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/contact-us");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    const openButton = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("dialog", { name: "Site menu" });
    await expect(menu).toBeHidden();
    await openButton.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Event Calendar" })).toBeVisible();
    // The Workshop group cannot be toggled yet, so it is shown expanded, and says so.
    await expect(menu.getByRole("button", { name: "Workshop" })).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("link", { name: "Family Constellation" })).toBeVisible();
    // Modal: the page behind is out of reach.
    expect(await page.evaluate(() => document.querySelector("#side-menu")!.matches(":modal"))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(openButton).toBeFocused();

    await openButton.click();
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await expect(openButton).toBeFocused();
    // By keyboard too.
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Family Constellation" }).click();
    await expect(page).toHaveURL(/\/family-constellation$/);
    await context.close();
  });

  test("a menu opened before hydration stays open through it, then closes as usual", async ({ page }) => {
    // The scripts are held back until the menu is open.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/contact-us");
    const openButton = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("dialog", { name: "Site menu" });
    await openButton.click();
    await expect(menu).toBeVisible();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    const workshop = menu.getByRole("button", { name: "Workshop" });
    await expect(workshop).toHaveAttribute("aria-expanded", "true");
    release();
    await hydrated(page);
    // Hydrated with the menu open: still open, now React's, with the page's scroll locked.
    await expect(page.locator("body")).toHaveClass(/scroll-locked/);
    await expect(menu).toBeVisible();
    await expect(openButton).toHaveAttribute("aria-expanded", "true");
    // The Workshop group the visitor may be looking at stays expanded, and now folds by its button.
    await expect(workshop).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("link", { name: "Family Constellation" })).toBeVisible();
    await workshop.click();
    await expect(workshop).toHaveAttribute("aria-expanded", "false");
    await expect(menu.getByRole("link", { name: "Family Constellation" })).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(openButton).toBeFocused();
    await expect(openButton).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("body")).not.toHaveClass(/scroll-locked/);
    // And opens again by React's handler.
    await openButton.click();
    await expect(menu).toBeVisible();
    await expect(page.locator("body")).toHaveClass(/scroll-locked/);
  });

  test("the focus stays inside the open menu", async ({ page }) => {
    await page.goto("/contact-us");
    await hydrated(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Site menu" });
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press("Tab");
      const inside = await menu.evaluate((el) => el.contains(document.activeElement));
      expect(inside).toBe(true);
    }
  });

  test("the header hides scrolling down past 100 px, returns scrolling up, and turns white past 10 px", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto("/contact-us");
    await hydrated(page);
    const header = page.locator("header.site-header");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    // The pointer off the header first: the header turns white under it (the
    // headless shell puts the pointer at 0,0, on the header).
    await page.mouse.move(640, 600);
    // At the top it shares the hero's deep plum; white only once scrolled.
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(42, 23, 71)");

    await page.mouse.wheel(0, 60);
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect(header).toHaveAttribute("data-hidden", "false");
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(255, 255, 255)");

    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute("data-hidden", "true");
    await expect.poll(async () => (await header.boundingBox())?.y ?? 0).toBeLessThan(-10);

    await page.mouse.wheel(0, -100);
    await expect(header).toHaveAttribute("data-hidden", "false");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute("data-scrolled", "false");
  });

  test("the header turns white on hover", async ({ page }) => {
    await page.goto("/contact-us");
    await hydrated(page);
    const header = page.locator("header.site-header");
    await page.getByRole("link", { name: "Mindful Path Institute" }).first().hover();
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(255, 255, 255)");
  });

  test("Register goes to the calendar; the short label shows on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/contact-us");
    const register = page.locator("header").getByRole("link", { name: "Register", exact: true });
    await expect(register).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    const registerNow = page.locator("header").getByRole("link", { name: "Register Now" });
    await expect(registerNow).toBeVisible();
    await registerNow.click();
    await expect(page).toHaveURL(/\/schedule$/);
  });

  test("the footer has the email, social links in new tabs, the current year and the credit", async ({ page }) => {
    await page.goto("/contact-us");
    const footer = page.locator("footer");
    await expect(footer.getByRole("link", { name: "hello@mindfulpath.example" })).toHaveAttribute("href", "mailto:hello@mindfulpath.example");
    for (const name of ["Facebook", "Instagram", "LinkedIn"]) {
      await expect(footer.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("target", "_blank");
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Mindful Path Institute`);
    await expect(footer.getByRole("link", { name: /Studio Lumen/ })).toHaveAttribute("target", "_blank");
  });

  test("a new page starts at the top", async ({ page }) => {
    await page.goto("/contact-us");
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator("footer").getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("an unknown address gets a 404 page inside the layout", async ({ page }) => {
    const response = await page.goto("/this-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a page still to be built shows the coming-soon body", async ({ page }) => {
    await page.goto("/coming-soon");
    await expect(page.getByRole("heading", { level: 1, name: "Coming Soon" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Go to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the skip link moves focus to the main content", async ({ page }) => {
    await page.goto("/contact-us");
    await hydrated(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
  });
});
