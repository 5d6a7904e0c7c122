import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type DbHandle } from "~/db/db.server";
import { seatsTaken } from "~/features/events/events.server";
import { addAccessLink, findByAccessToken } from "~/features/registrations/access.server";
import { claimRetentionRun, eraseRegistration, purgeExpired, purgeOldMailFiles, retentionCheck } from "~/features/retention/retention.server";
import { createPostgresDatabase, dialects } from "../helpers/databases";

/** Retention of personal data (issue 11 point 4) on both databases, moving the clock. */
const DAY = 86_400_000;
const policy = { photoDays: 90, registrationYears: 3, contactYears: 2 };
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(dialects)("retention on %s", { timeout: 60_000 }, (dialect) => {
  let h: DbHandle;
  let dropPg: (() => Promise<void>) | undefined;
  let dataDir: string;
  const ended = Date.parse("2026-06-01T18:00:00Z");
  const contactAt = Date.parse("2026-05-01T10:00:00Z");

  const registration = (id: string, email: string, files: [string, string, string] | null) => ({
    id,
    event_id: "ev-past",
    programme_id: null,
    kind: "hypnotherapy" as const,
    first_name: "Lena",
    middle_name: "Maria",
    last_name: "Park",
    name_on_certificate: "Lena M. Park",
    email,
    email_key: email,
    mobile_no: "3125550142",
    date_of_birth: "1984-06-21",
    occupation: "Teacher",
    current_address: "12 Elm St, Austin, TX",
    permanent_address: "12 Elm St, Austin, TX",
    session_label: "Austin",
    venue: null,
    time_slot: null,
    tel_no: "5125550100",
    hear_about: "Friend",
    terms_accepted_at: iso(ended - 40 * DAY),
    level_name: "ICH Level I",
    level: "1",
    course_date: null,
    course_time: null,
    course_venue: null,
    profile_image_id: files?.[0] ?? null,
    id_front_id: files?.[1] ?? null,
    id_back_id: files?.[2] ?? null,
    created_at: iso(ended - 40 * DAY),
    access_token_hash: `hash-${id}`,
    cancelled_at: null,
  });
  const file = (id: string, purpose: "profile" | "id_front" | "id_back") => ({
    id,
    purpose,
    content_type: "image/png",
    size: 3,
    sha256: "x",
    width: null,
    height: null,
    bytes: new Uint8Array([1, 2, 3]),
    created_at: iso(ended - 40 * DAY),
  });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "retention-"));
    let url: string | undefined;
    if (dialect === "postgres") {
      const pg = await createPostgresDatabase();
      url = pg.url;
      dropPg = pg.drop;
    }
    h = openDatabase({ databaseUrl: url, dataDir });
    await migrateToLatest(h.db);
    await h.db
      .insertInto("events")
      .values({
        id: "ev-past",
        kind: "hypnotherapy",
        programme_id: null,
        title: "ICH Level I",
        starts_at: iso(ended - 9 * 3_600_000),
        ends_at: iso(ended),
        city: "Austin",
        venue: "Hall",
        time_slot: null,
        capacity: 20,
        price_cents: null,
        organiser: null,
        organiser_email: null,
        facilitator: null,
        payment_link: null,
        external_link: null,
        page_link: null,
        created_at: iso(ended - 60 * DAY),
        updated_at: iso(ended - 60 * DAY),
      })
      .execute();
    await h.db.insertInto("files").values([file("f1", "profile"), file("f2", "id_front"), file("f3", "id_back"), file("f4", "profile"), file("f5", "id_front"), file("f6", "id_back")]).execute();
    await h.db
      .insertInto("registrations")
      .values([registration("r1", "lena@example.com", ["f1", "f2", "f3"]), registration("r2", "omar@example.com", ["f4", "f5", "f6"])])
      .execute();
    await h.db
      .insertInto("family_bookings")
      .values({ id: "b1", event_id: "ev-past", full_name: "Maria Lopez", email: "maria@example.com", email_key: "maria@example.com", phone: "5551234567", terms_accepted_at: iso(ended - 9 * DAY), created_at: iso(ended - 9 * DAY) })
      .execute();
    await h.db
      .insertInto("contact_messages")
      .values({ id: "c1", first_name: "Ann", last_name: "Lee", email: "ann@example.com", phone_number: "5550001111", country: "United States", zip_code: "78701", message: "Hello", accepted_privacy_at: iso(contactAt), created_at: iso(contactAt) })
      .execute();
  });

  afterAll(async () => {
    await h?.close();
    await dropPg?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const reg = (id: string) => h.db.selectFrom("registrations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const purges = () => h.db.selectFrom("audit_events").select(["action", "target_type", "actor_email"]).where("action", "=", "purge").orderBy("at").execute();

  it("keeps everything until the photos' time has come", async () => {
    expect(await purgeExpired(h.db, policy, new Date(ended + 89 * DAY))).toEqual({ photos: 0, registrations: 0, bookings: 0, contacts: 0, mails: 0, signIns: 0 });
    expect((await reg("r1")).id_front_id).toBe("f2");
    expect(await purges()).toEqual([]);
  });

  it("90 days after the session: the photos are deleted, the registration kept, the purge recorded", async () => {
    expect(await purgeExpired(h.db, policy, new Date(ended + 91 * DAY))).toEqual({ photos: 6, registrations: 0, bookings: 0, contacts: 0, mails: 0, signIns: 0 });
    const r1 = await reg("r1");
    expect([r1.profile_image_id, r1.id_front_id, r1.id_back_id]).toEqual([null, null, null]);
    expect(r1.email).toBe("lena@example.com");
    expect(await h.db.selectFrom("files").select("id").execute()).toEqual([]);
    expect(await purges()).toEqual([{ action: "purge", target_type: "registration-photos", actor_email: "retention job" }]);
    // Nothing more the same day.
    expect(await purgeExpired(h.db, policy, new Date(ended + 92 * DAY))).toEqual({ photos: 0, registrations: 0, bookings: 0, contacts: 0, mails: 0, signIns: 0 });
  });

  const mail = (id: string, topic: string, status: "pending" | "sent" | "failed", createdAt: number) => ({
    id,
    topic,
    to_address: "someone@example.com",
    subject: "Subject",
    text_body: "Dear Lena, https://site.example/my-registration/token",
    status,
    next_attempt_at: iso(createdAt),
    created_at: iso(createdAt),
    sent_at: status === "sent" ? iso(createdAt + 1_000) : null,
  });
  const outboxIds = async () => (await h.db.selectFrom("outbox").select("id").orderBy("id").execute()).map((r) => r.id);

  it("a registrant's erasure, carried out by staff, removes their details at once and is recorded", async () => {
    // The copies of the mails about them go too, sent or not; another registration's (a longer id with the same start) stay.
    const at = ended + 99 * DAY;
    await h.db
      .insertInto("outbox")
      .values([
        mail("m-r2-confirmation", "registration:r2", "sent", at),
        mail("m-r2-reminder", "reminder:registration:r2:7", "sent", at),
        mail("m-r2-update", "session-update:registration:r2:3", "pending", at),
        mail("m-r20", "registration:r20", "sent", at),
        mail("m-r20-reminder", "reminder:registration:r20:1", "sent", at),
        mail("m-b1", "family-booking:b1", "sent", at),
      ])
      .execute();
    expect(await eraseRegistration(h.db, "r2", { id: null, email: "boss@example.org" }, "203.0.113.9", new Date(ended + 100 * DAY))).toBe(true);
    const r2 = await reg("r2");
    expect([r2.first_name, r2.last_name, r2.email, r2.mobile_no, r2.date_of_birth, r2.current_address, r2.tel_no]).toEqual(["", "", "", "", "", null, null]);
    expect(r2.anonymised_at).not.toBeNull();
    expect(await eraseRegistration(h.db, "r2", { id: null, email: "boss@example.org" }, null)).toBe(false);
    const erase = await h.db.selectFrom("audit_events").select(["actor_email", "target_id", "ip"]).where("action", "=", "erase").execute();
    expect(erase).toEqual([{ actor_email: "boss@example.org", target_id: "r2", ip: "203.0.113.9" }]);
    expect(await outboxIds()).toEqual(["m-b1", "m-r20", "m-r20-reminder"]);
    await h.db.deleteFrom("outbox").execute();
  });

  it.runIf(dialect === "sqlite")("on SQLite, an erased registrant's details and photos are not left readable in the database file", async () => {
    const photo = { ...file("f-secret", "id_front"), bytes: new TextEncoder().encode("PHOTO-BYTES-OF-ZEPHYRINE") };
    await h.db.insertInto("files").values(photo).execute();
    await h.db
      .insertInto("registrations")
      .values({
        ...registration("r-secret", "zephyrine.quillfeather@example.com", null),
        first_name: "Zephyrine",
        last_name: "Quillfeather",
        current_address: "77 Obscura Lane, Hollowmere",
        id_front_id: "f-secret",
      })
      .execute();
    // The file and its write-ahead log as a copy of the data folder would hold them (decision 0109): nobody
    // checkpoints here but the erasure itself.
    const onDisk = () =>
      ["site.db", "site.db-wal"].map((name) => (fs.existsSync(path.join(dataDir, name)) ? fs.readFileSync(path.join(dataDir, name)).toString("latin1") : "")).join("\n");
    expect(onDisk()).toContain("Quillfeather");
    expect(await eraseRegistration(h.db, "r-secret", { id: null, email: "boss@example.org" }, null)).toBe(true);
    // Something written after it, as the site goes on.
    await h.db.insertInto("audit_events").values({ id: "a-after", at: new Date().toISOString(), actor_id: null, actor_email: null, action: "view", target_type: "x", target_id: null, ip: null, detail: null }).execute();
    const after = onDisk();
    for (const secret of ["Quillfeather", "zephyrine.quillfeather@example.com", "77 Obscura Lane", "PHOTO-BYTES-OF-ZEPHYRINE"]) expect(after).not.toContain(secret);
    // The search index holds trigrams, never a whole word, so the file's text cannot show what it kept: its
    // 'secure-delete' option (decision 0056), stored with the index, is what removes an erased row's terms.
    const option = await sql<{ v: number | string }>`select v from registration_search_fts_config where k = 'secure-delete'`.execute(h.db);
    expect(option.rows.map((r) => Number(r.v))).toEqual([1]);
    // The later tests count this session's registrations.
    await h.db.deleteFrom("registrations").where("id", "=", "r-secret").execute();
    await h.db.deleteFrom("audit_events").where("target_id", "=", "r-secret").execute();
    await h.db.deleteFrom("audit_events").where("id", "=", "a-after").execute();
  });

  it("two years after a contact message it is anonymised; three years after the session its registrations and bookings are, seats still counted", async () => {
    expect(await purgeExpired(h.db, policy, new Date(contactAt + 2 * 365 * DAY + 2 * DAY))).toMatchObject({ contacts: 1, registrations: 0, bookings: 0 });
    const c = await h.db.selectFrom("contact_messages").selectAll().where("id", "=", "c1").executeTakeFirstOrThrow();
    expect([c.first_name, c.last_name, c.email, c.phone_number, c.zip_code, c.message, c.country]).toEqual(["", "", "", "", "", null, "United States"]);

    // A later mail's link to r1's private page (decision 0048): it goes with r1's details.
    const laterLink = await addAccessLink(h.db, "r1", new Date(ended - 2 * DAY));
    const linkToken = laterLink.split("/").pop()!;
    expect((await findByAccessToken(h.db, linkToken, new Date(ended - DAY)))?.registration.id).toBe("r1");
    const report = await purgeExpired(h.db, policy, new Date(ended + 3 * 365 * DAY + 2 * DAY));
    expect(report).toEqual({ photos: 0, registrations: 1, bookings: 1, contacts: 0, mails: 0, signIns: 0 }); // r2 was already erased
    expect(await h.db.selectFrom("registration_links").select("token_hash").where("registration_id", "=", "r1").execute()).toEqual([]);
    expect(await findByAccessToken(h.db, linkToken, new Date(ended - DAY))).toBeNull();
    const r1 = await reg("r1");
    expect([r1.first_name, r1.middle_name, r1.last_name, r1.name_on_certificate, r1.email, r1.mobile_no, r1.date_of_birth, r1.permanent_address, r1.access_token_hash]).toEqual(["", null, "", "", "", "", "", null, null]);
    expect(r1.level_name).toBe("ICH Level I");
    const b1 = await h.db.selectFrom("family_bookings").selectAll().where("id", "=", "b1").executeTakeFirstOrThrow();
    expect([b1.full_name, b1.email, b1.phone]).toEqual(["", "", ""]);
    expect((await seatsTaken(h.db, ["ev-past"])).get("ev-past")).toBe(3);
    // One pass records its purges at one instant, so they are compared as a set.
    expect((await purges()).map((p) => p.target_type).sort()).toEqual(["contact-messages", "family-bookings", "registration-photos", "registrations"]);
  });

  it("one instance a day runs the job", async () => {
    const t = new Date("2030-01-01T00:00:00Z");
    expect(await claimRetentionRun(h.db, DAY, t)).toBe(true);
    expect(await claimRetentionRun(h.db, DAY, new Date(t.getTime() + 3_600_000))).toBe(false);
    expect(await claimRetentionRun(h.db, DAY, new Date(t.getTime() + DAY))).toBe(true);
  });

  it("a run that fails gives the day back, so the next check runs it; a finished run holds the day", async () => {
    const t = Date.parse("2031-01-01T00:00:00Z");
    const meta = async () =>
      Object.fromEntries((await h.db.selectFrom("app_meta").select(["key", "value"]).where("key", "like", "retention_%").execute()).map((r) => [r.key, r.value]));
    const ran: string[] = [];
    const failing = retentionCheck(h.db, async (now) => {
      ran.push(`fail ${now.toISOString()}`);
      throw new Error("Connection terminated unexpectedly");
    });
    await expect(failing(new Date(t))).rejects.toThrow("Connection terminated unexpectedly");
    expect((await meta()).retention_last_run).toBeUndefined();

    const report = { photos: 0, registrations: 0, bookings: 0, contacts: 0, mails: 0, signIns: 0 };
    const working = retentionCheck(h.db, async (now) => {
      ran.push(`ok ${now.toISOString()}`);
      return report;
    });
    // The next hourly check, on this instance or another, claims the day and runs it.
    expect(await working(new Date(t + 3_600_000))).toEqual(report);
    expect(await meta()).toEqual({ retention_last_run: iso(t + 3_600_000), retention_last_done: iso(t + 3_600_000) });
    // Finished: no instance runs it again that day, however long after.
    expect(await working(new Date(t + 2 * 3_600_000))).toBeNull();
    expect(await claimRetentionRun(h.db, DAY, new Date(t + 23 * 3_600_000))).toBe(false);
    expect(ran).toEqual([`fail ${iso(t)}`, `ok ${iso(t + 3_600_000)}`]);
    expect(await working(new Date(t + 25 * 3_600_000))).toEqual(report);
  });

  it("a claim whose process died before it finished is taken again after six hours, not while it may still run", async () => {
    const t = Date.parse("2032-01-01T00:00:00Z");
    expect(await claimRetentionRun(h.db, DAY, new Date(t))).toBe(true);
    expect(await claimRetentionRun(h.db, DAY, new Date(t + 3_600_000))).toBe(false);
    expect(await claimRetentionRun(h.db, DAY, new Date(t + 6 * 3_600_000))).toBe(true);
    expect(await claimRetentionRun(h.db, DAY, new Date(t + 7 * 3_600_000))).toBe(false);
  });

  it("a mail is deleted a week after it was sent (or, failed for good, queued); one still to be sent stays", async () => {
    const t = ended + 5 * 365 * DAY;
    await h.db
      .insertInto("outbox")
      .values([
        mail("m1-sent-8d", "registration:r1", "sent", t - 8 * DAY),
        mail("m2-failed-8d", "contact:c1", "failed", t - 8 * DAY),
        mail("m3-pending-8d", "family-booking:b1", "pending", t - 8 * DAY),
        mail("m4-sent-6d", "registration:r1", "sent", t - 6 * DAY),
        // Queued 9 days ago, sent (after retries) 6 days ago: a week from its sending.
        { ...mail("m5-sent-late", "registration:r1", "sent", t - 9 * DAY), sent_at: iso(t - 6 * DAY) },
      ])
      .execute();
    expect(await purgeExpired(h.db, policy, new Date(t))).toEqual({ photos: 0, registrations: 0, bookings: 0, contacts: 0, mails: 2, signIns: 0 });
    expect(await outboxIds()).toEqual(["m3-pending-8d", "m4-sent-6d", "m5-sent-late"]);
    const audit = await h.db.selectFrom("audit_events").select(["target_type", "detail"]).where("action", "=", "purge").where("target_type", "=", "mails").execute();
    expect(audit).toHaveLength(1);
    expect(await purgeExpired(h.db, policy, new Date(t))).toMatchObject({ mails: 0 });
  });

  it("a failed or limited staff sign-in keeps the address typed and the IP for 30 days, then the entry stays without them", async () => {
    const t = ended + 6 * 365 * DAY;
    const attempt = (id: string, action: string, ageDays: number) => ({
      id,
      at: iso(t - ageDays * DAY),
      actor_id: null,
      actor_email: `${id}@example.org`,
      action,
      target_type: null,
      target_id: null,
      ip: "203.0.113.9",
      detail: JSON.stringify({ via: "browser" }),
    });
    await h.db
      .insertInto("audit_events")
      .values([attempt("old-failed", "sign-in-failed", 31), attempt("old-limited", "sign-in-limited", 40), attempt("new-failed", "sign-in-failed", 29), attempt("old-sign-in", "sign-in", 31)])
      .execute();
    expect(await purgeExpired(h.db, policy, new Date(t))).toMatchObject({ signIns: 2 });
    const rows = await h.db.selectFrom("audit_events").select(["id", "actor_email", "ip", "detail"]).where("id", "in", ["old-failed", "old-limited", "new-failed", "old-sign-in"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: "new-failed", actor_email: "new-failed@example.org", ip: "203.0.113.9", detail: '{"via":"browser"}' },
      { id: "old-failed", actor_email: null, ip: null, detail: '{"via":"browser"}' },
      { id: "old-limited", actor_email: null, ip: null, detail: '{"via":"browser"}' },
      // A staff member's own sign-in is the staff audit trail's, kept as it is.
      { id: "old-sign-in", actor_email: "old-sign-in@example.org", ip: "203.0.113.9", detail: '{"via":"browser"}' },
    ]);
    expect(await purgeExpired(h.db, policy, new Date(t))).toMatchObject({ signIns: 0 });
  });
});

describe("the outbox folder's mail files (no mail server)", () => {
  it("are removed a week after they were written, as the outbox table's copies are; newer ones and other files stay", async () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-files-"));
    const dir = path.join(data, "outbox");
    fs.mkdirSync(dir);
    try {
      const now = new Date("2026-11-25T12:00:00Z");
      const write = (name: string, ageDays: number) => {
        const file = path.join(dir, name);
        fs.writeFileSync(file, "Subject: hello\n\nAnn Lee, 12 Pine St");
        const at = new Date(now.getTime() - ageDays * 86_400_000);
        fs.utimesSync(file, at, at);
      };
      write("old.eml", 8);
      write("week.eml", 6.9);
      write("new.eml", 0);
      write("notes.txt", 30);
      expect(await purgeOldMailFiles(dir, now)).toBe(1);
      expect(fs.readdirSync(dir).sort()).toEqual(["new.eml", "notes.txt", "week.eml"]);
      expect(await purgeOldMailFiles(path.join(dir, "missing"), now)).toBe(0);
    } finally {
      fs.rmSync(data, { recursive: true, force: true });
    }
  });

  it("a mail file a failed write left unfinished beside the folder is removed after an hour; the data folder's other files stay", async () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-partial-"));
    try {
      const now = new Date("2026-11-25T12:00:00Z");
      const write = (name: string, ageMinutes: number) => {
        const file = path.join(data, name);
        fs.writeFileSync(file, "To: ann@example.com\nSubject: Registration confirm");
        const at = new Date(now.getTime() - ageMinutes * 60_000);
        fs.utimesSync(file, at, at);
      };
      write(".2026-11-25T10-00-00-000Z-1a2b3c4d.eml.partial", 120);
      write(".2026-11-25T11-59-59-000Z-5e6f7a8b.eml.partial", 1); // being written now, perhaps
      write("site.db", 120);
      write(".keep.partial", 120);
      // No outbox folder yet: the partial files beside it go all the same.
      expect(await purgeOldMailFiles(path.join(data, "outbox"), now)).toBe(1);
      expect(fs.readdirSync(data).sort()).toEqual([".2026-11-25T11-59-59-000Z-5e6f7a8b.eml.partial", ".keep.partial", "site.db"]);
    } finally {
      fs.rmSync(data, { recursive: true, force: true });
    }
  });
});

describe("the privacy policy follows the retention settings", { timeout: 60_000 }, () => {
  it("states other periods when they are set otherwise", async () => {
    const { startSite } = await import("../helpers/site");
    const s = await startSite("sqlite", { RETENTION_PHOTO_DAYS: "30", RETENTION_REGISTRATION_YEARS: "5", RETENTION_CONTACT_YEARS: "1" });
    try {
      const html = await (await fetch(`${s.url}/privacy-policy`)).text();
      const text = html.replace(/<!--.*?-->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
      expect(text).toContain("contact messages: 1 year after they reach us");
      expect(text).toContain("deleted 30 days after the session ends");
      expect(text).toContain("until 5 years after the session ends");
      expect(text).toContain("our copies of the emails we send you: deleted 7 days after they are sent");
    } finally {
      await s.stop();
    }
  });
});
