import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createStaffAccount } from "~/features/admin-auth/accounts.server";
import { createSession } from "~/features/admin-auth/sessions.server";
import { seatsTaken } from "~/features/events/events.server";
import { COMPLETED_ELSEWHERE_LABEL } from "~/features/prerequisites/rules";
import { eraseRegistration } from "~/features/retention/retention.server";
import { queueScheduleUpdates } from "~/features/session-mail/session-mail.server";
import { dialects } from "../helpers/databases";
import { addSession, valid } from "../helpers/registration";
import { startSecondInstance, startSite, type RunningSite } from "../helpers/site";
import { toldSession } from "~/features/events/told";

/**
 * Level prerequisites, attendance, approvals and staff cancelling a session
 * (issue 11 points 3, 5 and 6; decisions 0031 and 0032) through the public
 * API, the pages and the staff screens, on both databases, with a second app
 * instance where two could race.
 */
const DAY = 86_400_000;

/** A page's main content as served, scripts (the hydration data and JSON-LD) left out. */
const shownMain = (html: string) => (/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "").replace(/<script[\s\S]*?<\/script>/g, "");
const MESSAGE = "Level B requires Level A. We could not find a completed Level A for this email address.";

describe.each(dialects)("level prerequisites on %s", { timeout: 180_000 }, (dialect) => {
  let s: RunningSite;
  let cookie: string;
  let bearer: string;
  const staffEmail = `desk-${dialect}@example.org`;
  // Programs: Level A; Level B requires A. Sessions: A (past, attendance taken), B (upcoming, 3 seats).
  const A = `t-level-a-${dialect}`;
  const B = `t-level-b-${dialect}`;
  let pastA: string;
  let upcomingB: string;

  const addProgramme = async (id: string, title: string, requires: string | null) => {
    const now = new Date().toISOString();
    await s.db
      .insertInto("programmes")
      .values({
        id,
        kind: "decode",
        level: null,
        title,
        subtitle: "A test program for prerequisites",
        subtitle1: null,
        duration: "1 Day",
        button_text: null,
        video_url: null,
        thumbnail: null,
        certification: null,
        price_cents: 10000,
        details: null,
        requires_programme_id: requires,
        created_at: now,
        updated_at: now,
      })
      .execute();
  };
  /** A registration stored directly (the seed's way), for sessions that have already started. */
  const seatIn = async (eventId: string, email: string, attendance: "attended" | "not_attended" | null, first = "Pat") => {
    const id = crypto.randomUUID();
    const at = new Date().toISOString();
    const event = await s.db.selectFrom("events").select("programme_id").where("id", "=", eventId).executeTakeFirstOrThrow();
    await s.db
      .insertInto("registrations")
      .values({
        id,
        event_id: eventId,
        programme_id: event.programme_id,
        kind: "decode",
        first_name: first,
        middle_name: null,
        last_name: "Doe",
        name_on_certificate: `${first} Doe`,
        email,
        email_key: email.toLowerCase(),
        mobile_no: "5551234567",
        date_of_birth: "1980-01-01",
        occupation: "Tester",
        session_label: "test",
        terms_accepted_at: at,
        level_name: "Level A",
        created_at: at,
        attendance,
        ...(attendance ? { attendance_marked_at: at, attendance_marked_by: "seed" } : {}),
      })
      .execute();
    return id;
  };

  beforeAll(async () => {
    s = await startSite(dialect, { FORM_RATE_LIMIT: "100000", SESSION_JOBS_SECONDS: "86400" });
    const account = await createStaffAccount(s.db, staffEmail, "Lantern orchard 73 quietly");
    cookie = `staff_session=${(await createSession(s.db, account.id, "browser", 3600)).secret}`;
    bearer = `Bearer ${(await createSession(s.db, account.id, "api", 3600)).secret}`;
    await addProgramme(A, "Level A: Foundations", null);
    await addProgramme(B, "Level B: Practice", A);
    pastA = await addSession(s, {
      programme_id: A,
      title: "Level A in Chicago",
      starts_at: new Date(Date.now() - 20 * DAY).toISOString(),
      ends_at: new Date(Date.now() - 20 * DAY + 8 * 3_600_000).toISOString(),
    });
    upcomingB = await addSession(s, { programme_id: B, title: "Level B in Chicago", capacity: 3 });
    await seatIn(pastA, "Attended@Example.com", "attended");
    await seatIn(pastA, "absent@example.com", "not_attended");
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });
  beforeEach(async () => {
    await s.db.deleteFrom("outbox").execute();
  });

  const postJson = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${s.url}${p}`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });
  const register = (sessionId: string, email: string, extra: Record<string, unknown> = {}) =>
    postJson("/api/registration", { ...valid, email, upcomingEventId: sessionId, programId: undefined, ...extra });
  const check = async (sessionId: string, email: string) => (await postJson("/api/prerequisite-check", { upcomingEventId: sessionId, email })).json();
  const row = (sessionId: string, email: string) =>
    s.db.selectFrom("registrations").selectAll().where("event_id", "=", sessionId).where("email_key", "=", email).executeTakeFirst();
  const mailTo = (email: string, subjectStart: string) =>
    s.db.selectFrom("outbox").selectAll().where("to_address", "=", email).where("subject", "like", `${subjectStart}%`).execute();
  const staff = (path: string, body?: string) =>
    fetch(`${s.url}${path}`, {
      method: body === undefined ? "GET" : "POST",
      redirect: "manual",
      headers: { cookie, Origin: s.url, ...(body === undefined ? {} : { "Content-Type": "application/x-www-form-urlencoded" }) },
      ...(body === undefined ? {} : { body }),
    });
  const audit = (targetId: string) => s.db.selectFrom("audit_events").select(["action", "actor_email"]).where("target_id", "=", targetId).orderBy("at").execute();

  it("the check answers yes or no for the address typed, before submitting; the server refuses an address that did not attend, nothing stored", async () => {
    expect(await check(upcomingB, "attended@example.com")).toEqual({ success: true, required: { title: "Level A: Foundations", name: "Level A" }, met: true, message: "We found your completed Level A." });
    expect(await check(upcomingB, "absent@example.com")).toMatchObject({ met: false, message: MESSAGE });
    expect(await check(upcomingB, "nobody@example.com")).toMatchObject({ met: false, message: MESSAGE });
    // A level without a requirement: nothing to check, and no allowance used.
    const free = await addSession(s, { programme_id: A, title: "Level A again" });
    expect(await check(free, "nobody@example.com")).toEqual({ success: true, required: null, met: true, message: null });
    const limits = await s.db.selectFrom("rate_limits").select("key").execute();
    expect(limits.some((l) => l.key.includes("prerequisite:"))).toBe(true);
    // Bad input: a field message and a 4xx.
    const bad = await postJson("/api/prerequisite-check", { upcomingEventId: upcomingB, email: "not an address" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors).toEqual({ email: "Please enter a valid email address" });
    expect((await postJson("/api/prerequisite-check", { upcomingEventId: "no-such-session", email: "a@example.com" })).status).toBe(404);
    expect((await fetch(`${s.url}/api/prerequisite-check`)).status).toBe(405);

    const refused = await register(upcomingB, "nobody@example.com");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ success: false, message: MESSAGE, errors: { completedElsewhere: MESSAGE } });
    expect(await row(upcomingB, "nobody@example.com")).toBeUndefined();
    expect(await s.db.selectFrom("outbox").selectAll().execute()).toEqual([]);

    // Marked 'did not attend' is not attended.
    expect((await register(upcomingB, "absent@example.com")).status).toBe(409);
    // Attended (the address in another case): an ordinary registration.
    const ok = await register(upcomingB, "ATTENDED@example.com");
    expect(ok.status).toBe(201);
    expect(await ok.json()).not.toHaveProperty("awaitingApproval");
    expect((await row(upcomingB, "attended@example.com"))?.status).toBe("registered");
  });

  it("'I completed the earlier level elsewhere' needs a note, then holds the seat awaiting approval and mails both sides", async () => {
    const noNote = await register(upcomingB, "elsewhere@example.com", { completedElsewhere: true });
    expect(noNote.status).toBe(400);
    expect(((await noNote.json()) as { errors: Record<string, string> }).errors).toEqual({ prerequisiteNote: "Please tell us where and when you completed the earlier level" });
    const tooLong = await register(upcomingB, "elsewhere@example.com", { completedElsewhere: true, prerequisiteNote: "x".repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { errors: Record<string, string> }).errors).toEqual({ prerequisiteNote: "Must be at most 500 characters" });
    const nul = await register(upcomingB, "elsewhere@example.com", { completedElsewhere: true, prerequisiteNote: "Boston\u0000" });
    expect(nul.status).toBe(400);
    expect(await row(upcomingB, "elsewhere@example.com")).toBeUndefined();

    const held = await register(upcomingB, "elsewhere@example.com", { completedElsewhere: "on", prerequisiteNote: "  Level A with Dr. Vega, Boston, 2023  " });
    expect(held.status).toBe(201);
    expect(await held.json()).toMatchObject({ success: true, awaitingApproval: true });
    const stored = (await row(upcomingB, "elsewhere@example.com"))!;
    expect(stored).toMatchObject({ status: "awaiting_approval", prerequisite_note: "Level A with Dr. Vega, Boston, 2023", access_token_hash: null });
    // The seat is held: 'attended' and 'elsewhere' of 3.
    expect((await seatsTaken(s.db, [upcomingB])).get(upcomingB)).toBe(2);
    const mail = (await mailTo("elsewhere@example.com", "Registration awaiting approval"))[0]!;
    expect(mail.text_body).toContain("Level B requires Level A");
    // The note goes to the team only: repeated to an address nobody has confirmed, it would carry anyone's words (and links).
    expect(mail.text_body).not.toContain("Dr. Vega");
    expect(mail.html_body).not.toContain("Dr. Vega");
    expect((await mailTo(s.config.site.contactEmail, "Approval needed"))[0]!.text_body).toContain("Their note: Level A with Dr. Vega, Boston, 2023");
    expect(mail.attachments).toBe("[]");
    const notice = (await mailTo(s.config.site.contactEmail, "Approval needed"))[0]!;
    expect(notice.reply_to).toBe("elsewhere@example.com");
    expect(notice.text_body).toContain("/admin/approvals");
    // Erased on request (or by the retention job): the note goes with the other personal details.
    expect(await eraseRegistration(s.db, stored.id, { id: null, email: "desk@example.org" }, null)).toBe(true);
    expect((await s.db.selectFrom("registrations").select("prerequisite_note").where("id", "=", stored.id).executeTakeFirstOrThrow()).prerequisite_note).toBeNull();

    // The page's form without JavaScript: the same refusal, in place, with the box to tick.
    const page = await fetch(`${s.url}/register/${upcomingB}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: s.url },
      body: new URLSearchParams({ ...Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, String(v)])), email: "plain@example.com", upcomingEventId: upcomingB }).toString(),
    });
    expect(page.status).toBe(409);
    const html = await page.text();
    expect(html).toContain(MESSAGE);
    expect(html).toContain(COMPLETED_ELSEWHERE_LABEL);
    expect(await row(upcomingB, "plain@example.com")).toBeUndefined();
  });

  it("staff approve and decline on the Approvals screen: each asked once more, mailed, audited; declining offers the seat to the waiting list", async () => {
    const session = await addSession(s, { programme_id: B, title: "Level B approvals", capacity: 2 });
    const note = { completedElsewhere: true, prerequisiteNote: "Level A in Denver" };
    const first = ((await (await register(session, "yes@example.com", note)).json()) as { data: { _id: string } }).data._id;
    const second = ((await (await register(session, "no@example.com", note)).json()) as { data: { _id: string } }).data._id;
    // Full: the next one (who attended Level A) joins the waiting list.
    expect((await register(session, "attended@example.com")).status).toBe(409);
    expect((await register(session, "attended@example.com", { waitingList: true })).status).toBe(201);

    const list = await (await staff("/admin/approvals")).text();
    expect(list).toContain("yes@example.com");
    expect(list).toContain("Level A in Denver");
    expect(list.indexOf("yes@example.com")).toBeLessThan(list.indexOf("no@example.com"));
    expect(await (await staff(`/admin/approvals?confirm=${encodeURIComponent(`approve:${first}`)}`)).text()).toContain("Yes, approve");
    expect(await (await staff(`/admin/approvals?confirm=${encodeURIComponent(`decline:${second}`)}`)).text()).toContain("Yes, decline");

    await s.db.updateTable("registrations").set({ told_session: null }).where("id", "=", first).execute();
    const approved = await staff("/admin/approvals", `intent=approve&id=${first}`);
    expect(approved.status).toBe(200);
    expect(await approved.text()).toContain("Registration approved.");
    const yes = (await row(session, "yes@example.com"))!;
    expect(yes).toMatchObject({ status: "registered", prerequisite_decided_by: staffEmail });
    expect(yes.access_token_hash).toMatch(/^[0-9a-f]{64}$/);
    // The approval's confirmation states the session: kept with the row (decision 0048).
    expect(yes.told_session).toBe(toldSession(await s.db.selectFrom("events").selectAll().where("id", "=", session).executeTakeFirstOrThrow()));
    const confirmation = (await mailTo("yes@example.com", "Registration approved"))[0]!;
    expect(confirmation.text_body).toContain("our team has accepted the Level A you completed elsewhere");
    expect(confirmation.text_body).toMatch(/\/my-registration\/[A-Za-z0-9_-]{43}/);
    expect(confirmation.attachments).toContain("BEGIN:VCALENDAR");
    // The heading says what the subject says.
    expect(confirmation.html_body).toMatch(/<h1[^>]*>Registration approved: /);
    expect(confirmation.html_body).not.toContain("Registration confirmed");

    // Sent by the browser itself (no script: the form's plain=1): answered with a redirect, its message in a cookie
    // that the list's next load shows once (decision 0090); a reload of the list does not send the post again.
    const declined = await staff("/admin/approvals", `intent=decline&id=${second}&plain=1`);
    expect(declined.status).toBe(303);
    expect(declined.headers.get("location")).toBe("/admin/approvals");
    const notice = declined.headers.getSetCookie().find((c) => c.startsWith("staff_notice="))!.split(";")[0]!;
    const after = await fetch(`${s.url}/admin/approvals`, { headers: { cookie: `${cookie}; ${notice}` } });
    expect(await after.text()).toContain("Registration declined. The seat is released and the registrant is being emailed.");
    expect(after.headers.getSetCookie().some((c) => /^staff_notice=;.*Max-Age=0/.test(c))).toBe(true);
    expect((await row(session, "no@example.com"))?.status).toBe("declined");
    expect((await mailTo("no@example.com", "Registration declined"))[0]!.text_body).toContain("the seat we held for you has been released");
    // The freed seat goes to the first in line at once.
    expect((await row(session, "attended@example.com"))?.status).toBe("offered");
    expect(await mailTo("attended@example.com", "A seat is free for you")).toHaveLength(1);

    // Answered already: refused, nothing changes.
    expect((await staff("/admin/approvals", `intent=approve&id=${second}`)).status).toBe(404);
    expect((await staff("/admin/approvals", "intent=approve&id=")).status).toBe(400);
    expect((await staff("/admin/approvals", `intent=explode&id=${first}`)).status).toBe(400);
    expect(await audit(first)).toEqual([{ action: "approve", actor_email: staffEmail }]);
    expect(await audit(second)).toEqual([{ action: "decline", actor_email: staffEmail }]);
    // A declined person may ask again (the duplicate rule ignores declined rows).
    expect((await register(session, "no@example.com", { ...note, waitingList: true })).status).toBe(201);

    // Signed out: sent to sign in.
    const anonymous = await fetch(`${s.url}/admin/approvals`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/admin/login");
  });

  it("two app instances approving the same registration at once: one approves, one mail", async () => {
    const session = await addSession(s, { programme_id: B, title: "Level B race", capacity: 5 });
    const id = ((await (await register(session, "race@example.com", { completedElsewhere: true, prerequisiteNote: "Elsewhere" })).json()) as { data: { _id: string } }).data._id;
    const second = await startSecondInstance(s);
    try {
      const answers = await Promise.all(
        [s.url, second.url].map((base) =>
          fetch(`${base}/admin/approvals`, {
            method: "POST",
            redirect: "manual",
            headers: { cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
            body: `intent=approve&id=${id}`,
          }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    } finally {
      await second.stop();
    }
    expect(await mailTo("race@example.com", "Registration approved")).toHaveLength(1);
    expect(await audit(id)).toHaveLength(1);
  });

  it("a waiting-list entry that joined with a note awaits approval once it confirms its offer", async () => {
    const session = await addSession(s, { programme_id: B, title: "Level B waiting", capacity: 1 });
    expect((await register(session, "attended@example.com")).status).toBe(201);
    expect((await register(session, "queued@example.com", { waitingList: true })).status).toBe(409);
    expect((await register(session, "queued@example.com", { waitingList: true, completedElsewhere: true, prerequisiteNote: "Level A in Austin" })).status).toBe(201);
    expect((await row(session, "queued@example.com"))?.status).toBe("waiting");
    // The seat frees (capacity raised), the job offers it, the entry confirms from its link.
    await s.db.updateTable("events").set({ capacity: 2 }).where("id", "=", session).execute();
    const { runWaitingList } = await import("~/features/waiting-list/offers.server");
    await runWaitingList(s.db, s.config.site, 24);
    const offer = (await mailTo("queued@example.com", "A seat is free for you"))[0]!;
    const path = new RegExp(`${s.config.site.publicUrl}(/waiting-list/[A-Za-z0-9_-]{43})`).exec(offer.text_body)![1]!;
    const confirmed = await fetch(`${s.url}${path}`, { method: "POST", redirect: "manual", headers: { Origin: s.url, "Content-Type": "application/x-www-form-urlencoded" }, body: "" });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe(`${path}?confirmed=1`);
    // The page it leads to says the seat waits for staff, from the entry itself.
    expect(await (await fetch(`${s.url}${path}?confirmed=1`)).text()).toContain("Your registration awaits approval");
    expect((await row(session, "queued@example.com"))?.status).toBe("awaiting_approval");
    expect(await mailTo("queued@example.com", "Registration awaiting approval")).toHaveLength(1);
    expect(await mailTo("queued@example.com", "Registration confirmed")).toHaveLength(0);
  });

  it("staff mark attendance on a session that has started; the mark is what the next level's check reads", async () => {
    const session = await addSession(s, {
      programme_id: A,
      title: "Level A last month",
      starts_at: new Date(Date.now() - 30 * DAY).toISOString(),
      ends_at: new Date(Date.now() - 30 * DAY + 8 * 3_600_000).toISOString(),
    });
    const kim = await seatIn(session, "kim@example.com", null, "Kim");
    const lou = await seatIn(session, "lou@example.com", null, "Lou");

    const list = await (await staff("/admin/attendance")).text();
    expect(list).toContain("Level A last month");
    expect(list).toContain("0 of 2 marked");
    const screen = await (await staff(`/admin/attendance/${session}`)).text();
    expect(screen).toContain("Attendance of Kim Doe");
    expect(screen).toContain("Did not attend");

    // Bad input: a 4xx and nothing saved.
    expect((await staff(`/admin/attendance/${session}`, `intent=save&attendance.${kim}=maybe`)).status).toBe(400);
    expect((await staff(`/admin/attendance/${session}`, `intent=save&attendance.someone-else=attended`)).status).toBe(400);
    expect((await staff(`/admin/attendance/${session}`, "intent=save")).status).toBe(400);
    expect((await row(session, "kim@example.com"))?.attendance).toBeNull();
    expect((await check(upcomingB, "kim@example.com")).met).toBe(false);

    const saved = await staff(`/admin/attendance/${session}`, `intent=save&attendance.${kim}=attended&attendance.${lou}=not_attended&plain=1`);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`/admin/attendance/${session}`);
    const notice = saved.headers.getSetCookie().find((c) => c.startsWith("staff_notice="))!.split(";")[0]!;
    expect(await (await fetch(`${s.url}/admin/attendance/${session}`, { headers: { cookie: `${cookie}; ${notice}` } })).text()).toContain("Attendance saved: 2 changes.");
    expect(await row(session, "kim@example.com")).toMatchObject({ attendance: "attended", attendance_marked_by: staffEmail });
    expect((await row(session, "lou@example.com"))?.attendance).toBe("not_attended");
    expect(await audit(kim)).toEqual([{ action: "attendance", actor_email: staffEmail }]);
    // Saving the same again changes (and records) nothing.
    expect(await (await staff(`/admin/attendance/${session}`, `intent=save&attendance.${kim}=attended`)).text()).toContain("Nothing changed.");
    expect(await audit(kim)).toHaveLength(1);
    expect((await check(upcomingB, "kim@example.com")).met).toBe(true);
    expect((await check(upcomingB, "lou@example.com")).met).toBe(false);
    // Everyone at once: a saved 'Did not attend' is overwritten only once staff confirm it.
    const asked = await staff(`/admin/attendance/${session}`, "intent=all-attended");
    expect(asked.status).toBe(409);
    const warning = (await asked.text()).replace(/&#x27;|&#39;/g, "'");
    expect(warning).toContain("1 person is marked 'Did not attend'. Mark everyone as attended anyway, including them?");
    expect(warning).toContain("Yes, mark everyone as attended");
    expect((await row(session, "lou@example.com"))?.attendance).toBe("not_attended");
    await staff(`/admin/attendance/${session}`, "intent=all-attended&confirm=1");
    expect((await row(session, "lou@example.com"))?.attendance).toBe("attended");

    // A session that has not started takes no attendance.
    expect((await staff(`/admin/attendance/${upcomingB}`)).status).toBe(404);
    expect((await staff(`/admin/attendance/${upcomingB}`, `intent=save&attendance.x=attended`)).status).toBe(404);
  });

  it("the program form's required level: another program of the kind, never a circle; left out keeps it", async () => {
    // Two programs of their own (without sessions: the form sends the whole list of upcoming ones).
    const C = `t-level-c-${dialect}`;
    const D = `t-level-d-${dialect}`;
    await addProgramme(C, "Level C: Grounding", null);
    await addProgramme(D, "Level D: Deepening", C);
    const put = (id: string, body: Record<string, unknown>) =>
      fetch(`${s.url}/api/decode/${id}`, { method: "PUT", headers: { "Content-Type": "application/json", authorization: bearer }, body: JSON.stringify(body) });
    const requires = async (id: string) => (await s.db.selectFrom("programmes").select("requires_programme_id").where("id", "=", id).executeTakeFirstOrThrow()).requires_programme_id;
    const form = {
      title: "Level C: Grounding",
      subtitle: "A test program for prerequisites",
      duration: "1 Day",
      status: "Open",
      cardPoints: ["<p>Point</p>"],
      learningSections: [{ title: "Basics", content: "<p>Content</p>" }],
      upcomingEvents: [],
    };
    const circle = await put(C, { ...form, requiredProgramId: D });
    expect(circle.status).toBe(400);
    expect(((await circle.json()) as { errors: Record<string, string> }).errors).toEqual({ requiredProgramId: "That program already requires this one; choose another or None" });
    expect((await put(C, { ...form, requiredProgramId: "ich-1" })).status).toBe(400); // another kind
    const itself = await put(C, { ...form, requiredProgramId: C });
    expect(((await itself.json()) as { errors: Record<string, string> }).errors.requiredProgramId).toBe("Choose one of the other programs of this kind, or None");
    expect((await put(C, { ...form, requiredProgramId: "bad id!" })).status).toBe(400);
    expect(await requires(C)).toBeNull();

    const dForm = { ...form, title: "Level D: Deepening" };
    const kept = await put(D, dForm);
    expect(kept.status).toBe(200); // left out: kept
    expect(await requires(D)).toBe(C);
    const none = await put(D, { ...dForm, requiredProgramId: "" });
    expect(((await none.json()) as { data: { requiredProgramId: string | null } }).data.requiredProgramId).toBeNull();
    expect(await requires(D)).toBeNull();
    const back = await put(D, { ...dForm, requiredProgramId: C });
    expect(((await back.json()) as { data: { requiredProgramId: string | null } }).data.requiredProgramId).toBe(C);
    expect((await s.db.selectFrom("audit_events").select("detail").where("target_id", "=", D).orderBy("at", "desc").executeTakeFirstOrThrow()).detail).toContain(`"requiredProgramId":"${C}"`);

    // The seed's prerequisites (spec part 2 §9).
    const seeded = await s.db.selectFrom("programmes").select(["id", "requires_programme_id"]).where("id", "like", "decode-%").orderBy("id").execute();
    expect(seeded.map((p) => [p.id, p.requires_programme_id])).toEqual([
      ["decode-1", null],
      ["decode-2", "decode-1"],
      ["decode-3", "decode-2"],
      ["decode-4", "decode-3"],
      ["decode-5", null],
    ]);
    const ich = await s.db.selectFrom("programmes").select(["id", "requires_programme_id"]).where("id", "like", "ich-%").orderBy("id").execute();
    expect(ich.map((p) => p.requires_programme_id)).toEqual([null, "ich-1", "ich-2", "ich-3", "ich-4", null]);
  });
});

describe.each(dialects)("staff cancel a session on %s", { timeout: 180_000 }, (dialect) => {
  let s: RunningSite;
  let cookie: string;
  const staffEmail = `cancel-${dialect}@example.org`;
  beforeAll(async () => {
    s = await startSite(dialect, { FORM_RATE_LIMIT: "100000", SESSION_JOBS_SECONDS: "86400" });
    const account = await createStaffAccount(s.db, staffEmail, "Lantern orchard 73 quietly");
    cookie = `staff_session=${(await createSession(s.db, account.id, "browser", 3600)).secret}`;
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  const postJson = (p: string, body: unknown) => fetch(`${s.url}${p}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const mailTo = (email: string, subjectStart: string) =>
    s.db.selectFrom("outbox").selectAll().where("to_address", "=", email).where("subject", "like", `${subjectStart}%`).execute();
  const staffPost = (base: string, path: string, body: string) =>
    fetch(`${base}${path}`, { method: "POST", redirect: "manual", headers: { cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" }, body });
  const ics = (attachments: string) => (JSON.parse(attachments) as Array<{ content: string; contentType: string }>)[0]!;

  it("a program session: every seat holder gets METHOD:CANCEL with the same UID and the next SEQUENCE, in the venue's zone; waiting people are told; the session leaves the public lists", async () => {
    // A DECODE level 1 session (no requirement) in Chicago, 2 seats: two registrations and one waiting.
    const sessionId = await addSession(s, { programme_id: "decode-1", title: "Decode Your Mind: Chicago extra", capacity: 2 });
    for (const email of ["one@example.com", "two@example.com"]) expect((await postJson("/api/registration", { ...valid, email, upcomingEventId: sessionId })).status).toBe(201);
    expect((await postJson("/api/registration", { ...valid, email: "wait@example.com", upcomingEventId: sessionId, waitingList: true })).status).toBe(201);
    const confirmation = ics((await mailTo("one@example.com", "Registration confirmed"))[0]!.attachments);
    const uid = /^UID:(.+)$/m.exec(confirmation.content)![1]!.trim();
    // Moved once (SEQUENCE 1), then cancelled (SEQUENCE 2).
    await s.db.updateTable("events").set({ venue: "Riverside Hall" }).where("id", "=", sessionId).execute();
    await queueScheduleUpdates(s.db, s.config.site);
    expect(await mailTo("one@example.com", "Session changed")).toHaveLength(1);

    const before = await (await fetch(`${s.url}/api/decode/user/decode-1`)).json() as { data: { upcomingEvents: Array<{ _id: string }> } };
    expect(before.data.upcomingEvents.map((e) => e._id)).toContain(sessionId);

    const cancelled = await staffPost(s.url, "/admin/decode", `intent=cancel-session&sessionId=${sessionId}`);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.text()).toContain("Session canceled. Everyone who held a seat is being emailed.");

    for (const email of ["one@example.com", "two@example.com"]) {
      const [mail] = await mailTo(email, "Session canceled");
      expect(mail).toBeDefined();
      const file = ics(mail!.attachments);
      expect(file.contentType).toContain("method=CANCEL");
      expect(file.content).toContain("METHOD:CANCEL");
      expect(file.content).toContain("STATUS:CANCELLED");
      expect(file.content).toContain("SEQUENCE:2");
      expect(file.content).toMatch(/^DTSTART;TZID=America\/Chicago:\d{8}T\d{6}$/m);
      // The same UID as that person's confirmation, so the calendar removes that entry.
      expect(file.content.includes(`UID:${uid}`)).toBe(email === "one@example.com");
      // The mail says the time in the venue's zone.
      expect(mail!.text_body).toMatch(/C[SD]T/);
    }
    const waiting = (await mailTo("wait@example.com", "Session canceled"))[0]!;
    expect(waiting.attachments).toBe("[]");
    const statuses = await s.db.selectFrom("registrations").select(["email", "status"]).where("event_id", "=", sessionId).orderBy("email").execute();
    expect(statuses).toEqual([
      { email: "one@example.com", status: "registered" },
      { email: "two@example.com", status: "registered" },
      { email: "wait@example.com", status: "removed" },
    ]);
    const event = await s.db.selectFrom("events").select(["status", "cancelled_by"]).where("id", "=", sessionId).executeTakeFirstOrThrow();
    expect(event).toEqual({ status: "Cancelled", cancelled_by: staffEmail });
    expect(await s.db.selectFrom("audit_events").select(["action", "actor_email"]).where("target_id", "=", sessionId).execute()).toEqual([
      { action: "session-cancel", actor_email: staffEmail },
    ]);

    // Gone from the public lists and the calendar; registering is refused in words.
    const after = await (await fetch(`${s.url}/api/decode/user/decode-1`)).json() as { data: { upcomingEvents: Array<{ _id: string }> } };
    expect(after.data.upcomingEvents.map((e) => e._id)).not.toContain(sessionId);
    // Its Event data stays, as EventCancelled (decision 0077: cancelled-events.test.ts); the table leaves it out.
    expect(shownMain(await (await fetch(`${s.url}/schedule`)).text())).not.toContain("Chicago extra");
    const late = await postJson("/api/registration", { ...valid, email: "late@example.com", upcomingEventId: sessionId });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { message: string }).message).toBe("This session has been canceled. Please choose another session.");
    const page = await fetch(`${s.url}/register/${sessionId}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("This session has been canceled.");

    // Staff tell the people who held a seat apart from those of a session still on: in the list and in the details.
    const list = await (await fetch(`${s.url}/admin/registrations?search=${encodeURIComponent("one@example.com")}`, { headers: { cookie } })).text();
    expect(list).toContain("Registered – session canceled");
    const one = await s.db.selectFrom("registrations").select("id").where("event_id", "=", sessionId).where("email_key", "=", "one@example.com").executeTakeFirstOrThrow();
    expect(await (await fetch(`${s.url}/admin/registrations?view=${one.id}`, { headers: { cookie } })).text()).toContain("Registered – session canceled");

    // Later jobs send nothing more about it; cancelling again or editing it is refused.
    await s.db.deleteFrom("outbox").execute();
    await s.db.updateTable("events").set({ city: "Evanston" }).where("id", "=", sessionId).execute();
    expect(await queueScheduleUpdates(s.db, s.config.site)).toBe(0);
    expect((await staffPost(s.url, "/admin/decode", `intent=cancel-session&sessionId=${sessionId}`)).status).toBe(409);
    expect((await staffPost(s.url, "/admin/hypnotherapy", `intent=cancel-session&sessionId=${sessionId}`)).status).toBe(404); // not a session of that kind
    expect((await staffPost(s.url, "/admin/decode", "intent=cancel-session&sessionId=")).status).toBe(400);
    expect(await s.db.selectFrom("outbox").selectAll().execute()).toEqual([]);
  });

  it("a Family Constellation session, cancelled from two instances at once: one cancels, each booker gets one mail; the private page says so", async () => {
    const sessionId = await addSession(s, { kind: "family", title: "Family Constellation", capacity: 5, time_zone: "America/Denver", city: "Denver" });
    const book = await postJson("/api/familyConsitalation/register", {
      fullName: "Bo Oak",
      email: "bo@example.com",
      phone: "(512) 555-0142",
      programId: sessionId,
      termsAndCondition: true,
    });
    expect(book.status).toBe(201);
    const second = await startSecondInstance(s);
    try {
      const answers = await Promise.all([s.url, second.url].map((base) => staffPost(base, "/admin/family-events", `intent=cancel&sessionId=${sessionId}`)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    } finally {
      await second.stop();
    }
    const mails = await mailTo("bo@example.com", "Session canceled");
    expect(mails).toHaveLength(1);
    expect(ics(mails[0]!.attachments).content).toMatch(/^DTSTART;TZID=America\/Denver:/m);
    expect(mails[0]!.text_body).toMatch(/M[SD]T/);
    const html = await (await fetch(`${s.url}/admin/family-events?search=canceled`, { headers: { cookie } })).text();
    expect(html).toContain(">Canceled</span>");
    expect(shownMain(await (await fetch(`${s.url}/family-constellation`)).text())).not.toContain(sessionId);
    // The booking keeps its status, and staff read that its session was canceled.
    const booking = await s.db.selectFrom("family_bookings").select("id").where("event_id", "=", sessionId).executeTakeFirstOrThrow();
    const details = await (await fetch(`${s.url}/admin/family-consultations?view=${booking.id}`, { headers: { cookie } })).text();
    expect(details).toContain("Booked – session canceled");
  });

  it("a registrant's private page of a cancelled session says so and offers no cancelling", async () => {
    const sessionId = await addSession(s, { programme_id: "decode-1", title: "Decode private page" });
    expect((await postJson("/api/registration", { ...valid, email: "page@example.com", upcomingEventId: sessionId })).status).toBe(201);
    const link = /\/my-registration\/[A-Za-z0-9_-]{43}/.exec((await mailTo("page@example.com", "Registration confirmed"))[0]!.text_body)![0];
    expect((await staffPost(s.url, "/admin/decode", `intent=cancel-session&sessionId=${sessionId}`)).status).toBe(200);
    const page = await (await fetch(`${s.url}${link}`)).text();
    expect(page).toContain("This session has been canceled by the organizers.");
    expect(page).not.toContain("Cancel my registration");
    const refused = await fetch(`${s.url}${link}`, { method: "POST", redirect: "manual", headers: { Origin: s.url, "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=cancel" });
    expect(refused.status).toBe(409);
    const file = await (await fetch(`${s.url}${link}/calendar.ics`)).text();
    expect(file).toContain("METHOD:CANCEL");
  });
});
