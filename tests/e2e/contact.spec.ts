import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, hydrated, interceptChunk, queryDb, toastsSettled, toastWith } from "./fixtures";

async function fillValid(page: Page, email: string) {
  await page.getByLabel("First Name").fill("Maya");
  await page.getByLabel("Last Name").fill("Ortiz");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone Number").fill("+1 (415) 555-0132");
  await page.getByLabel("Country").selectOption("US");
  await page.getByLabel("Zip Code").fill("94110");
  await page.getByLabel("Message (optional)").fill("Is there a DECODE session in San Francisco next spring?");
  await page.getByRole("checkbox", { name: /privacy policy/ }).check();
}

test.describe("Contact Us", () => {
  test("shows the page, the fields and the country options", async ({ page }) => {
    await page.goto("/contact-us");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await expect(page.getByText("We'd Love to Hear From You!")).toBeVisible();
    await expect(page.getByLabel("Country").locator("option")).toHaveText([
      "Select Country", "United States", "India", "United Kingdom", "Canada", "Australia",
    ]);
    const policy = page.getByRole("link", { name: /privacy policy/ }).first();
    await expect(policy).toHaveAttribute("href", "/privacy-policy");
    await expect(policy).toHaveAttribute("target", "_blank");
    await expectNoAxeViolations(page);
  });

  test("happy path: sends, toasts, resets and stores the message", async ({ page }) => {
    const email = `maya.${Date.now()}@example.com`;
    await page.goto("/contact-us");
    await hydrated(page);
    const send = page.getByRole("button", { name: "Send Message" });
    await expect(send).toBeDisabled();
    await fillValid(page, email);
    await expect(send).toBeEnabled();

    // Hold the request so the in-flight state can be seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/contact", async (route) => {
      await held;
      await route.continue();
    });
    await send.click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await expect(toastWith(page, "Sending your message...")).toBeVisible();
    release();

    // The toast, and the thank-you in the page.
    await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Message sent successfully! We will contact you soon.")).toBeVisible();
    await expect(page.locator("form").getByText("Message sent successfully! We will contact you soon.")).toBeVisible();
    await expect(page.getByLabel("First Name")).toHaveValue("");
    await expect(page.getByLabel("Country")).toHaveValue("");
    await expect(page.getByRole("checkbox", { name: /privacy policy/ })).not.toBeChecked();
    await expect(page.getByRole("button", { name: "Send Message" })).toBeDisabled();

    const rows = queryDb<{ first_name: string; country: string; message: string }>(
      "SELECT first_name, country, message FROM contact_messages WHERE email = ?",
      email,
    );
    expect(rows).toEqual([{ first_name: "Maya", country: "US", message: "Is there a DECODE session in San Francisco next spring?" }]);
  });

  test("a toast whose library is still loading is waited for before axe measures the page", async ({ page }) => {
    // The toast library is a chunk of its own, fetched on first input: hold it back.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await interceptChunk(page, "data-sonner-toaster", held);
    await page.goto("/contact-us");
    await hydrated(page);
    await fillValid(page, `maya.lib.${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("form").getByText("Message sent successfully! We will contact you soon.")).toBeVisible();
    // Asked for, not shown: the page says so.
    await expect(page.locator("html")).toHaveAttribute("data-toasts-pending", /^[1-9]/);
    let settled = false;
    const settling = toastsSettled(page).then(() => (settled = true));
    await page.waitForTimeout(500);
    expect(settled).toBe(false);
    release();
    await settling;
    const shown = page.getByRole("region", { name: /Notifications/ }).getByText("Message sent successfully! We will contact you soon.");
    await expect(shown).toBeVisible();
    expect(await shown.evaluate((el) => getComputedStyle(el.closest("[data-sonner-toast]")!).opacity)).toBe("1");
    await expect(page.locator("html")).not.toHaveAttribute("data-toasts-pending");
  });

  test("a toast library that fails to load costs the toasts only: the message is sent, stored and thanked in the page", async ({ page }) => {
    await interceptChunk(page, "data-sonner-toaster", "fail");
    const email = `maya.nolib.${Date.now()}@example.com`;
    await page.goto("/contact-us");
    await hydrated(page);
    await fillValid(page, email);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("form").getByText("Message sent successfully! We will contact you soon.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await expect(page.getByLabel("First Name")).toHaveValue("");
    await expect(page.locator("html")).not.toHaveAttribute("data-toasts-pending");
    expect(queryDb("SELECT id FROM contact_messages WHERE email = ?", email)).toHaveLength(1);
  });

  test("every validation message appears as the visitor types", async ({ page }) => {
    await page.goto("/contact-us");
    await hydrated(page);
    const send = page.getByRole("button", { name: "Send Message" });
    const first = page.getByLabel("First Name");

    await first.fill("M");
    await expect(page.getByText("Must be at least 2 characters")).toBeVisible();
    await expect(first).toHaveAttribute("aria-invalid", "true");
    await first.fill("");
    await expect(page.getByText("First name is required")).toBeVisible();
    await first.fill("Maya");
    await expect(page.getByText("First name is required")).toBeHidden();
    await expect(first).toHaveAttribute("aria-invalid", "false");

    const last = page.getByLabel("Last Name");
    await last.fill("O");
    await expect(page.locator("#lastName-error")).toHaveText("Must be at least 2 characters");
    await last.fill("");
    await expect(page.locator("#lastName-error")).toHaveText("Last name is required");

    const email = page.getByLabel("Email");
    await email.fill("maya@");
    await expect(page.locator("#email-error")).toHaveText("Invalid email address");
    await email.fill("");
    await expect(page.locator("#email-error")).toHaveText("Email is required");

    const phone = page.getByLabel("Phone Number");
    await phone.fill("12345");
    await expect(page.locator("#phoneNumber-error")).toHaveText("Invalid phone number");
    await phone.fill("");
    await expect(page.locator("#phoneNumber-error")).toHaveText("Phone number is required");

    const country = page.getByLabel("Country");
    await country.selectOption("CA");
    await country.selectOption("");
    await expect(page.locator("#country-error")).toHaveText("Country is required");

    const zip = page.getByLabel("Zip Code");
    await zip.fill("12");
    await expect(page.locator("#zipCode-error")).toHaveText("Must be at least 3 characters");
    await zip.fill("");
    await expect(page.locator("#zipCode-error")).toHaveText("Zip code is required");

    const policy = page.getByRole("checkbox", { name: /privacy policy/ });
    await policy.check();
    await policy.uncheck();
    await expect(page.locator("#acceptPrivacyPolicy-error")).toHaveText("You must accept the privacy policy");

    await expect(send).toBeDisabled();
    await expectNoAxeViolations(page);
  });

  test("shows the server's message, else the fallback, when sending fails", async ({ page }) => {
    await page.goto("/contact-us");
    await hydrated(page);
    await fillValid(page, "maya@example.com");

    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ success: false, message: "We are down for maintenance." }) }),
    );
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toastWith(page, "We are down for maintenance.")).toBeVisible();
    // The form keeps what was typed.
    await expect(page.getByLabel("First Name")).toHaveValue("Maya");

    // A proxy's error page carries no JSON message: the spec's fallback, never 'API request failed'.
    await page.unroute("**/api/contact");
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<html><body><h1>502 Bad Gateway</h1></body></html>" }),
    );
    await page.getByRole("button", { name: "Send Message" }).click();
    const fallback = toastWith(page, "Failed to send message. Please try again later.");
    await expect(fallback).toBeVisible();
    await expect(page.getByText("API request failed")).toHaveCount(0);
    await expect(fallback).toHaveCount(0, { timeout: 10_000 });

    await page.unroute("**/api/contact");
    await page.route("**/api/contact", (route) => route.abort("connectionrefused"));
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(fallback).toBeVisible();
  });

  test("Send Message stays in the tab order while invalid; activating it shows every error and focuses the first invalid field", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
    await page.goto("/contact-us");
    await hydrated(page);
    await page.getByLabel("First Name").fill("Maya");
    await page.getByLabel("Email").fill("maya@example.com");
    const send = page.getByRole("button", { name: "Send Message" });
    await expect(send).toHaveAttribute("aria-disabled", "true");
    // Only the fields typed in show their state so far.
    await expect(page.locator("#lastName-error")).toHaveText("");

    await page.getByRole("checkbox", { name: /privacy policy/ }).focus();
    for (let i = 0; i < 4 && !(await send.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(send).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(page.locator("#lastName-error")).toHaveText("Last name is required");
    await expect(page.locator("#phoneNumber-error")).toHaveText("Phone number is required");
    await expect(page.locator("#country-error")).toHaveText("Country is required");
    await expect(page.locator("#zipCode-error")).toHaveText("Zip code is required");
    await expect(page.locator("#acceptPrivacyPolicy-error")).toHaveText("You must accept the privacy policy");
    await expect(page.locator("#firstName-error")).toHaveText("");
    await expect(page.getByLabel("Last Name")).toBeFocused();
    // Nothing was sent: the errors above come from the page itself, and no request left it.
    await expect(toastWith(page, "Sending your message...")).toHaveCount(0);
    expect(posts).toEqual([]);

    // Space on the button does the same once the focus is back on it.
    await page.getByLabel("Last Name").fill("Ortiz");
    await send.focus();
    await page.keyboard.press("Space");
    await expect(page.getByLabel("Phone Number")).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test("the focus stays on Send Message while sending, then moves to the thank-you shown in the page", async ({ page }) => {
    await page.goto("/contact-us");
    await hydrated(page);
    const email = `focus.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
    await fillValid(page, email);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/contact", async (route) => {
      await held;
      await route.continue();
    });
    const send = page.getByRole("button", { name: "Send Message" });
    await send.focus();
    await page.keyboard.press("Enter");
    const sending = page.getByRole("button", { name: "Sending..." });
    await expect(sending).toHaveAttribute("aria-disabled", "true");
    await expect(sending).toBeFocused();
    // A second Enter while sending sends nothing more.
    await page.keyboard.press("Enter");
    release();

    await expect(page.getByRole("heading", { name: "Thank you for your message" })).toBeVisible();
    // The focus is on the thank-you, which says what happened.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement?.querySelector("h3") ? document.activeElement.textContent : document.activeElement?.tagName)))
      .toBe("Thank you for your messageMessage sent successfully! We will contact you soon.");
    await expect(page.getByLabel("First Name")).toHaveValue("");
    await expect.poll(() => queryDb("SELECT id FROM contact_messages WHERE email = ?", email).length).toBe(1);
    // The success toast is on screen too: its colours pass (app.css overrides sonner's).
    await expect(page.locator("[data-sonner-toast][data-type=success]")).toBeVisible();
    await expectNoAxeViolations(page);

    // Typing a new message puts the thank-you away.
    await page.getByLabel("First Name").fill("Ana");
    await expect(page.getByRole("heading", { name: "Thank you for your message" })).toHaveCount(0);
  });

  for (const width of [375, 1280]) {
    test(`at ${width} px each error sits under its own field, clear of the next label`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/contact-us");
      await hydrated(page);
      // Tabbing through the empty fields shows each one's error.
      await page.getByLabel("First Name").focus();
      for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
      await expect(page.getByLabel("Message (optional)")).toBeFocused();
      await expect(page.locator("#zipCode-error")).toHaveText("Zip code is required");
      const gaps = await page.evaluate(() => {
        const fields = ["firstName", "lastName", "email", "phoneNumber", "country", "zipCode"];
        const labels = [...document.querySelectorAll<HTMLLabelElement>("form[aria-label='Contact form'] label")];
        return fields.map((id) => {
          const control = document.getElementById(id)!.getBoundingClientRect();
          const error = document.getElementById(`${id}-error`)!.getBoundingClientRect();
          // The next label below this error, in the same column.
          const below = labels
            .map((l) => l.getBoundingClientRect())
            .filter((l) => l.top >= error.bottom - 1 && l.left < error.right && l.right > error.left)
            .sort((a, b) => a.top - b.top)[0];
          return { id, toOwnControl: error.top - control.bottom, toNextLabel: below ? below.top - error.bottom : null };
        });
      });
      for (const g of gaps) {
        expect(g.toOwnControl, `${g.id}: error to its field`).toBeLessThanOrEqual(6);
        expect(g.toNextLabel ?? Infinity, `${g.id}: error to the next label`).toBeGreaterThanOrEqual(3 * g.toOwnControl + 8);
      }
    });
  }

  test("D3: a therapist request starts with a pre-filled message", async ({ page }) => {
    await page.goto("/contact-us?topic=therapist");
    await expect(page.getByLabel("Message (optional)")).toHaveValue(/matched with a certified therapist/);
  });
});

test.describe("Contact Us without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a plain form post shows the server's errors, then stores a valid message", async ({ page }) => {
    await page.goto("/contact-us");
    await page.getByLabel("First Name").fill("M");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please correct the highlighted fields.");
    // Focused as the page loads, so a screen reader reads it (an alert already in a loaded page is not announced).
    await expect(page.getByRole("alert")).toBeFocused();
    // And the title says it first (decision 0092).
    await expect(page).toHaveTitle(/^Error: Contact Us \| /);
    await expect(page.locator("#firstName-error")).toHaveText("Must be at least 2 characters");
    await expect(page.locator("#lastName-error")).toHaveText("Last name is required");
    await expect(page.locator("#email-error")).toHaveText("Invalid email address");
    await expect(page.locator("#phoneNumber-error")).toHaveText("Phone number is required");
    await expect(page.locator("#country-error")).toHaveText("Country is required");
    await expect(page.locator("#zipCode-error")).toHaveText("Zip code is required");
    await expect(page.locator("#acceptPrivacyPolicy-error")).toHaveText("You must accept the privacy policy");
    // What was typed is kept.
    await expect(page.getByLabel("Email")).toHaveValue("not-an-email");

    const email = `nojs.${Date.now()}@example.com`;
    await fillValid(page, email);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toContainText("Thank you for your message");
    await expect(page.getByRole("status")).toContainText("Message sent successfully! We will contact you soon.");
    await expect(page.getByRole("status")).toBeFocused();
    await expect(page).toHaveTitle(/^Contact Us \| /);
    expect(queryDb("SELECT id FROM contact_messages WHERE email = ?", email)).toHaveLength(1);
  });
});
