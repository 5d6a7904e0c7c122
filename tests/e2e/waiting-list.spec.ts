import { DatabaseSync } from "node:sqlite";
import path from "node:path";
import crypto from "node:crypto";
import { expect, request, test, type Page } from "@playwright/test";
import { createStaffAccount, expectNoAxeViolations, mailTo, queryDb, hydrated } from "./fixtures";

/**
 * The waiting list (issue 11 point 1), as a visitor lives it: a full Family
 * Constellation session offers its waiting list, a freed seat is offered by
 * mail, and the mail's link confirms it.
 */
const uniqueEmail = (who: string) => `${who}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

function write(sql: string, ...params: Array<string | number | null>) {
  const db = new DatabaseSync(path.join(process.env.E2E_DATA_DIR!, "site.db"));
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/** A DECODE Level 1 session in Tempe with one seat, about `days` ahead, whose seat someone has just taken. */
async function fullDecodeSession(page: Page, title: string, days: number): Promise<{ id: string; tag: string }> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const id = `s-decode-full-${tag}`;
  const start = new Date(Date.now() + days * 86_400_000 + Math.floor(Math.random() * 86_400_000));
  const now = new Date().toISOString();
  write(
    `INSERT INTO events (id, programme_id, kind, title, starts_at, ends_at, time_zone, city, venue, time_slot, capacity, price_cents, currency, status, no_enrol, created_at, updated_at)
     VALUES (?, 'decode-1', 'decode', ?, ?, ?, 'America/Phoenix', 'Tempe', 'Desert Hall', 'Morning', 1, 15000, 'USD', 'Open', 0, ?, ?)`,
    id,
    `${title} ${tag}`,
    start.toISOString(),
    new Date(start.getTime() + 8 * 3_600_000).toISOString(),
    now,
    now,
  );
  const taken = await page.request.post("/api/registration", {
    data: {
      firstName: "Seat", lastName: "Holder", email: uniqueEmail("seat"), mobileNo: "(555) 123-4567", dob: "1984-06-21", occupation: "Teacher",
      currentAddress: "1 Main St, Springfield", city: "Tempe", hearAbout: "Google",
      isSameAddress: true, termsandcondition: true, levelName: "DECODE Level 1: Decode Your Mind", upcomingEventId: id, programId: "decode-1",
    },
  });
  expect(taken.status()).toBe(201);
  return { id, tag };
}

function addFullFamilySession(): { id: string; holder: string; city: string } {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const id = `s-fc-wait-${tag}`;
  const start = new Date(Date.now() + 220 * 86_400_000 + Math.floor(Math.random() * 86_400_000));
  const now = new Date().toISOString();
  write(
    `INSERT INTO events (id, programme_id, kind, title, starts_at, ends_at, time_zone, city, venue, time_slot, capacity, price_cents, currency, organiser, organiser_email, facilitator, status, no_enrol, created_at, updated_at)
     VALUES (?, NULL, 'family', 'Family Constellation', ?, ?, 'America/Denver', ?, 'Canyon Room', 'Morning', 1, 12000, 'USD', 'Mindful Path Institute', 'fc@mindfulpath.example', 'Daniel Brooks', 'Open', 0, ?, ?)`,
    id,
    start.toISOString(),
    new Date(start.getTime() + 4 * 3_600_000).toISOString(),
    `Waitville ${tag}`,
    now,
    now,
  );
  const holder = uniqueEmail("holder");
  write(
    `INSERT INTO family_bookings (id, event_id, full_name, email, email_key, phone, terms_accepted_at, created_at) VALUES (?, ?, 'Seat Holder', ?, ?, '5125550100', ?, ?)`,
    `b-${tag}`,
    id,
    holder,
    holder,
    now,
    now,
  );
  return { id, holder, city: `Waitville ${tag}` };
}

/** A staff account made by the operator's script, signed in once: its session cookies. */
async function signedInStaff() {
  const email = `staff.${crypto.randomBytes(4).toString("hex")}@example.org`;
  const password = `Quiet harbor ${crypto.randomBytes(6).toString("hex")}`;
  createStaffAccount(email, password);
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}` });
  try {
    const res = await api.post("/admin/login", { form: { email, password }, maxRedirects: 0, timeout: 60_000 });
    if (res.status() !== 302) throw new Error(`sign-in answered ${res.status()}`);
    return (await api.storageState()).cookies;
  } finally {
    await api.dispose();
  }
}

test.describe("Waiting list", () => {
  test("an offer whose session staff closed meanwhile: Confirm takes no seat, and the page and its title say the link is not valid", async ({ page }) => {
    const { id } = addFullFamilySession();
    const email = uniqueEmail("closed-offer");
    const token = crypto.randomBytes(32).toString("base64url");
    const now = new Date().toISOString();
    write(
      `INSERT INTO family_bookings (id, event_id, full_name, email, email_key, phone, terms_accepted_at, created_at, status, offer_token_hash, offer_expires_at) VALUES (?, ?, 'Olive Offered', ?, ?, '5125550111', ?, ?, 'offered', ?, ?)`,
      `b-offer-${token.slice(0, 8)}`,
      id,
      email,
      email,
      now,
      now,
      crypto.createHash("sha256").update(token, "utf8").digest("hex"),
      new Date(Date.now() + 86_400_000).toISOString(),
    );
    await page.goto(`/waiting-list/${token}`);
    await hydrated(page);
    await expect(page).toHaveTitle(/^A seat is free for you \|/);
    write("UPDATE events SET status = 'Closed' WHERE id = ?", id);
    await page.getByRole("button", { name: "Confirm my seat" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Link not valid" })).toBeVisible();
    await expect(page).toHaveTitle(/^Link not valid \|/);
    expect(queryDb<{ status: string }>("SELECT status FROM family_bookings WHERE email_key = ?", email)[0]?.status).not.toBe("booked");
  });

  test("join a full session's waiting list, get the freed seat's offer by mail, confirm it from the link; axe clean throughout", async ({ page }) => {
    test.setTimeout(180_000);
    const { id, holder, city } = addFullFamilySession();
    const email = uniqueEmail("waiter");
    await page.goto("/family-constellation");
    await hydrated(page);
    const row = page.locator(`tr[data-session="${id}"]`);
    await expect(row.locator("[data-seats]")).toHaveText("Full");
    await row.getByRole("link", { name: /^Waiting list/ }).click();
    // Titled as what it does for a full session.
    const dialog = page.getByRole("dialog", { name: "Join the Waiting List" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("This session is full. Join the waiting list with the same form");
    await expectNoAxeViolations(page);

    await dialog.getByLabel("Full Name").fill("Wanda Waits");
    await dialog.getByRole("textbox", { name: "Email" }).fill(email);
    await dialog.getByRole("textbox", { name: /Phone Number/ }).fill("5125550199");
    await dialog.getByRole("checkbox", { name: /accept the terms and conditions/ }).check();
    await dialog.getByRole("button", { name: "Join the waiting list" }).click();
    await expect(dialog.getByRole("heading", { name: "You are on the waiting list" })).toBeVisible();
    await expect(dialog).toContainText("We will email you as soon as a seat frees up.");
    expect(queryDb<{ status: string }>("SELECT status FROM family_bookings WHERE email_key = ?", email)[0]?.status).toBe("waiting");
    await mailTo(email, "On the waiting list");

    // Staff delete the seat holder's booking on their screen: the freed seat is offered to the waiting list.
    const staff = await signedInStaff();
    await page.context().addCookies(staff);
    await page.goto(`/admin/family-consultations?search=${encodeURIComponent(city)}`);
    await hydrated(page);
    const holderRow = page.getByRole("row").filter({ hasText: holder });
    await expect(holderRow).toHaveCount(1);
    await holderRow.getByRole("link", { name: /^Delete/ }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm Deletion" });
    await expect(confirm).toContainText("the consultation of Seat Holder");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("The consultation was deleted and its seat is free again.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.context().clearCookies();
    const offer = await mailTo(email, "A seat is free for you");
    const link = /https?:\/\/[^/\s]+(\/waiting-list\/[A-Za-z0-9_-]{43})/.exec(offer.text)?.[1];
    expect(link).toBeTruthy();

    await page.goto(link!);
    await expect(page.getByRole("heading", { level: 1, name: "A seat is free for you" })).toBeVisible();
    await expectNoAxeViolations(page);
    await hydrated(page);
    // By keyboard: the page turns into its answer on the same address; its heading takes the focus.
    await page.getByRole("button", { name: "Confirm my seat" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Your seat is confirmed" })).toBeFocused();
    await expectNoAxeViolations(page);
    expect(queryDb<{ status: string }>("SELECT status FROM family_bookings WHERE email_key = ?", email)[0]?.status).toBe("booked");
    await mailTo(email, "Booking confirmed");
    // The link is spent.
    await page.goto(link!);
    await expect(page.getByRole("heading", { level: 1, name: "Link not valid" })).toBeVisible();
  });

  test("staff remove someone from a waiting list on a phone: the question takes the focus, in view, and the entry goes", async ({ page }) => {
    test.setTimeout(120_000);
    const { id } = addFullFamilySession();
    const waiter = uniqueEmail("listed");
    const now = new Date().toISOString();
    const tag = crypto.randomBytes(4).toString("hex");
    const entry = `b-wait-${tag}`;
    const name = `Lister ${tag}`;
    write(
      `INSERT INTO family_bookings (id, event_id, full_name, email, email_key, phone, status, terms_accepted_at, created_at) VALUES (?, ?, ?, ?, ?, '5125550101', 'waiting', ?, ?)`,
      entry,
      id,
      name,
      waiter,
      waiter,
      now,
      now,
    );
    await page.context().addCookies(await signedInStaff());
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/admin/requests");
    await hydrated(page);
    const remove = page.getByRole("link", { name: `Remove ${name} from the waiting list` });
    await remove.click();
    // The question is where the link was, in view, with the focus (before, the page went back to its top and the focus to its body).
    const question = page.getByText(`Remove ${name} from the list?`);
    await expect(question).toBeFocused();
    await expect(question).toBeInViewport();
    await expectNoAxeViolations(page);
    // By keyboard, the lists' data coming back a moment after the answer: the button pressed goes with the
    // entry, and the answer takes the focus (the button was disabled, dropping the focus to the page).
    await page.route(/\/admin\/requests\.data/, async (route) => {
      if (route.request().method() === "GET") await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.getByRole("button", { name: "Yes, remove" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Removed from the waiting list. We emailed them that they are no longer on it.")).toBeFocused();
    await expect(page.getByRole("link", { name: `Remove ${name} from the waiting list` })).toHaveCount(0);
    expect(queryDb<{ status: string }>("SELECT status FROM family_bookings WHERE id = ?", entry)[0]?.status).toBe("removed");
  });

  test("a long name and address keep every waiting list's Remove button inside its card; Tab brings the sidebar's last link above its foot (decision 0113)", async ({ page }) => {
    test.setTimeout(120_000);
    const { id } = addFullFamilySession();
    const tag = crypto.randomBytes(4).toString("hex");
    const name = `Maximiliana-Alexandrina Wolfeschlegelsteinhausenbergerdorff ${tag}`;
    const waiter = `maximiliana.alexandrina.wolfeschlegelsteinhausenberger.${tag}@a-very-long-institutional-domain.example.org`;
    const now = new Date().toISOString();
    write(
      `INSERT INTO family_bookings (id, event_id, full_name, email, email_key, phone, status, terms_accepted_at, created_at) VALUES (?, ?, ?, ?, ?, '5125550101', 'waiting', ?, ?)`,
      `b-long-${tag}`, id, name, waiter, waiter, now, now,
    );
    await page.context().addCookies(await signedInStaff());
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin/requests");
      await hydrated(page);
      const remove = page.getByRole("link", { name: `Remove ${name} from the waiting list` });
      const card = page.locator("section").filter({ has: remove }).last();
      const [button, box] = [await remove.boundingBox(), await card.boundingBox()];
      expect(button!.x + button!.width).toBeLessThanOrEqual(box!.x + box!.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    // In a short window the sidebar's list scrolls above its foot: "Settings", reached by Tab, is what shows at its place.
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto("/admin/requests");
    await hydrated(page);
    const settings = page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Settings" });
    for (let i = 0; i < 40 && !(await settings.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(settings).toBeFocused();
    const shown = await settings.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return el === top || el.contains(top);
    });
    expect(shown).toBe(true);
  });

  test("a full DECODE session's row on its level page offers the waiting list; the registration dialog joins it", async ({ page }) => {
    test.setTimeout(180_000);
    const { id, tag } = await fullDecodeSession(page, "Waitlist weekend", 230);

    await page.goto("/decode/level/decode-1");
    await hydrated(page);
    const row = page.getByRole("row").filter({ hasText: `Waitlist weekend ${tag}` });
    await row.getByRole("link", { name: /^Waiting list/ }).click();
    const dialog = page.getByRole("dialog", { name: "Registration Form" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("City")).toHaveValue(id);
    await expect(dialog).toContainText("This session is full. Join the waiting list with the same form");
    await expectNoAxeViolations(page);
    const email = uniqueEmail("learner");
    await dialog.getByLabel("First Name").fill("Lena");
    await dialog.getByLabel("Last Name").fill("Park");
    await dialog.getByRole("textbox", { name: "Email" }).fill(email);
    await dialog.getByLabel("Mobile Number").fill("(312) 555-0142");
    await dialog.getByLabel("Date of Birth").fill("1984-06-21");
    await dialog.getByLabel("Occupation").fill("Teacher");
    await dialog.getByRole("checkbox", { name: /accept the terms and conditions/ }).check();
    await dialog.getByRole("button", { name: "Join the waiting list" }).click();
    await expect(dialog.getByRole("heading", { name: "You are on the waiting list" })).toBeVisible();
    expect(queryDb<{ status: string }>("SELECT status FROM registrations WHERE email_key = ?", email)[0]?.status).toBe("waiting");
    await mailTo(email, "On the waiting list");

    // Staff see the one seat held and the one person waiting apart, in the list and in the cancel question (decision 0069).
    await page.context().addCookies(await signedInStaff());
    await page.goto("/admin/decode?search=Decode+Your+Mind");
    await hydrated(page);
    await page.getByRole("button", { name: "DECODE Level 1: Decode Your Mind" }).click();
    const card = page.getByRole("listitem").filter({ hasText: `Waitlist weekend ${tag}` }).last();
    await expect(card).toContainText("1 of 1 seats taken · 1 waiting");
    await card.getByRole("button", { name: /^Cancel session/ }).click();
    await expect(page.getByRole("dialog")).toContainText("Everyone holding a seat (1 person), and anyone on its waiting list");
  });

  test("the registration page of a full session joins its waiting list and says so, not 'Thank you for registering!'", async ({ page }) => {
    test.setTimeout(180_000);
    const { id } = await fullDecodeSession(page, "Page waitlist", 240);

    await page.goto(`/register/${id}`);
    await hydrated(page);
    const email = uniqueEmail("pagewait");
    await page.getByLabel("First Name").fill("Noor");
    await page.getByLabel("Last Name").fill("Haddad");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByLabel("Mobile Number").fill("(312) 555-0143");
    await page.getByLabel("Date of Birth").fill("1986-02-11");
    await page.getByLabel("Occupation").fill("Nurse");
    await page.getByRole("checkbox", { name: /accept the terms and conditions/ }).check();
    await page.getByRole("button", { name: "Join the waiting list" }).click();
    await expect(page.getByRole("heading", { name: "You are on the waiting list" })).toBeFocused();
    await expect(page.getByText("Thank you for registering!")).toHaveCount(0);
    expect(queryDb<{ status: string }>("SELECT status FROM registrations WHERE email_key = ?", email)[0]?.status).toBe("waiting");
    await expectNoAxeViolations(page);
  });
});
