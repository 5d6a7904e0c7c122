import { DatabaseSync } from "node:sqlite";
import path from "node:path";
import { expect as baseExpect, test, type Page, type Route } from "@playwright/test";
import { expectNoAxeViolations, expectVisibleFocusRing, hydrated } from "./fixtures";

// The CPUs are shared with other suites: a navigation's chunk and data may take a while. No timing is asserted.
const expect = baseExpect.configure({ timeout: 20_000 });

type Session = { id: string; title: string; start: Date };

/**
 * A session of its own for one test, far in the future with a unique title (the
 * e2e server has its own database, shared by the tests running beside this one).
 */
function addSession(opts: { kind: string; programmeId?: string | null; externalLink?: string | null; capacity?: number | null; title?: string }): Session {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const id = `e2e-cal-${tag}`;
  const title = `${opts.title ?? "Calendar session"} ${tag}`;
  const start = new Date(Date.now() + (200 + Math.floor(Math.random() * 60)) * 86_400_000);
  start.setUTCHours(15, 0, 0, 0);
  const db = new DatabaseSync(path.join(process.env.E2E_DATA_DIR!, "site.db"));
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    const now = new Date().toISOString();
    db.prepare(
      `INSERT INTO events (id, programme_id, kind, title, starts_at, ends_at, time_zone, city, venue, time_slot, capacity, price_cents, currency, external_link, status, no_enrol, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'America/New_York', 'Boston', 'Back Bay Studio', 'Morning', ?, 15000, 'USD', ?, 'Open', 0, ?, ?)`,
    ).run(id, opts.programmeId ?? null, opts.kind, title, start.toISOString(), new Date(start.getTime() + 3 * 3_600_000).toISOString(), opts.capacity === undefined ? 10 : opts.capacity, opts.externalLink ?? null, now, now);
  } finally {
    db.close();
  }
  return { id, title, start };
}

/** '4th Jul 2027': a session's day as the pages write it, at its venue (the sessions added here are in New York). */
function venueDay(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", day: "numeric", month: "short", year: "numeric" }).formatToParts(at).map((p) => [p.type, p.value]),
  );
  const d = Number(parts.day);
  const suffix = d % 10 === 1 && d !== 11 ? "st" : d % 10 === 2 && d !== 12 ? "nd" : d % 10 === 3 && d !== 13 ? "rd" : "th";
  return `${d}${suffix} ${parts.month} ${parts.year}`;
}

/** The table row of a session, by its (unique) title. */
const rowOf = (page: Page, title: string) => page.getByRole("row").filter({ hasText: title });

/** The navigation state React Router stored with the current history entry. */
const navigationState = (page: Page) => page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr ?? null);

/** Holds the calendar's API calls until `release()`; answers them with `answer` (or lets them through). */
async function holdCalendarApi(page: Page, answer?: (route: Route) => Promise<void>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/events/open**", async (route) => {
    await gate;
    if (answer) await answer(route);
    else await route.continue();
  });
  return release;
}

const COLUMNS = ["Event", "Date", "Location", "Facilitator", "Total Participants", "Program Fees", "Action"];

test.describe("Event calendar (/schedule)", () => {
  // Browser-heavy (axe over a long table, several navigations) on CPUs shared with other suites.
  test.beforeEach(() => test.setTimeout(180_000));

  test("first paint from the server: the table of §2.6, past sessions left out, times at the venue; axe clean", async ({ browser, page: withJs }) => {
    // Without JavaScript, so everything seen here came in the HTML.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/schedule");
    await expect(page.getByRole("heading", { level: 1, name: "Event Calendar" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Upcoming Events" })).toBeVisible();
    await expect(page.getByRole("columnheader")).toHaveText(COLUMNS);
    // Seeded sessions: one limited and part-booked, one not limited, one full, one without online enrollment.
    const behavior = page.getByRole("row").filter({ hasText: "Decode Your Behavior" }).filter({ hasText: "Lakeside Center" });
    await expect(behavior).toContainText("3 Seats");
    await expect(behavior).toContainText("$600");
    // Chicago's time, whatever the day the suite runs: daylight or standard time, each end its own zone name
    // across a switch. The start's date once, above the times, which name the end's date.
    await expect(behavior.getByText(/^\d{1,2}(st|nd|rd|th) \w{3} \d{4}$/)).toBeVisible();
    await expect(behavior).toContainText(/\d{4}9:00\u00a0AM(\u00a0C[SD]T)? – \d{1,2}(st|nd|rd|th) \w{3} \d{4}, 6:00\u00a0PM\u00a0C[SD]T/);
    // Its links name the session apart from any other of that title and day: with its city and its times.
    await expect(behavior.getByRole("link", { name: /^Enroll Now: Decode Your Behavior, Chicago, \d{1,2}(st|nd|rd|th) \w{3}.*, 9:00 AM.* – .*6:00 PM C[SD]T$/ })).toBeVisible();
    await expect(behavior.getByRole("link", { name: /^Add to calendar: Decode Your Behavior, Chicago, .*6:00 PM C[SD]T$/ })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Decode Your Mind" }).filter({ hasText: "Silver Lake Studio" })).toContainText("Not Limited");
    const full = page.getByRole("row").filter({ hasText: "Decode Your Relationships" }).filter({ hasText: "Larimer Room" });
    // A full session leads to its level page's dialog, which joins the waiting list.
    await expect(full.getByRole("link", { name: /^Waiting list ?: Decode Your Relationships/ })).toHaveAttribute("href", /^\/decode\/level\//);
    const openDay = page.getByRole("row").filter({ hasText: "Decode The Child: open evening" });
    await expect(openDay.getByRole("link", { name: /Enroll Now/ })).toHaveCount(0);
    await expect(openDay.getByText("No online registration")).toHaveCount(1);
    // The seeded past ICH session (10 days ago) is never listed (D12): only the two upcoming Level I sessions are.
    await expect(page.getByRole("row").filter({ hasText: "ICH Level I: Foundations" })).toHaveCount(2);
    await context.close();
    // axe-core runs as a script: on the same page with JavaScript on.
    await withJs.goto("/schedule");
    await hydrated(withJs);
    await expectNoAxeViolations(withJs);
  });

  test("a full session's 'Waiting list' opens its registration dialog on that session, offering the waiting list", async ({ page }) => {
    await page.goto("/schedule");
    await hydrated(page);
    const full = page.getByRole("row").filter({ hasText: "Decode Your Relationships" }).filter({ hasText: "Larimer Room" });
    await full.getByRole("link", { name: /^Waiting list/ }).click();
    const dialog = page.getByRole("dialog", { name: "Registration Form" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/^This session is full\. Join the waiting list with the same form/)).toBeVisible();
    await expect(dialog.getByLabel("City")).toHaveValue(/.+/);
    await expect(dialog.getByLabel("City").locator("option:checked")).toContainText("Denver");
  });

  test("under 640 px the sessions are cards; axe clean", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/schedule");
    await expect(page.getByRole("table")).toBeHidden();
    const cards = page.getByRole("list", { name: "Upcoming events" }).getByRole("listitem");
    await expect.poll(() => cards.count()).toBeGreaterThan(10);
    const first = cards.first();
    for (const label of ["Date", "Location", "Facilitator", "Total Participants", "Program Fees"]) await expect(first.getByText(label, { exact: true })).toBeVisible();
    await expect(first.getByRole("link", { name: /^Add to calendar/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the filter by program is kept in the URL and survives a reload", async ({ page }) => {
    const family = addSession({ kind: "family", title: "Family Constellation evening" });
    await page.goto("/schedule");
    await hydrated(page);
    const filter = page.getByRole("group", { name: "Program:" });
    await expect(filter.getByRole("link")).toHaveText(["All", "DECODE", "Hypnotherapy", "Family Constellation", "TASSO"]);
    await expect(filter.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "true");

    // The page's live region: the same element before and after a filter change (one made with its text is not read out).
    const live = page.locator("p.sr-only[aria-live=polite]");
    await expect(live).toHaveCount(1);
    await live.evaluate((el) => (el.dataset.before = "filter"));
    await expect(live).toHaveText("");

    await filter.getByRole("link", { name: "Family Constellation" }).click();
    await expect(page).toHaveURL(/\/schedule\?program=family$/);
    await expect(rowOf(page, family.title)).toBeVisible();
    // The family session is in the unfiltered list too: the filtered one is there once no DECODE row is.
    await expect(page.getByRole("row").filter({ hasText: "Decode Your Mind" })).toHaveCount(0);
    // The new count is read out, from the region that was there before the change.
    const shown = await page.locator("p.text-muted").filter({ hasText: /^\d+ upcoming sessions?$/ }).textContent();
    await expect(page.locator("p.sr-only[aria-live=polite][data-before=filter]")).toHaveText(shown!);
    await expect(filter.getByRole("link", { name: "Family Constellation" })).toHaveAttribute("aria-current", "true");

    await filter.getByRole("link", { name: "TASSO" }).click();
    await expect(page).toHaveURL(/\/schedule\?program=tasso$/);
    await expect(page.getByRole("row").filter({ hasText: "TASSO Program" }).first()).toBeVisible();
    await expect(rowOf(page, family.title)).toHaveCount(0);

    await page.reload();
    await expect(filter.getByRole("link", { name: "TASSO" })).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("row").filter({ hasText: "Decode Your Mind" })).toHaveCount(0);

    await hydrated(page);
    await filter.getByRole("link", { name: "All" }).click();
    await expect(page).toHaveURL(/\/schedule$/);
    await expect(filter.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("row").filter({ hasText: "Decode Your Mind" }).first()).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "TASSO Program" }).first()).toBeVisible();
  });

  // The calendar hands the session over in the navigation state (spec §2.6); the page reads it once and
  // clears it (so Back or a reload does not reopen the dialog), so the tests check what the visitor sees:
  // the dialog open with that session chosen, and the state gone from the history entry afterwards.
  test("Enroll Now on a DECODE session opens its level page's dialog with that session chosen", async ({ page }) => {
    const session = addSession({ kind: "decode", programmeId: "decode-1", title: "Decode Your Mind weekend" });
    await page.goto("/schedule?program=decode");
    await hydrated(page);
    const row = rowOf(page, session.title);
    await expect(row.getByRole("link", { name: session.title, exact: true })).toHaveAttribute("href", "/decode/level/decode-1");
    await row.getByRole("link", { name: /^Enroll Now/ }).click();
    await expect(page).toHaveURL(/\/decode\/level\/decode-1$/);
    const dialog = page.getByRole("dialog", { name: "Registration Form" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("City")).toHaveValue(session.id);
    await expect.poll(() => navigationState(page)).toBeNull();
    // Still open once the page has been read again without the state.
    await expect(dialog).toBeVisible();
  });

  test("Enroll Now on an ICH session opens its level page's dialog with that session chosen", async ({ page }) => {
    const session = addSession({ kind: "hypnotherapy", programmeId: "ich-2", title: "ICH practice weekend" });
    await page.goto("/schedule?program=hypnotherapy");
    await hydrated(page);
    await rowOf(page, session.title).getByRole("link", { name: /^Enroll Now/ }).click();
    await expect(page).toHaveURL(/\/ich\/level\/ich-2$/);
    const dialog = page.getByRole("dialog", { name: "Registration Form" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("City")).toHaveValue(session.id);
    await expect.poll(() => navigationState(page)).toBeNull();
    await expect(dialog).toBeVisible();
  });

  test("Enroll Now on a family session goes to /family-constellation?id=…&modal=true and opens its booking dialog; its name to the page", async ({ page }) => {
    const session = addSession({ kind: "family", title: "Family Constellation day" });
    await page.goto("/schedule?program=family");
    await hydrated(page);
    const row = rowOf(page, session.title);
    await expect(row).toContainText("10 Seats");
    await expect(row).toContainText("10 of 10 left");
    await expect(row.getByRole("link", { name: session.title, exact: true })).toHaveAttribute("href", "/family-constellation");
    await row.getByRole("link", { name: /^Enroll Now/ }).click();
    await expect(page).toHaveURL(new RegExp(`/family-constellation\\?id=${session.id}&modal=true$`));
    const dialog = page.getByRole("dialog", { name: "Book Your Seat" });
    await expect(dialog).toBeVisible();
    // The dialog names the chosen session by its place and day (Boston is shared with other sessions; the day is not).
    await expect(dialog).toContainText(`Family Constellation · Boston · ${venueDay(session.start)}`);
  });

  test("a session with an external sign-up opens it in a new tab", async ({ page, context }) => {
    const href = `https://tickets.example.org/e2e-${Date.now()}`;
    const session = addSession({ kind: "tasso", externalLink: href, title: "TASSO open day" });
    await context.route("https://tickets.example.org/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>Tickets</title><h1>Tickets</h1>" }));
    // Filtered: the whole list holds 50 a page, and the tests beside this one keep adding sessions.
    await page.goto("/schedule?program=tasso");
    await hydrated(page);
    const enroll = rowOf(page, session.title).getByRole("link", { name: /^Enroll Now/ });
    await expect(enroll).toHaveAttribute("target", "_blank");
    await expect(enroll).toHaveAccessibleName(/\(opens in a new tab\)$/);
    const [popup] = await Promise.all([context.waitForEvent("page"), enroll.click()]);
    await expect(popup).toHaveURL(href);
    await expect(page).toHaveURL(/\/schedule\?program=tasso$/);
  });

  test("'Add to calendar' downloads the session's .ics file", async ({ page }) => {
    const session = addSession({ kind: "decode", programmeId: "decode-2", title: "Decode calendar check" });
    await page.goto("/schedule?program=decode");
    await hydrated(page);
    const [download] = await Promise.all([page.waitForEvent("download"), rowOf(page, session.title).getByRole("link", { name: /^Add to calendar/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^decode-calendar-check-[a-z0-9]+-\d{4}-\d{2}-\d{2}\.ics$/);
    const body = await (await download.createReadStream()).toArray();
    const ics = Buffer.concat(body).toString("utf8");
    expect(ics).toContain(`SUMMARY:${session.title}`);
    expect(ics).toMatch(/DTSTART;TZID=America\/New_York:\d{8}T(10|11)0000/);
  });

  test("Refresh re-reads the list without a page load, with the skeleton meanwhile", async ({ page }) => {
    await page.goto("/schedule?program=tasso");
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    const added = addSession({ kind: "tasso", programmeId: "tasso", title: "TASSO refresh check" });
    await expect(rowOf(page, added.title)).toHaveCount(0);
    const release = await holdCalendarApi(page);
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByRole("status", { name: "Loading events" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Refresh" })).toHaveAttribute("aria-disabled", "true");
    // The keyboard focus stays on the button throughout (a disabled button would drop it to the page's body).
    await expect(page.getByRole("button", { name: "Refresh" })).toBeFocused();
    release();
    await expect(rowOf(page, added.title)).toBeVisible();
    await expect(page.getByRole("status", { name: "Loading events" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Refresh" })).toBeFocused();
    await expect(page.getByRole("button", { name: "Refresh" })).not.toHaveAttribute("aria-disabled", "true");
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });

  test("arriving from another page shows the skeleton until the list comes", async ({ page }) => {
    await page.goto("/contact-us");
    await hydrated(page);
    const release = await holdCalendarApi(page);
    await page.locator("header").getByRole("link", { name: "Register Now" }).click();
    await expect(page).toHaveURL(/\/schedule$/);
    await expect(page.getByRole("status", { name: "Loading events" })).toBeVisible();
    release();
    await expect(page.getByRole("row").filter({ hasText: "Decode Your Mind" }).first()).toBeVisible();
    await expect(page.getByRole("status", { name: "Loading events" })).toHaveCount(0);
  });

  test("a failure shows the server's message (else 'Failed to fetch events') in the banner and the table; Retry reads again; axe clean", async ({ page }) => {
    await page.goto("/schedule");
    await hydrated(page);
    await page.route("**/api/events/open**", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ success: false, message: "The calendar is being updated" }) }),
    );
    await page.getByRole("button", { name: "Refresh" }).click();
    const banner = page.getByRole("alert").filter({ hasText: "The calendar is being updated" });
    await expect(banner).toBeVisible();
    await expect(page.getByRole("cell", { name: "The calendar is being updated" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Decode Your Mind" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.unroute("**/api/events/open**");
    await page.route("**/api/events/open**", (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }));
    await banner.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to fetch events" })).toBeVisible();

    await page.unroute("**/api/events/open**");
    await page.route("**/api/events/open**", (route) => route.abort("connectionfailed"));
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to fetch events" })).toBeVisible();

    await page.unroute("**/api/events/open**");
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("row").filter({ hasText: "Decode Your Mind" }).first()).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to fetch events" })).toHaveCount(0);
  });

  test("no sessions: 'No events found.' in the table and on a phone; axe clean", async ({ page }) => {
    await page.goto("/schedule");
    await hydrated(page);
    await page.route("**/api/events/open**", (route) =>
      route.fulfill({ contentType: "application/json", body: JSON.stringify({ success: true, data: [], events: [], totalPages: 1, totalEvents: 0, currentPage: 1 }) }),
    );
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByRole("cell", { name: "No events found." })).toBeVisible();
    await expect(page.locator("p.text-muted").filter({ hasText: "0 upcoming sessions" })).toBeVisible();
    // And read out: a Refresh is a change after the page arrived.
    await expect(page.locator("p.sr-only[aria-live=polite]")).toHaveText("0 upcoming sessions");
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByText("No events found.", { exact: true }).locator("visible=true")).toHaveCount(1);
  });

  test("keyboard: the filter, the links and Refresh show the focus ring and work with Enter", async ({ page }) => {
    await page.goto("/schedule");
    await hydrated(page);
    const filterLink = page.getByRole("group", { name: "Program:" }).getByRole("link", { name: "DECODE" });
    const row = page.getByRole("row").filter({ hasText: "Decode Your Behavior" }).filter({ hasText: "Lakeside Center" });
    for (const control of [
      filterLink,
      page.getByRole("button", { name: "Refresh" }),
      row.getByRole("link", { name: "Decode Your Behavior", exact: true }),
      row.getByRole("link", { name: /^Add to calendar/ }),
      row.getByRole("link", { name: /^Enroll Now/ }),
    ]) {
      await expectVisibleFocusRing(page, control);
    }
    await filterLink.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\?program=decode$/);
    await expect(page.getByRole("row").filter({ hasText: "TASSO Program" })).toHaveCount(0);
    await page.getByRole("button", { name: "Refresh" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("row").filter({ hasText: "Decode Your Mind" }).first()).toBeVisible();
  });
});
