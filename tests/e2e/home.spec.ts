import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, hydrated } from "./fixtures";

test.describe("Home", () => {
  test("hero: heading, subtext, Trainings anchor, Constellation and Learn about links", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Conscious Living" })).toBeVisible();
    await expect(page.getByText("Experience transformative training, workshops, and healing pathways with Mindful Path Institute")).toBeVisible();
    const hero = page.locator("section").first();
    expect((await hero.boundingBox())?.height).toBe(800);

    await page.getByRole("link", { name: "Trainings", exact: true }).click();
    await expect(page).toHaveURL(/#trainings-section$/);
    await expect(page.getByRole("heading", { name: "Our Training Programs" })).toBeInViewport();

    await page.goto("/");
    await page.getByRole("link", { name: "Constellation", exact: true }).click();
    await expect(page).toHaveURL(/\/family-constellation$/);
    await page.goto("/");
    await page.getByRole("link", { name: "Learn about Mindful Path Institute" }).click();
    await expect(page).toHaveURL(/\/about$/);
  });

  test("blocks in the spec's order, with the banner, promo and training links", async ({ page }) => {
    await page.goto("/");
    const headings = await page.locator("main h2").allTextContents();
    expect(headings).toEqual([
      "Healing starts with understanding",
      "Experience transformational breakthroughs with a certified therapist.",
      "DECODE",
      "Who can benefit",
      "Our Training Programs",
      "What People Say",
    ]);
    await expect(page.getByRole("link", { name: "Find a Therapist Near Me" })).toHaveAttribute("href", "/contact-us?topic=therapist");
    await expect(page.getByRole("link", { name: "Know More about DECODE", exact: true })).toHaveAttribute("href", "/decode");
    const training = page.locator("#trainings-section").getByRole("link");
    await expect(training).toHaveCount(3);
    expect(await training.evaluateAll((els) => els.map((e) => e.getAttribute("href")))).toEqual(["/decode", "/ich", "/tasso"]);
    await expect(page.locator("h3", { hasText: /^(Executives|Parents & Teachers|Healthcare Practitioners)$/ })).toHaveCount(3);
    await expectNoAxeViolations(page);
  });

  test("audience video modal: opens, plays, locks scroll, closes three ways and returns focus", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const opener = page.getByRole("button", { name: "Play video: Executives" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Who can benefit: Executives" });
    await expect(dialog).toBeVisible();
    await expect(page.locator("body")).toHaveClass(/scroll-locked/);
    const video = dialog.locator("video");
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    await expectNoAxeViolations(page);

    await dialog.getByRole("button", { name: "Close video" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator("body")).not.toHaveClass(/scroll-locked/);
    await expect(opener).toBeFocused();
    await expect(page.locator("dialog video")).toHaveCount(0);

    await page.getByRole("button", { name: "Play video: Parents & Teachers" }).click();
    const second = page.getByRole("dialog", { name: "Who can benefit: Parents & Teachers" });
    await expect(second).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(second).toBeHidden();

    await page.getByRole("button", { name: "Play video: Healthcare Practitioners" }).click();
    const third = page.getByRole("dialog", { name: "Who can benefit: Healthcare Practitioners" });
    await expect(third).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(third).toBeHidden();
  });

  test("audience modal: when autoplay is refused the thumbnail returns and the modal stays open", async ({ page }) => {
    await page.addInitScript(() => {
      HTMLMediaElement.prototype.play = () => Promise.reject(new DOMException("blocked", "NotAllowedError"));
    });
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Play video: Executives" }).click();
    const dialog = page.getByRole("dialog", { name: "Who can benefit: Executives" });
    await expect(dialog.getByRole("button", { name: /^Play video:/ })).toBeVisible();
    await expect.poll(() => errors.some((e) => e.includes("Auto-play failed"))).toBe(true);
    await expect(dialog).toBeVisible();
  });

  test("testimonials: the one testimonial is shown alone, without Previous and Next, and plays inline in the shared player", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const section = page.locator("section", { has: page.getByRole("heading", { name: "What People Say" }) });
    const card = section.getByTestId("testimonial-card");
    await expect(card).toHaveCount(1);
    const ratio = await card.evaluate((el) => el.getBoundingClientRect().width / el.getBoundingClientRect().height);
    expect(ratio).toBeCloseTo(0.75, 2);
    // Spec part 1 §4.3: with one item only that item is shown.
    await expect(section.getByRole("button", { name: "Previous testimonial" })).toHaveCount(0);
    await expect(section.getByRole("button", { name: "Next testimonial" })).toHaveCount(0);
    await expect(section.getByText("I came for better sleep and left understanding myself for the first time.")).toBeVisible();

    const play = section.getByRole("button", { name: /^Play testimonial from/ });
    await play.focus();
    await page.keyboard.press("Enter");
    const video = card.locator("video");
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    // Our own controls, not the browser's, and the focus moved onto them.
    await expect(video).not.toHaveAttribute("controls");
    await expect(card.getByRole("button", { name: "Pause" })).toBeFocused();
    await expect(card.getByRole("slider", { name: "Seek" })).toBeVisible();
    // The widescreen video is letterboxed in the 3:4 card, not cropped.
    expect(await video.evaluate((v) => getComputedStyle(v).objectFit)).toBe("contain");
    const box = (await video.boundingBox())!;
    const cardBox = (await card.boundingBox())!;
    expect(Math.abs(box.width - cardBox.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(box.height - cardBox.height)).toBeLessThanOrEqual(1);

    // At the end the card comes back, with the focus on its button.
    await card.getByRole("slider", { name: "Seek" }).focus();
    await page.keyboard.press("End");
    await expect(play).toBeVisible();
    await expect(play).toBeFocused();
    await expect(card.locator("video")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("End on the seek bar finishes the testimonial even while its video is still loading", async ({ page }) => {
    // The video's bytes are held back: it is playing (not paused) with no length known yet.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/testimonial-1[^/]*\.mp4/, async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    try {
      await page.goto("/");
      await hydrated(page);
      const section = page.locator("section", { has: page.getByRole("heading", { name: "What People Say" }) });
      const card = section.getByTestId("testimonial-card");
      const play = section.getByRole("button", { name: /^Play testimonial from/ });
      await play.focus();
      await page.keyboard.press("Enter");
      const seek = card.getByRole("slider", { name: "Seek" });
      await expect(seek).toBeVisible();
      expect(await card.locator("video").evaluate((v: HTMLVideoElement) => [v.paused, v.readyState])).toEqual([false, 0]);
      await seek.focus();
      await page.keyboard.press("End");
      await expect(play).toBeFocused();
      await expect(card.locator("video")).toHaveCount(0);
    } finally {
      release();
    }
  });

  test("at 1280 px the single testimonial's words sit beside its card", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    const section = page.locator("section", { has: page.getByRole("heading", { name: "What People Say" }) });
    const card = (await section.getByTestId("testimonial-card").boundingBox())!;
    const words = (await section.getByText("I came for better sleep and left understanding myself for the first time.").boundingBox())!;
    expect(words.x + words.width).toBeLessThanOrEqual(card.x - 24);
    expect(words.y).toBeGreaterThan(card.y);
    expect(words.y + words.height).toBeLessThan(card.y + card.height);
    // Together they fill the band rather than one narrow card in the middle.
    expect(card.x + card.width - words.x).toBeGreaterThan(700);
  });
});

test("DECODE promo: a thumbnail that fails to load is hidden and the purple gradient shows", async ({ page }) => {
  await page.route("**/media/decode-promo-*", (route) => route.abort("failed"));
  await page.goto("/");
  await hydrated(page);
  const promo = page.locator("section", { has: page.getByRole("heading", { name: "DECODE", exact: true }) }).locator(".video-player");
  await promo.scrollIntoViewIfNeeded();
  await expect(promo.locator("img")).toHaveCount(0);
  expect(await promo.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain("linear-gradient");
  await expect(promo.getByRole("button", { name: "Play video: DECODE" })).toBeVisible();
});

test.describe("shared video player", () => {
  test("plays, pauses on a click, mutes, seeks and returns to the thumbnail at the end", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Play video: Conscious Living" }).click();
    const player = page.locator(".video-player").first();
    const video = player.locator("video");
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    await expect(player).toHaveAttribute("data-phase", "playing");

    await player.getByRole("button", { name: "Pause" }).click();
    await expect(player).toHaveAttribute("data-phase", "paused");
    await video.click();
    await expect(player).toHaveAttribute("data-phase", "playing");

    const mute = player.getByRole("button", { name: "Mute" });
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
    await mute.click();
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await player.getByRole("button", { name: "Unmute" }).click();

    const slider = player.getByRole("slider", { name: "Seek" });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(1);
    const box = (await slider.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
    const { currentTime, duration } = await video.evaluate((v: HTMLVideoElement) => ({ currentTime: v.currentTime, duration: v.duration }));
    expect(currentTime / duration).toBeGreaterThan(0.4);
    expect(currentTime / duration).toBeLessThan(0.65);
    // The video plays on: the slider follows its time (read together, within a second).
    await expect
      .poll(async () => {
        const [now, shown] = await Promise.all([video.evaluate((v: HTMLVideoElement) => v.currentTime), slider.getAttribute("aria-valuenow")]);
        return Math.abs(Number(shown) - now) <= 1;
      })
      .toBe(true);

    await slider.focus();
    await page.keyboard.press("End");
    await expect(player).toHaveAttribute("data-phase", "thumbnail");
    await expect(player.getByRole("button", { name: "Play video: Conscious Living" })).toBeVisible();
  });

  test("controls hide 4 s after the last mouse movement while playing, and come back", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Play video: Conscious Living" }).click();
    const player = page.locator(".video-player").first();
    await expect(player).toHaveAttribute("data-phase", "playing");
    await page.mouse.move(10, 10);
    await player.hover();
    await page.clock.runFor(3000);
    await expect(player).toHaveAttribute("data-controls", "visible");
    await page.clock.runFor(1500);
    await expect(player).toHaveAttribute("data-controls", "hidden");
    await player.hover({ position: { x: 20, y: 20 } });
    await expect(player).toHaveAttribute("data-controls", "visible");
  });
});
