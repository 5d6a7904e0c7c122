import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, hydrated } from "./fixtures";

test.describe("DECODE landing", () => {
  test("hero, programme cards in reverse order with their fields, FAQ", async ({ page }) => {
    await page.goto("/decode");
    await expect(page.getByRole("heading", { level: 1, name: "DECODE" })).toBeVisible();
    await expect(page.getByText("Transform your Mind, Behavior, Relationships, and Blueprint")).toBeVisible();
    const cards = page.locator("article");
    await expect(cards).toHaveCount(5);
    await expect(cards.locator("h3")).toHaveText([
      "DECODE Level 1: Decode Your Mind",
      "DECODE Level 2: Decode Your Behavior",
      "DECODE Level 3: Decode Your Relationships",
      "DECODE Level 4: Decode Your Blueprint",
      "DECODE Level 5: Decode The Child",
    ]);
    await expect(cards.first()).toContainText("Duration: 1 Day");
    await expect(cards.first().locator("li")).toHaveCount(4);
    await expect(cards.first().getByRole("link", { name: "Register Now" })).toBeVisible();
    await expect(cards.nth(1).getByRole("link", { name: "Enroll Now" })).toBeVisible();
    // Each card's button has a name of its own in a list of links: its visible words, then its level.
    await expect(cards.first().getByRole("link", { name: "Register Now: DECODE Level 1: Decode Your Mind", exact: true })).toBeVisible();
    await expect(cards.nth(1).getByRole("link", { name: "Enroll Now: DECODE Level 2: Decode Your Behavior", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "FAQs" })).toBeVisible();
    await expect(page.getByText("Answers to what you're thinking.")).toBeVisible();
    const faq = page.locator("details").first();
    await faq.locator("summary").click();
    await expect(faq).toHaveAttribute("open", "");
    await expectNoAxeViolations(page);
  });

  test("the hero's title is never broken inside the word, at a tablet's width either (decision 0114)", async ({ page }) => {
    for (const width of [320, 768, 775, 1024, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/decode");
      const lines = await page.getByRole("heading", { level: 1, name: "DECODE" }).evaluate((h) => {
        const range = document.createRange();
        range.selectNodeContents(h);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect({ width, lines }).toEqual({ width, lines: 1 });
    }
  });

  test("enrol stores the programme title under 'level' and opens its page", async ({ page }) => {
    await page.goto("/decode");
    await hydrated(page);
    await page.locator("article").nth(2).getByRole("link", { name: "Enroll Now" }).click();
    await expect(page).toHaveURL(/\/decode\/level\/decode-3$/);
    expect(await page.evaluate(() => localStorage.getItem("level"))).toBe("DECODE Level 3: Decode Your Relationships");
  });

  test("the overlay plays, locks scrolling and closes by button, backdrop and Escape", async ({ page }) => {
    await page.goto("/decode");
    await hydrated(page);
    const opener = page.getByRole("button", { name: "Play the DECODE introduction video" });
    await opener.click();
    const overlay = page.getByRole("dialog");
    await expect(overlay).toBeVisible();
    await expect(overlay).toContainText("15 mins");
    await expect(page.locator("body")).toHaveClass(/scroll-locked/);
    await expect.poll(() => overlay.locator("video").evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    for (const name of ["Pause", "Mute", "Settings", "Full screen"]) await expect(overlay.getByRole("button", { name })).toBeVisible();
    await expect(overlay.getByRole("slider", { name: "Seek" })).toBeVisible();
    await expectNoAxeViolations(page);

    // Escape in the speed choice closes that choice alone, the focus back on Settings; the video plays on.
    const settings = overlay.getByRole("button", { name: "Settings" });
    await settings.click();
    const speed = overlay.getByRole("group", { name: "Speed" });
    await speed.getByRole("radio", { name: "Normal" }).focus();
    await page.keyboard.press("Escape");
    await expect(speed).toBeHidden();
    await expect(overlay).toBeVisible();
    await expect(settings).toBeFocused();
    await settings.click();
    await expect(speed).toBeVisible();
    await settings.focus();
    await page.keyboard.press("Escape");
    await expect(speed).toBeHidden();
    await expect(overlay).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(overlay).toBeHidden();
    await expect(page.locator("body")).not.toHaveClass(/scroll-locked/);
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(overlay).toBeVisible();
    await page.mouse.click(10, 300);
    await expect(overlay).toBeHidden();

    await opener.click();
    await overlay.getByRole("button", { name: "Close video" }).click();
    await expect(overlay).toBeHidden();
    // Reopening starts from the beginning.
    await opener.click();
    await expect(overlay.getByRole("slider", { name: "Seek" })).toBeVisible();
    expect(await overlay.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(1);
  });

  test("a failed load shows the error with 'Try again', which re-fetches through loading to the list", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    // In the browser, a visit reads the public API; make it fail once.
    await page.route("**/api/decode/user*", (route) => route.abort("connectionrefused"), { times: 1 });
    await page.getByRole("link", { name: "Know More" }).click();
    await expect(page.getByRole("heading", { name: "Error Loading Programs" })).toBeVisible();
    await expect(page.getByText("Network error. Please check your connection.")).toBeVisible();
    await expect(page.locator("article")).toHaveCount(0);

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/decode/user*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByText("Loading programs...")).toBeVisible();
    release();
    await expect(page.locator("article")).toHaveCount(5);
    await expect(page.locator("article h3").first()).toHaveText("DECODE Level 1: Decode Your Mind");
  });

  test("a failed retry shows the server's message; an empty answer shows the empty state", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.route("**/api/decode/user*", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ success: false, message: "Service temporarily unavailable" }) }),
    );
    await page.getByRole("link", { name: "Know More" }).click();
    await expect(page.getByText("Service temporarily unavailable")).toBeVisible();
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: "Error Loading Programs" })).toBeVisible();
    await expect(page.getByText("Service temporarily unavailable")).toBeVisible();
    await expect(page.locator("article")).toHaveCount(0);

    await page.unroute("**/api/decode/user*");
    await page.route("**/api/decode/user*", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ programs: [], totalPages: 1, totalPrograms: 0 }) }),
    );
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: "No programs found" })).toBeVisible();
    await expect(page.getByText("Check back later for upcoming decode programs.")).toBeVisible();
  });
});

test("at 375 px a programme card's player keeps its controls compact: the time on one line, the picture mostly clear", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/decode");
  await hydrated(page);
  await page.getByRole("button", { name: /^Play video: .*preview$/ }).first().click();
  const player = page.locator(".video-player").first();
  await expect(player).toHaveAttribute("data-phase", "playing");
  const video = player.locator("video");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(1);
  await player.getByRole("button", { name: "Pause" }).click();
  const clock = player.getByText(/^\d+:\d\d \/ \d+:\d\d$/);
  await expect(clock).toBeVisible();
  const lines = await clock.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
  expect(lines, "lines of '0:01 / 0:09'").toBeLessThan(1.5);
  const playerBox = (await player.boundingBox())!;
  // The controls bar, from its gradient's top to the bottom of the player.
  const controls = (await player.getByRole("slider", { name: "Seek" }).locator("..").boundingBox())!;
  expect(controls.height / playerBox.height, "share of the video under the controls").toBeLessThan(0.45);
});

test("at 375 px a programme card's speed menu opens whole inside its player", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/decode");
  await hydrated(page);
  await page.getByRole("button", { name: /^Play video: .*preview$/ }).first().click();
  const player = page.locator(".video-player").first();
  await expect(player).toHaveAttribute("data-phase", "playing");
  await player.getByRole("button", { name: "Pause" }).click();
  await player.getByRole("button", { name: "Settings" }).click();
  const menu = player.getByRole("group", { name: "Speed" });
  await expect(menu.getByRole("radio", { name: "1.5×" })).toBeVisible();
  const p = (await player.boundingBox())!;
  const m = (await menu.boundingBox())!;
  // The player clips what overflows it (rounded corners), so the menu must fit inside.
  expect(m.y, "menu top").toBeGreaterThanOrEqual(p.y);
  expect(m.x, "menu left").toBeGreaterThanOrEqual(p.x);
  expect(m.x + m.width, "menu right").toBeLessThanOrEqual(p.x + p.width);
  for (const name of ["0.75×", "Normal", "1.25×", "1.5×"]) {
    const r = (await menu.getByText(name, { exact: true }).boundingBox())!;
    expect(r.x + r.width, `${name} right edge`).toBeLessThanOrEqual(m.x + m.width);
  }
  await menu.getByRole("radio", { name: "1.5×" }).click();
  // A choice applies and closes the menu.
  await expect(menu).toBeHidden();
  expect(await player.locator("video").evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
});
