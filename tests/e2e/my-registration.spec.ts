import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations, hydrated, mailTo, queryDb } from "./fixtures";

const dob = `${new Date().getUTCFullYear() - 30}-04-12`;

/** A DECODE level 1 registration through the API; its id and the private page's path from the confirmation mail. */
async function register(request: APIRequestContext, email: string, firstName: string) {
  const res = await request.post("/api/registration", {
    data: {
      firstName,
      lastName: "Lee",
      email,
      mobileNo: "(555) 123-4567",
      dob,
      occupation: "Teacher",
      currentAddress: "1 Main St",
      isSameAddress: true,
      city: "New York | Decode Your Mind | 5th Dec 2026",
      hearAbout: "Google",
      termsandcondition: true,
      levelName: "DECODE Level 1: Decode Your Mind",
      upcomingEventId: "s-decode-1-a",
      programId: "decode-1",
    },
  });
  expect(res.status()).toBe(201);
  const id = ((await res.json()) as { data: { _id: string } }).data._id;
  const mail = await mailTo(email, "Registration confirmed");
  const link = /https?:\/\/[^/\s]+(\/my-registration\/[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();
  return { id, link: link! };
}

test("from the confirmation mail's link: see the registration, then cancel it after being asked once more", async ({ page, request }) => {
  const email = `private-${test.info().repeatEachIndex}-${Date.now()}@example.com`;
  const { id, link } = await register(request, email, "Ann");
  // The router's manifest requests, with how they may be kept (decision 0108).
  const manifests: Array<{ url: string; cacheControl: string | undefined }> = [];
  page.on("response", (r) => {
    if (new URL(r.url()).pathname === "/__manifest") manifests.push({ url: decodeURIComponent(r.url()), cacheControl: r.headers()["cache-control"] });
  });

  await page.goto(link);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 2, name: "Hello, Ann" })).toBeVisible();
  await expect(page.getByText("Confirmed", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add to calendar (.ics)" })).toHaveAttribute("href", `${link}/calendar.ics`);
  await expectNoAxeViolations(page);

  // Keyboard: reach 'Cancel my registration', the question takes the focus.
  const cancel = page.getByRole("link", { name: "Cancel my registration" });
  await cancel.focus();
  await page.keyboard.press("Enter");
  const question = page.getByRole("heading", { name: "Cancel your registration?" });
  await expect(question).toBeFocused();
  await expectNoAxeViolations(page);
  // 'Keep my registration' changes nothing.
  await page.getByRole("link", { name: "Keep my registration" }).click();
  await expect(question).toHaveCount(0);
  expect(queryDb<{ status: string }>("select status from registrations where id = ?", id)[0]?.status).toBe("registered");

  await page.getByRole("link", { name: "Cancel my registration" }).click();
  // By keyboard: the pressed button goes with the question, and the answer takes the focus (it fell to the page before).
  await page.getByRole("button", { name: "Yes, cancel my registration" }).focus();
  await page.keyboard.press("Enter");
  const answer = page.getByRole("status");
  await expect(answer).toHaveText(`Your registration is canceled and your seat has been released. A confirmation is on its way to ${email}.`);
  await expect(answer).toBeFocused();
  await expect(page.getByText("Canceled", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cancel my registration" })).toHaveCount(0);
  expect(queryDb<{ status: string }>("select status from registrations where id = ?", id)[0]?.status).toBe("cancelled");
  const cancellation = await mailTo(email, "Registration canceled");
  // The attachment (base64 in the file) is a calendar CANCEL for the same entry.
  expect(cancellation.raw).toMatch(/Content-Type: text\/calendar;[\s\S]{0,60}method=CANCEL/i);
  await expectNoAxeViolations(page);
  // The router asks for routes as it navigates, naming the page's address with its token: such an answer is kept
  // by no cache (a public one is kept for a year); its links and forms are not announced ahead of a click.
  const token = link.split("/").pop()!;
  const naming = manifests.filter((m) => m.url.includes(token));
  expect(naming.length).toBeGreaterThan(0);
  expect(naming.map((m) => m.cacheControl)).toEqual(naming.map(() => "private, no-store"));
});

test("a wrong link shows nothing but a way to contact us", async ({ page }) => {
  const response = await page.goto("/my-registration/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Link not valid" })).toBeVisible();
  await expect(page.getByText("This link is not valid or has expired.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("without JavaScript (or before it has loaded), the link's page still cancels: its form is not taken for another site's", async ({ browser, request, baseURL }) => {
  const email = `private-nojs-${test.info().repeatEachIndex}-${Date.now()}@example.com`;
  const { id, link } = await register(request, email, "Bo");
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const page = await context.newPage();
    const opened = await page.goto(link);
    // No referrer leaves the page for another site, yet its own forms carry their origin.
    expect(opened!.headers()["referrer-policy"]).toBe("same-origin");
    await page.getByRole("link", { name: "Cancel my registration" }).click();
    await page.getByRole("button", { name: "Yes, cancel my registration" }).click();
    await expect(page.getByRole("status")).toHaveText(`Your registration is canceled and your seat has been released. A confirmation is on its way to ${email}.`);
    expect(queryDb<{ status: string }>("select status from registrations where id = ?", id)[0]?.status).toBe("cancelled");
  } finally {
    await context.close();
  }
});
