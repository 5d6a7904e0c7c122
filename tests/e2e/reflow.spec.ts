import { expect, test, type Locator, type Page } from "@playwright/test";
import { hydrated } from "./fixtures";

/**
 * WCAG 1.4.10 Reflow at 320 × 256 CSS px (a 1280 × 1024 screen at 400 % zoom)
 * and forced colors (Windows high contrast), where an earlier review found
 * content lost (decision 0059).
 */

/**
 * The element can be scrolled wholly into view: inside the viewport, and not
 * clipped by a scrolling box around it (what is drawn at its top and bottom
 * edges is the element itself).
 */
async function wholly(page: Page, el: Locator) {
  await el.scrollIntoViewIfNeeded();
  const box = (await el.boundingBox())!;
  const view = page.viewportSize()!;
  expect(box.height).toBeGreaterThan(20);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(view.height + 0.5);
  const seen = await el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    const x = r.left + r.width / 2;
    return [r.top + 2, r.bottom - 2].every((y) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (hit === e || e.contains(hit));
    });
  });
  expect(seen).toBe(true);
}

test.describe("reflow at 320 × 256", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 256 });
  });

  test("every link of the side menu can be scrolled wholly into view, and so can its Register Now", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Site menu" });
    await expect(menu).toBeVisible();
    const links = menu.getByRole("navigation", { name: "Main" }).getByRole("link");
    expect(await links.count()).toBeGreaterThan(5);
    for (const link of await links.all()) await wholly(page, link);
    await wholly(page, menu.getByRole("link", { name: "Register Now" }));
  });

  test("the DECODE introduction video keeps its size in the overlay, which scrolls; its controls can be shown", async ({ page }) => {
    await page.goto("/decode");
    await hydrated(page);
    await page.getByRole("button", { name: "Play the DECODE introduction video" }).click();
    const overlay = page.getByRole("dialog");
    await expect(overlay).toBeVisible();
    const video = overlay.locator("video");
    // 16:9 at the overlay's width less its padding: about 160 px tall, not squeezed to nothing.
    expect((await video.boundingBox())!.height).toBeGreaterThan(120);
    await wholly(page, overlay.getByRole("button", { name: "Full screen" }));
    await wholly(page, overlay.getByRole("button", { name: "Close video" }));
  });
});

test.describe("forced colors", () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ forcedColors: "active" });
  });

  test("the calendar's chosen program is marked in the system's highlight, and each option has an edge", async ({ page }) => {
    await page.goto("/schedule");
    await hydrated(page);
    const filter = page.locator('a[href^="/schedule"][aria-current="true"]').first();
    const other = page.locator('a[href^="/schedule"]:not([aria-current])').filter({ hasText: "DECODE" }).first();
    const style = (el: Locator) => el.evaluate((e) => ({ bg: getComputedStyle(e).backgroundColor, border: getComputedStyle(e).borderTopWidth }));
    const chosen = await style(filter);
    const plain = await style(other);
    expect(chosen.bg).not.toBe(plain.bg);
    expect(plain.border).toBe("1px");
  });

  test("filled and ringed buttons keep an edge: the header's Register Now, the home page's Trainings and Constellation", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const hero = [page.getByRole("link", { name: "Trainings", exact: true }), page.getByRole("link", { name: "Constellation", exact: true })];
    for (const el of [page.getByRole("banner").getByRole("link", { name: "Register Now" }), ...hero]) {
      expect(await el.evaluate((e) => getComputedStyle(e).borderTopWidth)).toBe("1px");
    }
  });

  test("a form dialog keeps a visible edge", async ({ page }) => {
    await page.goto("/level-one");
    await hydrated(page);
    await page.getByRole("complementary", { name: "Enrollment" }).getByRole("link", { name: "Register Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Registration Form" });
    await expect(dialog).toBeVisible();
    const edge = await dialog.evaluate((e) => ({ style: getComputedStyle(e).borderTopStyle, width: getComputedStyle(e).borderTopWidth }));
    expect(edge).toEqual({ style: "solid", width: "1px" });
  });
});

test.describe("text enlarged to 200 %", () => {
  test("the session tables scroll inside their cards instead of pushing the page sideways (WCAG 1.4.4, decision 0114)", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const path of ["/family-constellation", "/schedule", "/level-one"]) {
      await page.goto(path);
      await hydrated(page);
      const width = await page.evaluate(() => {
        document.documentElement.style.fontSize = "200%";
        return document.documentElement.scrollWidth;
      });
      expect({ path, width }).toEqual({ path, width: 1280 });
    }
  });
});
