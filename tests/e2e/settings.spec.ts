import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { createStaffAccount, expectNoAxeViolations, expectVisibleFocusRing, hydrated, writeDb } from "./fixtures";

/**
 * Staff settings (issue 11 point 6, decision 0038) as staff use them: by
 * keyboard only, a bad value refused in place, a retention period changed,
 * the success message, and the privacy policy stating the new figure at once.
 * Axe on the screen, in its error state and after saving.
 */
// Shared CPUs: axe runs and full-cost sign-ins. No timing is asserted.
const expect = baseExpect.configure({ timeout: 20_000 });

const staffEmail = `settings.${crypto.randomBytes(4).toString("hex")}@example.org`;
const password = `Juniper harbor ${crypto.randomBytes(6).toString("hex")}`;
test.beforeAll(() => createStaffAccount(staffEmail, password));

async function signIn(page: Page) {
  const res = await page.request.post("/admin/login", { form: { email: staffEmail, password }, maxRedirects: 0, timeout: 60_000 });
  expect(res.status()).toBe(302);
}

/**
 * The settings are one for the whole server: runs of this test in parallel
 * workers (--repeat-each) take turns, so each sees only its own change. The
 * lock is a folder in the server's data folder (mkdir either creates it or fails).
 */
async function oneAtATime(fn: () => Promise<void>) {
  const lock = path.join(process.env.E2E_DATA_DIR!, "settings-e2e.lock");
  await expect.poll(() => {
    try {
      fs.mkdirSync(lock);
      return true;
    } catch {
      return false;
    }
  }, { timeout: 200_000, intervals: [250] }).toBe(true);
  try {
    await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** Presses Tab until `name`'s control has the focus (at most `most` presses): the keyboard's way there. */
async function tabTo(page: Page, isTarget: () => Promise<boolean>, most = 60) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press("Tab");
    if (await isTarget()) return;
  }
  throw new Error("never reached by Tab");
}

const PHOTO_LABEL = "Delete ID photos and profile images after (days)";

test.describe("staff settings", () => {
  test.beforeEach(() => test.setTimeout(240_000));

  test("staff change a retention period by keyboard, see it saved, and the privacy policy states the new figure", async ({ page }) => {
    const days = 100 + crypto.randomInt(2000);
    await signIn(page);
    await oneAtATime(async () => {
      await page.goto("/admin/settings");
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
      await expectNoAxeViolations(page);

      // A bad value first: refused in place, focus on the field, nothing saved.
      const hours = page.getByLabel("Waiting-list offer holds the seat for (hours)");
      await tabTo(page, () => hours.evaluate((el) => el === document.activeElement));
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("0");
      await page.keyboard.press("Enter");
      await expect(hours).toHaveAttribute("aria-invalid", "true");
      await expect(hours).toHaveAccessibleDescription(/Enter a whole number from 1 to 168\./);
      await expect(hours).toBeFocused();
      await expectNoAxeViolations(page);
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("24");
      await expect(hours).toHaveAttribute("aria-invalid", "false");

      // The photo period, then Tab on to the button and Enter.
      const photos = page.getByLabel(PHOTO_LABEL);
      await tabTo(page, () => photos.evaluate((el) => el === document.activeElement));
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type(String(days));
      const save = page.getByRole("button", { name: "Save settings" });
      await expectVisibleFocusRing(page, save);
      await expect(save).toBeFocused();
      // The settings come back a moment after the answer: until then the pressed button keeps the focus (it was
      // disabled, the focus falling to the page), then the answer takes it with the form re-read.
      await page.route(/\/admin\/settings\.data/, async (route) => {
        if (route.request().method() === "GET") await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      });
      await page.keyboard.press("Enter");
      const saving = page.getByRole("button", { name: "Saving..." });
      await expect(saving).toHaveAttribute("aria-disabled", "true");
      await expect(saving).toBeFocused();
      const done = page.getByRole("status").filter({ hasText: "Settings saved: 1 change. They apply at once." });
      await expect(done).toBeVisible();
      await expect(done).toBeFocused();
      await page.unroute(/\/admin\/settings\.data/);
      await expect(photos).toHaveValue(String(days));
      await expect(photos).toHaveAccessibleDescription(new RegExp(`Changed .* by ${staffEmail.replace(/\./g, "\\.")}; the default is 90\\.`));
      await expectNoAxeViolations(page);

      await page.goto("/privacy-policy");
      await expect(page.getByText(`deleted ${days} days after the session ends`)).toBeVisible();

      // Back to the default, so other tests see the server's own settings.
      await page.goto("/admin/settings");
      await hydrated(page);
      await page.getByLabel(PHOTO_LABEL).fill("90");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Settings saved: 1 change." })).toBeVisible();
      await expect(page.getByLabel(PHOTO_LABEL)).toHaveAccessibleDescription(/The default \(RETENTION_PHOTO_DAYS\): 90\./);
      await page.goto("/privacy-policy");
      await expect(page.getByText("deleted 90 days after the session ends")).toBeVisible();
    });
  });
  test("a changed value survives a dropped connection and an expired sign-in: said in place, then back after signing in again", async ({ page }) => {
    await signIn(page);
    // Nothing is saved here; the turn is taken so the stored value read below stays the stored one.
    await oneAtATime(async () => {
      await page.goto("/admin/settings");
      await hydrated(page);
      const hours = page.getByLabel("Waiting-list offer holds the seat for (hours)");
      const stored = await hours.inputValue();
      const typed = stored === "48" ? "72" : "48";
      await hours.fill(typed);
      const save = page.getByRole("button", { name: "Save settings" });

      // The connection drops: said on the page, which keeps the value.
      await page.route(/\/admin\/settings\.data/, (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue()));
      await save.click();
      await expect(page.getByText(/^The connection was lost before the server answered, so your changes may or may not have been saved\. They are still on this page/)).toBeVisible();
      await expect(hours).toHaveValue(typed);
      await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
      await page.unroute(/\/admin\/settings\.data/);

      // The sign-in ends before the next try.
      const cookie = (await page.context().cookies()).find((c) => c.name === "staff_session")!;
      const idHash = crypto.createHash("sha256").update(cookie.value, "utf8").digest("base64url");
      writeDb("UPDATE staff_sessions SET expires_at = ? WHERE id_hash = ?", new Date(Date.now() - 60_000).toISOString(), idHash);
      await save.click();
      await expect(page).toHaveURL("/admin/login?next=%2Fadmin%2Fsettings&expired=1");
      await hydrated(page);
      await page.getByLabel("Email").fill(staffEmail);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL((url) => url.pathname === "/admin/settings", { timeout: 45_000 });
      await hydrated(page);
      const note = page.getByRole("status").filter({ hasText: "Changes you made earlier, which may not have been saved, are back on this page." });
      await expect(note).toBeVisible();
      await expect(hours).toHaveValue(typed);
      await expectNoAxeViolations(page);
      // Leaving now asks first: the restored value is unsaved.
      await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Attendance" }).click();
      const question = page.getByRole("dialog", { name: "Leave without saving?" });
      await question.getByRole("button", { name: "Stay on this page", exact: true }).click();
      await expect(question).toBeHidden();
      // Put back what is stored: the page shows the stored value, and nothing is unsaved.
      await note.getByRole("button", { name: "Put back what is stored" }).click();
      await expect(note).toBeHidden();
      await expect(hours).toHaveValue(stored);
      // The button went with its note: the first field has the focus, not the page's body.
      await expect(hours).toBeFocused();
      await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Attendance" }).click();
      await expect(page).toHaveURL("/admin/attendance");
    });
  });

  test("a changed value is not lost to a stray link: leaving asks first, staying keeps it, and the tab's close is asked by the browser", async ({ page }) => {
    // Nothing is saved here, so no turn-taking with the other test is needed.
    await signIn(page);
    await page.goto("/admin/settings");
    await hydrated(page);
    const hours = page.getByLabel("Waiting-list offer holds the seat for (hours)");
    const stored = await hours.inputValue();
    const typed = stored === "48" ? "72" : "48";
    const attendance = page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Attendance" });
    const question = page.getByRole("dialog", { name: "Leave without saving?" });
    const stay = question.getByRole("button", { name: "Stay on this page", exact: true });

    await hours.fill(typed);
    await attendance.click();
    await expect(stay).toBeFocused();
    await expectVisibleFocusRing(page, stay);
    await expectNoAxeViolations(page);
    await stay.click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL("/admin/settings");
    await expect(hours).toHaveValue(typed);

    // Typed back to the stored value, nothing is unsaved: the link just goes.
    await hours.fill(stored);
    await attendance.click();
    await expect(page).toHaveURL("/admin/attendance");
    await expect(question).toBeHidden();

    // Changed again and left anyway: nothing was saved.
    await page.goBack();
    await expect(page).toHaveURL("/admin/settings");
    await hydrated(page);
    await hours.fill(typed);
    await attendance.click();
    await question.getByRole("button", { name: "Leave without saving" }).click();
    await expect(page).toHaveURL("/admin/attendance");
    await expect(page.getByRole("heading", { level: 1, name: "Attendance" })).toBeVisible();
    await page.goto("/admin/settings");
    await hydrated(page);
    await expect(hours).toHaveValue(stored);

    // Closing the tab with a change: the browser's own question (it asks only after a real click on the page).
    await hours.click();
    await hours.fill(typed);
    const asked = new Promise<string>((resolve) => page.once("dialog", (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    }));
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe("beforeunload");
  });
});
