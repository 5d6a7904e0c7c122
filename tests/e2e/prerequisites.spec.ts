import crypto from "node:crypto";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { axeBuilder, createStaffAccount, expectNoAxeViolations, expectVisibleFocusRing, hydrated, mailTo, queryDb, toastsSettled, writeDb, toastWith } from "./fixtures";
import { EARLIER_LEVEL_BOX_REQUIRED } from "../../app/features/prerequisites/rules";

/**
 * Level prerequisites (issue 11 points 5 and 6, decision 0031) and staff
 * cancelling a session (point 3, decision 0032), as people use them: the form
 * says before submitting that the earlier level was not attended here, offers
 * 'I completed the earlier level elsewhere', holds the seat for approval;
 * staff approve it and the registrant gets the mails; attendance marked by
 * keyboard; a session cancelled and its booker mailed. Axe on every new
 * screen, dialog and state.
 */
// Shared CPUs: axe runs and full-cost sign-ins. No timing is asserted.
const expect = baseExpect.configure({ timeout: 20_000 });

const staffEmail = `prereq.${crypto.randomBytes(4).toString("hex")}@example.org`;
const password = `Juniper harbor ${crypto.randomBytes(6).toString("hex")}`;
test.beforeAll(() => createStaffAccount(staffEmail, password));

let sessionCookie: { name: string; value: string } | null = null;
async function signIn(page: Page) {
  if (!sessionCookie) {
    const res = await page.request.post("/admin/login", { form: { email: staffEmail, password }, maxRedirects: 0, timeout: 60_000 });
    expect(res.status()).toBe(302);
    const cookie = (await page.context().cookies()).find((c) => c.name === "staff_session");
    expect(cookie).toBeTruthy();
    sessionCookie = { name: cookie!.name, value: cookie!.value };
  } else {
    await page.context().addCookies([{ ...sessionCookie, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Strict" }]);
  }
}

async function expectDialogAxeClean(page: Page) {
  await toastsSettled(page);
  const results = await axeBuilder(page).include("dialog[open]").analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The calendar file attached to a mail the server wrote (its base64 part, decoded), or ''. */
function calendarOf(raw: string): string {
  const m = /Content-Type: text\/calendar[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/.exec(raw);
  return m ? Buffer.from(m[1]!.replace(/\s+/g, ""), "base64").toString("utf8") : "";
}

const MESSAGE = "Level II requires Level I. We could not find a completed Level I for this email address.";

test.describe("level prerequisites", () => {
  test.beforeEach(() => test.setTimeout(240_000));

  test("the form refuses a Level II registration without Level I before submitting; 'completed elsewhere' holds the seat; staff approve it; both mails arrive", async ({ page }) => {
    const tag = crypto.randomBytes(3).toString("hex");
    const first = `Noor${tag}`;
    const email = `noor.${tag}@example.com`;

    await page.goto("/ich/level/ich-2");
    await hydrated(page);
    await page.getByRole("complementary", { name: "Enrollment" }).getByRole("link", { name: /Enroll|Register/ }).first().click();
    const dialog = page.getByRole("dialog", { name: "Registration Form" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("City")).toHaveValue("s-ich-2-a");
    await dialog.getByLabel("First Name").fill(first);
    await dialog.getByLabel("Last Name").fill("Haddad");
    await dialog.getByRole("textbox", { name: "Email" }).fill(email);
    // Leaving the email asks the server: Level I was not attended with this address.
    await dialog.getByLabel("Mobile Number").focus();
    await expect(dialog.getByText(MESSAGE, { exact: true })).toBeVisible();
    const box = dialog.getByRole("checkbox", { name: "I completed the earlier level elsewhere" });
    await expect(box).not.toBeChecked();
    await dialog.getByLabel("Mobile Number").fill("(312) 555-0142");
    await dialog.getByLabel("Date of Birth").fill("1984-06-21");
    await dialog.getByLabel("Occupation").fill("Counselor");
    await dialog.getByRole("checkbox", { name: /accept the terms and conditions/ }).check();
    await expectDialogAxeClean(page);

    // Sent as it is: refused in place, nothing stored.
    await dialog.getByRole("button", { name: "Submit Registration" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(/Please fix the errors below before submitting/);
    await expect(box).toBeFocused();
    await expect(box).toHaveAttribute("aria-invalid", "true");
    // What to do is shown beside the box, in red, and read with it.
    const told = dialog.getByText(EARLIER_LEVEL_BOX_REQUIRED, { exact: true });
    await expect(told).toBeVisible();
    await expect(told).toHaveCSS("color", "rgb(180, 35, 24)");
    await expect(box).toHaveAccessibleDescription(new RegExp(EARLIER_LEVEL_BOX_REQUIRED.replace(/[.]/g, "\\.")));
    expect(queryDb("SELECT id FROM registrations WHERE email = ?", email)).toEqual([]);
    await expectDialogAxeClean(page);

    // Ticked: the note is required.
    await box.check();
    await expect(told).toBeHidden();
    const note = dialog.getByRole("textbox", { name: /Where and when did you complete it/ });
    await expect(note).toBeVisible();
    await dialog.getByRole("button", { name: "Submit Registration" }).click();
    await expect(dialog.getByText("Please tell us where and when you completed the earlier level")).toBeVisible();
    await expect(note).toBeFocused();
    await expectDialogAxeClean(page);

    await note.fill("Level I with the Boston Hypnosis Institute, June 2024");
    await dialog.getByRole("button", { name: "Submit Registration" }).click();
    await expect(dialog.getByRole("heading", { name: "Your registration awaits approval" })).toBeVisible();
    // The success toast comes from a lazily loaded module, after the view: wait for it, so axe sees it settled.
    await expect(page.locator("[data-sonner-toast]").first()).toBeVisible();
    await expectDialogAxeClean(page);
    expect(queryDb("SELECT status, prerequisite_note FROM registrations WHERE email = ?", email)).toEqual([
      { status: "awaiting_approval", prerequisite_note: "Level I with the Boston Hypnosis Institute, June 2024" },
    ]);
    const held = await mailTo(email, "Registration awaiting approval");
    expect(held.text).toContain("Level II requires Level I");

    // Staff approve it, asked once more.
    await signIn(page);
    await page.goto("/admin/approvals");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Approvals" })).toBeVisible();
    const entry = page.getByRole("listitem").filter({ hasText: email });
    await expect(entry).toContainText("Level I with the Boston Hypnosis Institute, June 2024");
    await expectNoAxeViolations(page);
    // Asked, then left unanswered: the focus goes back to the link that asked, not to the page's body.
    const decline = entry.getByRole("link", { name: `Decline the registration of ${first} Haddad` });
    await decline.click();
    await expect(entry.getByText(`Decline the registration of ${first} Haddad?`, { exact: false })).toBeFocused();
    await entry.getByRole("link", { name: "Keep waiting" }).click();
    await expect(decline).toBeFocused();
    await entry.getByRole("link", { name: `Approve the registration of ${first} Haddad` }).click();
    const question = entry.getByText(`Approve the registration of ${first} Haddad?`, { exact: false });
    await expect(question).toBeFocused();
    await expectNoAxeViolations(page);
    // By keyboard, the list coming back a moment after the answer: the pressed button keeps the focus until then
    // (it was disabled, and the focus fell to the page), and the answer takes it with the fresh list.
    await page.route(/\/admin\/approvals\.data/, async (route) => {
      if (route.request().method() === "GET") await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    const yes = entry.getByRole("button", { name: "Yes, approve" });
    await yes.focus();
    await page.keyboard.press("Enter");
    await expect(yes).toHaveAttribute("aria-disabled", "true");
    await expect(yes).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "Registration approved." })).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "Registration approved." })).toBeFocused();
    await expect(page.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);
    await expectNoAxeViolations(page);
    expect(queryDb("SELECT status, prerequisite_decided_by FROM registrations WHERE email = ?", email)).toEqual([{ status: "registered", prerequisite_decided_by: staffEmail }]);
    const approved = await mailTo(email, "Registration approved");
    expect(approved.text).toContain("our team has accepted the Level I you completed elsewhere");
    expect(approved.text).toMatch(/\/my-registration\/[A-Za-z0-9_-]{43}/);
    expect(calendarOf(approved.raw)).toContain("BEGIN:VCALENDAR");
  });

  test("attendance: a past session's registrant marked by keyboard alone, with a visible focus; the screens axe clean", async ({ page }) => {
    // Each repetition (--repeat-each) marks a demo registrant of its own, so parallel runs never mark the same row.
    const targets = [
      { session: "Decode Your Mind", row: "s-decode-1-past-demo-3", name: "Demo Attendee 3" },
      { session: "Decode Your Mind", row: "s-decode-1-past-demo-1", name: "Demo Attendee 1" },
      { session: "ICH Level I: Foundations", row: "s-ich-1-past-demo-3", name: "Demo Attendee 3" },
      { session: "ICH Level I: Foundations", row: "s-ich-1-past-demo-1", name: "Demo Attendee 1" },
      { session: "Decode Your Mind", row: "s-decode-1-past-demo-2", name: "Demo Attendee 2" },
      { session: "ICH Level I: Foundations", row: "s-ich-1-past-demo-2", name: "Demo Attendee 2" },
    ];
    const target = targets[test.info().repeatEachIndex % targets.length]!;
    // Unmarked, whatever an earlier attempt of this test (a retry) saved.
    writeDb("UPDATE registrations SET attendance = NULL, attendance_marked_at = NULL, attendance_marked_by = NULL WHERE id = ?", target.row);
    await signIn(page);
    await page.goto("/admin/attendance");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Attendance" })).toBeVisible();
    await expectNoAxeViolations(page);
    // The session's name sits level with its row's date, and its link keeps a 44 px tap target.
    const link = page.getByRole("link", { name: target.session, exact: true });
    const row = page.getByRole("row").filter({ has: link });
    // The top of a cell's first line of text, as drawn.
    const textTop = (el: Element) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT, (n) => (n.textContent?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP));
      const first = walker.nextNode();
      if (!first) return -1;
      const range = document.createRange();
      range.selectNodeContents(first);
      return Math.round(range.getBoundingClientRect().top);
    };
    const [name, date, box] = await Promise.all([
      link.evaluate(textTop),
      row.getByRole("cell").first().evaluate(textTop),
      link.boundingBox(),
    ]);
    // 44 px tall, and every point of it is the link's: nothing drawn after it covers part of it.
    const covered = await link.evaluate((a) => {
      const r = a.getBoundingClientRect();
      const x = r.left + Math.min(20, r.width / 2);
      return Array.from({ length: Math.floor(r.height) - 1 }, (_, i) => r.top + 1 + i).filter((y) => {
        const hit = document.elementFromPoint(x, y);
        return !(hit && (hit === a || a.contains(hit)));
      }).length;
    });
    expect({ name, tall: (box?.height ?? 0) >= 44, covered }).toEqual({ name: date, tall: true, covered: 0 });
    await link.click();
    await expect(page.getByRole("heading", { level: 1, name: `Attendance: ${target.session}` })).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page);

    // Unmarked: they did not attend. Focus the group, arrow to choose, Tab to save, Enter.
    const group = page.getByRole("group", { name: `Attendance of ${target.name}` });
    const attended = group.getByRole("radio", { name: "Attended" });
    const absent = group.getByRole("radio", { name: "Did not attend" });
    await expectVisibleFocusRing(page, attended);
    await page.keyboard.press("ArrowRight");
    await expect(absent).toBeFocused();
    await expect(absent).toBeChecked();
    // A mark chosen and not saved: the way back to the list asks first; staying keeps the choice and its focus.
    await page.getByRole("link", { name: "All sessions" }).click();
    const question = page.getByRole("dialog", { name: "Leave without saving?" });
    await question.getByRole("button", { name: "Stay on this page", exact: true }).press("Enter");
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/attendance\/.+/);
    await expect(absent).toBeChecked();
    await absent.focus();
    const save = page.getByRole("button", { name: "Save attendance" });
    for (let i = 0; i < 8 && !(await save.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(save).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Attendance saved: 1 change." })).toBeFocused();
    expect(queryDb("SELECT attendance, attendance_marked_by FROM registrations WHERE id = ?", target.row)).toEqual([{ attendance: "not_attended", attendance_marked_by: staffEmail }]);
    await expect(group.getByRole("radio", { name: "Did not attend" })).toBeChecked();
    await expectNoAxeViolations(page);
  });

  test("attendance: marks saved as a sign-in expires come back after signing in again, and only they do", async ({ page }) => {
    // A past session of this run's own with its own registrants: rows added to (and deleted from) a session another
    // test marks would change that test's list under it ("This list changed while it was open"), which is refused.
    const tag = crypto.randomBytes(3).toString("hex");
    const row = `e2e-kept-${tag}`;
    const session = `s-e2e-kept-${tag}`;
    const at = new Date().toISOString();
    const started = new Date(Date.now() - 30 * 86_400_000);
    writeDb(
      `INSERT INTO events (id, programme_id, kind, title, starts_at, ends_at, time_zone, city, venue, time_slot, capacity, price_cents, currency, status, no_enrol, created_at, updated_at)
       VALUES (?, 'decode-3', 'decode', 'Decode Your Relationships', ?, ?, 'America/Denver', 'Denver', 'Larimer Room', 'Full day', 20, 60000, 'USD', 'Open', 0, ?, ?)`,
      session, started.toISOString(), new Date(started.getTime() + 9 * 3_600_000).toISOString(), at, at,
    );
    writeDb(
      `INSERT INTO registrations (id, event_id, programme_id, kind, first_name, last_name, name_on_certificate, email, email_key, mobile_no, date_of_birth,
        occupation, session_label, terms_accepted_at, level_name, created_at) VALUES (?, ?, 'decode-3', 'decode', 'Kept', ?, ?, ?, ?, '5550100000',
        '1985-06-15', 'Teacher', 'Denver | Decode Your Relationships | e2e', ?, 'Decode Your Relationships', ?)`,
      row, session, `Mark ${tag}`, `Kept Mark ${tag}`, `kept.${tag}@example.com`, `kept.${tag}@example.com`, at, at,
    );
    // A second one, marked attended, whom a colleague marks otherwise while this tab is signed out.
    writeDb(
      `INSERT INTO registrations (id, event_id, programme_id, kind, first_name, last_name, name_on_certificate, email, email_key, mobile_no, date_of_birth,
        occupation, session_label, terms_accepted_at, level_name, created_at, attendance, attendance_marked_at, attendance_marked_by) VALUES (?, ?,
        'decode-3', 'decode', 'Other', ?, ?, ?, ?, '5550100000', '1985-06-15', 'Teacher', 'Denver | Decode Your Relationships | e2e', ?, 'Decode Your Relationships', ?, 'attended', ?, 'demo')`,
      `${row}-other`, session, `Mark ${tag}`, `Other Mark ${tag}`, `other.${tag}@example.com`, `other.${tag}@example.com`, at, at, at,
    );
    const stored = () => queryDb<{ attendance: string | null }>("SELECT attendance FROM registrations WHERE id = ?", row)[0]!.attendance;
    try {
      // Signed in with a session of this test's own: it is ended below.
      const res = await page.request.post("/admin/login", { form: { email: staffEmail, password }, maxRedirects: 0, timeout: 60_000 });
      expect(res.status()).toBe(302);
      await page.goto(`/admin/attendance/${session}`);
      await hydrated(page);
      const group = page.getByRole("group", { name: `Attendance of Kept Mark ${tag}` });
      await group.getByRole("radio", { name: "Did not attend" }).check();

      // The sign-in ends (timed out, or signed out elsewhere) before the save.
      const cookie = (await page.context().cookies()).find((c) => c.name === "staff_session")!;
      const idHash = crypto.createHash("sha256").update(cookie.value, "utf8").digest("base64url");
      writeDb("UPDATE staff_sessions SET expires_at = ? WHERE id_hash = ?", new Date(Date.now() - 60_000).toISOString(), idHash);
      writeDb("UPDATE registrations SET attendance = 'not_attended', attendance_marked_at = ? WHERE id = ?", new Date().toISOString(), `${row}-other`);
      await page.getByRole("button", { name: "Save attendance" }).click();
      await expect(page).toHaveURL(/\/admin\/login\?next=.*&expired=1$/);
      await expect(page.getByRole("status").filter({ hasText: "a form you were saving opens again with your changes" })).toBeVisible();
      expect(stored()).toBeNull();

      await hydrated(page);
      await page.getByLabel("Email").fill(staffEmail);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL((url) => url.pathname === `/admin/attendance/${session}`, { timeout: 45_000 });
      await hydrated(page);
      const note = page.getByRole("status").filter({ hasText: "Changes you made earlier, which may not have been saved, are back on this page." });
      await expect(note).toBeVisible();
      await expect(group.getByRole("radio", { name: "Did not attend" })).toBeChecked();
      // Only the changed mark came back: everyone else shows what is stored now, the colleague's mark included.
      await expect(page.getByRole("group", { name: `Attendance of Other Mark ${tag}` }).getByRole("radio", { name: "Did not attend" })).toBeChecked();
      await expectNoAxeViolations(page);
      // Put back what is stored, then choose again and save.
      await note.getByRole("button", { name: "Put back what is stored" }).click();
      await expect(note).toBeHidden();
      await expect(group.getByRole("radio", { name: "Did not attend" })).not.toBeChecked();
      await group.getByRole("radio", { name: "Did not attend" }).check();
      await page.getByRole("button", { name: "Save attendance" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Attendance saved: 1 change." })).toBeVisible();
      expect(stored()).toBe("not_attended");
      // Saved: opened again, the page holds no kept changes.
      await page.reload();
      await hydrated(page);
      await expect(page.getByText("are back on this page")).toHaveCount(0);
    } finally {
      writeDb("DELETE FROM registrations WHERE id IN (?, ?)", row, `${row}-other`);
      writeDb("DELETE FROM events WHERE id = ?", session);
    }
  });

  test("staff cancel a Family Constellation session: the confirmation dialog, the booker's cancellation mail with METHOD:CANCEL, the session gone from the public page", async ({ page }) => {
    await signIn(page);
    const place = `Cancelton ${crypto.randomBytes(3).toString("hex")}`;
    const day = new Date(Date.now() + 50 * 86_400_000).toISOString().slice(0, 10);
    const created = await page.request.post("/api/familyEvent", {
      data: {
        event: "Family Constellation",
        startDate: `${day}T13:00`,
        endDate: `${day}T17:00`,
        timeZone: "America/Denver",
        location: place,
        capacity: "6 Seats",
        organisedby: "Mountain Circle",
        organiserEmail: "circle@example.org",
        price: "$150",
        paymentLink: "https://pay.example.org/circle",
        status: "Open",
      },
    });
    expect(created.status()).toBe(201);
    const sessionId = ((await created.json()) as { data: { _id: string } }).data._id;
    const booker = `bo.${crypto.randomBytes(3).toString("hex")}@example.com`;
    const booked = await page.request.post("/api/familyConsitalation/register", {
      data: { programId: sessionId, fullName: "Bo Alder", email: booker, phone: "5125550100", termsAndCondition: true },
    });
    expect(booked.status()).toBe(201);

    await page.goto(`/admin/family-events?search=${encodeURIComponent(place)}`);
    await hydrated(page);
    await page.getByRole("button", { name: new RegExp(`^Cancel session Family Constellation, .*, ${place}$`) }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel Session" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("This action cannot be undone.");
    await expectDialogAxeClean(page);
    // Keep it first: nothing happens.
    await dialog.getByRole("button", { name: "Keep session" }).click();
    await expect(dialog).toBeHidden();
    expect(queryDb("SELECT status FROM events WHERE id = ?", sessionId)).toEqual([{ status: "Open" }]);

    await page.getByRole("button", { name: new RegExp(`^Cancel session Family Constellation, .*, ${place}$`) }).click();
    await dialog.getByRole("button", { name: "Cancel session" }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    // The button that opened it went with the open session: the focus goes to the page's heading, not the page.
    await expect(page.getByRole("heading", { level: 1, name: "Family Constellation Events" })).toBeFocused();
    await expect(toastWith(page, "Session canceled. Everyone who held a seat is being emailed.")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: place })).toContainText("Canceled");
    await expectNoAxeViolations(page);
    expect(queryDb("SELECT status FROM events WHERE id = ?", sessionId)).toEqual([{ status: "Cancelled" }]);
    const mail = await mailTo(booker, "Session canceled");
    const ics = calendarOf(mail.raw);
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("STATUS:CANCELLED");
    expect(ics).toMatch(/^DTSTART;TZID=America\/Denver:\d{8}T130000\r?$/m);
    expect(mail.text).toMatch(/1:00 PM/);

    await page.goto("/family-constellation");
    await expect(page.getByText(place)).toHaveCount(0);
  });
});
