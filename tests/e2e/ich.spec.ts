import { expect, test, type Page, type Route } from "@playwright/test";
import { expectNoAxeViolations, hydrated } from "./fixtures";

type ApiProgramme = { _id: string; title: string; subtitle: string; duration: string | null; cardPoints: string[] };

/** The bullet points a card should show: one per <li> of the stored card points, or one per plain string. */
function pointsOf(p: ApiProgramme): string[] {
  return p.cardPoints.flatMap((c) => (/<li[\s>]/i.test(c) ? [...c.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/gi)].map((m) => m[1]!) : [c]));
}

/** A made-up ICH programme for answers the test serves itself. */
function fakeProgramme(id: string, title: string, extra: Partial<ApiProgramme> = {}) {
  return { _id: id, title, subtitle: "A short subtitle.", duration: "3 Days", cardPoints: ["One point"], upcomingEvents: [], ...extra };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const json = (body: unknown, status = 200) => ({ status, contentType: "application/json", body: JSON.stringify(body) });

/** Holds the API answer until `release` is called, so the loading state can be seen. */
function holdApi(page: Page, answer: (route: Route) => Promise<void>) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const ready = page.route("**/api/hypnotherapy/user*", async (route) => {
    await held;
    await answer(route);
  });
  return { ready, release: () => release() };
}

/** Opens /ich/levels and follows its link to /ich, so /ich loads in the browser (a client-side visit). */
async function visitIchInBrowser(page: Page) {
  await page.goto("/ich/levels");
  await hydrated(page);
  await page.getByRole("link", { name: "See every program with its preview video" }).click();
  await expect(page).toHaveURL(/\/ich$/);
}

test.describe("Integrated Clinical Hypnotherapy page", () => {
  test("the server renders the cards in reverse server order with their fields, before any script runs", async ({ browser, request, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    const cards = page.locator("article");
    let expected: ApiProgramme[] = [];
    // Other tests add and remove programs of their own on the same server: the API and the page are read
    // again until both were read between two such changes (the page, without scripts, then stays as it is).
    await expect(async () => {
      const answer = (await (await request.get("/api/hypnotherapy/user?page=1&limit=50")).json()) as { programs: ApiProgramme[] };
      expected = answer.programs.toReversed();
      expect(expected.length).toBeGreaterThan(1);
      await page.goto("/ich");
      await expect(page.getByRole("heading", { level: 1, name: "Integrated Clinical Hypnotherapy" })).toBeVisible();
      await expect(cards.locator("h3")).toHaveText(expected.map((p) => p.title), { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });

    for (const [i, p] of expected.entries()) {
      const card = cards.nth(i);
      // The subtitle: at most 80 characters and an ellipsis on screen, the whole text for screen readers and on hover.
      const chars = Array.from(p.subtitle);
      if (chars.length > 80) {
        const shown = `${chars.slice(0, 80).join("").trimEnd()}…`;
        const subtitle = card.getByTestId("programme-subtitle");
        await expect(subtitle.locator('[aria-hidden="true"]')).toHaveText(shown);
        await expect(subtitle).toHaveAttribute("title", p.subtitle);
        await expect(subtitle.locator(".sr-only")).toHaveText(p.subtitle);
      } else {
        await expect(card.getByText(p.subtitle, { exact: true })).toBeVisible();
      }
      const points = pointsOf(p);
      await expect(card.locator("ul > li")).toHaveCount(Math.min(points.length, 5));
      await expect(card.getByText(/more points?$/)).toHaveCount(points.length > 5 ? 1 : 0);
      await expect(card).toContainText(`Duration: ${p.duration ?? "TBD"}`);
      await expect(card.getByRole("button", { name: `Play video: ${p.title}: preview, 15 mins` })).toBeVisible();
      await expect(card.getByText("15 mins", { exact: true })).toBeVisible();
      await expect(card.getByRole("link", { name: "Enroll Now" })).toHaveAttribute("href", `/ich/level/${p._id}`);
    }
    // At least one seeded subtitle is longer than 80 characters, so the cut above was exercised.
    expect(expected.some((p) => Array.from(p.subtitle).length > 80)).toBe(true);

    // Without JavaScript the button is a plain link to the level page.
    await cards.first().getByRole("link", { name: "Enroll Now" }).click();
    await expect(page).toHaveURL(new RegExp(`/ich/level/${expected[0]!._id}$`));
    await context.close();
  });

  test("the page carries its title, description, canonical URL and an ItemList of Course in card order", async ({ page, request }) => {
    const answer = (await (await request.get("/api/hypnotherapy/user?page=1&limit=50")).json()) as { programs: ApiProgramme[] };
    await page.goto("/ich");
    await expect(page).toHaveTitle(/^Integrated Clinical Hypnotherapy \| /);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Integrated Clinical Hypnotherapy/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/ich$/);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').last().textContent()) ?? "{}");
    expect(ld["@type"]).toBe("ItemList");
    expect(ld.itemListElement.map((e: { item: { name: string } }) => e.item.name)).toEqual(answer.programs.toReversed().map((p) => p.title));
    expect(ld.itemListElement[0].item["@type"]).toBe("Course");
    expect(ld.itemListElement[0].item.url).toMatch(new RegExp(`/ich/level/${answer.programs.at(-1)!._id}$`));
  });

  test("'Enroll Now' stores the programme title under 'level' and opens its page", async ({ page, request }) => {
    const answer = (await (await request.get("/api/hypnotherapy/user?page=1&limit=50")).json()) as { programs: ApiProgramme[] };
    const third = answer.programs.toReversed()[2]!;
    await page.goto("/ich");
    await hydrated(page);
    expect(await page.evaluate(() => localStorage.getItem("level"))).toBeNull();
    await page.locator("article").nth(2).getByRole("link", { name: "Enroll Now" }).click();
    await expect(page).toHaveURL(new RegExp(`/ich/level/${third._id}$`));
    expect(await page.evaluate(() => localStorage.getItem("level"))).toBe(third.title);
  });

  test("a visit in the browser shows skeleton cards until the list arrives", async ({ page, request }) => {
    const answer = (await (await request.get("/api/hypnotherapy/user?page=1&limit=50")).json()) as { programs: ApiProgramme[] };
    const held = holdApi(page, (route) => route.continue());
    await held.ready;
    await visitIchInBrowser(page);
    await expect(page.getByRole("status", { name: "Loading programs" })).toBeVisible();
    await expect(page.getByTestId("programme-skeletons").locator("li")).toHaveCount(3);
    await expect(page.locator("article")).toHaveCount(0);
    held.release();
    await expect(page.locator("article h3")).toHaveText(answer.programs.toReversed().map((p) => p.title));
    await expect(page.getByRole("status", { name: "Loading programs" })).toHaveCount(0);
  });

  test("a failed load shows 'Error loading programs' with 'Try again', which loads through skeletons to the list", async ({ page }) => {
    await page.route("**/api/hypnotherapy/user*", (route) => route.fulfill(json({ success: false, message: "Service temporarily unavailable" }, 500)));
    await visitIchInBrowser(page);
    const alert = page.getByRole("alert").filter({ hasText: "Error loading programs" });
    await expect(alert.getByRole("heading", { name: "Error loading programs" })).toBeVisible();
    await expect(alert).toContainText("Service temporarily unavailable");
    await expect(page.locator("article")).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The retry is answered with a programme of 8 points and a long subtitle, and one of 6 points.
    await page.unroute("**/api/hypnotherapy/user*");
    const long = "Breathe, settle and discover how a calm, focused state of mind opens the way to lasting change in everyday life.";
    const held = holdApi(page, (route) =>
      route.fulfill(
        json({
          success: true,
          programs: [
            fakeProgramme("fake-b", "Second Listed", { cardPoints: ["<ul>" + ["a", "b", "c", "d", "e", "f"].map((x) => `<li>Point ${x}</li>`).join("") + "</ul>"] }),
            fakeProgramme("fake-a", "First Listed", { subtitle: long, cardPoints: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Point ${n}`) }),
          ],
        }),
      ),
    );
    await held.ready;
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("status", { name: "Loading programs" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Error loading programs" })).toHaveCount(0);
    held.release();

    const cards = page.locator("article");
    await expect(cards.locator("h3")).toHaveText(["First Listed", "Second Listed"]);
    await expect(cards.first().locator("ul > li")).toHaveText(["Point 1", "Point 2", "Point 3", "Point 4", "Point 5"]);
    await expect(cards.first().getByText("+3 more points", { exact: true })).toBeVisible();
    await expect(cards.nth(1).locator("ul > li")).toHaveCount(5);
    await expect(cards.nth(1).getByText("+1 more point", { exact: true })).toBeVisible();
    const subtitle = cards.first().getByTestId("programme-subtitle");
    await expect(subtitle.locator('[aria-hidden="true"]')).toHaveText("Breathe, settle and discover how a calm, focused state of mind opens the way to…");
    await expect(subtitle).toHaveAttribute("title", long);
    await expect(cards.first().getByRole("link", { name: "Enroll Now" })).toHaveAttribute("href", "/ich/level/fake-a");
  });

  test("an empty list says there are no programs yet", async ({ page }) => {
    await page.route("**/api/hypnotherapy/user*", (route) => route.fulfill(json({ success: true, programs: [], totalPages: 1, totalPrograms: 0 })));
    await visitIchInBrowser(page);
    await expect(page.getByRole("heading", { name: "No programs available" })).toBeVisible();
    await expect(page.getByText("Check back later for upcoming hypnotherapy programs.", { exact: true })).toBeVisible();
    await expect(page.locator("article")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  for (const width of [375, 1280]) {
    for (const path of ["/ich", "/ich/levels"]) {
      test(`${path} is axe-clean at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await hydrated(page);
        await expect(page.locator("main li a, main article").first()).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  }
});

test.describe("ICH levels overview", () => {
  test("lists every level in the order of /ich, each linking to its page", async ({ page, request }) => {
    // Other tests add and remove programs of their own on the same server: the API and the page are
    // read again until both were read between two such changes.
    await expect(async () => {
      const answer = (await (await request.get("/api/hypnotherapy/user?page=1&limit=50")).json()) as { programs: ApiProgramme[] };
      const expected = answer.programs.toReversed();
      await page.goto("/ich/levels");
      await expect(page.getByRole("heading", { level: 1, name: "Hypnotherapy levels" })).toBeVisible();
      const links = page.locator("main ol > li a");
      await expect(links).toHaveText(expected.map((p) => new RegExp(escapeRegExp(p.title))), { timeout: 1_000 });
      expect(await links.evaluateAll((els) => els.map((el) => el.getAttribute("href")))).toEqual(expected.map((p) => `/ich/level/${p._id}`));
    }).toPass({ timeout: 30_000 });
  });
});
