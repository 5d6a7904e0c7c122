import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seatsTaken } from "~/features/events/events.server";
import { formatSessionWhen } from "~/features/events/format";
import { toldSession } from "~/features/events/told";
import { dialects } from "../helpers/databases";
import { addSession, valid } from "../helpers/registration";
import { startSite, type RunningSite } from "../helpers/site";
import { eraseRegistration } from "~/features/retention/retention.server";
import { queueScheduleUpdates } from "~/features/session-mail/session-mail.server";

describe.each(dialects)("a registration's private page on %s", (dialect) => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite(dialect, { FORM_RATE_LIMIT: "100000" });
  });
  afterAll(async () => {
    await s?.stop();
  });
  beforeEach(async () => {
    await s.db.deleteFrom("outbox").execute();
  });

  /** Registers `email` for `sessionId` through the API and returns the private link from the confirmation mail. */
  async function register(sessionId: string, email: string) {
    const res = await fetch(`${s.url}/api/registration`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...valid, email, upcomingEventId: sessionId, programId: undefined }),
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { data: { _id: string } }).data._id;
    const mail = await s.db
      .selectFrom("outbox")
      .selectAll()
      .where("topic", "=", `registration:${id}`)
      .where("to_address", "=", email)
      .executeTakeFirstOrThrow();
    const link = new RegExp(`${s.config.site.publicUrl}(/my-registration/[A-Za-z0-9_-]{43})`).exec(mail.text_body)?.[1];
    expect(link, "the confirmation mail holds the private link").toBeTruthy();
    expect(mail.html_body).toContain(`href="${s.config.site.publicUrl}${link}"`);
    return { id, path: link!, token: link!.split("/").pop()! };
  }

  const page = (p: string, init?: RequestInit) => fetch(`${s.url}${p}`, { redirect: "manual", ...init });
  const mainText = async (res: Response) => {
    const html = await res.text();
    return /<main[\s\S]*<\/main>/.exec(html)?.[0].replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim() ?? "";
  };

  it("shows the registration to the holder of the link, privately, and keeps only the token's hash", async () => {
    const sessionId = await addSession(s, { title: "Private page session" });
    const { id, path, token } = await register(sessionId, "holder@example.com");

    const res = await page(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    // Never kept by the page cache, so never served to anyone else.
    expect((await page(path)).headers.get("x-page-cache")).not.toBe("hit");
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).toContain("Private page session");
    expect(html).toContain("Confirmed");
    expect(html).toContain("holder@example.com");

    const row = await s.db.selectFrom("registrations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.access_token_hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);

    const ics = await page(`${path}/calendar.ics`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toContain("text/calendar");
    expect(ics.headers.get("cache-control")).toBe("private, no-store");
    const body = (await ics.text()).replace(/\r\n[ \t]/g, "");
    expect(body).toContain(`\r\nUID:registration-${id}@${new URL(s.config.publicUrl).hostname}\r\n`);
    expect(body).toContain("DTSTART;TZID=America/Chicago:");
    // Its `.data` twin came without those headers: refused (decision 0108).
    const twin = await page(`${path}/calendar.ics.data`);
    expect(twin.status).toBe(404);

    // The page's links and forms that hold the token are not announced to the router's route discovery, whose
    // manifest request would carry the token in a year-cacheable address (decision 0108).
    const tags = [...html.matchAll(/<(?:a|form)\b[^>]*>/g)].map((m) => m[0]).filter((t) => t.includes(token));
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.filter((t) => t.includes("data-discover"))).toEqual([]);
    // And should a manifest request name the page anyway, its answer is kept by nobody.
    const version = /"version":\s*"([^"]+)"/.exec(html)?.[1];
    expect(version).toBeTruthy();
    for (let i = 0; i < 2; i++) {
      const manifest = await fetch(`${s.url}/__manifest?paths=${encodeURIComponent(`/,${path}`)}&version=${version}`);
      expect(manifest.headers.get("cache-control")).toBe("private, no-store");
      expect(manifest.headers.get("x-page-cache")).not.toBe("hit");
    }
    // A public page's manifest request keeps the router's caching.
    const publicManifest = await fetch(`${s.url}/__manifest?paths=${encodeURIComponent("/,/about")}&version=${version}`);
    expect(publicManifest.headers.get("cache-control")).not.toBe("private, no-store");
  });

  it("answers a wrong, a malformed and an expired link alike, showing nothing", async () => {
    const sessionId = await addSession(s);
    const { path } = await register(sessionId, "expired@example.com");
    const wrong = await page(`/my-registration/${crypto.randomBytes(32).toString("base64url")}`);
    const malformed = await page("/my-registration/abc");
    // The session ends: the link stops working.
    await s.db
      .updateTable("events")
      .set({ starts_at: new Date(Date.now() - 3 * 86_400_000).toISOString(), ends_at: new Date(Date.now() - 2 * 86_400_000).toISOString() })
      .where("id", "=", sessionId)
      .execute();
    const expired = await page(path);
    const texts = await Promise.all([wrong, malformed, expired].map(mainText));
    for (const res of [wrong, malformed, expired]) {
      expect(res.status).toBe(404);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
    expect(texts[0]).toContain("This link is not valid or has expired.");
    expect(new Set(texts).size).toBe(1);
    expect(texts[2]).not.toContain("expired@example.com");
    expect((await page(`${path}/calendar.ics`)).status).toBe(404);
  });

  it("cancels: the seat is free at once, the mails carry an .ics CANCEL, and the person may register again", async () => {
    const sessionId = await addSession(s, { capacity: 1, title: "One-seat session" });
    const { id, path } = await register(sessionId, "canceller@example.com");
    expect((await seatsTaken(s.db, [sessionId])).get(sessionId)).toBe(1);

    expect(await mainText(await page(path))).toContain("Erasing does not cancel your seat; cancel it above if you will not attend.");
    const asked = await page(`${path}?step=cancel`);
    expect(await asked.text()).toContain("Cancel your registration?");

    const res = await page(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: s.url },
      body: "intent=cancel",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${path}?cancelled=1`);
    const row = await s.db.selectFrom("registrations").select(["status", "cancelled_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("cancelled");
    expect(row.cancelled_at).toBeTruthy();
    expect((await seatsTaken(s.db, [sessionId])).get(sessionId) ?? 0).toBe(0);
    // Recorded in the staff audit trail.
    const audit = await s.db.selectFrom("audit_events").selectAll().where("target_id", "=", id).execute();
    // As the registrant's, without their email or address (decision 0056): the record's id says whose it was.
    expect(audit.map((a) => [a.action, a.target_type, a.actor_email, a.ip])).toEqual([["cancel", "registration", null, null]]);

    const mails = await s.db.selectFrom("outbox").selectAll().where("topic", "=", `registration:${id}`).execute();
    const cancellation = mails.find((m) => m.subject.startsWith("Registration canceled"));
    expect(cancellation?.to_address).toBe("canceller@example.com");
    const ics = (JSON.parse(cancellation!.attachments) as Array<{ content: string }>)[0]!.content.replace(/\r\n[ \t]/g, "");
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("STATUS:CANCELLED");
    expect(ics).toContain(`\r\nUID:registration-${id}@${new URL(s.config.publicUrl).hostname}\r\n`);
    expect(ics).toContain("SEQUENCE:1");
    const notice = mails.find((m) => m.to_address === s.config.site.contactEmail && m.subject.startsWith("Canceled by the registrant"));
    // Nobody waits for this session: the seat is free.
    expect(notice?.text_body).toMatch(/^A registrant canceled from their registration page\. The seat is free again\./);

    const after = await mainText(await page(`${path}?cancelled=1`));
    expect(after).toContain("Your registration is canceled and your seat has been released.");
    // Nothing is left to cancel above, so the erasure section no longer says to.
    expect(after).toContain("You can ask us to erase your name");
    expect(after).not.toContain("cancel it above");
    // A second cancel changes nothing and sends nothing more.
    await page(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: s.url }, body: "intent=cancel" });
    expect(await s.db.selectFrom("outbox").select("id").where("topic", "=", `registration:${id}`).execute()).toHaveLength(mails.length);
    // The freed seat, and the same person may take it again.
    await register(sessionId, "canceller@example.com");
  });

  it("refuses a cancel once the session has started: the seat stays taken and nothing is mailed", async () => {
    const sessionId = await addSession(s, { capacity: 5, title: "Started session" });
    const { id, path } = await register(sessionId, "latecomer@example.com");
    await s.db.deleteFrom("outbox").execute();
    // The session began an hour ago and runs two hours more: the link still opens the page until it ends.
    await s.db
      .updateTable("events")
      .set({ starts_at: new Date(Date.now() - 3_600_000).toISOString(), ends_at: new Date(Date.now() + 2 * 3_600_000).toISOString() })
      .where("id", "=", sessionId)
      .execute();
    const res = await page(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: s.url }, body: "intent=cancel" });
    expect(res.status).toBe(409);
    expect(await mainText(res)).toContain("This session has already started, so the registration can no longer be canceled here. Please contact us.");
    const row = await s.db.selectFrom("registrations").select(["status", "cancelled_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "registered", cancelled_at: null });
    expect((await seatsTaken(s.db, [sessionId])).get(sessionId)).toBe(1);
    // Neither the registrant's cancellation nor the team's notice (the move itself may be announced by the session job).
    expect(await s.db.selectFrom("outbox").select("subject").where("subject", "like", "%anceled%").execute()).toEqual([]);
    expect(await s.db.selectFrom("audit_events").select("id").where("target_id", "=", id).execute()).toEqual([]);
  });

  it("a later mail's own link opens the same page and cancels, while the confirmation's still works", async () => {
    const sessionId = await addSession(s, { title: "Moved session" });
    const { id, path } = await register(sessionId, "mover@example.com");
    const event = await s.db.selectFrom("events").selectAll().where("id", "=", sessionId).executeTakeFirstOrThrow();
    const told = async () => (await s.db.selectFrom("registrations").select("told_session").where("id", "=", id).executeTakeFirstOrThrow()).told_session;
    // The confirmation's details are kept with the registration.
    expect(await told()).toBe(toldSession(event));
    const later = (iso: string) => new Date(Date.parse(iso) + 86_400_000).toISOString();
    await s.db.updateTable("events").set({ starts_at: later(event.starts_at), ends_at: later(event.ends_at) }).where("id", "=", sessionId).execute();
    // This process or the server's own job queues the update; either way, exactly one.
    await queueScheduleUpdates(s.db, s.config.site);
    const update = await s.db.selectFrom("outbox").selectAll().where("topic", "like", `session-update:registration:${id}:%`).execute();
    expect(update).toHaveLength(1);
    const link = new RegExp(`${s.config.site.publicUrl}(/my-registration/[A-Za-z0-9_-]{43})`).exec(update[0]!.text_body)?.[1];
    expect(link).toBeTruthy();
    expect(link).not.toBe(path);
    expect(update[0]!.text_body).toContain(`Previous date and time: ${formatSessionWhen(event.starts_at, event.ends_at, event.time_zone)}\n`);
    expect(await told()).toBe(toldSession({ ...event, starts_at: later(event.starts_at), ends_at: later(event.ends_at) }));

    const shown = await page(link!);
    expect(shown.status).toBe(200);
    expect(await mainText(shown)).toContain("mover@example.com");
    const res = await page(link!, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: s.url }, body: "intent=cancel" });
    expect(res.status).toBe(302);
    expect((await s.db.selectFrom("registrations").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("cancelled");
    expect(await mainText(await page(`${path}?cancelled=1`))).toContain("Your registration is canceled and your seat has been released.");
  });

  it("refuses a cancel from another site", async () => {
    const sessionId = await addSession(s);
    const { id, path } = await register(sessionId, "crosssite@example.com");
    const res = await page(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body: "intent=cancel",
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const row = await s.db.selectFrom("registrations").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("registered");
  });

  it("takes an erasure request once: stored, in the audit trail, the team told; staff erasing it ends the link", async () => {
    const sessionId = await addSession(s, { title: "Erasure session" });
    const { id, path } = await register(sessionId, "forget-me@example.com");
    expect(await mainText(await page(path))).toContain("Ask to erase my details");
    const post = () =>
      page(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: s.url }, body: "intent=erase" });
    const res = await post();
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${path}?erasure=1`);
    expect(await mainText(await page(`${path}?erasure=1`))).toContain("We have your request to erase your personal details.");
    await post(); // asking twice changes nothing
    const row = await s.db.selectFrom("registrations").select(["erasure_requested_at", "status"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.erasure_requested_at).toBeTruthy();
    expect(row.status).toBe("registered"); // the seat is kept
    const audit = await s.db.selectFrom("audit_events").select(["action", "actor_email", "ip"]).where("target_id", "=", id).execute();
    expect(audit).toEqual([{ action: "erasure-request", actor_email: null, ip: null }]);
    expect(JSON.stringify(await s.db.selectFrom("audit_events").selectAll().execute())).not.toContain("forget-me@example.com");
    const told = await s.db.selectFrom("outbox").select(["to_address", "subject", "html_body", "text_body"]).where("subject", "like", "Erasure requested%").where("topic", "=", `registration:${id}`).execute();
    expect(told.map((m) => [m.to_address, m.subject])).toEqual([[s.config.site.contactEmail, `Erasure requested: registration ${id}`]]);
    // An HTML part as every other mail has, and the way to the staff screen where it is carried out.
    expect(told[0]!.text_body).toContain(`${s.config.site.publicUrl}/admin/requests`);
    expect(told[0]!.html_body).toContain(`href="${s.config.site.publicUrl}/admin/requests"`);

    expect(await eraseRegistration(s.db, id, { id: null, email: "boss@example.org" }, null)).toBe(true);
    expect((await page(path)).status).toBe(404);
  });

  it("the privacy policy states the retention periods the job applies", async () => {
    const text = await mainText(await page("/privacy-policy"));
    expect(text).toContain("contact messages: 2 years after they reach us");
    expect(text).toContain("deleted 90 days after the session ends");
    expect(text).toContain("until 3 years after the session ends");
  });
});
