import crypto from "node:crypto";
import fs from "node:fs";
import { expect, request, test, type Cookie, type Page } from "@playwright/test";
import { addFamilySessionRow, axeBuilder, expectNoAxeViolations, expectVisibleFocusRing, hydrated, queryDb, createStaffAccount } from "./fixtures";

/**
 * The staff lists of contact messages and family consultations (issue 9,
 * points 5, 7 and 12), as staff use them: a message sent through the public
 * form and a booking made on the public site show up, their details open in a
 * dialog, a status is set, a CSV is downloaded and read, a booking is deleted
 * after confirmation; axe-core on each screen and dialog, at 1280 and 375 px.
 */
const email = `staff.${crypto.randomBytes(4).toString("hex")}@example.org`;
const password = `Quiet harbor ${crypto.randomBytes(6).toString("hex")}`;
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}`;
let cookies: Cookie[] = [];

const tag = () => `${Date.now().toString(36)}${crypto.randomBytes(3).toString("hex")}`;

test.beforeAll(async () => {
  // Two full-cost scrypt hashes (the script, then the sign-in) on shared CPUs: seconds each, more under load.
  test.setTimeout(180_000);
  // The operator's script makes the account; one sign-in (full-cost scrypt) serves every test of this worker.
  createStaffAccount(email, password);
  const api = await request.newContext({ baseURL });
  const res = await api.post("/admin/login", { form: { email, password }, maxRedirects: 0, timeout: 60_000 });
  if (res.status() !== 302) throw new Error(`sign-in answered ${res.status()}`);
  cookies = (await api.storageState()).cookies;
  await api.dispose();
});

test.beforeEach(async ({ context }) => {
  await context.addCookies(cookies);
});

/** A Family Constellation session of its own (the e2e server has its own database). */
const addFamilySession = (capacity: number) => addFamilySessionRow("staff", capacity, { town: "Staffville", daysAhead: 150 });

/** Clicks the dialog's 'Download CSV' and reads the saved file. */
async function downloadCsv(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Select Date Range" });
  const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Download CSV" }).click()]);
  const file = await download.path();
  const text = fs.readFileSync(file, "utf8");
  return { name: download.suggestedFilename(), text };
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test.describe("staff: contacts", () => {
  test("a message sent through the public form: listed, its details, its status set, a CSV; axe clean at both widths", async ({ page }) => {
    test.setTimeout(180_000);
    const t = tag();
    const sender = `maya.${t}@example.com`;
    // A visitor sends it (the cookie is the staff member's, but the form is the public one).
    await page.goto("/contact-us");
    await hydrated(page);
    await page.getByLabel("First Name").fill("Maya");
    await page.getByLabel("Last Name").fill(`Ortiz${t}`);
    await page.getByLabel("Email").fill(sender);
    await page.getByLabel("Phone Number").fill("+1 (415) 555-0132");
    await page.getByLabel("Country").selectOption("US");
    await page.getByLabel("Zip Code").fill("94110");
    await page.getByLabel("Message (optional)").fill("Is there a DECODE session in San Francisco next spring?");
    await page.getByRole("checkbox", { name: /privacy policy/i }).check();
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message sent successfully! We will contact you soon.").first()).toBeVisible({ timeout: 15_000 });

    await page.goto("/admin/contacts");
    await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
    await hydrated(page);
    await page.getByRole("searchbox", { name: "Search contacts" }).fill(sender);
    // Debounced: the URL follows without pressing Enter.
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(sender).replace(/\./g, "\\.")}`));
    const row = page.getByRole("row").filter({ hasText: sender });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Maya Ortiz${t}`);
    await expect(row).toContainText("United States");
    await expect(row).toContainText("New");
    await expectNoAxeViolations(page);

    await row.getByRole("link", { name: /^View/ }).click();
    const dialog = page.getByRole("dialog", { name: "Contact Details" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Is there a DECODE session in San Francisco next spring?");
    await expect(dialog).toContainText("94110");
    await expectNoAxeViolations(page);
    await dialog.getByLabel("Status").selectOption("Replied");
    await dialog.getByRole("button", { name: "Save status" }).click();
    await expect(dialog.getByText("Status updated successfully")).toBeVisible();
    await expect(dialog).toContainText(`by ${email}`);
    expect(queryDb<{ status: string }>("select status from contact_messages where email = ?", sender)).toEqual([{ status: "replied" }]);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Replied");
    const viewed = queryDb<{ n: number }>(
      "select count(*) as n from audit_events where actor_email = ? and target_type = 'contact' and action in ('view', 'update')",
      email,
    );
    expect(Number(viewed[0]!.n)).toBeGreaterThanOrEqual(2);

    // The CSV of what the search shows.
    await page.getByRole("link", { name: "Download CSV" }).click();
    await expect(page.getByRole("dialog", { name: "Select Date Range" })).toBeVisible();
    await expectNoAxeViolations(page);
    const csv = await downloadCsv(page);
    expect(csv.name).toBe("contacts_start_to_today.csv");
    const lines = csv.text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Name,Email,Phone,Country,Zip Code,Message,Status,Received (New York time),ID");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Maya Ortiz${t},${sender},'+1 (415) 555-0132,United States,94110,`);
    expect(lines[1]).toContain(",Replied,");

    // A tablet beside the staff menu: the table is wider than its box, yet a row's View stays in sight, unscrolled.
    await page.setViewportSize({ width: 1024, height: 800 });
    const box = page.locator("table").locator("..");
    expect(
      await box.evaluate((el) => {
        el.scrollLeft = 0;
        return el.scrollWidth - el.clientWidth > 40;
      }),
    ).toBe(true);
    const view = row.getByRole("link", { name: /^View/ });
    const [inBox, atView] = [await box.boundingBox(), await view.boundingBox()];
    expect(atView!.x + atView!.width).toBeLessThanOrEqual(inBox!.x + inBox!.width);
    await view.click({ trial: true });

    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("row").filter({ hasText: sender })).toBeVisible();
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });

  test("keyboard only: open a message's details, set its status, close; focus comes back", async ({ page }) => {
    test.setTimeout(120_000);
    const t = tag();
    const sender = `kay.${t}@example.com`;
    const res = await page.request.post("/api/contact", {
      data: { firstName: "Kay", lastName: `Board${t}`, email: sender, phoneNumber: "555-010-2030", country: "CA", zipCode: "H2X 1Y4", acceptPrivacyPolicy: true },
    });
    expect(res.status()).toBe(201);
    await page.goto(`/admin/contacts?search=${encodeURIComponent(sender)}`);
    await hydrated(page);
    const view = page.getByRole("link", { name: `View the message from Kay Board${t}` });
    await view.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Contact Details" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close contact details" })).toBeFocused();
    const status = dialog.getByLabel("Status");
    for (let i = 0; i < 12 && !(await status.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(status).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(status).toHaveValue("Read");
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Save status" })).toBeFocused();
    // The lists' data comes back a moment after the save: a keyboard user already back on
    // the select keeps it (it was once remounted by the new status, and the focus dropped).
    let reloads = 0;
    await page.route(/\/admin\/contacts\.data/, async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      reloads++;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("button", { name: "Saving..." })).toBeVisible();
    await page.keyboard.press("Shift+Tab");
    await expect(status).toBeFocused();
    await expect(dialog.getByText("Status updated successfully")).toBeVisible();
    expect(reloads).toBe(1);
    await expect(dialog).toContainText(`by ${email}`);
    await expect(status).toBeFocused();
    await expect(status).toHaveValue("Read");
    await page.unroute(/\/admin\/contacts\.data/);
    expect(queryDb<{ status: string }>("select status from contact_messages where email = ?", sender)).toEqual([{ status: "read" }]);
    // Focus stays inside the dialog while it is open.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(view).toBeFocused();
    await expect(page.getByRole("row").filter({ hasText: sender })).toContainText("Read");
  });
});

test.describe("staff: erasing a contact message", () => {
  test("by keyboard: refused until confirmed, then the details go, the answer takes the focus; axe clean at both widths", async ({ page }) => {
    test.setTimeout(120_000);
    const t = tag();
    const sender = `erase.${t}@example.com`;
    const res = await page.request.post("/api/contact", {
      data: { firstName: "Ezra", lastName: `Gone${t}`, email: sender, phoneNumber: "555-010-2030", country: "US", zipCode: "10001", message: "Please forget me.", acceptPrivacyPolicy: true },
    });
    expect(res.status()).toBe(201);
    const id = ((await res.json()) as { data: { _id: string } }).data._id;
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/admin/contacts?view=${id}`);
      await hydrated(page);
      const dialog = page.getByRole("dialog", { name: "Contact Details" });
      await expect(dialog.getByRole("form", { name: "Erase personal details" })).toBeVisible();
      await expectNoAxeViolations(page);
    }
    const dialog = page.getByRole("dialog", { name: "Contact Details" });
    const button = dialog.getByRole("button", { name: "Erase personal details" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("alert")).toHaveText("Check the box to confirm that this cannot be undone");
    await expect(dialog.getByRole("checkbox", { name: "I understand this cannot be undone" })).toHaveAttribute("aria-invalid", "true");
    // The box the message is about takes the focus (said before sending: nothing was posted).
    await expect(dialog.getByRole("checkbox", { name: "I understand this cannot be undone" })).toBeFocused();
    expect(queryDb<{ email: string }>("select email from contact_messages where id = ?", id)).toEqual([{ email: sender }]);
    await expectNoAxeViolations(page);

    await dialog.getByRole("checkbox", { name: "I understand this cannot be undone" }).focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    const answer = dialog.getByRole("status").filter({ hasText: "The sender's personal details and message were erased." });
    await expect(answer).toBeFocused();
    await expect(dialog.getByRole("form", { name: "Erase personal details" })).toHaveCount(0);
    await expect(dialog).toContainText("Details erased");
    await expect(dialog).toContainText("Erased with the sender's details.");
    await expect(dialog).not.toContainText(`Gone${t}`);
    expect(queryDb<{ email: string; message: string | null }>("select email, message from contact_messages where id = ?", id)).toEqual([{ email: "", message: null }]);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("row").filter({ hasText: "Details erased" }).first()).toBeVisible();
  });
});

test.describe("staff: family consultations", () => {
  test("a booking made on the public site: listed, details, CSV, deleted after confirmation (the seat is free); axe clean", async ({ page }) => {
    test.setTimeout(180_000);
    const { id, city } = addFamilySession(1);
    const guest = `rosa.${tag()}@example.com`;
    await page.goto(`/family-constellation/book/${id}`);
    await hydrated(page);
    await page.getByLabel("Full Name").fill("Rosa Díaz");
    await page.getByRole("textbox", { name: "Email" }).fill(guest);
    await page.getByRole("textbox", { name: /Phone Number/ }).fill("(512) 555-0142");
    await page.getByRole("checkbox", { name: /accept the terms and conditions/ }).check();
    await page.getByRole("button", { name: "Confirm Booking" }).click();
    await expect(page.getByRole("heading", { name: "Thank you for registering!" })).toBeVisible({ timeout: 15_000 });

    await page.goto("/admin/family-consultations");
    await expect(page.getByRole("heading", { level: 1, name: "Family Consultation Management" })).toBeVisible();
    await expect(page.getByRole("columnheader")).toHaveText(["Name", "Email", "Location", "Event", "Phone", "Registration Date", "Actions"]);
    await hydrated(page);
    await page.getByRole("searchbox", { name: "Search consultations" }).fill(city);
    await expect(page).toHaveURL(/search=Staffville/);
    const row = page.getByRole("row").filter({ hasText: guest });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Rosa Díaz");
    await expect(row).toContainText(city);
    await expect(row).toContainText("Riverside Hall");
    await expect(row).toContainText("+1 (512) 555-0142");
    // A date typed and sent with Enter: the field keeps the focus when the filtered list comes back (it was remounted).
    const from = page.getByLabel("From", { exact: true });
    await from.fill("2020-01-01");
    await from.press("Enter");
    await expect(page).toHaveURL(/startDate=2020-01-01/);
    await expect(page.getByRole("link", { name: "Clear dates" })).toBeVisible();
    await expect(from).toBeFocused();
    await expect(from).toHaveValue("2020-01-01");
    await expect(row).toHaveCount(1);
    await page.getByRole("link", { name: "Clear dates" }).click();
    await expect(page).not.toHaveURL(/startDate=/);
    await expect(from).toHaveValue("");
    await expectNoAxeViolations(page);

    await row.getByRole("link", { name: /^View/ }).click();
    const details = page.getByRole("dialog", { name: "Consultation Details" });
    await expect(details).toBeVisible();
    for (const section of ["Personal Information", "Event Information", "Administrative Details"]) {
      await expect(details.getByRole("heading", { name: section })).toBeVisible();
    }
    await expect(details).toContainText("Daniel Brooks");
    await expect(details).toContainText("$150");
    await expectNoAxeViolations(page);
    await details.getByRole("button", { name: "Close consultation details" }).click();
    await expect(details).toBeHidden();

    await page.getByRole("link", { name: "Download CSV" }).click();
    const csv = await downloadCsv(page);
    expect(csv.name).toBe("family-consultation-registrations_start_to_today.csv");
    const lines = csv.text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toMatch(/^Name,Email,Phone \(US\),Location,Event,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Rosa Díaz,${guest},(512) 555-0142,"Riverside Hall, ${city}",Family Constellation,`);

    // The session is full until the booking goes.
    const full = await page.request.post("/api/familyConsitalation/register", {
      data: { programId: id, fullName: "Sam Lee", email: `sam.${tag()}@example.com`, phone: "5125550100", termsAndCondition: true },
    });
    expect(full.status()).toBe(409);

    await row.getByRole("link", { name: /^Delete/ }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm Deletion" });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText("the consultation of Rosa Díaz");
    await expect(confirm).toContainText("This action cannot be undone.");
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("The consultation was deleted and its seat is free again.")).toBeVisible();
    await expect(page.getByText("No consultations found")).toBeVisible();
    expect(queryDb("select id from family_bookings where email = ?", guest)).toEqual([]);
    const again = await page.request.post("/api/familyConsitalation/register", {
      data: { programId: id, fullName: "Sam Lee", email: `sam.${tag()}@example.com`, phone: "5125550100", termsAndCondition: true },
    });
    expect(again.status()).toBe(201);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/admin/family-consultations?search=${encodeURIComponent(city)}`);
    await hydrated(page);
    await expect(page.getByRole("row").filter({ hasText: "Sam Lee" })).toBeVisible();
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });

  test("keyboard only: cancel a booking for its booker from the details dialog; the answer takes the focus, the seat is free, the list says Canceled; axe clean", async ({ page }) => {
    test.setTimeout(240_000);
    const { id, city } = addFamilySession(1);
    const guest = `nadia.${tag()}@example.com`;
    const booked = await page.request.post("/api/familyConsitalation/register", {
      data: { programId: id, fullName: "Nadia Stone", email: guest, phone: "5125550177", termsAndCondition: true },
    });
    expect(booked.status()).toBe(201);
    const bookingId = ((await booked.json()) as { data: { _id: string } }).data._id;

    await page.goto(`/admin/family-consultations?search=${encodeURIComponent(city)}`);
    await hydrated(page);
    const row = page.getByRole("row").filter({ hasText: guest });
    const view = row.getByRole("link", { name: /^View/ });
    await view.focus();
    await page.keyboard.press("Enter");
    const details = page.getByRole("dialog", { name: "Consultation Details" });
    await expect(details.getByRole("heading", { name: "Cancel this booking" })).toBeVisible();
    await expect(details).toContainText("Nadia Stone gets an email saying our team canceled the booking");
    await expectDialogAxeClean(page);
    const button = details.getByRole("button", { name: "Cancel booking" });
    // By the keyboard alone: Tab from the dialog's start reaches the button, which wears the focus ring.
    await details.getByRole("button", { name: "Close consultation details" }).focus();
    for (let i = 0; i < 20 && !(await button.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    // Away and back, so the ring is compared with the button unfocused (the helper focuses it again, as from the keyboard).
    await page.keyboard.press("Shift+Tab");
    await expectVisibleFocusRing(page, button);
    await expect(button).toBeFocused();
    // One press alone cancels nothing: the box that says the booker asked takes the focus, and says why.
    await page.keyboard.press("Enter");
    const box = details.getByRole("checkbox", { name: "Nadia Stone asked us to cancel this booking" });
    await expect(box).toBeFocused();
    await expect(box).toHaveAccessibleDescription("Check the box to confirm that the booker asked us to cancel");
    expect(queryDb("select status from family_bookings where id = ?", bookingId)).not.toEqual([{ status: "cancelled" }]);
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    const answer = details.getByRole("status").filter({ hasText: "The booking was canceled and the booker was emailed. Their seat is free again." });
    await expect(answer).toBeFocused();
    await expect(details.getByRole("heading", { name: "Cancel this booking" })).toHaveCount(0);
    await expect(details.getByRole("definition").filter({ hasText: /^Canceled$/ })).toBeVisible();
    expect(queryDb("select status from family_bookings where id = ?", bookingId)).toEqual([{ status: "cancelled" }]);
    expect(queryDb("select subject from outbox where to_address = ? and subject like 'Booking canceled%'", guest)).toHaveLength(1);
    await expectDialogAxeClean(page);
    // Escape closes the dialog and gives the focus back to the row's View; the row says Canceled.
    await page.keyboard.press("Escape");
    await expect(details).toBeHidden();
    await expect(view).toBeFocused();
    await expect(row).toContainText("Canceled");

    // The one seat is free again: the next booking is taken.
    const next = await page.request.post("/api/familyConsitalation/register", {
      data: { programId: id, fullName: "Sam Lee", email: `sam.${tag()}@example.com`, phone: "5125550100", termsAndCondition: true },
    });
    expect(next.status()).toBe(201);
  });
});

/** axe-core on the open dialog only (the list behind it is checked by the other tests). */
async function expectDialogAxeClean(page: Page) {
  const results = await axeBuilder(page).include("dialog[open]").analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
