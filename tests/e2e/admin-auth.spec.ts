import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createStaffAccount, expectNoAxeViolations, hydrated, queryDb, writeDb } from "./fixtures";

/**
 * The staff sign-in and shell (issue 9, points 1–4 and 12), as an administrator
 * uses them: an account made with the operator's script, sign in from a
 * bookmarked staff page, the sidebar by keyboard, sign out and be refused.
 */
const email = `staff.${crypto.randomBytes(4).toString("hex")}@example.org`;
const password = `Quiet harbor ${crypto.randomBytes(6).toString("hex")}`;

test.beforeAll(() => createStaffAccount(email, password));

/** A sign-in hashes at full scrypt cost: on a loaded machine that can take seconds. Not a timing assertion. */
const SIGN_IN_WAIT = 45_000;

async function signIn(page: Page, next = "/admin/audit") {
  await page.goto(next);
  await expect(page).toHaveURL(`/admin/login?next=${encodeURIComponent(next)}`);
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(next, { timeout: SIGN_IN_WAIT });
}

test.describe("staff sign-in", () => {
  test("the sign-in page is accessible at both widths and says what failed", async ({ page }) => {
    // Axe runs and full-cost password hashes (scrypt, 128 MiB) on a shared machine.
    test.setTimeout(180_000);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin/login");
      await expect(page.getByRole("heading", { level: 1, name: "Staff sign-in" })).toBeVisible();
      await expect(page.getByRole("checkbox", { name: "Remember me" })).toBeVisible();
      await expectNoAxeViolations(page);
    }
    await hydrated(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Please enter your email address.")).toBeVisible();
    await expect(page.getByText("Please enter your password.")).toBeVisible();
    // The first field to correct has the focus, its message read with it.
    await expect(page.getByLabel("Email")).toBeFocused();
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription(/Please enter your email address\./);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByLabel("Password")).toBeFocused();
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription(/Please enter your password\./);
    await page.getByLabel("Password").fill("not the right password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("The email or password is incorrect.", { timeout: SIGN_IN_WAIT });
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expectNoAxeViolations(page);
  });

  test("keyboard only: sign in, move through the sidebar, sign out, and be refused afterwards", async ({ page, context }) => {
    // Axe runs and full-cost password hashes (scrypt, 128 MiB) on a shared machine.
    test.setTimeout(180_000);
    await page.goto("/admin/contacts");
    await expect(page).toHaveURL("/admin/login?next=%2Fadmin%2Fcontacts");
    await hydrated(page);
    await page.getByLabel("Email").focus();
    await page.keyboard.type(email);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Password")).toBeFocused();
    await page.keyboard.type(password);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("checkbox", { name: "Remember me" })).toBeFocused();
    await page.keyboard.press("Space");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/admin/contacts", { timeout: SIGN_IN_WAIT });
    // Signed in: the focus is on the new screen's heading, not left on the page's body.
    await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeFocused();
    await expect(page.getByRole("search", { name: "Search contacts" })).toBeVisible();

    const cookie = (await context.cookies()).find((c) => c.name === "staff_session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Strict");
    // 'Remember me' was ticked: 30 days.
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 86400_000);

    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Staff" });
    const audit = nav.getByRole("link", { name: "Audit trail" });
    await audit.focus();
    await expect(audit).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/admin/audit");
    await expect(page.getByRole("heading", { level: 1, name: "Audit trail" })).toBeFocused();
    await expect(nav.getByRole("link", { name: "Audit trail" })).toHaveAttribute("aria-current", "page");
    const signOut = page.getByRole("button", { name: "Sign out" });
    await signOut.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/admin/login?signedOut=1");
    // What happened has the focus, so a screen reader reads it.
    await expect(page.getByRole("status").filter({ hasText: "You have signed out." })).toBeFocused();

    // The session ended on the server: the old cookie, put back, opens nothing.
    await context.addCookies([cookie!]);
    await page.goto("/admin/audit");
    // The browser still sent a sign-in cookie, so the page says why it asks again (decision 0062).
    await expect(page).toHaveURL("/admin/login?next=%2Fadmin%2Faudit&expired=1");
    await expect(page.getByRole("status").filter({ hasText: "Your sign-in has expired." })).toBeVisible();
    const refused = await page.request.get("/api/admin/audit", { headers: { cookie: `staff_session=${cookie!.value}` } });
    expect(refused.status()).toBe(401);
  });

  test("the shell at 1280 and 375 px: the sidebar, the menu button, the audit trail; axe clean", async ({ page }) => {
    // Axe runs and full-cost password hashes (scrypt, 128 MiB) on a shared machine.
    test.setTimeout(180_000);
    await signIn(page);
    await expect(page.getByRole("heading", { level: 1, name: "Audit trail" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Staff" });
    await expect(nav.getByRole("link")).toHaveText([
      "DECODE registrations",
      "Contacts",
      "Family consultations",
      "ICH registrations",
      "Family Constellation events",
      "Hypnotherapy programs",
      "DECODE programs",
      "TASSO programs",
      "Waiting lists and requests",
      "Approvals",
      "Attendance",
      "Audit trail",
      "Settings",
      "Your account and password",
    ]);
    await expect(nav.getByRole("button", { name: "Sign out" })).toBeVisible();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    // This sign-in is on the trail, with the address it came from.
    await page.getByLabel("Action").selectOption("sign-in");
    await page.getByLabel("Search").fill(email);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/action=sign-in&q=/);
    const row = page.getByRole("row").filter({ hasText: email }).first();
    await expect(row).toContainText("Signed in");
    await expect(row).toContainText("127.0.0.1");
    await expectNoAxeViolations(page);
    const stored = queryDb<{ n: number }>("select count(*) as n from audit_events where actor_email = ? and action = 'sign-in'", email);
    expect(Number(stored[0]!.n)).toBeGreaterThanOrEqual(1);

    await page.setViewportSize({ width: 375, height: 800 });
    await hydrated(page);
    await expect(nav).toBeHidden();
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(nav).toBeVisible();
    await expectNoAxeViolations(page);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Tabbing on past its last control closes it, so the focus never goes under it.
    await nav.getByRole("button", { name: "Sign out" }).focus();
    await page.keyboard.press("Tab");
    await expect(nav).toBeHidden();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    // The focus moved on to the page itself, now in view.
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
    // Escape closes it and gives the focus back to its button.
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(nav).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    // Opened far down the page, it shows under the header, on the screen.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await menu.click();
    await expect(nav.getByRole("link", { name: "DECODE programs" })).toBeInViewport();
    await nav.getByRole("link", { name: "DECODE programs" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "DECODE programs" })).toBeVisible();
    await expect(nav).toBeHidden();
    // A real screen now (the management screens were built): its spec'd search box.
    await expect(page.getByPlaceholder("Search programs by title, subtitle, or status...")).toBeVisible();
    await expectNoAxeViolations(page);

    // Anyone can put a long address on the trail (a failed sign-in): it breaks inside its cell, the page stays as wide as the screen.
    const longAddress = `an-address-typed-at-length-to-see-what-the-trail-does-${crypto.randomBytes(4).toString("hex")}@example-domain.org`;
    writeDb(
      "INSERT INTO audit_events (id, at, actor_id, actor_email, action, target_type, target_id, ip, detail) VALUES (?, ?, NULL, ?, 'sign-in-failed', NULL, NULL, '127.0.0.1', NULL)",
      crypto.randomUUID(),
      new Date().toISOString(),
      longAddress,
    );
    await page.goto(`/admin/audit?q=${encodeURIComponent(longAddress)}`);
    await expect(page.getByText(longAddress)).toBeVisible();
    for (const width of [375, 768]) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });

  test("the spec's old admin addresses lead to the staff area, behind sign-in", async ({ page }) => {
    await page.goto("/all-ICTable.usa");
    await expect(page).toHaveURL("/admin/login?next=%2Fadmin%2Fich-registrations");
    await page.goto("/admin-decode");
    await expect(page).toHaveURL("/admin/login?next=%2Fadmin%2Fdecode");
  });
});
