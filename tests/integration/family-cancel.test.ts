import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createStaffAccount } from "~/features/admin-auth/accounts.server";
import { createSession } from "~/features/admin-auth/sessions.server";
import { errorResponse, staffConsultationOneResponse, staffDeleteResponse } from "~/features/api/openapi.server";
import { csvText, parseCsv } from "../helpers/csv";
import { dialects } from "../helpers/databases";
import { addSession } from "../helpers/registration";
import { startSite, type RunningSite } from "../helpers/site";

/**
 * A staff member cancels a Family Constellation booking for its booker
 * (decision 0082), through the JSON API and the details dialog's plain form:
 * the seat freed (on the cached public page at once) and offered to the
 * waiting list, the booker mailed with the calendar's CANCEL for the entry
 * their confirmation carried, the session's own organizer told, the audit
 * naming who; refused with its reason for what holds no seat; the staff list,
 * its CSV and the session's seat count show it.
 */
describe.each(dialects)("staff cancel of a Family Constellation booking on %s", { timeout: 120_000 }, (dialect) => {
  let s: RunningSite;
  let bearer: Record<string, string>;
  let cookie: string;

  beforeAll(async () => {
    s = await startSite(dialect, { FORM_RATE_LIMIT: "100000", SESSION_JOBS_SECONDS: "86400" });
    // The test offers freed seats itself (through the cancel); the periodic pass must not race it.
    await s.site.sessionMail.stop();
    const account = await createStaffAccount(s.db, "frontdesk@example.org", "Willow harbor 58 gently");
    bearer = { authorization: `Bearer ${(await createSession(s.db, account.id, "api", 3600)).secret}` };
    cookie = `staff_session=${(await createSession(s.db, account.id, "browser", 3600)).secret}`;
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });
  beforeEach(async () => {
    await s.clearOutbox();
  });

  const addFamilySession = (patch: Record<string, unknown> = {}) =>
    addSession(s, {
      kind: "family",
      title: "Family Constellation",
      time_zone: "America/Los_Angeles",
      city: "Portland",
      venue: "Alberta Street Studio",
      capacity: 10,
      price_cents: 15000,
      organiser: "Mindful Path Institute",
      organiser_email: "portland.organizer@example.org",
      facilitator: "Daniel Brooks",
      ...patch,
    });
  const book = async (sessionId: string, email: string, waitingList = false) => {
    const res = await fetch(`${s.url}/api/familyConsitalation/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ programId: sessionId, fullName: "Rosa Díaz", email, phone: "(512) 555-0142", termsAndCondition: true, ...(waitingList ? { waitingList: true } : {}) }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { _id: string } }).data._id;
  };
  const cancel = (id: string, body: unknown = { status: "cancelled" }, headers: Record<string, string> = bearer) =>
    fetch(`${s.url}/api/family-consultation/${id}`, { method: "PATCH", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });
  const status = async (id: string) => (await s.db.selectFrom("family_bookings").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
  const mailsAbout = (id: string) => s.db.selectFrom("outbox").selectAll().where("topic", "=", `family-booking:${id}`).orderBy("id").execute();

  it("cancels through the API: the seat goes to the first person waiting, the booker gets the CANCEL of their entry, the organizer is told, the audit names who", async () => {
    const sessionId = await addFamilySession({ capacity: 1, city: "Salem" });
    const holder = await book(sessionId, "holder@example.com");
    const waiting = await book(sessionId, "waiting@example.com", true);
    const confirmation = (await mailsAbout(holder)).find((m) => m.to_address === "holder@example.com");
    const calendar = (m: { attachments: string | null }) => (JSON.parse(m.attachments!) as Array<{ content: string; contentType: string }>)[0]!;
    const uid = /\r\nUID:([^\r]+)\r\n/.exec(calendar(confirmation!).content)?.[1];
    expect(uid).toBe(`family-booking-${holder}@${new URL(s.config.publicUrl).hostname}`);
    await s.clearOutbox();

    const res = await cancel(holder);
    expect(res.status).toBe(200);
    expect(staffDeleteResponse.parse(await res.json()).message).toBe("The booking was canceled and the booker was emailed. Their seat is free again.");
    expect(await status(holder)).toBe("cancelled");
    // The freed seat was offered at once to the person waiting.
    expect(await status(waiting)).toBe("offered");

    const mails = await mailsAbout(holder);
    expect(mails.map((m) => m.to_address).sort()).toEqual(["holder@example.com", "portland.organizer@example.org"]);
    const mine = mails.find((m) => m.to_address === "holder@example.com")!;
    expect(mine.subject).toBe(`Booking canceled: Family Constellation | ${s.config.site.orgName}`);
    expect(mine.reply_to).toBe("portland.organizer@example.org");
    expect(mine.text_body).toContain("Dear Rosa Díaz,");
    expect(mine.text_body).toContain("Our team has canceled your booking for the Family Constellation session below and released your seat.");
    expect(mine.text_body).toContain("The attached calendar file removes the session from your calendar.");
    // The same calendar entry as the confirmation's, canceled with a higher sequence.
    expect(calendar(mine).contentType).toContain("method=CANCEL");
    const ics = calendar(mine).content.replace(/\r\n[ \t]/g, "");
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain(`\r\nUID:${uid}\r\n`);
    expect(ics).toContain("\r\nSEQUENCE:1\r\n");
    expect(ics).toContain("STATUS:CANCELLED");
    const notice = mails.find((m) => m.to_address === "portland.organizer@example.org")!;
    expect(notice.subject).toMatch(/^Booking canceled by our team: Salem \(/);
    expect(notice.text_body).toContain("The seat goes to the waiting list: the first person in line is offered it.");
    // The team did it: nothing to the organisation's own address.
    expect(mails.some((m) => m.to_address === s.config.site.contactEmail)).toBe(false);

    const audit = await s.db.selectFrom("audit_events").selectAll().where("target_id", "=", holder).where("action", "=", "staff-cancel").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_email: "frontdesk@example.org", target_type: "family-booking" });
    expect(JSON.parse(audit[0]!.detail!)).toEqual({ via: "api", session: sessionId });

    // The wire's own "Cancelled" is understood too; twice is refused, and nothing is mailed again.
    const again = await cancel(holder, { status: "Cancelled" });
    expect(again.status).toBe(409);
    expect(errorResponse.parse(await again.json()).message).toBe("This booking was already canceled.");
    expect(await mailsAbout(holder)).toHaveLength(2);
    // The one-record read says so.
    const one = staffConsultationOneResponse.parse(await (await fetch(`${s.url}/api/family-consultation/${holder}`, { headers: bearer })).json());
    expect(one.data).toMatchObject({ status: "Cancelled", statusLabel: "Canceled" });
  });

  it("a cached public Family Constellation page shows the freed seat at once, and the staff seat count leaves the canceled booking out", async () => {
    const sessionId = await addFamilySession({ capacity: 3, city: "Cancelburg" });
    const holder = await book(sessionId, "cache-holder@example.com");
    const page = () => fetch(`${s.url}/family-constellation`);
    let cached = await page();
    await expect.poll(async () => (cached = await page()).headers.get("x-page-cache"), { timeout: 20_000 }).toBe("hit");
    expect(await cached.text()).toContain("2 of 3 left");
    const taken = async () => ((await (await fetch(`${s.url}/api/familyEvent/${sessionId}`, { headers: bearer })).json()) as { data: { seatsTaken: number } }).data.seatsTaken;
    expect(await taken()).toBe(1);

    expect((await cancel(holder)).status).toBe(200);
    const after = await page();
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).toContain("3 of 3 left");
    expect(await taken()).toBe(0);
    const open = (await (await fetch(`${s.url}/api/familyEvent/user/${sessionId}`)).json()) as { data: { seatsLeft: number } };
    expect(open.data.seatsLeft).toBe(3);
    // The booker may book the session again: a canceled booking no longer counts as theirs.
    const again = await book(sessionId, "cache-holder@example.com");
    expect(again).not.toBe(holder);
    expect(await status(again)).toBe("booked");
  });

  it("refuses what holds no seat, an erased booker, a past or canceled session, a body other than the cancel and an unknown id; changes nothing", async () => {
    const sessionId = await addFamilySession({ capacity: 1 });
    const holder = await book(sessionId, "keeps@example.com");
    const waiting = await book(sessionId, "queue@example.com", true);
    const erasedId = await book(await addFamilySession(), "erased@example.com");
    await s.db.updateTable("family_bookings").set({ anonymised_at: new Date().toISOString(), full_name: "", email: "" }).where("id", "=", erasedId).execute();
    const pastSession = await addFamilySession();
    const past = await book(pastSession, "past@example.com");
    await s.db.updateTable("events").set({ starts_at: new Date(Date.now() - 3_600_000).toISOString() }).where("id", "=", pastSession).execute();
    const offSession = await addFamilySession();
    const off = await book(offSession, "off@example.com");
    await s.db.updateTable("events").set({ status: "Cancelled" }).where("id", "=", offSession).execute();
    await s.clearOutbox();

    const refusal = async (res: Response) => ({ status: res.status, message: errorResponse.parse(await res.json()).message });
    expect(await refusal(await cancel(waiting))).toEqual({
      status: 409,
      message: "Only a booking that holds a seat can be canceled here. Someone on the waiting list is removed from it instead.",
    });
    expect(await refusal(await cancel(erasedId))).toEqual({ status: 409, message: "This booker's details were erased, so there is no address to tell. Delete the booking instead." });
    expect(await refusal(await cancel(past))).toEqual({ status: 409, message: "This session has already started, so the booking can no longer be canceled." });
    expect(await refusal(await cancel(off))).toEqual({ status: 409, message: "This session was canceled, and everyone holding a seat has been told." });
    expect(await refusal(await cancel("no-such-booking"))).toEqual({ status: 404, message: "This booking no longer exists." });

    const wrongBody = await cancel(holder, { status: "booked" });
    expect(wrongBody.status).toBe(400);
    expect(errorResponse.parse(await wrongBody.json()).errors).toEqual({ status: expect.stringContaining('{ "status": "cancelled" }') });
    const notJson = await fetch(`${s.url}/api/family-consultation/${holder}`, { method: "PATCH", headers: { ...bearer, "content-type": "application/json" }, body: "{" });
    expect(notJson.status).toBe(400);
    const put = await fetch(`${s.url}/api/family-consultation/${holder}`, { method: "PUT", headers: bearer });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD, PATCH, DELETE");
    // HEAD: GET's answer without its body.
    const head = await fetch(`${s.url}/api/family-consultation/${holder}`, { method: "HEAD", headers: bearer });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await head.text()).toBe("");
    // Signed out: refused before anything is read.
    expect((await cancel(holder, { status: "cancelled" }, {})).status).toBe(401);

    expect(await status(holder)).toBe("booked");
    expect(await status(waiting)).toBe("waiting");
    expect(await status(erasedId)).toBe("booked");
    expect(await status(past)).toBe("booked");
    expect(await status(off)).toBe("booked");
    expect(await s.db.selectFrom("outbox").select("id").execute()).toEqual([]);
    expect(await s.db.selectFrom("audit_events").select("id").where("action", "=", "staff-cancel").where("target_id", "in", [holder, waiting, erasedId, past, off]).execute()).toEqual([]);
  });

  it("cancels from the details dialog's plain form, with the answer in the dialog; the list and its CSV show it canceled", async () => {
    const sessionId = await addFamilySession({ city: "Formville" });
    const holder = await book(sessionId, "dialog@example.com");
    const dialog = `${s.url}/admin/family-consultations?view=${holder}`;
    const page = await (await fetch(dialog, { headers: { cookie } })).text();
    expect(page).toContain("Cancel this booking");
    expect(page).toContain("Rosa Díaz gets an email saying our team canceled the booking");

    const post = (confirm = "&confirm=on") =>
      fetch(dialog, { method: "POST", headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: s.url }, body: `intent=cancel&id=${holder}${confirm}` });
    // Without the box that says the booker asked (decision 0107): said in the dialog, and nothing is canceled.
    const unticked = await post("");
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain("Check the box to confirm that the booker asked us to cancel");
    expect(await status(holder)).not.toBe("cancelled");
    const res = await post();
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("The booking was canceled and the booker was emailed. Their seat is free again.");
    // The dialog shows the canceled status, and no cancel form any more.
    expect(html).toMatch(/Status<\/dt><dd[^>]*>Canceled</);
    expect(html).not.toContain("Cancel this booking");
    expect(await status(holder)).toBe("cancelled");
    const audit = await s.db.selectFrom("audit_events").select("detail").where("target_id", "=", holder).where("action", "=", "staff-cancel").executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail!)).toEqual({ via: "staff screen", session: sessionId });

    // Sent again (a second tab): the refusal is said in the dialog, with the form it answers.
    const twice = await post();
    expect(twice.status).toBe(409);
    const refused = await twice.text();
    expect(refused).toContain("This booking was already canceled.");
    expect(await mailsAbout(holder).then((m) => m.filter((x) => x.subject.startsWith("Booking canceled:")))).toHaveLength(1);
    // No id: said as a cancel's refusal.
    const noId = await fetch(dialog, { method: "POST", headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: s.url }, body: "intent=cancel" });
    expect(noId.status).toBe(400);

    // The list marks the row, and the CSV's status reads as staff read it.
    const list = await (await fetch(`${s.url}/admin/family-consultations?search=Formville`, { headers: { cookie } })).text();
    expect(list).toMatch(/Rosa Díaz<span[^>]*>Canceled<\/span>/);
    const csv = parseCsv((await csvText(await fetch(`${s.url}/api/family-consultation/download-csv?search=Formville`, { headers: bearer }))).slice(1));
    const statusColumn = csv[0]!.indexOf("Status");
    expect(csv.slice(1).filter((r) => r.length > 1).map((r) => r[statusColumn])).toEqual(["Canceled"]);
  });
});
