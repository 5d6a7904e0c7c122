import { expect, test } from "@playwright/test";
import { hydrated } from "./fixtures";

// A page served from the page cache carries a CSP with the hashes of its inline
// scripts instead of a nonce (decision 0018): it must still hydrate and work.
test("a page served from the cache hydrates under its hashed policy, with no CSP violation", async ({ page, request }) => {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" && /Content Security Policy|Content-Security-Policy/i.test(msg.text())) violations.push(msg.text());
  });
  // Fill the cache for this URL (a visitor without cookies), then load it in the browser. The tests
  // running beside this one register and edit on the same server, and every seat change or staff save
  // empties the cache (as it must), so between the two the page can be rendered afresh: then both
  // steps are taken again, until the browser's copy came from the cache.
  let response: Awaited<ReturnType<typeof page.goto>> = null;
  await expect
    .poll(async () => {
      await request.get("/decode", { headers: { cookie: "" } });
      response = await page.goto("/decode");
      return response?.headers()["x-page-cache"];
    })
    .toBe("hit");
  expect(response!.headers()["content-security-policy"]).toMatch(/'sha256-/);

  // The menu works only once React has hydrated the page, which it does after the first paint (decision 0035).
  await hydrated(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  // A client navigation from the cached page loads the next route's code and data.
  await page.getByRole("dialog").getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});
