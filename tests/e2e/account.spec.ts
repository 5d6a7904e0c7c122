import crypto from "node:crypto";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { createStaffAccount, expectNoAxeViolations, expectVisibleFocusRing, hydrated } from "./fixtures";

/**
 * A staff member changes their own password (decision 0086) by keyboard only:
 * from the staff menu to the form, a wrong current password refused in place,
 * then the change, said and focused, and the browser still signed in while
 * another one is signed out. Axe on the page, its error and its answer.
 */
// Shared CPUs: axe runs and full-cost password hashes. No timing is asserted.
const expect = baseExpect.configure({ timeout: 20_000 });

async function signIn(page: Page, email: string, password: string) {
  const res = await page.request.post("/admin/login", { form: { email, password }, maxRedirects: 0, timeout: 60_000 });
  expect(res.status()).toBe(302);
}

/** Presses Tab until the target has the focus (at most `most` presses): the keyboard's way there. */
async function tabTo(page: Page, isTarget: () => Promise<boolean>, most = 60) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press("Tab");
    if (await isTarget()) return;
  }
  throw new Error("never reached by Tab");
}

const focused = (page: Page, name: string) => () => page.evaluate((label) => (document.activeElement as HTMLElement | null)?.getAttribute("name") === label, name);

test("staff change their password by keyboard; other sign-ins end, this one stays", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = `account.${crypto.randomBytes(4).toString("hex")}@example.org`;
  const first = `Juniper harbor ${crypto.randomBytes(6).toString("hex")}`;
  const second = `Copper lantern ${crypto.randomBytes(6).toString("hex")}`;
  createStaffAccount(email, first);
  await signIn(page, email, first);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, email, first);

  await page.goto("/admin/registrations");
  await hydrated(page);
  // From the staff menu, by keyboard.
  const link = page.getByRole("link", { name: "Your account and password" });
  await tabTo(page, () => link.evaluate((el) => el === document.activeElement));
  // Its ring: seen against the page without it (one step back, then the ring check focuses it again).
  await page.keyboard.press("Shift+Tab");
  await expectVisibleFocusRing(page, link);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(link).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("1 other browser or API token is signed in to this account.")).toBeVisible();
  await expectNoAxeViolations(page);

  // A wrong current password: refused in place, the focus on it.
  const current = page.getByLabel("Current password");
  await tabTo(page, focused(page, "currentPassword"));
  await page.keyboard.press("Shift+Tab");
  await expectVisibleFocusRing(page, current);
  await page.keyboard.type("Not the right one at all");
  await page.keyboard.press("Tab");
  await expect(page.locator("input[name=newPassword]")).toBeFocused();
  await page.keyboard.type(second);
  await page.keyboard.press("Tab");
  await expect(page.locator("input[name=repeatPassword]")).toBeFocused();
  await page.keyboard.type(second);
  await page.keyboard.press("Enter");
  await expect(current).toHaveAttribute("aria-invalid", "true");
  await expect(current).toHaveAccessibleDescription("The current password is incorrect.");
  await expect(current).toBeFocused();
  await expect(current).toHaveValue("");
  await expectNoAxeViolations(page);

  // The right one: the answer is said and takes the focus.
  await page.keyboard.type(first);
  await tabTo(page, focused(page, "newPassword"), 4);
  await page.keyboard.type(second);
  await tabTo(page, focused(page, "repeatPassword"), 4);
  await page.keyboard.type(second);
  await page.keyboard.press("Enter");
  const answer = page.getByRole("status").filter({ hasText: "Your password was changed." });
  await expect(answer).toBeFocused();
  await expect(page.getByText("None: this browser is the only one signed in to this account.")).toBeVisible();
  await expectNoAxeViolations(page);

  // This browser is still signed in (its new session); the other one is not.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await otherPage.goto("/admin/account");
  await expect(otherPage).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Faccount&expired=1$/);
  await other.close();
});
