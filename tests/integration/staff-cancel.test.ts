import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createStaffAccount } from "~/features/admin-auth/accounts.server";
import { createSession } from "~/features/admin-auth/sessions.server";
import { deletedResponse, errorResponse } from "~/features/api/openapi.server";
import { dialects } from "../helpers/databases";
import { addSession, valid } from "../helpers/registration";
import { startSite, type RunningSite } from "../helpers/site";

/**
 * A staff member cancels a registration for its registrant (decision 0080),
 * through the JSON API and the details dialog's plain form: the seat freed and
 * offered to the waiting list, the registrant mailed with the calendar's CANCEL,
 * the team not told (it did it), the audit trail naming who; refused for what
 * holds no seat.
 */
describe.each(dialects)("staff cancel of a registration on %s", { timeout: 120_000 }, (dialect) => {
  let s: RunningSite;
  let bearer: Record<string, string>;
  let cookie: string;

  beforeAll(async () => {
    s = await startSite(dialect, { FORM_RATE_LIMIT: "100000", SESSION_JOBS_SECONDS: "86400" });
    // The test offers freed seats itself (through the cancel); the periodic pass must not race it.
    await s.site.sessionMail.stop();
    const account = await createStaffAccount(s.db, "desk@example.org", "Lantern orchard 73 quietly");
    bearer = { authorization: `Bearer ${(await createSession(s.db, account.id, "api", 3600)).secret}` };
    cookie = `staff_session=${(await createSession(s.db, account.id, "browser", 3600)).secret}`;
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });
  beforeEach(async () => {
    await s.db.deleteFrom("outbox").execute();
  });

  const register = async (sessionId: string, email: string, waitingList = false) => {
    const res = await fetch(`${s.url}/api/registration`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...valid, firstName: "Nadia", email, upcomingEventId: sessionId, programId: undefined, ...(waitingList ? { waitingList: true } : {}) }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { _id: string } }).data._id;
  };
  const cancel = (id: string, body: unknown = { status: "cancelled" }) =>
    fetch(`${s.url}/api/registration/${id}`, { method: "PATCH", headers: { ...bearer, "content-type": "application/json" }, body: JSON.stringify(body) });
  const row = (id: string) => s.db.selectFrom("registrations").select(["status", "cancelled_at"]).where("id", "=", id).executeTakeFirstOrThrow();

  it("cancels through the API: the seat goes to the first person waiting, the registrant is mailed, the team is not, the audit names who", async () => {
    const sessionId = await addSession(s, { capacity: 1, title: "One seat only" });
    const holder = await register(sessionId, "holder@example.com");
    const waiting = await register(sessionId, "waiting@example.com", true);
    await s.db.deleteFrom("outbox").execute();

    const res = await cancel(holder);
    expect(res.status).toBe(200);
    expect(deletedResponse.parse(await res.json()).message).toBe("The registration was canceled and the registrant was emailed. Their seat is free again.");
    expect(await row(holder)).toMatchObject({ status: "cancelled", cancelled_at: expect.any(String) });
    // The freed seat was offered at once to the person waiting.
    expect((await row(waiting)).status).toBe("offered");

    const mails = await s.db.selectFrom("outbox").selectAll().where("topic", "=", `registration:${holder}`).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: "holder@example.com", subject: `Registration canceled: One seat only | ${s.config.site.orgName}` });
    expect(mails[0]!.text_body).toContain("Dear Nadia,");
    expect(mails[0]!.text_body).toContain("Our team has canceled your registration for the session below and released your seat.");
    expect(mails[0]!.text_body).not.toContain("As you asked");
    expect(mails[0]!.attachments).toContain("METHOD:CANCEL");
    // The team did it: no "Canceled by the registrant" notice to the team.
    expect(await s.db.selectFrom("outbox").select("id").where("to_address", "=", s.config.site.contactEmail).execute()).toEqual([]);

    const audit = await s.db.selectFrom("audit_events").selectAll().where("target_id", "=", holder).where("action", "=", "staff-cancel").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_email: "desk@example.org", target_type: "registration" });
    expect(JSON.parse(audit[0]!.detail!)).toEqual({ via: "api", session: sessionId });

    // Twice: refused, nothing mailed again.
    const again = await cancel(holder);
    expect(again.status).toBe(409);
    expect(errorResponse.parse(await again.json()).message).toBe("This registration was already canceled.");
    expect(await s.db.selectFrom("outbox").select("id").where("topic", "=", `registration:${holder}`).execute()).toHaveLength(1);
  });

  it("refuses what holds no seat, a body other than the cancel, and an unknown id; changes nothing", async () => {
    const sessionId = await addSession(s, { capacity: 1 });
    const holder = await register(sessionId, "keeps@example.com");
    const waiting = await register(sessionId, "queue@example.com", true);
    await s.db.deleteFrom("outbox").execute();

    const notHolding = await cancel(waiting);
    expect(notHolding.status).toBe(409);
    expect(errorResponse.parse(await notHolding.json()).message).toMatch(/^Only a registration that holds a seat can be canceled here/);
    const wrongBody = await cancel(holder, { status: "registered" });
    expect(wrongBody.status).toBe(400);
    expect(errorResponse.parse(await wrongBody.json()).errors).toEqual({ status: expect.stringContaining('{ "status": "cancelled" }') });
    expect((await cancel("no-such-registration")).status).toBe(404);
    // A seat held while an earlier level is checked is declined under Approvals: no calendar entry was ever sent.
    const held = await register(await addSession(s), "held@example.com");
    await s.db.updateTable("registrations").set({ status: "awaiting_approval" }).where("id", "=", held).execute();
    await s.db.deleteFrom("outbox").execute();
    const awaiting = await cancel(held);
    expect(awaiting.status).toBe(409);
    expect(errorResponse.parse(await awaiting.json()).message).toBe("This registration awaits approval of an earlier level: decline it under Approvals instead.");
    expect((await row(held)).status).toBe("awaiting_approval");
    // An ICH list's address does not reach a DECODE registration.
    const other = await fetch(`${s.url}/api/ich/${holder}`, { method: "PATCH", headers: { ...bearer, "content-type": "application/json" }, body: '{"status":"cancelled"}' });
    expect(other.status).toBe(404);
    // Signed out: refused before anything is read.
    expect((await fetch(`${s.url}/api/registration/${holder}`, { method: "PATCH", headers: { "content-type": "application/json" }, body: '{"status":"cancelled"}' })).status).toBe(401);

    expect((await row(holder)).status).toBe("registered");
    expect((await row(waiting)).status).toBe("waiting");
    expect(await s.db.selectFrom("outbox").select("id").execute()).toEqual([]);
  });

  it("cancels from the details dialog's plain form, with the answer in the dialog", async () => {
    const sessionId = await addSession(s);
    const holder = await register(sessionId, "dialog@example.com");
    const page = await (await fetch(`${s.url}/admin/registrations?view=${holder}`, { headers: { cookie } })).text();
    expect(page).toContain("Cancel this registration");

    const post = (body: string) =>
      fetch(`${s.url}/admin/registrations?view=${holder}`, { method: "POST", headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: s.url }, body });
    // Without the box that says the registrant asked (decision 0107): said in the dialog, and nothing is canceled.
    const unticked = await post(`intent=cancel&id=${holder}`);
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain("Check the box to confirm that the registrant asked us to cancel");
    expect((await row(holder)).status).toBe("registered");
    expect(await s.db.selectFrom("outbox").select("id").where("subject", "like", "Registration canceled%").execute()).toEqual([]);

    const res = await post(`intent=cancel&id=${holder}&confirm=on`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("The registration was canceled and the registrant was emailed. Their seat is free again.");
    // The dialog shows the canceled status, and no cancel form any more.
    expect(html).toContain("Canceled");
    expect(html).not.toContain("Cancel this registration");
    expect((await row(holder)).status).toBe("cancelled");
    const audit = await s.db.selectFrom("audit_events").select("detail").where("target_id", "=", holder).where("action", "=", "staff-cancel").executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail!)).toEqual({ via: "staff screen", session: sessionId });
  });
});
