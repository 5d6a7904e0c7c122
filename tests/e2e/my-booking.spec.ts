import { expect, test, type APIRequestContext } from "@playwright/test";
import { addFamilySessionRow, expectNoAxeViolations, expectVisibleFocusRing, hydrated, mailTo, queryDb } from "./fixtures";

/** A Family Constellation booking through the API; its id and the private page's path from the confirmation mail (decision 0087). */
async function book(request: APIRequestContext, sessionId: string, email: string, fullName: string) {
  const res = await request.post("/api/familyConsitalation/register", {
    data: { programId: sessionId, fullName, email, phone: "5125550142", termsAndCondition: true },
  });
  expect(res.status()).toBe(201);
  const id = ((await res.json()) as { data: { _id: string } }).data._id;
  const mail = await mailTo(email, "Booking confirmed");
  const link = /https?:\/\/[^/\s]+(\/my-booking\/[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();
  return { id, link: link! };
}

const uniqueEmail = (who: string) => `${who}.${test.info().repeatEachIndex}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;

test("by keyboard alone, from the confirmation's link: see the booking, asked once more, then cancel it; axe clean throughout", async ({ page, request }) => {
  const { id: sessionId, city } = addFamilySessionRow("booker", 4);
  const email = uniqueEmail("booker");
  const { id, link } = await book(request, sessionId, email, "Nadia Stone");

  await page.goto(link);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 2, name: "Hello, Nadia Stone" })).toBeVisible();
  await expect(page.getByText("Confirmed", { exact: true })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: `Riverside Hall, ${city}` })).toBeVisible();
  // The time at the venue, with its zone.
  await expect(page.getByRole("definition").filter({ hasText: /C[SD]T$/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add to calendar (.ics)" })).toHaveAttribute("href", `${link}/calendar.ics`);
  await expectNoAxeViolations(page);

  // Tab from the page's start reaches 'Cancel my booking', which wears a visible focus ring.
  const cancel = page.getByRole("link", { name: "Cancel my booking" });
  await page.locator("body").focus();
  for (let i = 0; i < 40 && !(await cancel.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(cancel).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expectVisibleFocusRing(page, cancel);
  await expect(cancel).toBeFocused();
  await page.keyboard.press("Enter");
  const question = page.getByRole("heading", { name: "Cancel your booking?" });
  await expect(question).toBeFocused();
  await expectNoAxeViolations(page);

  // 'Keep my booking' changes nothing.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  const keep = page.getByRole("link", { name: "Keep my booking" });
  await expect(keep).toBeFocused();
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.keyboard.press("Enter");
  await expect(question).toHaveCount(0);
  expect(queryDb<{ status: string }>("select status from family_bookings where id = ?", id)[0]?.status).toBe("booked");
  // The keyboard is back where it was, on 'Cancel my booking', and the page did not jump to its top (decision 0114).
  await expect(page.getByRole("link", { name: "Cancel my booking" })).toBeFocused();
  expect(scrolled === 0 || (await page.evaluate(() => window.scrollY)) > 0).toBe(true);

  await page.getByRole("link", { name: "Cancel my booking" }).focus();
  await page.keyboard.press("Enter");
  await expect(question).toBeFocused();
  await page.keyboard.press("Tab");
  const yes = page.getByRole("button", { name: "Yes, cancel my booking" });
  await expect(yes).toBeFocused();
  await page.keyboard.press("Enter");
  const answer = page.getByRole("status");
  await expect(answer).toHaveText(`Your booking is canceled and your seat has been released. A confirmation is on its way to ${email}.`);
  await expect(answer).toBeFocused();
  await expect(page.getByText("Canceled", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cancel my booking" })).toHaveCount(0);
  expect(queryDb<{ status: string }>("select status from family_bookings where id = ?", id)[0]?.status).toBe("cancelled");
  const cancellation = await mailTo(email, "Booking canceled");
  expect(cancellation.text).toContain("As you asked, your booking for the Family Constellation session below is canceled");
  expect(cancellation.raw).toMatch(/Content-Type: text\/calendar;[\s\S]{0,60}method=CANCEL/i);
  await expectNoAxeViolations(page);

  // The seat is free again on the public page.
  await page.goto("/family-constellation");
  await expect(page.locator(`tr[data-session="${sessionId}"]`)).toContainText("4 of 4 left");
});

test("a wrong booking link gets the same page as a wrong registration link", async ({ page }) => {
  const response = await page.goto("/my-booking/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  expect(response?.status()).toBe(404);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1, name: "Link not valid" })).toBeVisible();
  await expect(page.getByText("This link is not valid or has expired.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("without JavaScript, the booking's page asks once more and cancels with plain links and a form", async ({ browser, request, baseURL }) => {
  const { id: sessionId } = addFamilySessionRow("booker-nojs", 2);
  const email = uniqueEmail("booker-nojs");
  const { id, link } = await book(request, sessionId, email, "Bo Lake");
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const page = await context.newPage();
    const opened = await page.goto(link);
    expect(opened!.headers()["referrer-policy"]).toBe("same-origin");
    expect(opened!.headers()["x-robots-tag"]).toContain("noindex");
    await page.getByRole("link", { name: "Cancel my booking" }).click();
    await expect(page).toHaveURL(/\?step=cancel$/);
    await expect(page.getByRole("heading", { name: "Cancel your booking?" })).toBeVisible();
    // (axe runs scripts in the page, which this context does not allow: the same markup is checked by the keyboard test.)
    await page.getByRole("button", { name: "Yes, cancel my booking" }).click();
    await expect(page.getByRole("status")).toHaveText(`Your booking is canceled and your seat has been released. A confirmation is on its way to ${email}.`);
    expect(queryDb<{ status: string }>("select status from family_bookings where id = ?", id)[0]?.status).toBe("cancelled");
  } finally {
    await context.close();
  }
});

test("by keyboard: ask to erase my details (decision 0089); the answer takes the focus, the request is stored once, axe clean", async ({ page, request }) => {
  const { id: sessionId } = addFamilySessionRow("eraser", 4);
  const email = uniqueEmail("eraser");
  const { id, link } = await book(request, sessionId, email, "Ola Brandt");
  await page.goto(link);
  await hydrated(page);
  await expect(page.getByText("You can ask us to erase your name and contact details from this booking now")).toBeVisible();
  const ask = page.getByRole("button", { name: "Ask to erase my details" });
  await page.locator("body").focus();
  for (let i = 0; i < 60 && !(await ask.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(ask).toBeFocused();
  // The ring is measured from unfocused to focused: step back first; the check focuses it again.
  await page.keyboard.press("Shift+Tab");
  await expectVisibleFocusRing(page, ask);
  await expect(ask).toBeFocused();
  await page.keyboard.press("Enter");
  const answer = page.getByText("We have your request to erase your personal details.");
  await expect(answer).toBeFocused();
  await expect(ask).toHaveCount(0);
  await expectNoAxeViolations(page);
  const rows = queryDb<{ erasure_requested_at: string | null; status: string }>("select erasure_requested_at, status from family_bookings where id = ?", id);
  expect(rows[0]?.erasure_requested_at).toBeTruthy();
  expect(rows[0]?.status).toBe("booked");
  // The seat is still booked and can still be canceled from the page.
  await expect(page.getByRole("link", { name: "Cancel my booking" })).toBeVisible();
});
