import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seatsTaken } from "~/features/events/events.server";
import { listWaitingSessions, offerByHand, removeEntry, runWaitingList, waitingEntries } from "~/features/waiting-list/offers.server";
import { eraseRegistration } from "~/features/retention/retention.server";
import { createStaffAccount } from "~/features/admin-auth/accounts.server";
import { createSession } from "~/features/admin-auth/sessions.server";
import { dialects } from "../helpers/databases";
import { addSession, valid } from "../helpers/registration";
import { startSite, type RunningSite } from "../helpers/site";
import { toldSession } from "~/features/events/told";
import { bookingCreatedResponse } from "~/features/api/openapi.server";
import { staffDate } from "~/features/registrations/staff-format";
import { formatSessionDate, formatTimeRange } from "~/features/events/format";

/**
 * The waiting list (issue 11 point 1) through the public API and the pages, on
 * both databases: joining a full session, the offer when a seat frees, its
 * confirmation, its expiry, staff actions, and no overselling under concurrency.
 */
describe.each(dialects)("the waiting list on %s", { timeout: 120_000 }, (dialect) => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite(dialect, { FORM_RATE_LIMIT: "100000", SESSION_JOBS_SECONDS: "86400" });
    // These tests run the jobs themselves, at the moments they choose: the server's own first pass (a second
    // after start) would otherwise race them, offering a freed seat between two steps on a loaded machine.
    await s.site.sessionMail.stop();
  });
  afterAll(async () => {
    await s?.stop();
  });
  beforeEach(async () => {
    await s.db.deleteFrom("outbox").execute();
  });

  const register = (sessionId: string, email: string, waitingList = false) =>
    fetch(`${s.url}/api/registration`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...valid, email, upcomingEventId: sessionId, programId: undefined, ...(waitingList ? { waitingList: true } : {}) }),
    });
  const bookFamily = (sessionId: string, email: string, waitingList: boolean) =>
    fetch(`${s.url}/api/familyConsitalation/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ fullName: "Maria Lopez", email, phone: "5551234567", termsAndCondition: true, programId: sessionId, ...(waitingList ? { waitingList: true } : {}) }),
    });
  const statusOf = async (email: string, sessionId: string) =>
    (await s.db.selectFrom("registrations").select("status").where("event_id", "=", sessionId).where("email_key", "=", email).executeTakeFirstOrThrow()).status;
  const mailTo = (email: string, subjectStart: string) =>
    s.db.selectFrom("outbox").selectAll().where("to_address", "=", email).where("subject", "like", `${subjectStart}%`).execute();
  const linkIn = (text: string, path: string) => new RegExp(`${s.config.site.publicUrl}(/${path}/[A-Za-z0-9_-]{43})`).exec(text)?.[1];
  const post = (path: string, body: string) =>
    fetch(`${s.url}${path}`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: s.url }, body });

  it("a full session offers the waiting list; a freed seat is offered to the first in line, held from newcomers, and confirmed from the mail's link", async () => {
    const sessionId = await addSession(s, { capacity: 1, title: "One seat only" });
    expect((await register(sessionId, "first@example.com")).status).toBe(201);
    const firstMail = (await mailTo("first@example.com", "Registration confirmed"))[0]!;

    const refused = await register(sessionId, "second@example.com");
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe("This session is full");

    const joined = await register(sessionId, "second@example.com", true);
    expect(joined.status).toBe(201);
    expect(await joined.json()).toMatchObject({ success: true, waitingList: true, data: { position: 1 } });
    expect(((await (await register(sessionId, "third@example.com", true)).json()) as { data: { position: number } }).data.position).toBe(2);
    expect(await mailTo("second@example.com", "On the waiting list")).toHaveLength(1);
    // Joining twice is refused like registering twice.
    expect((await register(sessionId, "second@example.com", true)).status).toBe(409);

    // The first registrant cancels from their private page: the seat is offered to the second at once.
    const privatePath = linkIn(firstMail.text_body, "my-registration")!;
    expect((await post(privatePath, "intent=cancel")).status).toBe(302);
    expect(await statusOf("second@example.com", sessionId)).toBe("offered");
    expect(await statusOf("third@example.com", sessionId)).toBe("waiting");
    // The team is told where the seat went, not that it is free.
    const notice = (await s.db.selectFrom("outbox").select("text_body").where("to_address", "=", s.config.site.contactEmail).where("subject", "like", "Canceled by the registrant%").execute()).at(-1)!;
    expect(notice.text_body).toContain("The seat goes to the waiting list: the first person in line is offered it.");
    // A newcomer cannot take the held seat.
    expect((await register(sessionId, "newcomer@example.com")).status).toBe(409);
    expect((await seatsTaken(s.db, [sessionId])).get(sessionId)).toBe(2); // the offer and the one still waiting

    const offer = (await mailTo("second@example.com", "A seat is free for you"))[0]!;
    const offerPath = linkIn(offer.text_body, "waiting-list")!;
    expect(offer.html_body).toContain("Confirm my seat");
    const page = await fetch(`${s.url}${offerPath}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const offerHtml = await page.text();
    expect(offerHtml).toContain("A seat is free for you");
    expect(offerHtml).toContain("<title>A seat is free for you | Mindful Path Institute</title>");
    // The hold's end at the venue with its zone, as the mail says it.
    expect(offerHtml.replace(/<!-- -->/g, "")).toMatch(/We hold this seat for you until \d{1,2}(st|nd|rd|th) \w{3} \d{4} at \d{1,2}:\d{2}\u00a0[AP]M\u00a0C[SD]T\. Confirm it to take it\./);
    expect((await fetch(`${s.url}/waiting-list/${"x".repeat(43)}`)).status).toBe(404);

    // What the confirmation states is kept with the row (decision 0048), whatever was kept before.
    await s.db.updateTable("registrations").set({ told_session: null }).where("event_id", "=", sessionId).where("email_key", "=", "second@example.com").execute();
    const confirmed = await post(offerPath, "");
    expect(confirmed.status).toBe(302);
    const told = await s.db.selectFrom("registrations").select("told_session").where("event_id", "=", sessionId).where("email_key", "=", "second@example.com").executeTakeFirstOrThrow();
    expect(told.told_session).toBe(toldSession(await s.db.selectFrom("events").selectAll().where("id", "=", sessionId).executeTakeFirstOrThrow()));
    expect(confirmed.headers.get("location")).toBe(`${offerPath}?confirmed=1`);
    expect(await statusOf("second@example.com", sessionId)).toBe("registered");
    // Sent again (a second press, a retry after a lost answer): answered as the confirmation it was, and nothing twice.
    const again = await post(offerPath, "");
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(`${offerPath}?confirmed=1`);
    expect(await mailTo("second@example.com", "Registration confirmed")).toHaveLength(1);
    // The link's calendar file has no `.data` twin without the private headers.
    const dataTwin = await fetch(`${s.url}${offerPath}/calendar.ics.data`);
    expect(dataTwin.status).toBe(404);
    expect(dataTwin.headers.get("cache-control")).toBe("no-store");
    const confirmation = (await mailTo("second@example.com", "Registration confirmed"))[0]!;
    expect(linkIn(confirmation.text_body, "my-registration")).toBeTruthy();
    expect(confirmation.attachments).toContain("BEGIN:VCALENDAR");
    // The link is spent.
    const used = await fetch(`${s.url}${offerPath}`);
    expect(used.status).toBe(404);
    // The same words for a wrong, a lapsed and a used link, and where a confirmed seat's details are.
    const usedPage = await used.text();
    expect(usedPage).toContain("This offer link is not valid, has expired or has already been used.");
    // Titled as what it is, not as an offer.
    expect(usedPage).toContain("<title>Link not valid | Mindful Path Institute</title>");
    expect(usedPage).toContain("If you already confirmed your seat, the email that confirmed it has the details.");
    // The page the confirmation leads to says so while the seat is held, and only for that link (decision 0069).
    const done = await fetch(`${s.url}${offerPath}?confirmed=1`);
    expect(done.status).toBe(200);
    const donePage = await done.text();
    expect(donePage).toMatch(/your registration(&#x27;|')s private link, is on its way by email/);
    expect(donePage).toContain("<title>Your seat is confirmed | Mindful Path Institute</title>");
    for (const made of [`/waiting-list/${"A".repeat(43)}?confirmed=1`, "/waiting-list/not-a-token?confirmed=1"]) {
      const res = await fetch(`${s.url}${made}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("Your seat is confirmed");
    }
    // The session canceled by staff since: the old confirmation page no longer says it is confirmed.
    await s.db.updateTable("events").set({ status: "Cancelled" }).where("id", "=", sessionId).execute();
    expect((await fetch(`${s.url}${offerPath}?confirmed=1`)).status).toBe(404);
    await s.db.updateTable("events").set({ status: "Open" }).where("id", "=", sessionId).execute();
    expect((await fetch(`${s.url}${offerPath}?confirmed=1`)).status).toBe(200);
    // The person's details erased (on request, or by the retention job): the link no longer opens anything.
    const second = await s.db.selectFrom("registrations").select("id").where("event_id", "=", sessionId).where("email_key", "=", "second@example.com").executeTakeFirstOrThrow();
    expect(await eraseRegistration(s.db, second.id, { id: null, email: "boss@example.org" }, null)).toBe(true);
    expect((await fetch(`${s.url}${offerPath}?confirmed=1`)).status).toBe(404);
  });

  it("a cancel in a closed session frees the seat without offering it, and the team's notice says so", async () => {
    const sessionId = await addSession(s, { capacity: 1, title: "Closed later" });
    expect((await register(sessionId, "closed.holder@example.com")).status).toBe(201);
    expect((await register(sessionId, "closed.waiter@example.com", true)).status).toBe(201);
    await s.db.updateTable("events").set({ status: "Closed" }).where("id", "=", sessionId).execute();
    const confirmation = (await mailTo("closed.holder@example.com", "Registration confirmed"))[0]!;
    expect((await post(linkIn(confirmation.text_body, "my-registration")!, "intent=cancel")).status).toBe(302);
    expect(await statusOf("closed.waiter@example.com", sessionId)).toBe("waiting");
    const notice = (await s.db.selectFrom("outbox").select("text_body").where("to_address", "=", s.config.site.contactEmail).where("subject", "like", "Canceled by the registrant: Closed later%").execute())[0]!;
    expect(notice.text_body).toContain("The seat is free again.");
    expect(notice.text_body).not.toContain("waiting list");
    // Out of the staff lists the later tests read.
    await s.db.deleteFrom("registrations").where("event_id", "=", sessionId).execute();
  });

  const closers: Array<[string, (id: string) => Promise<unknown>, (id: string) => Promise<unknown>]> = [
    ["closed", (id) => s.db.updateTable("events").set({ status: "Closed" }).where("id", "=", id).execute(), (id) => s.db.updateTable("events").set({ status: "Open" }).where("id", "=", id).execute()],
    ["closed with its programme", (id) => s.db.updateTable("events").set({ programme_closed: 1 }).where("id", "=", id).execute(), (id) => s.db.updateTable("events").set({ programme_closed: 0 }).where("id", "=", id).execute()],
    ["set to no enrollment", (id) => s.db.updateTable("events").set({ no_enrol: 1 }).where("id", "=", id).execute(), (id) => s.db.updateTable("events").set({ no_enrol: 0 }).where("id", "=", id).execute()],
    ["sent to its own sign-up page", (id) => s.db.updateTable("events").set({ external_link: "https://signup.example.org/x" }).where("id", "=", id).execute(), (id) => s.db.updateTable("events").set({ external_link: null }).where("id", "=", id).execute()],
  ];
  it.each(closers)(
    "a session %s after its offer was made gives no seat from the offer, offers none by hand or by the job, and the offer goes back to the list",
    async (how, close, reopen) => {
      const actor = { id: null, email: "boss@example.org" };
      const tag = how.replace(/\W+/g, "-");
      const sessionId = await addSession(s, { capacity: 1, title: `Closing ${tag}` });
      expect((await register(sessionId, `holder.${tag}@example.com`)).status).toBe(201);
      expect((await register(sessionId, `waiter.${tag}@example.com`, true)).status).toBe(201);
      expect((await register(sessionId, `later.${tag}@example.com`, true)).status).toBe(201);
      const confirmation = (await mailTo(`holder.${tag}@example.com`, "Registration confirmed"))[0]!;
      expect((await post(linkIn(confirmation.text_body, "my-registration")!, "intent=cancel")).status).toBe(302);
      expect(await statusOf(`waiter.${tag}@example.com`, sessionId)).toBe("offered");
      const offerPath = linkIn((await mailTo(`waiter.${tag}@example.com`, "A seat is free for you"))[0]!.text_body, "waiting-list")!;

      await close(sessionId);
      // The link opens nothing, and pressing Confirm takes no seat and sends no confirmation.
      expect((await fetch(`${s.url}${offerPath}`)).status).toBe(404);
      expect((await post(offerPath, "")).status).toBe(404);
      expect(await statusOf(`waiter.${tag}@example.com`, sessionId)).not.toBe("registered");
      expect(await mailTo(`waiter.${tag}@example.com`, "Registration confirmed")).toHaveLength(0);
      // Staff cannot offer by hand, and the job offers nothing and lets nothing lapse.
      const later = await s.db.selectFrom("registrations").select("id").where("event_id", "=", sessionId).where("email_key", "=", `later.${tag}@example.com`).executeTakeFirstOrThrow();
      expect(await offerByHand(s.db, s.config.site, "registration", later.id, 24, actor, null)).toBe("closed");
      await runWaitingList(s.db, s.config.site, 24, new Date(Date.now() + 48 * 3_600_000));
      expect(await statusOf(`waiter.${tag}@example.com`, sessionId)).toBe("waiting");
      expect(await statusOf(`later.${tag}@example.com`, sessionId)).toBe("waiting");
      expect(await mailTo(`waiter.${tag}@example.com`, "Seat offer expired")).toHaveLength(0);

      // Opened again: the first in line is offered the seat anew.
      await reopen(sessionId);
      await runWaitingList(s.db, s.config.site, 24);
      expect(await statusOf(`waiter.${tag}@example.com`, sessionId)).toBe("offered");
      expect(await mailTo(`waiter.${tag}@example.com`, "A seat is free for you")).toHaveLength(2);
      await s.db.deleteFrom("registrations").where("event_id", "=", sessionId).execute();
    },
  );

  it("an open offer in a session closed by staff goes back to the list at the job's next pass, before it could lapse", async () => {
    const sessionId = await addSession(s, { capacity: 1, title: "Closed with an offer open" });
    expect((await register(sessionId, "c.holder@example.com")).status).toBe(201);
    expect((await register(sessionId, "c.waiter@example.com", true)).status).toBe(201);
    const confirmation = (await mailTo("c.holder@example.com", "Registration confirmed"))[0]!;
    expect((await post(linkIn(confirmation.text_body, "my-registration")!, "intent=cancel")).status).toBe(302);
    expect(await statusOf("c.waiter@example.com", sessionId)).toBe("offered");
    await s.db.updateTable("events").set({ status: "Closed" }).where("id", "=", sessionId).execute();
    await runWaitingList(s.db, s.config.site, 24);
    const row = await s.db.selectFrom("registrations").select(["status", "offer_token_hash", "offer_expires_at"]).where("event_id", "=", sessionId).where("email_key", "=", "c.waiter@example.com").executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "waiting", offer_token_hash: null, offer_expires_at: null });
    // Still closed when it starts: the list ends, and the one whose offer was taken back is not told that no seat became free.
    const { starts_at } = await s.db.selectFrom("events").select("starts_at").where("id", "=", sessionId).executeTakeFirstOrThrow();
    await runWaitingList(s.db, s.config.site, 24, new Date(Date.parse(starts_at) + 60_000));
    expect(await statusOf("c.waiter@example.com", sessionId)).toBe("expired");
    expect(await mailTo("c.waiter@example.com", "No seat became free")).toHaveLength(0);
    const ended = await mailTo("c.waiter@example.com", "Waiting list ended");
    expect(ended).toHaveLength(1);
    expect(ended[0]!.text_body).toContain("The session below has started, so its waiting list has ended, and your place on it with it.");
    await s.db.deleteFrom("registrations").where("event_id", "=", sessionId).execute();
  });

  it("an offer that lapses passes to the next entry; staff can offer by hand and remove an entry", async () => {
    const sessionId = await addSession(s, { capacity: 1, title: "Lapsing offer" });
    expect((await register(sessionId, "holder@example.com")).status).toBe(201);
    for (const who of ["w1", "w2", "w3", "w4"]) expect((await register(sessionId, `${who}@example.com`, true)).status).toBe(201);
    expect((await waitingEntries(s.db, sessionId)).map((e) => e.email)).toEqual(["w1@example.com", "w2@example.com", "w3@example.com", "w4@example.com"]);

    // A raised capacity frees a seat: the job offers it to w1.
    await s.db.updateTable("events").set({ capacity: 2 }).where("id", "=", sessionId).execute();
    await runWaitingList(s.db, s.config.site, 24);
    expect(await statusOf("w1@example.com", sessionId)).toBe("offered");

    // 25 hours later w1 has not confirmed: the offer lapses and w2 gets it.
    await runWaitingList(s.db, s.config.site, 24, new Date(Date.now() + 25 * 3_600_000));
    expect(await statusOf("w1@example.com", sessionId)).toBe("expired");
    expect(await statusOf("w2@example.com", sessionId)).toBe("offered");
    expect(await mailTo("w1@example.com", "Seat offer expired")).toHaveLength(1);

    // No seat free: staff cannot offer w4 out of turn.
    const actor = { id: null, email: "boss@example.org" };
    const [w3, w4] = await waitingEntries(s.db, sessionId, ["waiting"]);
    expect(await offerByHand(s.db, s.config.site, "registration", w4!.id, 24, actor, null)).toBe("no-seat");
    // Nor once the session has started: the offer would promise a seat that cannot be had.
    const started = new Date(Date.parse((await s.db.selectFrom("events").select("starts_at").where("id", "=", sessionId).executeTakeFirstOrThrow()).starts_at) + 60_000);
    expect(await offerByHand(s.db, s.config.site, "registration", w4!.id, 24, actor, null, started)).toBe("closed");
    expect(await statusOf("w4@example.com", sessionId)).toBe("waiting");
    // Removing w2, who holds the offer: w2 is told the link no longer works, and the seat goes to w3 at once.
    const w2 = (await waitingEntries(s.db, sessionId, ["offered"]))[0]!;
    expect(await removeEntry(s.db, s.config.site, 24, "registration", w2.id, actor, null)).toEqual({ removed: true, mailed: true, withdrawn: true, offered: 1 });
    expect(await statusOf("w2@example.com", sessionId)).toBe("removed");
    expect(await statusOf("w3@example.com", sessionId)).toBe("offered");
    const withdrawn = await mailTo("w2@example.com", "Seat offer withdrawn");
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0]!.text_body).toContain("the link in our earlier email no longer works");
    expect(await mailTo("w3@example.com", "A seat is free for you")).toHaveLength(1);
    // A waiting entry removed: nothing to withdraw, but they are told they are no longer in line (decision 0069);
    // staff can then offer the next seat by hand.
    expect(await removeEntry(s.db, s.config.site, 24, "registration", w4!.id, actor, null)).toEqual({ removed: true, mailed: true, withdrawn: false, offered: 0 });
    expect(await s.db.selectFrom("outbox").select("id").where("to_address", "=", "w4@example.com").where("subject", "like", "Seat offer%").execute()).toEqual([]);
    const off = await mailTo("w4@example.com", "Off the waiting list");
    expect(off).toHaveLength(1);
    expect(off[0]!.text_body).toContain("Our team has taken you off the waiting list for the session below, so we will not write to you when a seat frees up.");
    const audit = await s.db.selectFrom("audit_events").select(["action", "target_id"]).where("target_id", "in", [w2.id, w3!.id, w4!.id]).orderBy("at").execute();
    expect(audit).toEqual([
      { action: "delete", target_id: w2.id },
      { action: "delete", target_id: w4!.id },
    ]);
  });

  it("the waiting-list mails greet by first name, say the hold's end with its zone, and say where the seat went; a booker's are in the booking's words and reply to its organizer", async () => {
    const sessionId = await addSession(s, { capacity: 1, title: "Mail words" });
    expect((await register(sessionId, "holder.words@example.com")).status).toBe(201);
    const joined = await fetch(`${s.url}/api/registration`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...valid, firstName: "Mary Ann", email: "maryann@example.com", upcomingEventId: sessionId, programId: undefined, waitingList: true }),
    });
    expect(joined.status).toBe(201);
    await s.db.updateTable("events").set({ capacity: 2 }).where("id", "=", sessionId).execute();
    await runWaitingList(s.db, s.config.site, 24);
    const offer = (await mailTo("maryann@example.com", "A seat is free for you"))[0]!;
    expect(offer.text_body).toMatch(/^Dear Mary Ann,/);
    // The hold's end at the venue (Chicago), with its zone.
    expect(offer.text_body).toMatch(/We hold it for you until \d{1,2}(st|nd|rd|th) \w{3} \d{4} at \d{1,2}:\d{2} [AP]M C[SD]T\./);
    // Nobody else waits: the lapsed seat is released, not "passed to the next person".
    await runWaitingList(s.db, s.config.site, 24, new Date(Date.now() + 25 * 3_600_000));
    const expired = (await mailTo("maryann@example.com", "Seat offer expired"))[0]!;
    expect(expired.text_body).toMatch(/^Dear Mary Ann,/);
    expect(expired.text_body).toContain("was not confirmed in time, so we have released it.");

    const family = await addSession(s, { kind: "family", capacity: 1, title: "Family words", organiser_email: "circle@example.org" });
    expect((await bookFamily(family, "famholder.words@example.com", false)).status).toBe(201);
    expect((await bookFamily(family, "famwait.words@example.com", true)).status).toBe(201);
    const waitMail = (await s.db.selectFrom("outbox").selectAll().where("to_address", "=", "famwait.words@example.com").execute())[0]!;
    expect(waitMail.reply_to).toBe("circle@example.org");
    expect(waitMail.text_body).toContain("Location: Lakeside Center, Chicago");
    expect(waitMail.text_body).not.toContain("Venue:");
  });

  it("an offer made shortly before the session holds the seat until the start, not past it, and says so; at the start it is released", async () => {
    const starts = new Date(Date.now() + 3 * 3_600_000);
    const sessionId = await addSession(s, { capacity: 1, title: "Starts soon", starts_at: starts.toISOString(), ends_at: new Date(starts.getTime() + 2 * 3_600_000).toISOString() });
    expect((await register(sessionId, "soon.holder@example.com")).status).toBe(201);
    expect((await register(sessionId, "soon.first@example.com", true)).status).toBe(201);
    expect((await register(sessionId, "soon.second@example.com", true)).status).toBe(201);
    await s.db.updateTable("events").set({ capacity: 2 }).where("id", "=", sessionId).execute();
    await runWaitingList(s.db, s.config.site, 24);
    const entry = await s.db.selectFrom("registrations").select("offer_expires_at").where("email_key", "=", "soon.first@example.com").executeTakeFirstOrThrow();
    expect(entry.offer_expires_at).toBe(starts.toISOString());
    const offer = (await mailTo("soon.first@example.com", "A seat is free for you"))[0]!;
    expect(offer.text_body).toMatch(/We hold it for you until .+ C[SD]T, when the session starts\./);
    // At the start the offer lapses; the session no longer takes anyone, so nobody is said to get the seat.
    await runWaitingList(s.db, s.config.site, 24, new Date(starts.getTime() + 60_000));
    expect(await statusOf("soon.first@example.com", sessionId)).toBe("expired");
    const expired = (await mailTo("soon.first@example.com", "Seat offer expired"))[0]!;
    expect(expired.text_body).toContain("was not confirmed in time, so we have released it.");
    // The one still waiting leaves the list at the start and is told so (decision 0069), once.
    expect(await statusOf("soon.second@example.com", sessionId)).toBe("expired");
    const ended = await mailTo("soon.second@example.com", "No seat became free");
    expect(ended).toHaveLength(1);
    expect(ended[0]!.text_body).toContain("No seat became free in the session below before it started, so your place on its waiting list has ended.");
    await runWaitingList(s.db, s.config.site, 24, new Date(starts.getTime() + 10 * 60_000));
    expect(await mailTo("soon.second@example.com", "No seat became free")).toHaveLength(1);
    // A session that started long ago: its list ends without a mail that would come far too late.
    const old = await addSession(s, { capacity: 1, title: "Long ago", starts_at: new Date(Date.now() - 10 * 86_400_000).toISOString(), ends_at: new Date(Date.now() - 10 * 86_400_000 + 3_600_000).toISOString() });
    await s.db.insertInto("registrations").values({ ...(await s.db.selectFrom("registrations").selectAll().where("email_key", "=", "soon.second@example.com").executeTakeFirstOrThrow()), id: `${old}-w`, event_id: old, status: "waiting", email: "long.ago@example.com", email_key: "long.ago@example.com" }).execute();
    await runWaitingList(s.db, s.config.site, 24);
    expect(await statusOf("long.ago@example.com", old)).toBe("expired");
    expect(await mailTo("long.ago@example.com", "No seat became free")).toHaveLength(0);
  });

  it("a family session's booking dialog can join its waiting list too", async () => {
    const sessionId = await addSession(s, { kind: "family", capacity: 1, title: "Family one seat" });
    const book = (email: string, waitingList = false) => bookFamily(sessionId, email, waitingList);
    expect((await book("fam1@example.com")).status).toBe(201);
    expect((await book("fam2@example.com")).status).toBe(409);
    // As documented (the OpenAPI answer's schema parses it).
    expect(bookingCreatedResponse.parse(await (await book("fam2@example.com", true)).json())).toMatchObject({ waitingList: true, data: { position: 1 } });
    const row = await s.db.selectFrom("family_bookings").select("status").where("email_key", "=", "fam2@example.com").executeTakeFirstOrThrow();
    expect(row.status).toBe("waiting");
    // Offered and confirmed: the page promises what a booking's mail carries (its own private link, decision 0087).
    await s.db.updateTable("events").set({ capacity: 2 }).where("id", "=", sessionId).execute();
    await runWaitingList(s.db, s.config.site, 24);
    const offer = (await mailTo("fam2@example.com", "A seat is free for you"))[0]!;
    const offerPath = linkIn(offer.text_body, "waiting-list")!;
    expect((await post(offerPath, "")).status).toBe(302);
    const done = await (await fetch(`${s.url}${offerPath}?confirmed=1`)).text();
    expect(done).toContain("Your confirmation, with the calendar file and your booking&#x27;s private link, is on its way by email.");
    const confirmation = (await mailTo("fam2@example.com", "Booking confirmed"))[0]!.text_body;
    expect(confirmation).not.toContain("/my-registration/");
    // The confirmed offer's booking opens its private page from the confirmation's link.
    const bookingPath = linkIn(confirmation, "my-booking")!;
    const bookingPage = await fetch(`${s.url}${bookingPath}`);
    expect(bookingPage.status).toBe(200);
    expect(await bookingPage.text()).toContain("Family one seat");
  });

  it("joins at once give each entry its own place, in the order they were stored, for registrations and bookings", async () => {
    const sessionId = await addSession(s, { capacity: 1, title: "Tiny" });
    expect((await register(sessionId, "tiny0@example.com")).status).toBe(201);
    const family = await addSession(s, { kind: "family", capacity: 1, title: "Family tiny" });
    const book = (email: string, waitingList = false) => bookFamily(family, email, waitingList);
    expect((await book("famtiny0@example.com")).status).toBe(201);
    for (const [event, join] of [
      [sessionId, (i: number) => register(sessionId, `tinywait${i}@example.com`, true)],
      [family, (i: number) => book(`famtinywait${i}@example.com`, true)],
    ] as const) {
      // Several rounds: joins in the same millisecond were ordered by their random ids, so two were told the same place.
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => join(round * 10 + i)));
        expect(answers.map((r) => r.status)).toEqual(Array(10).fill(201));
      }
      const list = await waitingEntries(s.db, event);
      expect(list).toHaveLength(30);
      const times = list.map((e) => e.createdAt);
      expect(new Set(times).size).toBe(30);
      // The place each was told is its place in the list the offers follow, and their mails say the same.
      const mails = await s.db.selectFrom("outbox").select(["to_address", "text_body"]).where("subject", "like", "On the waiting list%").execute();
      list.forEach((entry, i) => {
        const mail = mails.find((m) => m.to_address === entry.email);
        expect(mail?.text_body).toContain(`Your place on the list: ${i + 1}`);
      });
    }
  });

  it("an erasure racing the confirmation of the entry's offer never takes away a seat that was confirmed", async () => {
    for (let round = 0; round < 4; round++) {
      const sessionId = await addSession(s, { capacity: 1, title: `Erase race ${round}` });
      expect((await register(sessionId, `race.holder${round}@example.com`)).status).toBe(201);
      expect((await register(sessionId, `race.wait${round}@example.com`, true)).status).toBe(201);
      await s.db.updateTable("events").set({ capacity: 2 }).where("id", "=", sessionId).execute();
      await runWaitingList(s.db, s.config.site, 24);
      const offerPath = linkIn((await mailTo(`race.wait${round}@example.com`, "A seat is free for you"))[0]!.text_body, "waiting-list")!;
      const { id } = await s.db.selectFrom("registrations").select("id").where("email_key", "=", `race.wait${round}@example.com`).executeTakeFirstOrThrow();
      const [confirmed] = await Promise.all([post(offerPath, ""), eraseRegistration(s.db, id, { id: null, email: "boss@example.org" }, null)]);
      const row = await s.db.selectFrom("registrations").select(["status", "email"]).where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.email).toBe("");
      // Either the erasure came first (the offer ended, the link then opens nothing), or the confirmation did (the seat stays).
      expect([confirmed.status, row.status]).toEqual(confirmed.status === 302 ? [302, "registered"] : [404, "removed"]);
    }
  });

  it("under concurrency, offers, confirmations and newcomers never exceed the capacity", async () => {
    const capacity = 3;
    const sessionId = await addSession(s, { capacity, title: "Crowded" });
    for (let i = 0; i < capacity; i++) expect((await register(sessionId, `seat${i}@example.com`)).status).toBe(201);
    await Promise.all(Array.from({ length: 12 }, (_, i) => register(sessionId, `wait${i}@example.com`, true)));
    expect((await waitingEntries(s.db, sessionId)).length).toBe(12);

    // Two seats free while offers run from two "instances" and twenty newcomers try at once.
    await s.db.updateTable("registrations").set({ status: "cancelled" }).where("event_id", "=", sessionId).where("email_key", "in", ["seat0@example.com", "seat1@example.com"]).execute();
    const newcomers = Array.from({ length: 20 }, (_, i) => register(sessionId, `new${i}@example.com`));
    const [answers] = await Promise.all([Promise.all(newcomers), runWaitingList(s.db, s.config.site, 24), runWaitingList(s.db, s.config.site, 24)]);
    expect(answers.every((r) => r.status === 409)).toBe(true);
    const held = await s.db
      .selectFrom("registrations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("event_id", "=", sessionId)
      .where("status", "in", ["registered", "offered"])
      .executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(capacity);
    // First come, first served: the two earliest entries hold the offers, the rest still wait.
    const list = await waitingEntries(s.db, sessionId);
    expect(list.map((e) => e.status)).toEqual([...Array(2).fill("offered"), ...Array(10).fill("waiting")]);
  });

  it("the staff screen lists each waiting list and erasure request, offers, removes and erases, and refuses anyone signed out", async () => {
    const account = await createStaffAccount(s.db, `staff-${dialect}@example.org`, "Lantern orchard 73 quietly");
    const cookie = `staff_session=${(await createSession(s.db, account.id, "browser", 3600)).secret}`;
    const screen = (init?: RequestInit & { query?: string }) =>
      fetch(`${s.url}/admin/requests${init?.query ?? ""}`, { redirect: "manual", ...init, headers: { cookie, Origin: s.url, ...init?.headers } });
    const act = (body: string) => screen({ method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });

    const sessionId = await addSession(s, { capacity: 1, title: "Staff waiting list" });
    expect((await register(sessionId, "sits@example.com")).status).toBe(201);
    expect((await register(sessionId, "queue1@example.com", true)).status).toBe(201);
    expect((await register(sessionId, "queue2@example.com", true)).status).toBe(201);
    const [q1, q2] = await waitingEntries(s.db, sessionId);

    const html = await (await screen()).text();
    expect(html).toContain("Staff waiting list");
    expect(html.indexOf("queue1@example.com")).toBeLessThan(html.indexOf("queue2@example.com"));
    // When each joined, as the other staff lists write a record's date ("Nov 25, 2026").
    expect(html).toMatch(new RegExp(`data-label="Joined"[^>]*>${staffDate(q1!.createdAt)}<`));
    // No seat free: no Offer seat button that could only be refused.
    expect(html).toContain("1 seat, all taken");
    expect(html).not.toContain("Offer seat to");
    // Asked once more before removing.
    expect(await (await screen({ query: `?confirm=${encodeURIComponent(`remove:registration:${q1!.id}`)}` })).text()).toContain("Yes, remove");

    expect((await act(`intent=offer&kind=registration&id=${q1!.id}`)).status).toBe(409); // no seat free
    expect((await act(`intent=remove&kind=registration&id=${q1!.id}`)).status).toBe(200);
    await s.db.updateTable("events").set({ capacity: 2 }).where("id", "=", sessionId).execute();
    const freed = await (await screen()).text();
    expect(freed).toContain("2 seats, 1 free");
    expect(freed).toContain("Offer seat to");
    const offered = await act(`intent=offer&kind=registration&id=${q2!.id}`);
    expect(await offered.text()).toContain("Seat offered.");
    expect(await statusOf("queue2@example.com", sessionId)).toBe("offered");
    // Until when, to the minute at the venue, as the offer's mail says it.
    const held = await s.db.selectFrom("registrations").select("offer_expires_at").where("id", "=", q2!.id).executeTakeFirstOrThrow();
    const zone = (await s.db.selectFrom("events").select("time_zone").where("id", "=", sessionId).executeTakeFirstOrThrow()).time_zone;
    expect(await (await screen()).text()).toContain(`Seat offered until ${formatSessionDate(held.offer_expires_at!, zone)} at ${formatTimeRange(held.offer_expires_at!, null, zone)}`);
    // Closed by staff (with a seat free): the screen says it takes nobody, the offer reads as taken back, and the one
    // still waiting gets no Offer seat button that could only be refused.
    expect((await register(sessionId, "queue3@example.com", true)).status).toBe(201);
    await s.db.updateTable("events").set({ status: "Closed", capacity: 3 }).where("id", "=", sessionId).execute();
    const closed = await (await screen()).text();
    expect(closed).toContain("Not taking people here (closed, no online enrollment, or its own sign-up page)");
    expect(closed).toContain("Waiting (offer taken back)");
    expect(closed).not.toContain("Offer seat to");
    await s.db.updateTable("events").set({ status: "Open", capacity: 2 }).where("id", "=", sessionId).execute();
    expect(await (await screen()).text()).not.toContain("Not taking people here");
    await s.db.deleteFrom("registrations").where("event_id", "=", sessionId).where("email_key", "=", "queue3@example.com").execute();

    // An erasure request, carried out from the screen.
    await s.db.updateTable("registrations").set({ erasure_requested_at: new Date().toISOString() }).where("email_key", "=", "sits@example.com").execute();
    const sits = await s.db.selectFrom("registrations").select("id").where("email_key", "=", "sits@example.com").executeTakeFirstOrThrow();
    expect(await (await screen()).text()).toContain("sits@example.com");
    expect((await act(`intent=erase&id=${sits.id}`)).status).toBe(200);
    const erased = await s.db.selectFrom("registrations").select(["email", "anonymised_at"]).where("id", "=", sits.id).executeTakeFirstOrThrow();
    expect(erased.email).toBe("");
    expect(erased.anonymised_at).toBeTruthy();
    const audit = await s.db.selectFrom("audit_events").select(["action", "actor_email"]).where("target_id", "in", [q1!.id, q2!.id, sits.id]).orderBy("at").execute();
    expect(audit.map((a) => a.action)).toEqual(["delete", "update", "erase"]);
    expect(new Set(audit.map((a) => a.actor_email))).toEqual(new Set([`staff-${dialect}@example.org`]));

    // Erasing an entry that holds an offer: the offer's link opens nothing, and the seat passes to the next in line.
    expect((await register(sessionId, "queue3@example.com", true)).status).toBe(201);
    const offerMail = (await mailTo("queue2@example.com", "A seat is free for you"))[0]!;
    const offerLink = linkIn(offerMail.text_body, "waiting-list")!;
    expect((await fetch(`${s.url}${offerLink}`)).status).toBe(200);
    expect((await act(`intent=erase&id=${q2!.id}`)).status).toBe(200);
    expect((await fetch(`${s.url}${offerLink}`)).status).toBe(404);
    const q2row = await s.db.selectFrom("registrations").select(["status", "offer_token_hash", "email"]).where("id", "=", q2!.id).executeTakeFirstOrThrow();
    expect(q2row).toEqual({ status: "removed", offer_token_hash: null, email: "" });
    expect(await statusOf("queue3@example.com", sessionId)).toBe("offered");
    expect(await mailTo("queue3@example.com", "A seat is free for you")).toHaveLength(1);

    // Signed out: the page sends to sign-in and the action does nothing.
    const anonymous = await fetch(`${s.url}/admin/requests`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/admin/login");
  });

  it("the requests screen's list gives each session its own seats and its own list, in order of arrival, read together (decision 0114)", async () => {
    const one = await addSession(s, { capacity: 2, title: "Batch one" });
    const two = await addSession(s, { kind: "family", capacity: 1, title: "Batch two" });
    expect((await register(one, "b1.held1@example.com")).status).toBe(201);
    expect((await register(one, "b1.held2@example.com")).status).toBe(201);
    expect((await register(one, "b1.wait1@example.com", true)).status).toBe(201);
    expect((await register(one, "b1.wait2@example.com", true)).status).toBe(201);
    expect((await bookFamily(two, "b2.held@example.com", false)).status).toBe(201);
    expect((await bookFamily(two, "b2.wait@example.com", true)).status).toBe(201);
    // One more seat in the first: free until the job offers it.
    await s.db.updateTable("events").set({ capacity: 3 }).where("id", "=", one).execute();
    // Both start at the same moment: compared in a fixed order, the first session first.
    const listed = (await listWaitingSessions(s.db)).filter((w) => w.id === one || w.id === two).sort((a, b) => Number(b.id === one) - Number(a.id === one));
    expect(listed.map((w) => ({ id: w.id, seatsFree: w.seatsFree, entries: w.entries.map((e) => [e.kind, e.email]) }))).toEqual([
      { id: one, seatsFree: 1, entries: [["registration", "b1.wait1@example.com"], ["registration", "b1.wait2@example.com"]] },
      { id: two, seatsFree: 0, entries: [["family-booking", "b2.wait@example.com"]] },
    ]);
    await s.db.deleteFrom("registrations").where("event_id", "=", one).execute();
    await s.db.deleteFrom("family_bookings").where("event_id", "=", two).execute();
  });

  it("a registration deleted by staff through the API frees its seat for the first in line at once", async () => {
    const account = await createStaffAccount(s.db, `deleter-${dialect}@example.org`, "Lantern orchard 73 quietly");
    const bearer = `Bearer ${(await createSession(s.db, account.id, "api", 3600)).secret}`;
    const sessionId = await addSession(s, { capacity: 1, title: "Deleted seat" });
    const made = await register(sessionId, "leaving@example.com");
    const id = ((await made.json()) as { data: { _id: string } }).data._id;
    expect((await register(sessionId, "next@example.com", true)).status).toBe(201);
    const res = await fetch(`${s.url}/api/registration/${id}`, { method: "DELETE", headers: { authorization: bearer } });
    expect(res.status).toBe(200);
    expect(await statusOf("next@example.com", sessionId)).toBe("offered");
    expect(await mailTo("next@example.com", "A seat is free for you")).toHaveLength(1);
  });
});
