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

  test("in a dialog on a phone, a field reached by Tab is scrolled clear of the bottom edge, its label with it", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/family-constellation");
    await hydrated(page);
    await page.getByRole("link", { name: /Enroll Now/ }).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("textbox", { name: /Full Name/ })).toBeFocused();
    const news = dialog.getByRole("checkbox", { name: /receive news/ });
    for (let i = 0; i < 10 && !(await news.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(news).toBeFocused();
    // The checkbox's label (two lines at this width) and a margin for the focus ring, inside the dialog's scrolling body.
    await expect
      .poll(() =>
        news.evaluate((el) => {
          const label = el.closest("label") ?? el.parentElement!;
          const body = el.closest("dialog")!.querySelector(".overflow-y-auto")!.getBoundingClientRect();
          return Math.round(body.bottom - label.getBoundingClientRect().bottom);
        }),
      )
      .toBeGreaterThanOrEqual(8);
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
