import crypto from "node:crypto";
import { expect as baseExpect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations, hydrated, queryDb, createStaffAccount, writeDb } from "./fixtures";

/**
 * Staff management of Family Constellation events (issue 9, points 8, 12, 13),
 * as staff and visitors use it: sign in, create a session, see it on /schedule
 * and book it from there, raise and lower its capacity (never below the seats
 * taken), delete with confirmation, the whole modal by keyboard, axe-core on
 * the list, the open modal, its errors and the confirmation.
 */

// The CPUs are shared with other suites: navigations and the server's answers may take a while. No timing is asserted.
const expect = baseExpect.configure({ timeout: 20_000 });

const email = `events.${crypto.randomBytes(4).toString("hex")}@example.org`;
const password = `Quiet harbor ${crypto.randomBytes(6).toString("hex")}`;

test.beforeAll(() => createStaffAccount(email, password));

/** A sign-in hashes at full scrypt cost: on a loaded machine that can take seconds. */
const SIGN_IN_WAIT = 45_000;

async function signIn(page: Page) {
  await page.goto("/admin/family-events");
  await expect(page).toHaveURL("/admin/login?next=%2Fadmin%2Ffamily-events");
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/admin/family-events", { timeout: SIGN_IN_WAIT });
  await expect(page.getByRole("heading", { level: 1, name: "Family Constellation Events" })).toBeVisible();
  await hydrated(page);
}

/** A unique place and a day far ahead (so runs side by side, and repeated, never meet), as the form's texts. */
function unique() {
  const tag = `${Date.now().toString(36)}${crypto.randomBytes(2).toString("hex")}`;
  const day = new Date(Date.now() + (300 + crypto.randomInt(300)) * 86_400_000).toISOString().slice(0, 10);
  return { location: `Cedar Hall ${tag}, Eugene`, day };
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** Searches the list (Enter in the search box) for one place: its row is then the only one. */
async function searchFor(page: Page, text: string) {
  const box = page.getByRole("searchbox", { name: "Search events" });
  await box.fill(text);
  await box.press("Enter");
  // The row may already be on the first page: wait for the filtered list itself.
  await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe(text);
  await expect(page.getByText(/^Total events: 1$/)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: text })).toHaveCount(1);
}

async function fillValid(dialog: Locator, place: { location: string; day: string }, capacity = "3 Seats") {
  await dialog.getByLabel("Venue time zone").selectOption("America/Los_Angeles");
  await dialog.getByLabel("Start date and time").fill(`${place.day}T10:00`);
  await dialog.getByLabel("Location").fill(place.location);
  await dialog.getByLabel("Facilitator (optional)").fill("Ines Ortega");
  await dialog.getByLabel("Capacity").fill(capacity);
  await dialog.getByLabel("Price").fill("$1,250.00");
  await dialog.getByLabel("Organizer name").fill("Lakeshore Circle");
  await dialog.getByLabel("Organizer email").fill("circle@example.org");
  await dialog.getByLabel("Payment link").fill("https://pay.example.org/eugene");
}

test.describe("Family Constellation events screen", () => {
  test("create a session, book it from /schedule, guard its capacity, and delete with confirmation", async ({ page }) => {
    // Sign-in at full scrypt cost, several axe runs and a booking on a shared machine.
    test.setTimeout(420_000);
    await signIn(page);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByText(/^Total events: \d+/)).toBeVisible();
      await expectNoAxeViolations(page);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Add: every required message in place, focus on the first.
    await page.getByRole("button", { name: "Add Event" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Event" });
    await expect(dialog).toBeVisible();
    // The first field in the form's order: the venue's time zone, which says what the times below mean.
    await expect(dialog.getByLabel("Venue time zone")).toBeFocused();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Create Event" }).click();
    for (const message of [
      "Start date and time is required",
      "End date and time is required",
      "Location is required",
      "Capacity is required",
      "Price is required",
      "Organizer name is required",
      "Organizer email is required",
      "Payment link is required",
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByLabel("Start date and time")).toBeFocused();
    await expectNoAxeViolations(page);

    // The format rules, each under its field.
    const place = unique();
    await dialog.getByLabel("Location").fill("NY");
    await dialog.getByLabel("Capacity").fill("ten");
    await dialog.getByLabel("Price").fill("375");
    await dialog.getByLabel("Organizer name").fill("Al");
    await dialog.getByLabel("Organizer email").fill("circle@");
    await dialog.getByLabel("Payment link").fill("pay.example.org");
    await dialog.getByLabel("External link (optional)").fill("not a link");
    await dialog.getByLabel("Start date and time").fill("2020-01-01T10:00");
    await dialog.getByRole("button", { name: "Create Event" }).click();
    await expect(dialog.getByText("Location must be at least 3 characters")).toBeVisible();
    await expect(dialog.getByText("Capacity must be in format like '10 Seats'")).toBeVisible();
    await expect(dialog.getByText("Price must be in currency format (e.g., $375 or $375.00)")).toBeVisible();
    await expect(dialog.getByText("Organizer name must be at least 3 characters")).toBeVisible();
    await expect(dialog.getByText("Invalid email address")).toBeVisible();
    await expect(dialog.getByText("Invalid URL format")).toHaveCount(2);
    await expect(dialog.getByText("Start date cannot be before today")).toBeVisible();

    // End = start + 2 hours on a start change; 'Reset End Time' does it again.
    await dialog.getByLabel("Start date and time").fill(`${place.day}T10:00`);
    await expect(dialog.getByLabel("End date and time")).toHaveValue(`${place.day}T12:00`);
    await dialog.getByLabel("End date and time").fill(`${place.day}T09:00`);
    await dialog.getByLabel("End date and time").blur();
    await expect(dialog.getByText("End date must be after or equal to start date")).toBeVisible();
    await dialog.getByRole("button", { name: "Reset End Time" }).click();
    await expect(dialog.getByLabel("End date and time")).toHaveValue(`${place.day}T12:00`);
    await expect(dialog.getByText("End date must be after or equal to start date")).toHaveCount(0);

    await dialog.getByLabel("External link (optional)").fill("");
    await fillValid(dialog, place);
    await dialog.getByRole("button", { name: "Create Event" }).click();
    await expect(toast(page, "Event created successfully")).toBeVisible();
    await expect(dialog).toBeHidden();

    // Stored as instants, read at the venue (10:00 in Los Angeles).
    const [stored] = queryDb<{ id: string; starts_at: string; ends_at: string; time_zone: string; capacity: number; price_cents: number }>(
      "select id, starts_at, ends_at, time_zone, capacity, price_cents from events where city = ?",
      place.location,
    );
    expect(stored).toMatchObject({ time_zone: "America/Los_Angeles", capacity: 3, price_cents: 125000 });
    const local = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles", dateStyle: "short", timeStyle: "short", hourCycle: "h23" });
    expect(local.format(new Date(stored!.starts_at))).toBe(`${place.day}, 10:00`);
    expect(new Date(stored!.ends_at).getTime() - new Date(stored!.starts_at).getTime()).toBe(2 * 3_600_000);
    expect(queryDb("select action from audit_events where target_id = ?", stored!.id)).toEqual([{ action: "create" }]);

    // A visitor sees it on the calendar at once and books it from there.
    await page.goto("/schedule?program=family");
    const calendarRow = page.getByRole("row").filter({ hasText: place.location });
    await expect(calendarRow).toContainText("3 of 3 left");
    await hydrated(page);
    await calendarRow.getByRole("link", { name: /^Enroll Now/ }).click();
    await expect(page).toHaveURL(new RegExp(`/family-constellation\\?id=${stored!.id}&modal=true$`));
    const booking = page.getByRole("dialog", { name: "Book Your Seat" });
    await expect(booking).toBeVisible();
    await booking.getByLabel("Full Name").fill("Rosa Díaz");
    await booking.getByRole("textbox", { name: "Email" }).fill(`rosa.${crypto.randomBytes(3).toString("hex")}@example.com`);
    await booking.getByRole("textbox", { name: /Phone Number/ }).fill("(512) 555-0142");
    await booking.getByRole("checkbox", { name: /accept the terms and conditions/ }).check();
    await booking.getByRole("button", { name: "Confirm Booking" }).click();
    await expect(toast(page, "Your seat is booked!")).toBeVisible();
    expect(queryDb("select status from family_bookings where event_id = ?", stored!.id)).toEqual([{ status: "booked" }]);

    // Back in the staff area: the seat shows, and the capacity cannot go below it.
    await page.goto("/admin/family-events");
    await hydrated(page);
    await searchFor(page, place.location);
    const row = page.getByRole("row").filter({ hasText: place.location });
    await expect(row).toContainText("3 Seats");
    await expect(row).toContainText("1 booked");
    await expect(row).toContainText("Ines Ortega");
    await expect(row).toContainText("$1,250");
    await expect(row.getByText("Open", { exact: true })).toBeVisible();
    await row.getByRole("button", { name: /^Edit / }).click();
    const edit = page.getByRole("dialog", { name: "Edit Event" });
    await expect(edit.getByLabel("Start date and time")).toHaveValue(`${place.day}T10:00`);
    await expect(edit.getByLabel("Venue time zone")).toHaveValue("America/Los_Angeles");
    await edit.getByLabel("Capacity").fill("0 Seats");
    await edit.getByRole("button", { name: "Update Event" }).click();
    await expect(edit.getByText("Capacity must be at least 1 seat")).toBeVisible();
    // Another visitor books meanwhile: the server knows what the form could not.
    const second = await page.request.post("/api/familyConsitalation/register", {
      data: { programId: stored!.id, fullName: "Omar Haddad", email: `omar.${crypto.randomBytes(3).toString("hex")}@example.com`, phone: "4155550199", termsAndCondition: true },
    });
    expect(second.status()).toBe(201);
    await edit.getByLabel("Capacity").fill("1 Seat");
    await edit.getByRole("button", { name: "Update Event" }).click();
    await expect(edit.locator("form").getByText("Capacity cannot be less than the 2 seats already booked")).toBeVisible();
    await expect(toast(page, "Capacity cannot be less than the 2 seats already booked")).toBeVisible();
    // Heard from the dialog's own status region, there since it opened (the rest of the page is inert).
    await expect(edit.locator("[data-announcer]")).toHaveText("Capacity cannot be less than the 2 seats already booked");
    await expect(edit.getByLabel("Capacity")).toBeFocused();
    await expectNoAxeViolations(page);
    expect(queryDb("select capacity from events where id = ?", stored!.id)).toEqual([{ capacity: 3 }]);
    await edit.getByLabel("Capacity").fill("5 Seats");
    await edit.getByLabel("Status").selectOption("Closed");
    await edit.getByRole("button", { name: "Update Event" }).click();
    await expect(toast(page, "Event updated successfully")).toBeVisible();
    await expect(edit).toBeHidden();
    // Heard from the page's status region, in place before the toast (the toaster's own region is silenced:
    // inserted with its first toast, and moved out of the closing dialog with it, it was not read out).
    await expect(page.locator("body > [data-announcer]")).toHaveText("Event updated successfully");
    await expect(page.locator("section[aria-live]")).toHaveAttribute("aria-live", "off");
    await expect(row).toContainText("5 Seats");
    await expect(row).toContainText("2 booked");
    await expect(row.getByText("Closed", { exact: true })).toBeVisible();

    // Delete: a booked session cannot go, and the dialog says so at once, with no Delete button that could only fail.
    await row.getByRole("button", { name: /^Delete / }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Event" });
    await expect(confirm).toContainText("This event cannot be deleted.");
    await expect(confirm).toContainText("2 seats are booked in this event. Set its status to Closed to stop new bookings");
    await expect(confirm.getByRole("button", { name: "Delete Event" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    expect(queryDb("select id from events where id = ?", stored!.id)).toHaveLength(1);
    await confirm.getByRole("button", { name: "Close", exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(row.getByRole("button", { name: /^Delete / })).toBeFocused();
  });

  test("a save after someone else's is refused with the reason; the list and the form then show their change, and the next save goes through", async ({ page }) => {
    test.setTimeout(300_000);
    await signIn(page);
    const place = unique();
    await page.getByRole("button", { name: "Add Event" }).click();
    const add = page.getByRole("dialog", { name: "Add Event" });
    await fillValid(add, place);
    await add.getByRole("button", { name: "Create Event" }).click();
    await expect(toast(page, "Event created successfully")).toBeVisible();
    await searchFor(page, place.location);
    const row = page.getByRole("row").filter({ hasText: place.location });
    await row.getByRole("button", { name: /^Edit / }).click();
    const edit = page.getByRole("dialog", { name: "Edit Event" });
    await expect(edit.getByLabel("Facilitator (optional)")).toHaveValue("Ines Ortega");
    // Another staff member saves the same session while this form is open.
    writeDb("update events set facilitator = ?, updated_at = ? where city = ?", "Noor Rahman", new Date(Date.now() + 1000).toISOString(), place.location);
    await edit.getByLabel("Price").fill("$1,300.00");
    await edit.getByRole("button", { name: "Update Event" }).click();
    await expect(toast(page, "Someone else changed this event after you opened it.")).toBeVisible();
    expect(queryDb("select facilitator, price_cents from events where city = ?", place.location)).toEqual([{ facilitator: "Noor Rahman", price_cents: 125_000 }]);
    // The list has read it again: closing and opening the form shows their change, and saving works.
    // The refused price is still in the form, so closing asks first.
    await edit.press("Escape");
    await page.getByRole("dialog", { name: "Discard your changes?" }).getByRole("button", { name: "Discard changes" }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText("Noor Rahman");
    await row.getByRole("button", { name: /^Edit / }).click();
    await expect(edit.getByLabel("Facilitator (optional)")).toHaveValue("Noor Rahman");
    await edit.getByLabel("Price").fill("$1,300.00");
    await edit.getByRole("button", { name: "Update Event" }).click();
    await expect(toast(page, "Event updated successfully")).toBeVisible();
    await expect(edit).toBeHidden();
    expect(queryDb("select facilitator, price_cents from events where city = ?", place.location)).toEqual([{ facilitator: "Noor Rahman", price_cents: 130_000 }]);
  });

  test("keyboard only: add an event in the modal, search with Enter, delete with confirmation, Clear", async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page);
    const place = unique();
    const add = page.getByRole("button", { name: "Add Event" });
    await add.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add Event" });
    await expect(dialog).toBeVisible();
    const start = dialog.getByLabel("Start date and time");
    const zone = dialog.getByLabel("Venue time zone");
    // The first field: the venue's time zone, which says what the times after it mean.
    await expect(zone).toBeFocused();

    // Escape closes the dialog and focus returns to 'Add Event'.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(zone).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(start).toBeFocused();

    // Tab stays inside the dialog: back from the start to the time zone, the close button, then round to the last.
    await page.keyboard.press("Shift+Tab");
    await expect(zone).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.getByRole("button", { name: "Close event form" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.getByRole("button", { name: "Create Event" })).toBeFocused();

    // Submit empty: the errors show and focus goes to the first.
    await page.keyboard.press("Enter");
    await expect(dialog.getByText("Start date and time is required")).toBeVisible();
    await expect(start).toBeFocused();

    // The date and time segments by typing: month, day, year, Tab, hour, minute, AM/PM.
    const [y, m, d] = place.day.split("-");
    await page.keyboard.type(`${m}${d}${y}`);
    await page.keyboard.press("Tab");
    await page.keyboard.type("0930A");
    await expect(start).toHaveValue(`${place.day}T09:30`);
    await expect(dialog.getByLabel("End date and time")).toHaveValue(`${place.day}T11:30`);
    const typeInto = async (label: string, value: string) => {
      const field = dialog.getByLabel(label);
      for (let i = 0; i < 12 && !(await field.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
      await expect(field).toBeFocused();
      await page.keyboard.type(value);
    };
    await typeInto("Location", place.location);
    await typeInto("Capacity", "4 Seats");
    await typeInto("Price", "$375");
    await typeInto("Organizer name", "Lakeshore Circle");
    await typeInto("Organizer email", "circle@example.org");
    await typeInto("Payment link", "https://pay.example.org/kb");
    await page.keyboard.press("Enter");
    await expect(toast(page, "Event created successfully")).toBeVisible();
    await expect(dialog).toBeHidden();

    // Search with Enter: the one row; its Delete button by Tab; confirm by keyboard.
    const search = page.getByRole("searchbox", { name: "Search events" });
    await search.focus();
    await page.keyboard.type(place.location);
    await page.keyboard.press("Enter");
    const row = page.getByRole("row").filter({ hasText: place.location });
    await expect(row).toHaveCount(1);
    await expect(page.getByText(/^Total events: 1$/)).toBeVisible();
    // The search box kept the focus through the results (it was remounted, and the focus fell to the page).
    await expect(search).toBeFocused();
    const del = row.getByRole("button", { name: /^Delete / });
    await del.focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: "Delete Event" });
    await expect(confirm).toBeVisible();
    const confirmButton = confirm.getByRole("button", { name: "Delete Event" });
    for (let i = 0; i < 6 && !(await confirmButton.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(confirmButton).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toast(page, "Event deleted successfully")).toBeVisible();
    await expect(page.getByText("No events found")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Family Constellation Events" })).toBeFocused();
    expect(queryDb("select id from events where city = ?", place.location)).toEqual([]);
    expect(queryDb("select action from audit_events where target_type = 'event' and json_extract(detail, '$.city') = ? order by at", place.location)).toEqual([
      { action: "create" },
      { action: "delete" },
    ]);

    // Clear: the whole list again, page 1.
    await page.getByRole("link", { name: "Clear" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/admin/family-events");
    await expect(search).toHaveValue("");
  });

  test("pages of five with 'Showing x to y of z results', kept in the URL", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    // The seeded sessions alone fill more than one page; the tests beside this one add and remove more.
    await expect(page.getByText(/^Showing 1 to 5 of \d+ results$/)).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Event pages" });
    await expect(nav.getByText("Previous")).toHaveAttribute("aria-disabled", "true");
    const numbered = await nav.getByRole("link", { name: /^Page / }).count();
    expect(numbered).toBeGreaterThanOrEqual(2);
    expect(numbered).toBeLessThanOrEqual(5);
    await nav.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL("/admin/family-events?page=2");
    await expect(page.getByText(/^Showing 6 to (?:[6-9]|10) of \d+ results$/)).toBeVisible();
    await expect(nav.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await page.reload();
    await expect(page.getByText(/^Showing 6 to (?:[6-9]|10) of \d+ results$/)).toBeVisible();
    await expect(nav.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expectNoAxeViolations(page);
  });
  test("a changed form asks before Cancel, the X or Back throws it away; an untouched one just closes", async ({ page }) => {
    await signIn(page);
    const place = unique();
    const add = page.getByRole("button", { name: "Add Event" });
    const dialog = page.getByRole("dialog", { name: "Add Event" });
    const discard = page.getByRole("dialog", { name: "Discard your changes?" });
    const leave = page.getByRole("dialog", { name: "Leave without saving?" });
    const location = dialog.getByLabel("Location");

    // Untouched: Cancel closes at once.
    await add.click();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(discard).toBeHidden();

    await add.click();
    await location.fill(place.location);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(discard.getByRole("button", { name: "Keep editing", exact: true })).toBeFocused();
    await expectNoAxeViolations(page);
    await discard.getByRole("button", { name: "Keep editing", exact: true }).click();
    await expect(discard).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(location).toHaveValue(place.location);

    // Back (to the sign-in page before this one) asks too; staying keeps the page and the form.
    await page.evaluate(() => window.history.back());
    await expect(leave.getByRole("button", { name: "Stay on this page", exact: true })).toBeFocused();
    await leave.getByRole("button", { name: "Stay on this page", exact: true }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL("/admin/family-events");
    await expect(location).toHaveValue(place.location);

    // The X, then 'Discard changes': closed, nothing stored, and the next form starts empty.
    await dialog.getByRole("button", { name: "Close event form" }).click();
    await discard.getByRole("button", { name: "Discard changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();
    expect(queryDb("select count(*) as n from events where city = ?", place.location)).toEqual([{ n: 0 }]);
    await add.click();
    await expect(location).toHaveValue("");
  });
  test("a save whose answer never arrives is said in the form, which keeps what was typed; the screen stays", async ({ page }) => {
    await signIn(page);
    const place = unique();
    await page.getByRole("button", { name: "Add Event" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Event" });
    await fillValid(dialog, place);
    // The connection drops before the server's answer arrives (nothing reaches the server here).
    await page.route(/\/admin\/family-events\.data/, (route) => (route.request().method() === "POST" ? route.abort("connectionreset") : route.continue()));
    await dialog.getByRole("button", { name: "Create Event" }).click();
    await expect(toast(page, "The connection was lost before the server answered, so this may or may not have been saved.")).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Location")).toHaveValue(place.location);
    await expect(page.getByRole("heading", { level: 1, name: "Family Constellation Events" })).toBeVisible();
    await expect(page.getByText("Error Loading Data")).toHaveCount(0);
    // Back online: the same form saves.
    await page.unroute(/\/admin\/family-events\.data/);
    await dialog.getByRole("button", { name: "Create Event" }).click();
    await expect(toast(page, "Event created successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(queryDb("select count(*) as n from events where city = ?", place.location)).toEqual([{ n: 1 }]);
  });
});
