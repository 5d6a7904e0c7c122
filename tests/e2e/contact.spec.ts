import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, hydrated, queryDb } from "./fixtures";

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
    await expect(page.getByText("Sending your message...")).toBeVisible();
    release();

    await expect(page.getByText("Message sent successfully! We will contact you soon.")).toBeVisible();
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
    await expect(page.getByText("We are down for maintenance.")).toBeVisible();
    // The form keeps what was typed.
    await expect(page.getByLabel("First Name")).toHaveValue("Maya");

    await page.unroute("**/api/contact");
    await page.route("**/api/contact", (route) => route.abort("connectionrefused"));
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Failed to send message. Please try again later.")).toBeVisible();
  });

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
    await expect(page.getByRole("status")).toHaveText("Message sent successfully! We will contact you soon.");
    expect(queryDb("SELECT id FROM contact_messages WHERE email = ?", email)).toHaveLength(1);
  });
});
