import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffAccount } from "~/features/admin-auth/accounts.server";
import { createSession } from "~/features/admin-auth/sessions.server";
import { settingsResponse } from "~/features/api/openapi.server";
import { runRetentionPass } from "~/features/retention/retention.server";
import { dialects } from "../helpers/databases";
import { addSession, valid } from "../helpers/registration";
import { startSecondInstance, startSite, type RunningSite } from "../helpers/site";

/**
 * Settings staff change on /admin/settings (issue 11 point 6, decision 0038),
 * on both databases: the environment's value until staff change it, field
 * messages and a 4xx for bad input, refused without a session or from another
 * site, each change in the audit trail, and every reader (the session mail
 * job's reminders and offers, the retention job, the privacy policy, a second
 * instance) using the saved value.
 */
const DAY = 86_400_000;

describe.each(dialects)("staff settings on %s", { timeout: 180_000 }, (dialect) => {
  let s: RunningSite;
  let cookie: string;
  let bearer: string;
  const staffEmail = `settings-${dialect}@example.org`;

  beforeAll(async () => {
    s = await startSite(dialect, { FORM_RATE_LIMIT: "100000", SESSION_JOBS_SECONDS: "86400", REMINDER_DAYS: "7,1", RETENTION_PHOTO_DAYS: "90" });
    const account = await createStaffAccount(s.db, staffEmail, "Lantern orchard 73 quietly");
    cookie = `staff_session=${(await createSession(s.db, account.id, "browser", 3600)).secret}`;
    bearer = `Bearer ${(await createSession(s.db, account.id, "api", 3600)).secret}`;
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  const form = (values: Record<string, string>) => new URLSearchParams(values).toString();
  const defaults = { offerHours: "24", reminderDays: "7, 1", photoDays: "90", registrationYears: "3", contactYears: "2" };
  const save = (values: Record<string, string>, headers: Record<string, string> = { cookie, Origin: s.url }) =>
    fetch(`${s.url}/admin/settings`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: form({ ...defaults, ...values }),
    });
  const api = (method: string, body?: unknown, auth: Record<string, string> = { Authorization: bearer }) =>
    fetch(`${s.url}/api/admin/settings`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const rows = () => s.db.selectFrom("settings").select(["key", "value", "updated_by"]).orderBy("key").execute();
  const audits = () => s.db.selectFrom("audit_events").select(["action", "actor_email", "target_type", "detail"]).where("action", "=", "settings").orderBy("at").execute();
  const mainText = async (res: Response) => {
    const html = await res.text();
    return /<main[\s\S]*<\/main>/.exec(html)?.[0].replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim() ?? "";
  };
  /** A pass of the session jobs that began after this call (one already running may have read the settings before a save). */
  const sessionJobsPass = async () => {
    await s.site.sessionMail.runNow();
    await s.site.sessionMail.runNow();
  };

  it("is refused without a session, from another site, and through the API without a token; nothing is stored", async () => {
    const page = await fetch(`${s.url}/admin/settings`, { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/login?next=%2Fadmin%2Fsettings");
    expect((await save({ offerHours: "48" }, { Origin: s.url })).status).toBe(302);
    expect((await save({ offerHours: "48" }, { cookie, Origin: "https://evil.example" })).status).toBe(403);
    expect((await save({ offerHours: "48" }, { cookie, "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await api("GET", undefined, {})).status).toBe(401);
    expect((await api("PUT", { offerHours: 48 }, {})).status).toBe(401);
    expect((await api("PUT", { offerHours: 48 }, { Authorization: "Bearer nope" })).status).toBe(401);
    expect(await rows()).toEqual([]);
    expect(await audits()).toEqual([]);
  });

  it("shows the environment's values as the defaults until staff change them", async () => {
    const res = await fetch(`${s.url}/admin/settings`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Waiting-list offer holds the seat for (hours)");
    expect(html).toContain('value="7, 1"');
    expect(html).toContain("The default (RETENTION_PHOTO_DAYS): 90.");
    const body = settingsResponse.parse(await (await api("GET")).json());
    expect(body.data).toMatchObject({ offerHours: 24, reminderDays: [7, 1], photoDays: 90, registrationYears: 3, contactYears: 2, changed: {} });
  });

  it("refuses bad values with a message beside each field and a 400, saving nothing", async () => {
    const res = await save({ offerHours: "0", reminderDays: "7, soon", photoDays: "4000", registrationYears: "2.5", contactYears: "" });
    expect(res.status).toBe(400);
    const text = await mainText(res);
    expect(text).toContain("Nothing was saved: 5 settings need correcting.");
    expect(text).toContain("Enter a whole number from 1 to 168.");
    expect(text).toContain("Enter whole numbers of days from 1 to 60, separated by commas (at most 5), or none.");
    expect(text).toContain("Enter a whole number from 1 to 3650.");
    expect(text.match(/Enter a whole number from 1 to 20\./g)).toHaveLength(2);
    // What was typed stays in the form, each field marked invalid.
    const html = await (await save({ offerHours: "999" })).text();
    expect(html).toMatch(/aria-invalid="true"[^>]*value="999"|value="999"[^>]*aria-invalid="true"/);
    expect((await save({ reminderDays: "1,2,3,4,5,6" })).status).toBe(400);
    expect((await save({}, { cookie, Origin: s.url, "Content-Type": "text/plain" })).status).toBe(415);

    const put = await api("PUT", { offerHours: 500, reminderDays: [0] });
    expect(put.status).toBe(400);
    expect(await put.json()).toEqual({
      success: false,
      message: "Nothing was saved: correct the settings named in errors.",
      errors: { offerHours: "Enter a whole number from 1 to 168.", reminderDays: "Enter whole numbers of days from 1 to 60, separated by commas (at most 5), or none." },
    });
    const unknownName = await api("PUT", { photoDays: "90", colour: "red" });
    expect(unknownName.status).toBe(400);
    expect(((await unknownName.json()) as { errors: Record<string, string> }).errors).toEqual({ colour: "Not a setting" });
    expect((await api("PUT", "[1]")).status).toBe(400);
    expect(await rows()).toEqual([]);
    expect(await audits()).toEqual([]);
  });

  it("saves a change, says so, records old and new values in the audit trail, and the privacy policy states the new period at once (on every instance)", async () => {
    // Both instances have the policy cached.
    const second = await startSecondInstance(s);
    try {
      for (const base of [s.url, second.url]) {
        // A page is stored once it is compressed, a moment after it was sent: ask until it is served from memory.
        await expect.poll(async () => (await fetch(`${base}/privacy-policy`)).headers.get("x-page-cache"), { timeout: 20_000 }).toBe("hit");
        expect(await mainText(await fetch(`${base}/privacy-policy`))).toContain("deleted 90 days after the session ends");
      }

      const res = await save({ photoDays: "30", reminderDays: "14" });
      expect(res.status).toBe(200);
      const text = await mainText(res);
      expect(text).toContain("Settings saved: 2 changes. They apply at once.");
      expect(await rows()).toEqual([
        { key: "reminder_days", value: "14", updated_by: staffEmail },
        { key: "retention_photo_days", value: "30", updated_by: staffEmail },
      ]);
      const [entry, ...more] = await audits();
      expect(more).toEqual([]);
      expect(entry).toMatchObject({ action: "settings", actor_email: staffEmail, target_type: "settings" });
      expect(JSON.parse(entry!.detail!)).toMatchObject({
        changes: [
          { setting: "reminderDays", from: "7, 1", to: "14" },
          { setting: "photoDays", from: "90", to: "30" },
        ],
      });
      const trail = await mainText(await fetch(`${s.url}/admin/audit?action=settings`, { headers: { cookie } }));
      expect(trail).toContain("Settings changed");
      expect(trail).toContain("Delete ID photos and profile images after (days): 90 days → 30 days");

      for (const base of [s.url, second.url]) {
        const fresh = await fetch(`${base}/privacy-policy`);
        expect(fresh.headers.get("x-page-cache")).toBe("miss");
        const policy = await mainText(fresh);
        expect(policy).toContain("deleted 30 days after the session ends");
        expect(policy).not.toContain("deleted 90 days");
      }
      const fromSecond = (await (await fetch(`${second.url}/api/admin/settings`, { headers: { Authorization: bearer } })).json()) as { data: Record<string, unknown> };
      expect(fromSecond.data).toMatchObject({ photoDays: 30, reminderDays: [14], changed: { photoDays: { by: staffEmail } } });

      // Saving the same values again changes and records nothing.
      expect(await mainText(await save({ photoDays: "30", reminderDays: "14" }))).toContain("Nothing changed");
      expect(await audits()).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it("a field the page showed and sent back unchanged leaves the stored value alone: a colleague's save meanwhile is not undone", async () => {
    // From the defaults: two pages opened on the same values; the first saves a new offer time.
    await save(defaults);
    const shown = defaults;
    const was = Object.fromEntries(Object.entries(shown).map(([k, v]) => [`was.${k}`, v]));
    const first = await save({ ...shown, ...was, offerHours: "48" });
    expect(await mainText(first)).toContain("Settings saved: 1 change.");
    // The second changes only the contact years; its offer time is the one it showed (24), which is not its change.
    const second = await save({ ...shown, ...was, contactYears: "4" });
    expect(await mainText(second)).toContain("Settings saved: 1 change.");
    const stored = Object.fromEntries((await rows()).map((r) => [r.key, r.value]));
    expect(stored).toMatchObject({ waiting_list_offer_hours: "48", retention_contact_years: "4" });
    // A post without what the page showed (an older client) still sets every field it sends: back to the defaults.
    expect(await mainText(await save(defaults))).toContain("Settings saved: 2 changes.");
    expect(await rows()).toEqual([]);
  });

  it("a save sets only what it names: a change another made to another setting after this one's values were read stays (decision 0109)", async () => {
    const { saveSettings } = await import("~/features/settings/settings.server");
    const actor = { id: null, email: staffEmail };
    // A colleague shortens the photo period...
    await saveSettings(s.db, s.config.settingDefaults, { photoDays: 30 }, actor, null);
    // ...while this save, whose values were read before it, names only the offer time.
    const changes = await saveSettings(s.db, s.config.settingDefaults, { offerHours: 48 }, actor, null);
    expect(changes.map((c) => c.setting)).toEqual(["offerHours"]);
    expect(Object.fromEntries((await rows()).map((r) => [r.key, r.value]))).toMatchObject({ waiting_list_offer_hours: "48", retention_photo_days: "30" });
    // Through the API: a body naming one setting changes that one.
    const put = await api("PUT", { reminderDays: [5] });
    expect(put.status).toBe(200);
    expect(((await put.json()) as { changes: Array<{ setting: string }> }).changes.map((c) => c.setting)).toEqual(["reminderDays"]);
    expect(Object.fromEntries((await rows()).map((r) => [r.key, r.value]))).toMatchObject({ waiting_list_offer_hours: "48", retention_photo_days: "30", reminder_days: "5" });
    await save(defaults);
    expect(await rows()).toEqual([]);
  });

  it("the reminders job sends at the saved days before a session", async () => {
    // Back to the environment's 7 and 1 days before this test's session exists, and every pass that may have
    // read an earlier test's 14 days finished: such a pass would rightly remind this session at 14 days.
    expect((await api("PUT", { reminderDays: "7, 1" })).status).toBe(200);
    await sessionJobsPass();
    const sessionId = await addSession(s, { title: "Reminded at 14 days", starts_at: new Date(Date.now() + 10 * DAY).toISOString(), ends_at: new Date(Date.now() + 10 * DAY + 3_600_000).toISOString() });
    const res = await fetch(`${s.url}/api/registration`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...valid, email: "reminded@example.com", upcomingEventId: sessionId, programId: undefined }),
    });
    expect(res.status).toBe(201);
    await s.db.updateTable("registrations").set({ created_at: new Date(Date.now() - 20 * DAY).toISOString() }).where("event_id", "=", sessionId).execute();
    const reminders = () => s.db.selectFrom("session_reminders").select("days_before").where("event_id", "=", sessionId).execute();

    // The environment's 7 and 1 days: nothing is due ten days ahead; the saved 14: due now.
    await sessionJobsPass();
    expect(await reminders()).toEqual([]);
    expect(await rows()).not.toContainEqual(expect.objectContaining({ key: "reminder_days" })); // back to the default: no row

    expect((await api("PUT", { reminderDays: [14] })).status).toBe(200);
    await sessionJobsPass();
    expect(await reminders()).toEqual([{ days_before: 14 }]);
    const mail = await s.db.selectFrom("outbox").select("subject").where("to_address", "=", "reminded@example.com").where("subject", "like", "Reminder:%").execute();
    // Sent at once, 10 days before the session: it says so, not the 14 it was due at (decision 0057).
    expect(mail).toEqual([{ subject: expect.stringContaining("Reminder: Reminded at 14 days is in 10 days") }]);
  });

  it("a waiting-list offer holds its seat for the saved hours", async () => {
    const put = await api("PUT", { offerHours: 72 });
    expect(put.status).toBe(200);
    expect(settingsResponse.parse(await put.json())).toMatchObject({ success: true, changes: [{ setting: "offerHours", from: "24", to: "72" }], data: { offerHours: 72 } });
    const sessionId = await addSession(s, { capacity: 1, title: "Offer for 72 hours" });
    const register = (email: string, waitingList: boolean) =>
      fetch(`${s.url}/api/registration`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...valid, email, upcomingEventId: sessionId, programId: undefined, ...(waitingList ? { waitingList: true } : {}) }),
      });
    expect((await register("holder@example.com", false)).status).toBe(201);
    expect((await register("waiting@example.com", true)).status).toBe(201);
    await s.db.updateTable("events").set({ capacity: 2 }).where("id", "=", sessionId).execute();
    const before = Date.now();
    await sessionJobsPass();
    const entry = await s.db.selectFrom("registrations").select(["status", "offer_expires_at"]).where("event_id", "=", sessionId).where("email_key", "=", "waiting@example.com").executeTakeFirstOrThrow();
    expect(entry.status).toBe("offered");
    const held = Date.parse(entry.offer_expires_at!) - before;
    expect(held).toBeGreaterThan(71 * 3_600_000);
    expect(held).toBeLessThanOrEqual(73 * 3_600_000);
  });

  it("the retention job applies the saved periods", async () => {
    const now = new Date();
    const id = crypto.randomUUID();
    const at = new Date(now.getTime() - 400 * DAY).toISOString();
    await s.db
      .insertInto("contact_messages")
      .values({ id, first_name: "Old", last_name: "Message", email: "old@example.com", phone_number: "5550001111", country: "United States", zip_code: "78701", message: "Hello", accepted_privacy_at: at, created_at: at })
      .execute();
    const contact = () => s.db.selectFrom("contact_messages").select(["email", "anonymised_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    // Two years (the environment's): a 400-day-old message stays.
    await runRetentionPass(s.db, s.config.settingDefaults, now);
    expect(await contact()).toEqual({ email: "old@example.com", anonymised_at: null });
    expect((await save({ photoDays: "30", reminderDays: "14", offerHours: "72", contactYears: "1" })).status).toBe(200);
    await runRetentionPass(s.db, s.config.settingDefaults, now);
    expect((await contact()).email).toBe("");
    expect(await mainText(await fetch(`${s.url}/privacy-policy`))).toContain("contact messages: 1 year after they reach us");
  });
});
