import { expect, test, type Locator } from "@playwright/test";
import { contrastRatio, decodePng } from "./fixtures";
import { directors, usaTeam } from "../../app/content/about";
import { trainingCards } from "../../app/content/home";
import { decodeProgrammes } from "../../app/content/seed/decode-programmes";
import { ichProgrammes } from "../../app/content/seed/ich-programmes";

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  expect(b, "element has a box").not.toBeNull();
  return b!;
}

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The image has loaded (lazy images need scrolling into view first). */
async function loaded(img: Locator) {
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

/**
 * A player's title over its thumbnail sits clear of the centred play button and
 * its halo, and reads at 4.5:1 or more: with the words made transparent, the
 * palest pixel behind them still has that contrast with white.
 */
async function expectCaptionClearOfPlay(player: Locator, caption: string) {
  const text = player.getByTestId("video-caption");
  await expect(text).toHaveText(caption);
  await expect(text).toBeVisible();
  const words = text.getByText(caption, { exact: true });
  const play = player.locator("svg.lucide-play").locator("..");
  const thumb = player.locator("img");
  await loaded(thumb);
  const [t, circle, i] = [await box(words), await box(play), await box(thumb)];
  // The circle's halo (an 8 px ring) counts as part of it.
  const p = { x: circle.x - 8, y: circle.y - 8, width: circle.width + 16, height: circle.height + 16 };
  expect(overlap(t, p), `caption "${caption}" and play button overlap`).toBe(false);
  expect(inside(t, i), `caption "${caption}" lies over the picture`).toBe(true);

  const page = player.page();
  await words.evaluate((el: HTMLElement) => {
    el.style.color = "transparent";
    el.style.filter = "none";
  });
  const shot = decodePng(await page.screenshot({ clip: t, animations: "disabled", scale: "css" }));
  await words.evaluate((el: HTMLElement) => el.removeAttribute("style"));
  let worst = Infinity;
  for (let y = 0; y < shot.height; y++) for (let x = 0; x < shot.width; x++) worst = Math.min(worst, contrastRatio([255, 255, 255], shot.rgb(x, y)));
  expect(worst, `white "${caption}" on its palest pixel`).toBeGreaterThanOrEqual(4.5);
}

for (const width of [320, 375, 1280]) {
  test.describe(`Art at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("home: training titles are text over their pictures; video titles clear of the play buttons", async ({ page }) => {
      await page.goto("/");
      const cards = page.locator("#trainings-section").getByRole("listitem");
      await expect(cards).toHaveCount(trainingCards.length);
      const sources = new Set<string>();
      for (const [i, card] of trainingCards.entries()) {
        const art = cards.nth(i).getByTestId("training-art");
        const img = art.locator("img");
        await loaded(img);
        sources.add(await img.evaluate((el: HTMLImageElement) => el.currentSrc));
        const heading = art.getByRole("heading", { level: 3 });
        await expect(heading).toHaveText(card.name);
        await expect(heading).toBeVisible();
        expect(inside(await box(heading), await box(img)), `${card.name} sits over its picture`).toBe(true);
        expect(await img.getAttribute("width")).toBe("960");
        expect(await img.getAttribute("height")).toBe("720");
      }
      expect(sources.size, "each training card has its own picture").toBe(trainingCards.length);

      await expectCaptionClearOfPlay(page.locator("section[aria-labelledby=intro-heading] .video-player"), "Conscious Living");
      await expectCaptionClearOfPlay(page.locator("section[aria-labelledby=decode-promo-heading] .video-player"), "DECODE");
      // Videos are not fetched before they are played.
      for (const video of await page.locator("video").all()) expect(await video.getAttribute("preload")).toBe("none");
    });

    test("DECODE: each level has its own picture, its title clear of the play button", async ({ page }) => {
      await page.goto("/decode");
      const cards = page.getByRole("article").filter({ has: page.locator(".video-player") });
      await expect(cards).toHaveCount(decodeProgrammes.length);
      const sources = new Set<string>();
      for (const [i, programme] of decodeProgrammes.entries()) {
        const player = cards.nth(i).locator(".video-player");
        await expectCaptionClearOfPlay(player, programme.title.split(": ").at(-1)!);
        sources.add(await player.locator("img").evaluate((el: HTMLImageElement) => el.currentSrc));
      }
      expect(sources.size, "each level has its own picture").toBe(decodeProgrammes.length);
    });

    test("ICH: each module's title clear of the play button and readable", async ({ page }) => {
      await page.goto("/ich");
      const cards = page.getByRole("article").filter({ has: page.locator(".video-player") });
      await expect(cards).toHaveCount(ichProgrammes.length);
      for (const [i, programme] of ichProgrammes.entries()) {
        await expectCaptionClearOfPlay(cards.nth(i).locator(".video-player"), programme.title.split(": ").at(-1)!);
      }
    });

    test("About: every person has a distinct, decorative portrait", async ({ page }) => {
      await page.goto("/about");
      const people = [...directors, ...usaTeam];
      const portraits = page.locator("svg[data-portrait]");
      await expect(portraits).toHaveCount(people.length);
      const kinds = await portraits.evaluateAll((els) => els.map((e) => e.getAttribute("data-portrait")));
      expect(new Set(kinds).size).toBe(people.length);
      // In nine different colourways.
      expect(new Set(kinds.map((k) => k?.split("-")[0])).size).toBe(people.length);
      for (const portrait of await portraits.all()) {
        await expect(portrait).toHaveAttribute("aria-hidden", "true");
        await expect(portrait).toBeVisible();
        const b = await box(portrait);
        expect(b.width).toBeGreaterThanOrEqual(56);
        expect(Math.abs(b.width - b.height)).toBeLessThan(1);
      }
      // Each portrait sits in the card that names its person.
      for (const person of people) {
        const card = page.getByRole("article").filter({ has: page.getByRole("heading", { level: 3, name: person.name, exact: true }) });
        await expect(card.locator("svg[data-portrait]")).toHaveCount(1);
      }
    });

    test("a person wears the same portrait on every page that shows them", async ({ page }) => {
      await page.goto("/about");
      const onAbout = new Map<string, string>();
      for (const person of [...directors, ...usaTeam]) {
        const card = page.getByRole("article").filter({ has: page.getByRole("heading", { level: 3, name: person.name, exact: true }) });
        onAbout.set(person.name, (await card.locator("svg[data-portrait]").getAttribute("data-portrait"))!);
      }
      let compared = 0;
      for (const path of ["/decode/level/decode-1", "/tasso", "/family-constellation"]) {
        await page.goto(path);
        const portraits = page.locator("svg[data-portrait]");
        await expect(portraits.first()).toBeAttached();
        for (const portrait of await portraits.all()) {
          // The name is in the heading beside the portrait.
          const name = (await portrait.locator("xpath=..").getByRole("heading").first().textContent())?.trim() ?? "";
          expect(onAbout.has(name), `${path}: "${name}" is someone from /about`).toBe(true);
          expect(await portrait.getAttribute("data-portrait"), `${name} on ${path}`).toBe(onAbout.get(name));
          compared++;
        }
      }
      expect(compared).toBeGreaterThanOrEqual(4);
    });
  });
}
