import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createStaffAccount } from "~/features/admin-auth/accounts.server";
import { createSession } from "~/features/admin-auth/sessions.server";
import { eraseConsultation } from "~/features/bookings/consultations.server";
import { dialects } from "../helpers/databases";
import { addSession } from "../helpers/registration";
import { startSite, type RunningSite } from "../helpers/site";

/**
 * A Family Constellation booker's private page (decision 0087): reached from
 * the link in their confirmation (and every later mail), it shows the booking
 * and its calendar file, and cancels it after asking once more, in the
 * booker's words ("As you asked…"), with the CANCEL of their calendar entry,
 * the organizer told, the seat offered and the public page's count moved.
 * A wrong link opens nothing and stores nothing.
 */
describe.each(dialects)("a Family Constellation booker's private page on %s", { timeout: 120_000 }, (dialect) => {
  let s: RunningSite;

  beforeAll(async () => {
    s = await startSite(dialect, { FORM_RATE_LIMIT: "100000", SESSION_JOBS_SECONDS: "86400" });
    // The page offers freed seats itself (offerSeatsNow); the periodic pass must not race it.
    await s.site.sessionMail.stop();
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
      title: "Family Constellation Evening",
      time_zone: "America/Denver",
      city: "Boulder",
      venue: "Pearl Street Loft",
      capacity: 10,
      price_cents: 12000,
      organiser: "Front Range Circle",
      organiser_email: "boulder.organizer@example.org",
      facilitator: "Ines Park",
      ...patch,
    });
  const mailsAbout = (id: string) => s.db.selectFrom("outbox").selectAll().where("topic", "=", `family-booking:${id}`).orderBy("id").execute();
  /** Books a seat (or a waiting-list place) through the API; the booking's id and, for a seat, the path from its confirmation. */
  const book = async (sessionId: string, email: string, fullName = "Rosa Díaz", waitingList = false) => {
    const res = await fetch(`${s.url}/api/familyConsitalation/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ programId: sessionId, fullName, email, phone: "(720) 555-0142", termsAndCondition: true, ...(waitingList ? { waitingList: true } : {}) }),
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { data: { _id: string } }).data._id;
    const confirmation = (await mailsAbout(id)).find((m) => m.to_address === email && m.subject.startsWith("Booking confirmed"));
    const path = confirmation ? new RegExp(`${s.config.site.publicUrl}(/my-booking/[A-Za-z0-9_-]{43})`).exec(confirmation.text_body)?.[1] : undefined;
    return { id, path, confirmation };
  };
  const page = (p: string, init?: RequestInit) => fetch(`${s.url}${p}`, { redirect: "manual", ...init });
  const post = (p: string, body: string) =>
    page(p, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: s.url }, body });
  const mainText = async (res: Response) => {
    const html = await res.text();
    return /<main[\s\S]*<\/main>/.exec(html)?.[0].replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ").trim() ?? "";
  };
  const calendar = (m: { attachments: string | null }) => (JSON.parse(m.attachments!) as Array<{ content: string; contentType: string }>)[0]!;
  const status = async (id: string) => (await s.db.selectFrom("family_bookings").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
  const auditOf = (id: string) => s.db.selectFrom("audit_events").selectAll().where("target_id", "=", id).execute();

  it("the confirmation links to the booking's own page, shown privately with its calendar file; only the token's hash is stored", async () => {
    const sessionId = await addFamilySession();
    const mine = await book(sessionId, "rosa@example.com");
    expect(mine.path, "the confirmation holds the private link").toBeTruthy();
    const token = mine.path!.split("/").pop()!;
    expect(mine.confirmation!.text_body).toContain(`See your booking, download the calendar file or cancel at any time before the session: ${s.config.site.publicUrl}${mine.path}`);
    expect(mine.confirmation!.html_body).toContain(`href="${s.config.site.publicUrl}${mine.path}"`);
    expect(mine.confirmation!.html_body).toContain("View or cancel your booking");
    // The organizer's notice does not carry the booker's key.
    const notice = (await mailsAbout(mine.id)).find((m) => m.to_address === "boulder.organizer@example.org")!;
    expect(notice.text_body).not.toContain(token);

    const res = await page(mine.path!);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    // Never kept by the page cache.
    expect((await page(mine.path!)).headers.get("x-page-cache")).not.toBe("hit");
    const html = await res.clone().text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    const text = await mainText(res);
    expect(text).toContain("Hello, Rosa Díaz");
    expect(text).toContain("Confirmed");
    expect(text).toContain("Family Constellation Evening");
    expect(text).toContain("Pearl Street Loft, Boulder");
    expect(text).toContain("Ines Park");
    // The time at the venue, with its zone.
    expect(text).toMatch(/Date and time .*(MST|MDT)/);
    expect(text).toContain("rosa@example.com");
    expect(text).toContain("Cancel my booking");

    const links = await s.db.selectFrom("family_booking_links").selectAll().where("booking_id", "=", mine.id).execute();
    expect(links.map((l) => l.token_hash)).toEqual([crypto.createHash("sha256").update(token).digest("hex")]);
    const row = await s.db.selectFrom("family_bookings").selectAll().where("id", "=", mine.id).executeTakeFirstOrThrow();
    expect(JSON.stringify([row, links])).not.toContain(token);

    const ics = await page(`${mine.path}/calendar.ics`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toContain("method=PUBLISH");
    expect(ics.headers.get("cache-control")).toBe("private, no-store");
    const body = (await ics.text()).replace(/\r\n[ \t]/g, "");
    expect(body).toContain(`\r\nUID:family-booking-${mine.id}@${new URL(s.config.publicUrl).hostname}\r\n`);
    expect(body).toContain("DTSTART;TZID=America/Denver:");
  });

  it("a link opens only its own booking; a wrong or garbled one gets the registration's 'not valid' page, says nothing of the database, and changes nothing", async () => {
    const sessionId = await addFamilySession({ city: "Golden" });
    const first = await book(sessionId, "first.booker@example.com", "Ana First");
    const second = await book(sessionId, "second.booker@example.com", "Ben Second");
    expect(first.path).not.toBe(second.path);
    const firstText = await mainText(await page(first.path!));
    expect(firstText).toContain("first.booker@example.com");
    expect(firstText).not.toContain("second.booker@example.com");
    const secondText = await mainText(await page(second.path!));
    expect(secondText).toContain("second.booker@example.com");
    expect(secondText).not.toContain("first.booker@example.com");

    // The registration page's answer, word for word.
    const registrationAnswer = await mainText(await page("/my-registration/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"));
    const valid = crypto.randomBytes(32).toString("base64url");
    for (const bad of [
      valid,
      `${first.path!.split("/").pop()!.slice(0, 42)}x`,
      "short",
      "%27%20OR%201%3D1--",
      `${valid}${valid}`,
      `${"A".repeat(42)}*`,
    ]) {
      const res = await page(`/my-booking/${bad}`);
      expect({ bad, status: res.status }).toEqual({ bad, status: 404 });
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const text = await mainText(res);
      expect(text).toBe(registrationAnswer);
      expect(text).toContain("This link is not valid or has expired.");
      expect(text).not.toMatch(/sql|sqlite|postgres|syntax|error/i);
      expect((await page(`/my-booking/${bad}/calendar.ics`)).status).toBe(404);
      const cancel = await post(`/my-booking/${bad}`, "intent=cancel");
      expect(cancel.status).toBe(404);
      expect(await cancel.text()).toContain("This link is not valid or has expired.");
    }
    // An unknown request on a good link: a 400 in place, nothing changed.
    const unknown = await post(first.path!, "intent=erase-everything");
    expect(unknown.status).toBe(400);
    expect(await mainText(unknown)).toContain("Unknown request.");
    expect(await status(first.id)).toBe("booked");
    expect(await status(second.id)).toBe("booked");
    // Nothing was mailed or recorded by the refusals.
    const mails = await s.db.selectFrom("outbox").select("subject").where("subject", "like", "%canceled%").execute();
    expect(mails).toEqual([]);
    expect((await auditOf(first.id)).filter((a) => a.action === "cancel")).toEqual([]);
  });

  it("cancels after asking once more: the booker's mail with the CANCEL, the organizer told, the seat offered, the cached page's count moved, the audit without a name; then 'already canceled'", async () => {
    const sessionId = await addFamilySession({ capacity: 2, city: "Loveland" });
    const holder = await book(sessionId, "holder.fc@example.com", "Rosa Díaz");
    const other = await book(sessionId, "other.fc@example.com", "Omar Other");
    const waiting = await book(sessionId, "waiting.fc@example.com", "Wen Waiting", true);
    expect(await status(waiting.id)).toBe("waiting");
    const uid = /\r\nUID:([^\r]+)\r\n/.exec(calendar(holder.confirmation!).content)?.[1];
    expect(uid).toBe(`family-booking-${holder.id}@${new URL(s.config.publicUrl).hostname}`);

    // The public page, cached, shows the session full.
    const fcPage = () => fetch(`${s.url}/family-constellation`);
    let cached = await fcPage();
    await expect.poll(async () => (cached = await fcPage()).headers.get("x-page-cache"), { timeout: 20_000 }).toBe("hit");
    expect(await cached.text()).toMatch(/Loveland[\s\S]*?Full/);
    await s.clearOutbox();

    // The question, without JavaScript: a page state of its own.
    const asked = await mainText(await page(`${holder.path}?step=cancel`));
    expect(asked).toContain("Cancel your booking?");
    expect(asked).toContain("Yes, cancel my booking");
    expect(asked).toContain("Keep my booking");
    expect(await status(holder.id)).toBe("booked");

    const done = await post(holder.path!, "intent=cancel");
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`${holder.path}?cancelled=1`);
    expect(await status(holder.id)).toBe("cancelled");
    expect(await status(other.id)).toBe("booked");
    // The freed seat was offered at once to the person waiting.
    expect(await status(waiting.id)).toBe("offered");

    const shown = await mainText(await page(`${holder.path}?cancelled=1`));
    expect(shown).toContain("Booking canceled");
    expect(shown).toContain("Your booking is canceled and your seat has been released. A confirmation is on its way to holder.fc@example.com.");
    expect(shown).not.toContain("Cancel my booking");

    const mails = await mailsAbout(holder.id);
    expect(mails.map((m) => m.to_address).sort()).toEqual(["boulder.organizer@example.org", "holder.fc@example.com"]);
    const mine = mails.find((m) => m.to_address === "holder.fc@example.com")!;
    expect(mine.subject).toBe(`Booking canceled: Family Constellation Evening | ${s.config.site.orgName}`);
    expect(mine.reply_to).toBe("boulder.organizer@example.org");
    expect(mine.text_body).toContain("Dear Rosa Díaz,");
    expect(mine.text_body).toContain("As you asked, your booking for the Family Constellation session below is canceled and your seat has been released.");
    expect(mine.text_body).toContain("Location: Pearl Street Loft, Loveland");
    expect(mine.text_body).toContain("The attached calendar file removes the session from your calendar.");
    expect(mine.text_body).not.toContain("Our team has canceled");
    // Nothing left to manage: no link in the cancel's mail.
    expect(mine.text_body).not.toContain("/my-booking/");
    expect(calendar(mine).contentType).toContain("method=CANCEL");
    const ics = calendar(mine).content.replace(/\r\n[ \t]/g, "");
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain(`\r\nUID:${uid}\r\n`);
    expect(ics).toContain("\r\nSEQUENCE:1\r\n");
    expect(ics).toContain("STATUS:CANCELLED");
    const notice = mails.find((m) => m.to_address === "boulder.organizer@example.org")!;
    expect(notice.subject).toMatch(/^Booking canceled by the booker: Loveland \(/);
    expect(notice.reply_to).toBe("holder.fc@example.com");
    expect(notice.text_body).toContain("A booker canceled from their booking page. The seat goes to the waiting list: the first person in line is offered it.");
    expect(notice.text_body).toContain(`Booking id: ${holder.id}`);

    const audit = (await auditOf(holder.id)).filter((a) => a.action === "cancel");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: null, actor_email: null, ip: null, target_type: "family-booking" });
    expect(JSON.parse(audit[0]!.detail!)).toEqual({ via: "private page", session: sessionId });
    expect(JSON.stringify(audit[0])).not.toContain("holder.fc@example.com");

    // The cached public page moved: the seat is offered to the person waiting, so the session still reads full to newcomers.
    const after = await fcPage();
    expect(after.headers.get("x-page-cache")).toBe("miss");

    // The calendar file from the page is now the CANCEL, with the mail's sequence.
    const file = (await (await page(`${holder.path}/calendar.ics`)).text()).replace(/\r\n[ \t]/g, "");
    expect(file).toContain("METHOD:CANCEL");
    expect(file).toContain("\r\nSEQUENCE:1\r\n");

    // Again (a second click, a resend): the canceled page, nothing mailed or recorded twice.
    const again = await post(holder.path!, "intent=cancel");
    expect(again.status).toBe(302);
    expect(await mainText(await page(holder.path!))).toContain("This booking was canceled. Its seat has been released.");
    expect(await mailsAbout(holder.id)).toHaveLength(2);
    expect((await auditOf(holder.id)).filter((a) => a.action === "cancel")).toHaveLength(1);
  });

  it("a cancel with nobody waiting frees the seat on the cached public page at once", async () => {
    const sessionId = await addFamilySession({ capacity: 3, city: "Longmont" });
    const holder = await book(sessionId, "longmont@example.com");
    const fcPage = () => fetch(`${s.url}/family-constellation`);
    let cached = await fcPage();
    await expect.poll(async () => (cached = await fcPage()).headers.get("x-page-cache"), { timeout: 20_000 }).toBe("hit");
    expect(await cached.text()).toMatch(/Longmont[\s\S]*?2 of 3 left/);
    expect((await post(holder.path!, "intent=cancel")).status).toBe(302);
    const after = await fcPage();
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).toMatch(/Longmont[\s\S]*?3 of 3 left/);
    // Without a separate organizer the notice goes where the booking's went: the organization.
    const noOrganizer = await addFamilySession({ city: "Lyons", organiser_email: null });
    const b = await book(noOrganizer, "lyons@example.com");
    await s.clearOutbox();
    expect((await post(b.path!, "intent=cancel")).status).toBe(302);
    const notice = (await mailsAbout(b.id)).find((m) => m.to_address === s.config.site.contactEmail)!;
    expect(notice.subject).toMatch(/^Booking canceled by the booker: Lyons \(/);
    expect(notice.text_body).toContain("The seat is free again.");
  });

  it("refuses once the session has started or was canceled, and an erased booking's link opens nothing", async () => {
    const sessionId = await addFamilySession({ city: "Estes Park" });
    const started = await book(sessionId, "started@example.com");
    const canceled = await book(sessionId, "canceled.session@example.com");
    // The session starts (it has not ended: the link still works).
    await s.db.updateTable("events").set({ starts_at: new Date(Date.now() - 3_600_000).toISOString(), ends_at: new Date(Date.now() + 3_600_000).toISOString() }).where("id", "=", sessionId).execute();
    await s.clearOutbox();
    const text = await mainText(await page(started.path!));
    expect(text).not.toContain("Cancel my booking");
    const refused = await post(started.path!, "intent=cancel");
    expect(refused.status).toBe(409);
    expect(await mainText(refused)).toContain("This session has already started, so the booking can no longer be canceled here. Please contact us.");
    expect(await status(started.id)).toBe("booked");
    expect(await mailsAbout(started.id)).toEqual([]);

    await s.db.updateTable("events").set({ starts_at: new Date(Date.now() + 86_400_000).toISOString(), ends_at: new Date(Date.now() + 90_000_000).toISOString(), status: "Cancelled" }).where("id", "=", sessionId).execute();
    const sessionGone = await post(canceled.path!, "intent=cancel");
    expect(sessionGone.status).toBe(409);
    expect(await mainText(sessionGone)).toContain("This session has been canceled by the organizers");
    expect(await status(canceled.id)).toBe("booked");
    expect(await mailsAbout(canceled.id)).toEqual([]);
    expect((await auditOf(canceled.id)).filter((a) => a.action === "cancel")).toEqual([]);

    // Staff erase the booker's details: the links go, and the page opens nothing.
    const open = await addFamilySession({ city: "Nederland" });
    const erased = await book(open, "erased.booker@example.com");
    expect((await page(erased.path!)).status).toBe(200);
    expect(await eraseConsultation(s.db, erased.id, { actor: { id: null, email: "staff@example.org" }, ip: null })).toEqual({ released: null });
    expect(await s.db.selectFrom("family_booking_links").select("token_hash").where("booking_id", "=", erased.id).execute()).toEqual([]);
    expect((await page(erased.path!)).status).toBe(404);
    expect((await post(erased.path!, "intent=cancel")).status).toBe(404);
    expect(await status(erased.id)).toBe("booked");
  });

  it("takes an erasure request once (decision 0089): stored, audited without a name, the team told; staff carry it out from the requests screen and the seat stays", async () => {
    const sessionId = await addFamilySession({ city: "Lyons" });
    const asked = await book(sessionId, "forget.me@example.com", "Wren Okafor");
    expect(await mainText(await page(asked.path!))).toContain("You can ask us to erase your name and contact details from this booking now");
    await s.clearOutbox();

    const res = await post(asked.path!, "intent=erase");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${asked.path}?erasure=1`);
    expect(await mainText(await page(`${asked.path}?erasure=1`))).toContain("We have your request to erase your personal details.");
    const row = await s.db.selectFrom("family_bookings").select(["erasure_requested_at", "status", "full_name"]).where("id", "=", asked.id).executeTakeFirstOrThrow();
    expect(row.erasure_requested_at).toBeTruthy();
    expect([row.status, row.full_name]).toEqual(["booked", "Wren Okafor"]);
    expect((await auditOf(asked.id)).filter((a) => a.action === "erasure-request").map((a) => [a.actor_email, a.ip, a.target_type])).toEqual([[null, null, "family-booking"]]);
    const told = await mailsAbout(asked.id);
    expect(told.map((m) => [m.to_address, m.subject])).toEqual([[s.config.site.contactEmail, `Erasure requested: Family Constellation booking ${asked.id}`]]);
    expect(told[0]!.text_body).toContain(`${s.config.site.publicUrl}/admin/requests`);
    expect(told[0]!.text_body).not.toContain("forget.me@example.com");

    // Asked again: nothing more is stored, recorded or sent.
    expect((await post(asked.path!, "intent=erase")).status).toBe(302);
    expect((await auditOf(asked.id)).filter((a) => a.action === "erasure-request")).toHaveLength(1);
    expect(await mailsAbout(asked.id)).toHaveLength(1);
    // A wrong link asks nothing.
    expect((await post(`/my-booking/${"A".repeat(43)}`, "intent=erase")).status).toBe(404);

    // Staff see it beside the registrants' requests, and erase it there.
    const account = await createStaffAccount(s.db, `eraser-${dialect}@example.org`, "Lantern orchard 73 quietly");
    const cookie = `staff_session=${(await createSession(s.db, account.id, "browser", 3600)).secret}`;
    const screen = (init?: RequestInit) => fetch(`${s.url}/admin/requests`, { redirect: "manual", ...init, headers: { cookie, Origin: s.url, ...init?.headers } });
    const listed = await mainText(await screen());
    expect(listed).toContain("Wren Okafor · forget.me@example.com");
    expect(listed).toContain("Family Constellation booking: Family Constellation Evening");
    const erase = (body: string) => screen({ method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    // Posted by the browser itself (no script, the form's plain=1): a redirect back to the list, which says it once.
    const done = await erase(`intent=erase&kind=family-booking&id=${asked.id}&plain=1`);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/admin/requests");
    const notice = done.headers.getSetCookie().find((c) => c.startsWith("staff_notice="))!.split(";")[0]!;
    expect(await mainText(await screen({ headers: { cookie: `${cookie}; ${notice}` } }))).toContain("The booker's personal details were erased.");
    const after = await s.db.selectFrom("family_bookings").select(["status", "full_name", "email", "anonymised_at"]).where("id", "=", asked.id).executeTakeFirstOrThrow();
    expect(after.status).toBe("booked");
    expect(after.anonymised_at).toBeTruthy();
    expect([after.full_name, after.email]).not.toContain("Wren Okafor");
    expect(JSON.stringify(after)).not.toContain("forget.me@example.com");
    expect((await page(asked.path!)).status).toBe(404);
    expect(await mainText(await screen())).not.toContain("forget.me@example.com");
    expect((await erase(`intent=erase&kind=family-booking&id=${asked.id}`)).status).toBe(404);
  });
});
