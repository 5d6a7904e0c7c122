import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, expectVisibleFocusRing, hydrated } from "./fixtures";

test.describe("keyboard focus is visible", () => {
  test("on purple: the hero buttons, the therapist banner and the DECODE hero play button", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await expectVisibleFocusRing(page, page.getByRole("link", { name: "Trainings", exact: true }));
    await expectVisibleFocusRing(page, page.getByRole("link", { name: "Constellation", exact: true }));
    await expectVisibleFocusRing(page, page.getByRole("link", { name: "Learn about Mindful Path Institute" }));
    await expectVisibleFocusRing(page, page.getByRole("link", { name: "Find a Therapist Near Me" }));
    await page.goto("/decode");
    await hydrated(page);
    await expectVisibleFocusRing(page, page.getByRole("button", { name: "Play the DECODE introduction video" }));
  });

  test("on light backgrounds: gradient and white buttons", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await expectVisibleFocusRing(page, page.getByRole("link", { name: "Know More" }));
    await expectVisibleFocusRing(page, page.locator("#trainings-section").getByRole("link").first());
  });

  test("on video thumbnails, audience cards and the testimonial card (not clipped by their rounded frames)", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await expectVisibleFocusRing(page, page.getByRole("button", { name: "Play video: Conscious Living" }));
    await expectVisibleFocusRing(page, page.getByRole("button", { name: "Play video: DECODE" }));
    await expectVisibleFocusRing(page, page.getByRole("button", { name: "Play video: Executives" }));
    await expectVisibleFocusRing(page, page.getByRole("button", { name: /^Play testimonial from/ }));
    await page.goto("/decode");
    await hydrated(page);
    await expectVisibleFocusRing(page, page.getByRole("button", { name: /^Play video: .*preview$/ }).first());
  });

  test("on the contact form's fields, checkbox and button", async ({ page }) => {
    await page.goto("/contact-us");
    await hydrated(page);
    await expectVisibleFocusRing(page, page.getByLabel("First Name"));
    await expectVisibleFocusRing(page, page.getByLabel("Country"));
    await expectVisibleFocusRing(page, page.getByLabel("Message (optional)"));
    await expectVisibleFocusRing(page, page.getByRole("checkbox", { name: /privacy policy/ }));
    await expectNoAxeViolations(page);
  });
});

test.describe("focus after moving to another page", () => {
  test("choosing a link in the side menu puts the focus on the new page's main heading, not the menu button", async ({ page }) => {
    await page.goto("/contact-us");
    await hydrated(page);
    // A first load leaves the focus alone.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("BODY");
    const openButton = page.getByRole("button", { name: "Open menu" });
    await openButton.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog", { name: "Site menu" });
    await menu.getByRole("link", { name: "About" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
    const h1 = page.getByRole("heading", { level: 1 });
    await expect(h1).toBeFocused();
    // The next Tab continues from the top of the new page's content.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.getElementById("main")?.contains(document.activeElement))).toBe(true);

    // Any link to another page does the same, a footer link too.
    await page.locator("footer").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  });

  test("an in-page anchor keeps its own target", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("link", { name: "Trainings", exact: true }).click();
    await expect(page).toHaveURL(/#trainings-section$/);
    await expect(page.getByRole("heading", { level: 1 })).not.toBeFocused();
    await expect(page.getByRole("heading", { name: "Our Training Programs" })).toBeInViewport();
  });
});

test("a video started from the keyboard hands the focus to its controls, and back to its thumbnail at the end", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const thumb = page.getByRole("button", { name: "Play video: Conscious Living" });
  await thumb.focus();
  await page.keyboard.press("Enter");
  const player = page.locator(".video-player").first();
  await expect(player).toHaveAttribute("data-phase", "playing");
  const pause = player.getByRole("button", { name: "Pause" });
  await expect(pause).toBeFocused();
  await expect.poll(() => player.locator("video").evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(1);
  await player.getByRole("slider", { name: "Seek" }).focus();
  await page.keyboard.press("End");
  await expect(player).toHaveAttribute("data-phase", "thumbnail");
  await expect(thumb).toBeFocused();
});
