import crypto from "node:crypto";
import fs from "node:fs";
import sharp from "sharp";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { axeBuilder, expectNoAxeViolations, expectVisibleFocusRing, hydrated, queryDb, createStaffAccount } from "./fixtures";

/**
 * The staff registration lists (issue 9, points 5–7, 12, 13) as staff use
 * them: a registration made on the public site is found by search, its details
 * and photos opened, the list exported and read, the registration deleted with
 * confirmation; axe-clean list and dialogs; the details dialog by keyboard alone.
 */
const email = `lists.${crypto.randomBytes(4).toString("hex")}@example.org`;
const password = `Amber lighthouse ${crypto.randomBytes(6).toString("hex")}`;

test.beforeAll(() => createStaffAccount(email, password));

/** One full-cost sign-in per worker; later tests reuse its session cookie. */
let sessionCookie: { name: string; value: string } | null = null;
async function signIn(page: Page) {
  if (!sessionCookie) {
    const res = await page.request.post("/admin/login", { form: { email, password }, maxRedirects: 0, timeout: 60_000 });
    expect(res.status()).toBe(302);
    const cookie = (await page.context().cookies()).find((c) => c.name === "staff_session");
    expect(cookie).toBeTruthy();
    sessionCookie = { name: cookie!.name, value: cookie!.value };
  } else {
    await page.context().addCookies([{ ...sessionCookie, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Strict" }]);
  }
}

/** axe-core on the open dialogs only (the list behind them is checked on its own): the same rules, less work on a busy machine. */
async function expectDialogsAxeClean(page: Page) {
  const results = await axeBuilder(page).include("dialog[open]").analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const photo = (color: string) => sharp({ create: { width: 80, height: 60, channels: 3, background: color } }).png().toBuffer();

/** An ICH registration through the public API, with a profile image and the front of an ID. */
async function registerOnPublicSite(page: Page, session: string) {
  const tag = crypto.randomBytes(3).toString("hex");
  const person = { first: `Lena${tag}`, last: "Okafor", email: `lena.${tag}@example.com` };
  const res = await page.request.post("/api/ich/ich-registration", {
    multipart: {
      firstName: person.first,
      lastName: person.last,
      email: person.email,
      mobileNo: "5551234567",
      dob: "1988-06-15",
      occupation: "Counselor",
      currentAddress: "9 Harbor Rd, Boston, MA",
      isSameAddress: "true",
      city: "x",
      termsandcondition: "true",
      levelName: "ICH Level 1",
      level: "Level 1",
      upcomingEventId: session,
      profileImage: { name: "me.png", mimeType: "image/png", buffer: await photo("#7a4cc2") },
      idPhotofront: { name: "front.png", mimeType: "image/png", buffer: await photo("#2f7a4c") },
    },
  });
  expect(res.status()).toBe(201);
  const id = ((await res.json()) as { data: { _id: string } }).data._id;
  return { ...person, id, name: `${person.first} ${person.last}` };
}

test.describe("staff registration lists", () => {
  test("find a public registration, open its details and photos, export it, delete it", async ({ page }) => {
    // Axe runs, a full-cost sign-in and a download on shared CPUs.
    test.setTimeout(300_000);
    await signIn(page);
    const person = await registerOnPublicSite(page, "s-ich-1-b");

    await page.goto("/admin/ich-registrations");
    await expect(page.getByRole("heading", { level: 1, name: "ICH Registration Management" })).toBeVisible();
    await hydrated(page);
    await page.getByRole("searchbox", { name: "Search registrations" }).fill(person.first);
    // Debounced search on the server, kept in the URL.
    await expect(page).toHaveURL(new RegExp(`search=${person.first}`));
    const table = page.getByRole("table", { name: "ICH registrations" });
    await expect(table.getByRole("row")).toHaveCount(2);
    const row = table.getByRole("row").nth(1);
    await expect(row).toContainText(person.name);
    await expect(row).toContainText(person.email);
    await expect(row).toContainText("Level 1");
    await expect(page.getByText("Total registrations")).toBeHidden();
    await expectNoAxeViolations(page);

    // A reload shows the same list.
    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Search registrations" })).toHaveValue(person.first);
    await expect(table.getByRole("row")).toHaveCount(2);
    await hydrated(page);

    // Details.
    await page.getByRole("link", { name: `View details of ${person.name}` }).click();
    const details = page.getByRole("dialog", { name: "Registration Details" });
    await expect(details).toBeVisible();
    for (const section of ["Personal Information", "Address Information", "Course Information", "Additional Information", "ID Photos"]) {
      await expect(details.getByRole("heading", { name: section })).toBeVisible();
    }
    await expect(details).toContainText("9 Harbor Rd, Boston, MA");
    await expect(details.getByText("No photo uploaded")).toBeVisible(); // no back of the ID was sent
    await expect(details.getByText("Image not found")).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`view=${person.id}`));
    await expectDialogsAxeClean(page);

    // The photo enlarges; it really loads, from the private route.
    await details.getByRole("link", { name: "Profile image (enlarge)" }).click();
    const zoom = page.getByRole("dialog", { name: "Profile image" });
    await expect(zoom).toBeVisible();
    const big = zoom.getByRole("img", { name: "Profile image" });
    await expect.poll(() => big.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(80);
    await expectDialogsAxeClean(page);
    await page.keyboard.press("Escape");
    await expect(zoom).toBeHidden();
    await expect(details.getByRole("link", { name: "Profile image (enlarge)" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(details).toBeHidden();
    const viewed = queryDb<{ n: number }>("select count(*) as n from audit_events where target_id = ? and action = 'view' and actor_email = ?", person.id, email);
    expect(Number(viewed[0]!.n)).toBeGreaterThanOrEqual(2);

    // Export: the dialog, the file, its rows.
    await page.getByRole("link", { name: "Download Registrations" }).click();
    const dl = page.getByRole("dialog", { name: "Download Registrations" });
    await expect(dl).toBeVisible();
    await expect(dl.getByLabel("Start date")).toBeVisible();
    await expectDialogsAxeClean(page);
    // The day the registration was stored, in the organisation's zone (not "today": New York's midnight may fall in between).
    const [stored] = queryDb<{ created_at: string }>("SELECT created_at FROM registrations WHERE id = ?", person.id);
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date(stored!.created_at));
    await dl.getByLabel("Start date").fill(day);
    const downloading = page.waitForEvent("download");
    await dl.getByRole("button", { name: "Download CSV" }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe(`ich-registrations_${day}_to_today.csv`);
    const csv = fs.readFileSync((await file.path())!, "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toContain("Registration ID,Registration Date (New York time),First Name");
    expect(lines).toHaveLength(2);
    // On the day the file is named for, in the same zone (decision 0079).
    expect(lines[1]).toMatch(new RegExp(`^${person.id},${day} \\d{2}:\\d{2}:\\d{2} E[SD]T,`));
    expect(lines[1]).toContain(`,${person.first},,${person.last},`);
    expect(lines[1]).toContain(person.email);
    await expect(dl).toBeHidden();

    // Delete with confirmation. The list's status region is there before the deletion, so its message is read out.
    await page.getByTestId("done-notice").evaluate((el) => (el.dataset.before = "delete"));
    await page.getByRole("link", { name: `Delete the registration of ${person.name}` }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm Deletion" });
    await expect(confirm).toContainText(`Are you sure you want to delete the registration of ${person.name}? This action cannot be undone.`);
    await expectDialogsAxeClean(page);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText("No registrations found")).toBeVisible();
    await expect(page.getByText("Try adjusting your search criteria")).toBeVisible();
    await expect(page.getByText("The registration was deleted and its seat is free again.")).toBeVisible();
    await expect(page.locator('[role="status"][data-before="delete"]')).toHaveText("The registration was deleted and its seat is free again.");
    // The keyboard focus is on the message, not dropped to the page's body with the deleted row.
    await expect(page.getByText("The registration was deleted and its seat is free again.")).toBeFocused();
    expect(queryDb("select id from registrations where id = ?", person.id)).toEqual([]);
    expect(queryDb<{ action: string }>("select action from audit_events where target_id = ? and action = 'delete'", person.id)).toHaveLength(1);
  });

  test("keyboard only: open the details dialog, enlarge a photo, close both, focus returns", async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page);
    const person = await registerOnPublicSite(page, "s-ich-6-a");
    try {
      await page.goto(`/admin/ich-registrations?search=${person.first}`);
      await hydrated(page);
      await page.getByRole("searchbox", { name: "Search registrations" }).focus();
      const view = page.getByRole("link", { name: `View details of ${person.name}` });
      for (let i = 0; i < 6; i++) {
        if (await view.evaluate((el) => el === document.activeElement)) break;
        await page.keyboard.press("Tab");
      }
      await expect(view).toBeFocused();
      await page.keyboard.press("Enter");
      const details = page.getByRole("dialog", { name: "Registration Details" });
      await expect(details).toBeVisible();
      // Focus is inside and stays inside, whatever the number of Tabs.
      await expect.poll(() => details.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press("Tab");
        expect(await details.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      }
      const thumb = details.getByRole("link", { name: "ID photo (front) (enlarge)" });
      await thumb.focus();
      await page.keyboard.press("Enter");
      const zoom = page.getByRole("dialog", { name: "ID photo (front)" });
      await expect(zoom).toBeVisible();
      await expect.poll(() => zoom.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Escape");
      await expect(zoom).toBeHidden();
      await expect(thumb).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(details).toBeHidden();
      await expect(page).not.toHaveURL(/view=/);
      await expect(view).toBeFocused();
    } finally {
      await page.request.delete(`/api/ich/${person.id}`);
    }
  });

  test("keyboard only: cancel a registration for its registrant from the details dialog; the answer takes the focus; axe clean", async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page);
    const person = await registerOnPublicSite(page, "s-ich-6-a");
    try {
      await page.goto(`/admin/ich-registrations?view=${person.id}`);
      await hydrated(page);
      const details = page.getByRole("dialog", { name: "Registration Details" });
      await expect(details.getByRole("heading", { name: "Cancel this registration" })).toBeVisible();
      await expect(details).toContainText(`${person.first} gets an email saying our team canceled the registration`);
      await expectDialogsAxeClean(page);
      const button = details.getByRole("button", { name: "Cancel registration" });
      // Focused from the keyboard, it wears the focus ring (the helper focuses it).
      await expectVisibleFocusRing(page, button);
      await expect(button).toBeFocused();
      // One press alone cancels nothing: the box that says the registrant asked takes the focus, and says why.
      await page.keyboard.press("Enter");
      const box = details.getByRole("checkbox", { name: `${person.first} asked us to cancel this registration` });
      await expect(box).toBeFocused();
      await expect(box).toHaveAccessibleDescription("Check the box to confirm that the registrant asked us to cancel");
      expect(queryDb("select status from registrations where id = ?", person.id)).toEqual([{ status: "registered" }]);
      await page.keyboard.press("Space");
      await page.keyboard.press("Tab");
      await expect(button).toBeFocused();
      await page.keyboard.press("Enter");
      const answer = details.getByRole("status").filter({ hasText: "The registration was canceled and the registrant was emailed." });
      await expect(answer).toBeFocused();
      await expect(details.getByRole("heading", { name: "Cancel this registration" })).toHaveCount(0);
      await expect(details).toContainText("Canceled");
      expect(queryDb("select status from registrations where id = ?", person.id)).toEqual([{ status: "cancelled" }]);
      expect(queryDb("select subject from outbox where to_address = ? and subject like 'Registration canceled%'", person.email)).toHaveLength(1);
      await expectDialogsAxeClean(page);
    } finally {
      await page.request.delete(`/api/ich/${person.id}`);
    }
  });

  test("a date range refused on Apply gives the focus to the field to correct (decision 0113)", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await page.goto("/admin/family-consultations");
    await hydrated(page);
    const filter = page.getByRole("region", { name: "Filter by registration date" });
    const top = async (l: Locator) => Math.round((await l.boundingBox())?.y ?? -1);
    // Where From, To and Apply share a line, Apply is level with the date boxes, not with their labels.
    await page.setViewportSize({ width: 560, height: 800 });
    expect({ apply: await top(filter.getByRole("button", { name: "Apply" })) }).toEqual({ apply: await top(filter.getByLabel("From")) });
    await page.setViewportSize({ width: 1280, height: 720 });
    await filter.getByLabel("From").fill("2026-12-31");
    await filter.getByLabel("To").fill("2026-01-01");
    await filter.getByRole("button", { name: "Apply" }).press("Enter");
    await expect(filter.getByRole("alert")).toBeVisible();
    await expect(filter.getByLabel("To")).toBeFocused();
    // The message wraps under its box: From, To and Apply stay on one line at a laptop's width.
    const from = await top(filter.getByLabel("From"));
    expect({ to: await top(filter.getByLabel("To")), apply: await top(filter.getByRole("button", { name: "Apply" })) }).toEqual({ to: from, apply: from });
  });

  test("keyboard only: a page link that goes with its page leaves the focus on the paging's summary, and a dialog opened from its address gives it to the heading", async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page);
    // The demo's bookings fill more than one page of Family consultations.
    await page.goto("/admin/family-consultations");
    await hydrated(page);
    const paging = page.getByRole("navigation", { name: /pages$/i });
    const summary = paging.getByText(/^Showing \d+ to \d+ of \d+ results$/);
    // Page 2's number, pressed: on page 2 it is the current page's label, no longer a link.
    const two = paging.getByRole("link", { name: "Page 2", exact: true });
    await two.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/page=2/);
    await expect(summary).toBeFocused();
    await expect(summary).toHaveText(/^Showing 11 to /);
    // Tab goes on from there, into the paging, not back to the top of the page.
    await page.keyboard.press("Tab");
    await expect.poll(() => paging.evaluate((nav) => nav.contains(document.activeElement))).toBe(true);

    // A details dialog opened from a shared address, closed with Escape: the page's heading has the focus, not its body.
    const id = queryDb<{ id: string }>("SELECT id FROM family_bookings ORDER BY created_at DESC LIMIT 1")[0]!.id;
    await page.goto(`/admin/family-consultations?view=${id}`);
    await hydrated(page);
    const details = page.getByRole("dialog");
    await expect(details).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(details).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  });

  test("the DECODE list at 375 px: cards, the search from a shared link, axe clean", async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin/registrations?search=zzz-nobody");
    await expect(page.getByRole("heading", { level: 1, name: "DECODE Registration Management" })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search registrations" })).toHaveValue("zzz-nobody");
    await expect(page.getByText("No registrations found")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/admin/registrations");
    await hydrated(page);
    const firstRow = page.getByRole("table", { name: "DECODE registrations" }).getByRole("row").nth(1);
    await expect(firstRow).toBeVisible();
    // A card: no sideways scrolling of the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
  });

  test("at 375 px each staff search says in full what it searches, as the box's description", async ({ page }) => {
    await signIn(page);
    await page.setViewportSize({ width: 375, height: 800 });
    for (const [path, name, hint] of [
      ["/admin/registrations", "Search registrations", "By name, email, level or city"],
      ["/admin/contacts", "Search contacts", "By name, email, country, phone or status"],
      ["/admin/family-consultations", "Search consultations", "By name, email, phone, location or event"],
      ["/admin/family-events", "Search events", "By location, facilitator, organizer or status"],
      ["/admin/decode", "Search programs", "By title, subtitle or status"],
    ] as const) {
      await page.goto(path);
      const box = page.getByRole("searchbox", { name });
      await expect(box).toHaveAccessibleDescription(hint);
      const text = page.getByText(hint, { exact: true });
      await expect(text).toBeInViewport({ ratio: 1 });
      // Wrapped if need be, never cut off.
      expect({ path, clipped: await text.evaluate((el) => el.scrollWidth > el.clientWidth) }).toEqual({ path, clipped: false });
    }
  });

  test("at 1024 px no staff list widens the page: a table too wide for its box scrolls inside it", async ({ page }) => {
    await signIn(page);
    await page.setViewportSize({ width: 1024, height: 800 });
    for (const path of ["/admin/registrations", "/admin/ich-registrations", "/admin/family-consultations", "/admin/family-events", "/admin/requests", "/admin/contacts", "/admin/audit"]) {
      await page.goto(path);
      await expect(page.locator("main h1")).toBeVisible();
      expect({ path, width: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ path, width: 1024 });
    }
  });

  for (const list of [
    { path: "/admin/registrations", table: "DECODE registrations" },
    { path: "/admin/ich-registrations", table: "ICH registrations" },
  ]) {
    test(`${list.path} at 1280 px: the whole table fits, its actions in view without scrolling sideways`, async ({ page }) => {
      await signIn(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(list.path);
      const table = page.getByRole("table", { name: list.table });
      const row = table.getByRole("row").nth(1);
      await expect(row).toBeVisible();
      // The table's box scrolls sideways only when the table is wider than it.
      expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBe(0);
      for (const name of [/^View/, /^Delete/]) {
        const action = row.getByRole("link", { name });
        await expect(action).toBeInViewport({ ratio: 1 });
      }
    });
  }
});
