import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations, holdLongTimers, hydrated, queryDb, releaseLongTimers, toastsSettled, toastWith } from "./fixtures";

const CONTACT = "hello@mindfulpath.example";

const uniqueEmail = (who: string) => `${who}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Fills every required field (and a few optional ones) of the registration form inside `scope`. */
async function fillRegistration(scope: Locator, email: string) {
  await scope.getByLabel("First Name").fill("Nora");
  await scope.getByLabel("Middle Name (optional)").fill("Jean");
  await scope.getByLabel("Last Name").fill("Whitfield");
  await scope.getByRole("textbox", { name: "Email" }).fill(email);
  await scope.getByLabel("Mobile Number").fill("(555) 201-3344");
  await scope.getByLabel("Date of Birth").fill("1986-07-14");
  await scope.getByLabel("Occupation").fill("Yoga teacher");
  await scope.getByLabel("How did you hear about us? (optional)").selectOption("Instagram");
  await scope.getByRole("checkbox", { name: /accept the terms and conditions/ }).check();
}

async function openDialog(page: Page) {
  await page.goto("/tasso");
  await hydrated(page);
  await page.getByRole("link", { name: "Enroll Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Registration Form" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("TASSO page", () => {
  test("shows the hero, six modules, the enrollment card, questions and the instructor", async ({ page }) => {
    // Browser-heavy (axe runs, real waits) on shared CPUs.
    test.slow();
    await page.goto("/tasso");
    await expect(page.getByRole("heading", { level: 1, name: "TASSO Program" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Play video: TASSO Program/ })).toBeVisible();

    const modules = page.getByRole("article");
    await expect(modules).toHaveCount(6);
    await expect(modules.getByRole("heading", { level: 3 })).toHaveText([
      "Module 1: Foundations of Mind-Body Awareness",
      "Module 2: Settling Into a Receptive State",
      "Module 3: Attention and Inner Dialogue",
      "Module 4: Emotions in Motion",
      "Module 5: Working With Others",
      "Module 6: Integration and Daily Practice",
    ]);
    const first = modules.first();
    await expect(first.getByText("2 hours")).toBeVisible();
    await expect(modules.nth(1).getByText("3 hours")).toBeVisible();
    await expect(first.getByText("15 mins")).toBeVisible();
    await expect(first.getByRole("heading", { name: "What You'll Learn" })).toBeVisible();
    await expect(first.getByRole("heading", { name: "Resources" })).toBeVisible();
    const resources = modules.getByRole("link");
    await expect(resources).toHaveCount(12);
    await expect(resources.first()).toHaveAccessibleName("Body scan practice guide (PDF) (opens in a new tab)");
    for (const link of await resources.all()) await expect(link).toHaveAttribute("target", "_blank");

    const enrol = page.getByRole("region", { name: "Enroll in TASSO Program" });
    await expect(enrol.getByText("$1,500")).toBeVisible();
    const next = await enrol.locator("p", { hasText: "Next session:" }).textContent();
    const m = /(\d+)(?:st|nd|rd|th) (\w{3}) (\d{4}), New York/.exec(next ?? "");
    expect(m, `next session reads "${next}"`).not.toBeNull();
    // Never in the past (D12).
    expect(Date.parse(`${m![2]} ${m![1]}, ${m![3]} 23:59`)).toBeGreaterThan(Date.now());
    await expect(enrol.getByRole("listitem")).toHaveText([
      "Six modules with guided practice",
      "Video lessons to review at home",
      "Downloadable guides and worksheets",
      "Certificate of completion",
    ]);
    // Without JavaScript the button is a link to the session's registration page.
    await expect(enrol.getByRole("link", { name: "Enroll Now" })).toHaveAttribute("href", "/register/s-tasso-a");

    await expect(page.getByRole("heading", { name: "Have Questions?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Email Us" })).toHaveAttribute("href", `mailto:${CONTACT}`);
    await expect(page.getByText("Certified Faculty")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Grace Nakamura" })).toBeVisible();
    await expect(page.getByText("LAc, MS in Oriental Medicine")).toBeVisible();
    await expect(page.getByText("More than 12 years of mind-body practice and teaching")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("enrolls through the dialog: submitting state, toasts, confirmation, a stored registration, auto-close", async ({ page }) => {
    // Browser-heavy (axe runs, real waits) on shared CPUs.
    test.slow();
    // The confirmation closes itself 5 s after it shows: held until the axe run below is done, then let go.
    await holdLongTimers(page);
    const email = uniqueEmail("nora");
    const dialog = await openDialog(page);
    await expect(dialog.getByLabel("City")).toHaveValue("s-tasso-a");
    await expect(dialog.getByLabel("Venue")).toHaveValue("Hudson Hall, 210 W 55th St");
    await expect(dialog.getByLabel("Time Slot")).toHaveValue("Full day");
    await expectNoAxeViolations(page);
    await fillRegistration(dialog, email);
    await expect(dialog.getByLabel("Name as on Certificate")).toHaveValue("Nora Jean Whitfield");

    // Hold the request so the in-flight state can be seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/registration", async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole("button", { name: "Submit Registration" }).click();
    await expect(dialog.getByRole("button", { name: "Submitting..." })).toHaveAttribute("aria-disabled", "true");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toHaveAttribute("aria-disabled", "true");
    await expect(toastWith(page, "Submitting registration...")).toBeVisible();
    // Escape does not close it while the registration is being sent.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
    release();

    await expect(toastWith(page, "Registration submitted successfully!")).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Thank you for registering!" })).toBeVisible();
    await expect(dialog.getByText(`You will shortly receive an email from ${CONTACT} with further details.`)).toBeVisible();
    const rows = queryDb<{ kind: string; event_id: string; programme_id: string; name_on_certificate: string; mobile_no: string; level_name: string; hear_about: string }>(
      "SELECT kind, event_id, programme_id, name_on_certificate, mobile_no, level_name, hear_about FROM registrations WHERE email = ?",
      email,
    );
    expect(rows).toEqual([
      { kind: "tasso", event_id: "s-tasso-a", programme_id: "tasso", name_on_certificate: "Nora Jean Whitfield", mobile_no: "5552013344", level_name: "TASSO Program", hear_about: "Instagram" },
    ]);
    await toastsSettled(page);
    await expectNoAxeViolations(page);
    await expect(dialog.getByRole("heading", { name: "Thank you for registering!" })).toBeVisible();

    // It closes itself (after 5 s, held until now), and focus goes back to the button that opened it.
    await releaseLongTimers(page);
    await expect(dialog).toBeHidden({ timeout: 8000 });
    await expect(page.getByRole("link", { name: "Enroll Now" })).toBeFocused();
  });

  test("keyboard: focus starts in the form, Tab stays inside, Escape closes and returns focus; X, Cancel and the backdrop close it", async ({ page }) => {
    // Browser-heavy (axe runs, real waits) on shared CPUs.
    test.slow();
    const dialog = await openDialog(page);
    const enrol = page.getByRole("link", { name: "Enroll Now" });
    await expect(dialog.getByLabel("First Name")).toBeFocused();
    await expect(page.locator("body")).toHaveClass(/scroll-locked/);

    for (let i = 0; i < 45; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByRole("button", { name: "Close registration form" }).focus();
    await page.keyboard.press("Shift+Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(enrol).toBeFocused();
    await expect(page.locator("body")).not.toHaveClass(/scroll-locked/);

    await enrol.press("Enter");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close registration form" }).click();
    await expect(dialog).toBeHidden();
    await expect(enrol).toBeFocused();

    await enrol.click();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    await enrol.click();
    await expect(dialog).toBeVisible();
    // A click outside the dialog's box lands on the backdrop.
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    await expect(enrol).toBeFocused();
  });
});
