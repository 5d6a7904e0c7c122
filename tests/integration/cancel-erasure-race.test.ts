import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type DbHandle } from "~/db/db.server";
import { enqueueMail } from "~/features/mail/outbox.server";
import { newAccessToken } from "~/features/private-links/token.server";
import { cancelFound, findByAccessToken, requestErasureFound } from "~/features/registrations/access.server";
import { eraseRegistration } from "~/features/retention/retention.server";
import { createPostgresDatabase, dialects } from "../helpers/databases";

/**
 * A registrant cancels from their private page while staff erase their details (decision 0104): the page
 * (and the cancel's first read) found the registration before the erasure committed, and the cancel's
 * transaction runs after it. The cancel re-reads under the session's lock; here its first read is taken
 * before the erasure and handed to the transaction after it, the order a race produces.
 */
describe.each(dialects)("a registrant's cancel that meets an erasure, on %s", { timeout: 60_000 }, (dialect) => {
  let h: DbHandle;
  let drop: (() => Promise<void>) | undefined;
  let dir: string;
  const iso = (ms: number) => new Date(ms).toISOString();
  const site = { orgName: "Mindful Path Institute", contactEmail: "hello@mindfulpath.example", publicUrl: "https://site.example" };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cancel-erase-"));
    if (dialect === "postgres") {
      const pgDb = await createPostgresDatabase();
      drop = pgDb.drop;
      h = openDatabase({ databaseUrl: pgDb.url, dataDir: dir });
    } else {
      h = openDatabase({ dataDir: dir });
    }
    await migrateToLatest(h.db);
  });
  afterAll(async () => {
    await h?.close();
    await drop?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("tells nobody: the erased details are not mailed, and the link answers as an unknown one", async () => {
    const now = Date.now();
    const created = iso(now);
    const access = newAccessToken();
    await h.db
      .insertInto("events")
      .values({
        id: "ev-race", kind: "decode", programme_id: null, title: "Race session", starts_at: iso(now + 5 * 86_400_000), ends_at: iso(now + 5 * 86_400_000 + 8 * 3_600_000),
        time_zone: "America/Chicago", city: "Chicago", venue: "Hall", time_slot: null, capacity: 10, price_cents: 1000, organiser: null, organiser_email: null,
        facilitator: null, payment_link: null, external_link: null, page_link: null, created_at: created, updated_at: created,
      })
      .execute();
    await h.db
      .insertInto("registrations")
      .values({
        id: "r-race", event_id: "ev-race", programme_id: null, kind: "decode", first_name: "Lena", middle_name: null, last_name: "Park", name_on_certificate: "Lena Park",
        email: "lena@example.com", email_key: "lena@example.com", mobile_no: "3125550142", date_of_birth: "1984-06-21", occupation: "Teacher", current_address: null,
        permanent_address: null, session_label: "Chicago", venue: null, time_slot: null, tel_no: null, hear_about: null, terms_accepted_at: created, level_name: "Level 1",
        level: "1", course_date: null, course_time: null, course_venue: null, profile_image_id: null, id_front_id: null, id_back_id: null, status: "registered",
        created_at: created, access_token_hash: access.hash, cancelled_at: null,
      })
      .execute();

    const found = await findByAccessToken(h.db, access.token);
    if (!found) throw new Error("the link opens nothing");
    expect(found.registration.email).toBe("lena@example.com");
    expect(await eraseRegistration(h.db, "r-race", { id: null, email: "staff@example.org" }, null)).toBe(true);
    const services = { db: h.db, mailWorker: { kick() {}, stop: async () => {} }, config: { site } as never };
    expect(await cancelFound(services, found, { by: "registrant" }, new Date())).toBe("not-found");

    const row = await h.db.selectFrom("registrations").select(["status", "email", "anonymised_at"]).where("id", "=", "r-race").executeTakeFirstOrThrow();
    expect(row.email).toBe("");
    expect(row.status).not.toBe("cancelled");
    const mails = await h.db.selectFrom("outbox").select(["to_address", "text_body"]).execute();
    expect(mails.filter((m) => m.to_address === "lena@example.com" || m.text_body.includes("lena@example.com") || m.text_body.includes("Lena"))).toEqual([]);
  });

  it("takes back a reminder still waiting when the registrant cancels: it would arrive after the cancellation", async () => {
    const now = Date.now();
    const created = iso(now);
    const access = newAccessToken();
    const reg = await h.db.selectFrom("registrations").selectAll().where("id", "=", "r-race").executeTakeFirstOrThrow();
    await h.db.insertInto("registrations").values({ ...reg, id: "r-wait", email: "sam@example.com", email_key: "sam@example.com", first_name: "Sam", anonymised_at: null, access_token_hash: access.hash, created_at: created }).execute();
    // Its reminder, held back by the mail server's outage.
    await h.db.transaction().execute((trx) => enqueueMail(trx, [{ topic: "reminder:registration:r-wait:1", to: "sam@example.com", subject: "Reminder", text: "Tomorrow" }]));
    const found = await findByAccessToken(h.db, access.token);
    if (!found) throw new Error("the link opens nothing");
    const services = { db: h.db, mailWorker: { kick() {}, stop: async () => {} }, config: { site } as never };
    expect(await cancelFound(services, found, { by: "registrant" }, new Date())).toBe("cancelled");
    const topics = (await h.db.selectFrom("outbox").select("topic").where("to_address", "=", "sam@example.com").execute()).map((r) => r.topic);
    expect(topics).not.toContain("reminder:registration:r-wait:1");
    expect(topics).toContain("registration:r-wait");
  });

  it("an erasure request from a page read before staff erased the details asks nothing and tells the team nothing", async () => {
    const created = iso(Date.now());
    const access = newAccessToken();
    const reg = await h.db.selectFrom("registrations").selectAll().where("id", "=", "r-race").executeTakeFirstOrThrow();
    await h.db
      .insertInto("registrations")
      .values({ ...reg, id: "r-ask", email: "kim@example.com", email_key: "kim@example.com", first_name: "Kim", anonymised_at: null, erasure_requested_at: null, status: "registered", cancelled_at: null, access_token_hash: access.hash, created_at: created })
      .execute();
    const found = await findByAccessToken(h.db, access.token);
    if (!found) throw new Error("the link opens nothing");
    expect(await eraseRegistration(h.db, "r-ask", { id: null, email: "staff@example.org" }, null)).toBe(true);
    const services = { db: h.db, mailWorker: { kick() {}, stop: async () => {} }, config: { site } as never };
    expect(await requestErasureFound(services, found, new Date())).toBe("not-found");
    const row = await h.db.selectFrom("registrations").select(["erasure_requested_at", "anonymised_at"]).where("id", "=", "r-ask").executeTakeFirstOrThrow();
    expect(row.erasure_requested_at).toBeNull();
    expect(await h.db.selectFrom("outbox").select("id").where("subject", "=", "Erasure requested: registration r-ask").execute()).toEqual([]);
  });
});
