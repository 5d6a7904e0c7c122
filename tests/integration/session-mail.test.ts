import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type DbHandle } from "~/db/db.server";
import { toldSession } from "~/features/events/told";
import { findBookingByToken } from "~/features/bookings/booking-access.server";
import { findByAccessToken } from "~/features/registrations/access.server";
import { eraseRegistration } from "~/features/retention/retention.server";
import { queueDueReminders, queueScheduleUpdates, runSessionJobsPass } from "~/features/session-mail/session-mail.server";
import { formatSessionDate } from "~/features/events/format";
import { createPostgresDatabase, dialects } from "../helpers/databases";

/**
 * Reminders and schedule updates (issue 11 point 3) on both databases, with two
 * handles on one database standing for two server processes running the jobs
 * at the same moment: every mail is queued exactly once.
 */
const site = { orgName: "Mindful Path Institute", contactEmail: "hello@mindfulpath.example", publicUrl: "https://site.example" };
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(dialects)("session mail on %s", { timeout: 60_000 }, (dialect) => {
  let a: DbHandle;
  let b: DbHandle;
  let dropPg: (() => Promise<void>) | undefined;
  let dataDir: string;
  const t0 = Date.parse("2027-03-01T12:00:00Z");
  const start = t0 + 6.5 * DAY; // the session: 6½ days after t0

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "session-mail-"));
    let url: string | undefined;
    if (dialect === "postgres") {
      const pg = await createPostgresDatabase();
      url = pg.url;
      dropPg = pg.drop;
    }
    a = openDatabase({ databaseUrl: url, dataDir });
    await migrateToLatest(a.db);
    b = openDatabase({ databaseUrl: url, dataDir });
    const db = a.db;
    await db
      .insertInto("events")
      .values({
        id: "ev-moving",
        kind: "decode",
        programme_id: null,
        title: "Decode Your Mind weekend",
        starts_at: iso(start),
        ends_at: iso(start + 8 * 3_600_000),
        time_zone: "America/Chicago",
        city: "Chicago",
        venue: "Lakeside Hall",
        time_slot: null,
        capacity: 10,
        price_cents: 15000,
        organiser: null,
        organiser_email: null,
        facilitator: null,
        payment_link: null,
        external_link: null,
        page_link: null,
        created_at: iso(t0 - 30 * DAY),
        updated_at: iso(t0 - 30 * DAY),
      })
      .execute();
    const registration = (id: string, email: string, createdAt: number, status = "registered") => ({
      id,
      event_id: "ev-moving",
      programme_id: null,
      kind: "decode" as const,
      first_name: id === "r-early" ? "Lena" : "Sam",
      middle_name: null,
      last_name: "Park",
      name_on_certificate: "Lena Park",
      email,
      email_key: email,
      mobile_no: "3125550142",
      date_of_birth: "1984-06-21",
      occupation: "Teacher",
      current_address: null,
      permanent_address: null,
      session_label: "Chicago",
      venue: null,
      time_slot: null,
      tel_no: null,
      hear_about: null,
      terms_accepted_at: iso(createdAt),
      level_name: "Level 1",
      level: "1",
      course_date: null,
      course_time: null,
      course_venue: null,
      profile_image_id: null,
      id_front_id: null,
      id_back_id: null,
      status,
      created_at: iso(createdAt),
      access_token_hash: null,
      cancelled_at: status === "cancelled" ? iso(createdAt) : null,
    });
    await db
      .insertInto("registrations")
      .values([
        registration("r-early", "lena@example.com", t0 - 10 * DAY),
        registration("r-late", "sam@example.com", t0 - 0.25 * DAY),
        registration("r-gone", "gone@example.com", t0 - 10 * DAY, "cancelled"),
        // Awaiting approval of the earlier level (decision 0031): seat held, no calendar entry or private page yet.
        { ...registration("r-awaiting", "abe@example.com", t0 - 10 * DAY, "awaiting_approval"), first_name: "Abe" },
        // Erased on request (decision 0025): still holds its seat, but has no address to write to.
        { ...registration("r-erased", "", t0 - 10 * DAY), first_name: "", last_name: "", email_key: "erased:r-erased", anonymised_at: iso(t0 - 5 * DAY) },
      ])
      .execute();
    await db
      .insertInto("family_bookings")
      .values({
        id: "b-erased",
        event_id: "ev-moving",
        full_name: "",
        email: "",
        email_key: "erased:b-erased",
        phone: "",
        terms_accepted_at: iso(t0 - 9 * DAY),
        created_at: iso(t0 - 9 * DAY),
        anonymised_at: iso(t0 - 5 * DAY),
      })
      .execute();
    await db
      .insertInto("family_bookings")
      .values({
        id: "b-early",
        event_id: "ev-moving",
        full_name: "Maria Lopez",
        email: "maria@example.com",
        email_key: "maria@example.com",
        phone: "5551234567",
        terms_accepted_at: iso(t0 - 9 * DAY),
        created_at: iso(t0 - 9 * DAY),
      })
      .execute();
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
    await dropPg?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * Both "processes" run the job. On PostgreSQL at the same moment; node:sqlite is
   * synchronous, so two handles in one test process would block each other's
   * thread (separate processes do not): there they run one after the other.
   */
  async function both<T>(run: (db: DbHandle["db"]) => Promise<T>): Promise<[T, T]> {
    if (dialect === "postgres") return Promise.all([run(a.db), run(b.db)]);
    const first = await run(a.db);
    return [first, await run(b.db)];
  }

  const outbox = () => a.db.selectFrom("outbox").select(["to_address", "subject", "attachments", "text_body"]).orderBy("to_address").execute();
  const calendarOf = (row: { attachments: string }) => (JSON.parse(row.attachments) as Array<{ content: string }>)[0]!.content;

  it("queues the 7-day reminder once per seat holder, even with two processes at once; not for a later registrant, a cancelled one or an erased one", async () => {
    const now = new Date(t0); // 6½ days before: the 7-day moment has passed
    const [na, nb] = await both((db) => queueDueReminders(db, site, [7, 1], now));
    expect(na + nb).toBe(2);
    const mails = await outbox();
    expect(mails.map((m) => m.to_address)).toEqual(["lena@example.com", "maria@example.com"]);
    // The 7-day reminder, written 6½ days before: on 1 March for a session on the evening of 7 March in Chicago,
    // so it says what is true then (decision 0057).
    for (const m of mails) expect(m.subject).toBe("Reminder: Decode Your Mind weekend is in 6 days | Mindful Path Institute");
    // The time is said at the venue (Chicago), and the calendar entry keeps the confirmation's UID (here the
    // id alone: these jobs run in the test's process, where no site read the stored host; calendar-uid.test.ts).
    expect(mails[0]!.text_body).toContain("CST");
    expect(calendarOf(mails[0]!)).toContain("\r\nUID:registration-r-early\r\n");
    expect(calendarOf(mails[1]!)).toContain("\r\nUID:family-booking-b-early\r\n");
    expect(calendarOf(mails[0]!)).toContain("SEQUENCE:0");
    // Each reminder links to its reader's private page with a link of its own: the registrant's, and the booker's (decision 0087).
    const link = /See your registration, download the calendar file or cancel at any time before the session: https:\/\/site\.example\/my-registration\/([A-Za-z0-9_-]{43})\n/.exec(mails[0]!.text_body);
    expect(link).not.toBeNull();
    expect((await findByAccessToken(a.db, link![1]!, now))?.registration.id).toBe("r-early");
    expect(mails[1]!.text_body).not.toContain("my-registration");
    const bookerLink = /See your booking, download the calendar file or cancel at any time before the session: https:\/\/site\.example\/my-booking\/([A-Za-z0-9_-]{43})\n/.exec(mails[1]!.text_body);
    expect(bookerLink).not.toBeNull();
    expect((await findBookingByToken(a.db, bookerLink![1]!, now))?.booking.id).toBe("b-early");
    // Only its hash is stored.
    const stored = await a.db.selectFrom("family_booking_links").select("token_hash").where("booking_id", "=", "b-early").execute();
    expect(stored.map((l) => l.token_hash)).toContain(crypto.createHash("sha256").update(bookerLink![1]!).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(bookerLink![1]!);
    // Run again (a restart, another tick): nothing more.
    expect(await queueDueReminders(a.db, site, [7, 1], new Date(t0 + 3_600_000))).toBe(0);
    // Erased registrants and bookers hold their seats but get nothing: no mail to an empty address, no claim row.
    expect(await a.db.selectFrom("outbox").select("id").where("to_address", "=", "").execute()).toEqual([]);
    expect(await a.db.selectFrom("session_reminders").select("recipient_id").where("recipient_id", "in", ["r-erased", "b-erased"]).execute()).toEqual([]);
  });

  it("queues the 1-day reminder to everyone registered before that moment, once", async () => {
    await a.db.deleteFrom("outbox").execute();
    const now = new Date(start - 20 * 3_600_000);
    const [na, nb] = await both((db) => queueDueReminders(db, site, [7, 1], now));
    expect(na + nb).toBe(3);
    const mails = await outbox();
    expect(mails.map((m) => m.to_address)).toEqual(["lena@example.com", "maria@example.com", "sam@example.com"]);
    for (const m of mails) expect(m.subject).toBe("Reminder: Decode Your Mind weekend is tomorrow | Mindful Path Institute");
    expect(await queueDueReminders(b.db, site, [7, 1], now)).toBe(0);
    const rows = await a.db.selectFrom("session_reminders").select(["recipient_id", "days_before"]).orderBy("recipient_id").orderBy("days_before").execute();
    expect(rows).toEqual([
      { recipient_id: "b-early", days_before: 1 },
      { recipient_id: "b-early", days_before: 7 },
      { recipient_id: "r-early", days_before: 1 },
      { recipient_id: "r-early", days_before: 7 },
      { recipient_id: "r-late", days_before: 1 },
    ]);
  });

  it("a seat confirmed from the waiting list, or approved, after a reminder's moment does not get that reminder: its confirmation just said it (decision 0070)", async () => {
    await a.db.deleteFrom("outbox").execute();
    const base = await a.db.selectFrom("events").selectAll().where("id", "=", "ev-moving").executeTakeFirstOrThrow();
    await a.db.insertInto("events").values({ ...base, id: "ev-late" }).execute();
    const seat = (id: string, email: string) => ({
        id, event_id: "ev-late", programme_id: null, kind: "decode" as const, first_name: "Olga", middle_name: null, last_name: "Late",
        name_on_certificate: "Olga Late", email, email_key: email, mobile_no: "3125550142", date_of_birth: "1984-06-21", occupation: "Teacher",
        session_label: "Chicago | Decode Your Mind weekend | late", terms_accepted_at: iso(t0 - 10 * DAY), level_name: "Decode Your Mind", created_at: iso(t0 - 10 * DAY),
    });
    await a.db
      .insertInto("registrations")
      .values([
        // Joined the waiting list before the 7-day moment; its offer confirmed after it.
        { ...seat("r-offer", "olga@example.com"), seat_confirmed_at: iso(t0 - 0.25 * DAY) },
        // Registered before it awaiting approval of the earlier level; approved after it (the approval mail has the details).
        { ...seat("r-approved", "pia@example.com"), prerequisite_decided_at: iso(t0 - 0.25 * DAY) },
        // Confirmed before the moment: reminded as usual.
        { ...seat("r-offer-early", "early.offer@example.com"), seat_confirmed_at: iso(t0 - 2 * DAY) },
      ])
      .execute();
    await a.db
      .insertInto("family_bookings")
      .values({ id: "b-offer", event_id: "ev-late", full_name: "Quinn Offer", email: "quinn@example.com", email_key: "quinn@example.com", phone: "5551234567", terms_accepted_at: iso(t0 - 9 * DAY), created_at: iso(t0 - 9 * DAY), seat_confirmed_at: iso(t0 - 0.25 * DAY) })
      .execute();
    expect(await queueDueReminders(a.db, site, [7, 1], new Date(t0))).toBe(1);
    expect((await outbox()).map((m) => m.to_address)).toEqual(["early.offer@example.com"]);
    await a.db.deleteFrom("outbox").execute();
    // The next reminder, whose moment comes after every confirmation, goes to all of them.
    expect(await queueDueReminders(a.db, site, [7, 1], new Date(start - 20 * 3_600_000))).toBe(4);
    expect((await outbox()).map((m) => m.to_address)).toEqual(["early.offer@example.com", "olga@example.com", "pia@example.com", "quinn@example.com"]);
  });

  it("a title change is no schedule change: no notice, no mail", async () => {
    await a.db.deleteFrom("outbox").execute();
    await a.db.updateTable("events").set({ title: "Decode Your Mind weekend" }).where("id", "=", "ev-moving").execute();
    expect(await a.db.selectFrom("session_notices").selectAll().execute()).toEqual([]);
    expect(await queueScheduleUpdates(a.db, site, new Date(t0))).toBe(0);
  });

  it("moving the session mails every seat holder once, with the same UID and a higher SEQUENCE; two quick moves send the final details once", async () => {
    await a.db.updateTable("events").set({ starts_at: iso(start + DAY), ends_at: iso(start + DAY + 8 * 3_600_000) }).where("id", "=", "ev-moving").execute();
    const [na, nb] = await both((db) => queueScheduleUpdates(db, site, new Date(t0)));
    expect(na + nb).toBe(4);
    let mails = await outbox();
    // Not the erased two; the one awaiting approval too, whose seat is held (decision 0057).
    expect(mails.map((m) => m.to_address)).toEqual(["abe@example.com", "lena@example.com", "maria@example.com", "sam@example.com"]);
    for (const m of mails) expect(m.subject).toBe("Session changed: Decode Your Mind weekend | Mindful Path Institute");
    // Without a calendar file or a private-page link: both come with the approval.
    const [abe, ...holders] = mails;
    expect(JSON.parse(abe!.attachments)).toEqual([]);
    expect(abe!.text_body).not.toContain("my-registration");
    expect(abe!.text_body).toContain("Your registration still awaits our approval of the earlier level; the calendar file comes with the approval.");
    for (const m of holders) expect(calendarOf(m)).toContain("SEQUENCE:1");
    mails = holders;
    expect(calendarOf(mails[0]!)).toContain("\r\nUID:registration-r-early\r\n");

    // Two moves before the job runs: one mail each, with the final venue and SEQUENCE 3.
    await a.db.deleteFrom("outbox").execute();
    await a.db.updateTable("events").set({ venue: "Harbor Room" }).where("id", "=", "ev-moving").execute();
    await a.db.updateTable("events").set({ venue: "Garden Room" }).where("id", "=", "ev-moving").execute();
    expect(await queueScheduleUpdates(a.db, site, new Date(t0))).toBe(4);
    expect(await queueScheduleUpdates(b.db, site, new Date(t0))).toBe(0);
    mails = (await outbox()).filter((m) => m.to_address !== "abe@example.com");
    expect(mails).toHaveLength(3);
    for (const m of mails) {
      expect(m.text_body).toContain("Garden Room, Chicago");
      expect(calendarOf(m)).toContain("SEQUENCE:3");
      expect(calendarOf(m)).toContain("LOCATION:Garden Room\\, Chicago");
    }
  });

  it("an update mail says what changed from what the person was last told, in their confirmation's words; nothing is sent to whom nothing changed", async () => {
    await a.db.deleteFrom("outbox").execute();
    // A session on 10th June next year (Chicago, daylight time), 9 AM to 5 PM.
    const year = new Date().getUTCFullYear() + 1;
    const june = Date.UTC(year, 5, 10, 14);
    const base = await a.db.selectFrom("events").selectAll().where("id", "=", "ev-moving").executeTakeFirstOrThrow();
    await a.db
      .insertInto("events")
      .values({ ...base, id: "ev-twice", venue: "Lakeside Hall", starts_at: iso(june), ends_at: iso(june + 8 * 3_600_000) })
      .execute();
    const told = async () => toldSession(await a.db.selectFrom("events").selectAll().where("id", "=", "ev-twice").executeTakeFirstOrThrow());
    const lena = await a.db.selectFrom("registrations").selectAll().where("id", "=", "r-early").executeTakeFirstOrThrow();
    // Each row as its confirmation left it: what it said of the session is on the row.
    const seat = async (id: string, email: string) => ({ ...lena, id, event_id: "ev-twice", email, email_key: email, told_session: await told() });
    await a.db.insertInto("registrations").values(await seat("r-first", "first@example.com")).execute();
    await a.db
      .insertInto("family_bookings")
      .values({ id: "b-first", event_id: "ev-twice", full_name: "Maria Lopez", email: "maria2@example.com", email_key: "maria2@example.com", phone: "5551234567", terms_accepted_at: iso(Date.now()), created_at: iso(Date.now()), told_session: await told() })
      .execute();
    const move = (values: { starts_at?: string; ends_at?: string; venue?: string }) => a.db.updateTable("events").set(values).where("id", "=", "ev-twice").execute();
    const mailsTo = async () => {
      const rows = await a.db.selectFrom("outbox").select(["to_address", "text_body", "html_body"]).orderBy("to_address").execute();
      return (to: string) => rows.find((m) => m.to_address === to)!;
    };

    // A day later; then someone registers (their confirmation has the 11th); then a new room.
    await move({ starts_at: iso(june + DAY), ends_at: iso(june + DAY + 8 * 3_600_000) });
    await a.db.insertInto("registrations").values(await seat("r-between", "between@example.com")).execute();
    await move({ venue: "Garden Room" });
    expect(await queueScheduleUpdates(a.db, site, new Date())).toBe(3);
    const mail = await mailsTo();
    expect(mail("first@example.com").text_body).toContain(`Date and time: 11th Jun ${year}, 9:00 AM – 5:00 PM CDT\nVenue: Garden Room, Chicago\n`);
    expect(mail("first@example.com").text_body).toContain(`Previous date and time: 10th Jun ${year}, 9:00 AM – 5:00 PM CDT\nPrevious venue: Lakeside Hall, Chicago\n`);
    expect(mail("first@example.com").html_body).toContain("Previous venue");
    expect(mail("first@example.com").html_body).toContain("View or cancel your registration");
    // The booker's confirmation said "Location", so the update does too.
    expect(mail("maria2@example.com").text_body).toContain("Location: Garden Room, Chicago\n");
    expect(mail("maria2@example.com").text_body).toContain("Previous location: Lakeside Hall, Chicago\n");
    expect(mail("maria2@example.com").text_body).not.toContain("Venue");
    // The booker's update links to their private page (decision 0087).
    expect(mail("maria2@example.com").text_body).toMatch(/See your booking, download the calendar file or cancel at any time before the session: https:\/\/site\.example\/my-booking\/[A-Za-z0-9_-]{43}\n/);
    expect(mail("maria2@example.com").html_body).toContain("View or cancel your booking");
    // Registered after the move to the 11th: only the room changed for them.
    expect(mail("between@example.com").text_body).toContain("Previous venue: Lakeside Hall, Chicago\n");
    expect(mail("between@example.com").text_body).not.toContain("Previous date and time");

    // A reminder goes out between two moves: it told of the Harbor Room, so moving back to the Garden Room is news.
    await a.db.deleteFrom("outbox").execute();
    await move({ venue: "Harbor Room" });
    expect(await queueDueReminders(a.db, site, [7], new Date(june + DAY - 6.5 * DAY))).toBe(3);
    await move({ venue: "Garden Room" });
    expect(await queueScheduleUpdates(a.db, site, new Date())).toBe(3);
    const reminders = await a.db.selectFrom("outbox").select(["text_body"]).where("subject", "like", "Reminder, with new details: %").execute();
    expect(reminders).toHaveLength(3);
    // The move to the Harbor Room was not yet announced: the reminder announces it.
    for (const r of reminders) expect(r.text_body).toMatch(/(Venue|Location): Harbor Room, Chicago\n[\s\S]*Previous (venue|location): Garden Room, Chicago\n/);
    for (const r of reminders) expect(r.text_body).toContain("has changed since we last wrote");
    const updates = await a.db.selectFrom("outbox").select(["to_address", "text_body"]).where("subject", "like", "Session changed:%").execute();
    expect(updates).toHaveLength(3);
    for (const u of updates) expect(u.text_body).toMatch(/Previous (venue|location): Harbor Room, Chicago\n/);

    // Moved to another room and straight back before the job ran: nobody is told of a change that is not one.
    await a.db.deleteFrom("outbox").execute();
    await move({ venue: "Lakeside Hall" });
    await move({ venue: "Garden Room" });
    expect(await queueScheduleUpdates(a.db, site, new Date())).toBe(0);
    expect(await a.db.selectFrom("outbox").select("id").execute()).toEqual([]);
    expect(await a.db.selectFrom("session_notices").select("id").where("event_id", "=", "ev-twice").where("processed_at", "is", null).execute()).toEqual([]);

    // Each update opens its registrant's page, and only until their details are erased.
    const token = /\/my-registration\/([A-Za-z0-9_-]{43})/.exec(updates.find((u) => u.to_address === "between@example.com")!.text_body)![1]!;
    expect((await findByAccessToken(a.db, token))?.registration.id).toBe("r-between");
    expect(await eraseRegistration(a.db, "r-between", { id: null, email: "staff@example.org" }, null)).toBe(true);
    expect(await findByAccessToken(a.db, token)).toBeNull();
    expect(await a.db.selectFrom("registration_links").select("token_hash").where("registration_id", "=", "r-between").execute()).toEqual([]);
  });
  it("a session postponed after its reminder was sent gets that reminder again before the new date; one moved by an hour does not", async () => {
    await a.db.deleteFrom("outbox").execute();
    const first = Date.UTC(new Date().getUTCFullYear() + 2, 2, 10, 15);
    const base = await a.db.selectFrom("events").selectAll().where("id", "=", "ev-moving").executeTakeFirstOrThrow();
    const postponed = { ...base, id: "ev-postponed", starts_at: iso(first), ends_at: iso(first + 3 * 3_600_000) };
    await a.db.insertInto("events").values(postponed).execute();
    const lena = await a.db.selectFrom("registrations").selectAll().where("id", "=", "r-early").executeTakeFirstOrThrow();
    await a.db.insertInto("registrations").values({ ...lena, id: "r-postponed", event_id: "ev-postponed", email: "later@example.com", email_key: "later@example.com", created_at: iso(first - 30 * DAY), told_session: toldSession(postponed) }).execute();
    const move = (startsAt: number) => a.db.updateTable("events").set({ starts_at: iso(startsAt), ends_at: iso(startsAt + 3 * 3_600_000) }).where("id", "=", "ev-postponed").execute();
    const reminders = async () => (await a.db.selectFrom("outbox").select(["to_address", "subject"]).where("to_address", "=", "later@example.com").execute()).map((m) => m.subject);
    const tomorrow = "Reminder: Decode Your Mind weekend is tomorrow | Mindful Path Institute";
    // The second announces the new date in its subject too.
    const tomorrowMoved = "Reminder, with new details: Decode Your Mind weekend is tomorrow | Mindful Path Institute";

    // The day before: reminded, once.
    expect(await queueDueReminders(a.db, site, [1], new Date(first - 20 * 3_600_000))).toBe(1);
    expect(await queueDueReminders(a.db, site, [1], new Date(first - 19 * 3_600_000))).toBe(0);
    // Postponed by a week: nothing is due until the day before the new date, and then the reminder goes again, once, on both "processes".
    const second = first + 7 * DAY;
    await move(second);
    expect(await queueDueReminders(a.db, site, [1], new Date(first - 18 * 3_600_000))).toBe(0);
    const [na, nb] = await both((db) => queueDueReminders(db, site, [1], new Date(second - 20 * 3_600_000)));
    expect(na + nb).toBe(1);
    expect((await reminders()).sort()).toEqual([tomorrow, tomorrowMoved].sort());
    // Moved by an hour after that: the reminder already sent still holds.
    await move(second + 3_600_000);
    expect(await queueDueReminders(a.db, site, [1], new Date(second - 10 * 3_600_000))).toBe(0);
    expect((await reminders()).sort()).toEqual([tomorrow, tomorrowMoved].sort());
  });
  it("across a change of the clocks, the 1-day reminder goes at the session's wall-clock time the day before and says 'tomorrow' (decision 0079)", async () => {
    await a.db.deleteFrom("outbox").execute();
    const base = await a.db.selectFrom("events").selectAll().where("id", "=", "ev-moving").executeTakeFirstOrThrow();
    const lena = await a.db.selectFrom("registrations").selectAll().where("id", "=", "r-early").executeTakeFirstOrThrow();
    // New York: 11:30 PM on 7 Nov 2027 (EST; the clocks went back that morning), and 12:30 AM on 15 Mar 2027 (EDT; forward on the 14th).
    for (const [name, startsAt] of [["fall", "2027-11-08T04:30:00.000Z"], ["spring", "2027-03-15T04:30:00.000Z"]] as const) {
      const event = { ...base, id: `ev-${name}`, title: `Session ${name}`, time_zone: "America/New_York", city: "New York", starts_at: startsAt, ends_at: iso(Date.parse(startsAt) + 3_600_000) };
      await a.db.insertInto("events").values(event).execute();
      // Told of this session as it is: a plain reminder, no news.
      await a.db.insertInto("registrations").values({ ...lena, id: `r-${name}`, event_id: `ev-${name}`, email: `${name}@example.com`, email_key: `${name}@example.com`, created_at: "2027-01-01T00:00:00.000Z", told_session: toldSession(event) }).execute();
    }
    const subjects = async (to: string) => (await a.db.selectFrom("outbox").select("subject").where("to_address", "=", to).execute()).map((m) => m.subject);
    const run = (at: string) => queueDueReminders(a.db, site, [1], new Date(at));

    // Fall: 12:35 AM on the 7th is the session's own day; the reminder went out at 11:30 PM on the 6th (EDT), 25 hours before.
    await run("2027-11-07T03:29:00Z");
    expect(await subjects("fall@example.com")).toEqual([]);
    await run("2027-11-07T03:30:00Z");
    expect(await subjects("fall@example.com")).toEqual(["Reminder: Session fall is tomorrow | Mindful Path Institute"]);

    // Spring: not at 11:31 PM on the 13th (two calendar days before), but at 12:30 AM on the 14th (EST), 23 hours before.
    await run("2027-03-14T04:31:00Z");
    expect(await subjects("spring@example.com")).toEqual([]);
    await run("2027-03-14T05:30:00Z");
    expect(await subjects("spring@example.com")).toEqual(["Reminder: Session spring is tomorrow | Mindful Path Institute"]);
  });
  it("a session moved into a reminder's window gets one mail, the reminder saying what changed, not an update and a reminder together", async () => {
    await a.db.deleteFrom("outbox").execute();
    const base = await a.db.selectFrom("events").selectAll().where("id", "=", "ev-moving").executeTakeFirstOrThrow();
    const lena = await a.db.selectFrom("registrations").selectAll().where("id", "=", "r-early").executeTakeFirstOrThrow();
    const far = { ...base, id: "ev-pulled", title: "Session pulled in", venue: "Lakeside Hall", starts_at: iso(t0 + 30 * DAY), ends_at: iso(t0 + 30 * DAY + 3_600_000) };
    await a.db.insertInto("events").values(far).execute();
    await a.db.insertInto("registrations").values({ ...lena, id: "r-pulled", event_id: "ev-pulled", email: "pulled@example.com", email_key: "pulled@example.com", created_at: iso(t0 - 20 * DAY), told_session: toldSession(far) }).execute();
    // Staff move it from 30 days away to 5: inside the 7-day reminder's window.
    await a.db.updateTable("events").set({ starts_at: iso(t0 + 5 * DAY), ends_at: iso(t0 + 5 * DAY + 3_600_000) }).where("id", "=", "ev-pulled").execute();
    await runSessionJobsPass(a.db, site, { reminderDays: [7, 1], offerHours: 24 }, new Date(t0));
    await runSessionJobsPass(b.db, site, { reminderDays: [7, 1], offerHours: 24 }, new Date(t0 + 60_000));
    const mails = await a.db.selectFrom("outbox").select(["subject", "text_body"]).where("to_address", "=", "pulled@example.com").execute();
    expect(mails.map((m) => m.subject)).toEqual(["Reminder, with new details: Session pulled in is in 5 days | Mindful Path Institute"]);
    // The reminder tells the change: the date it was before.
    expect(mails[0]!.text_body).toContain(formatSessionDate(far.starts_at, far.time_zone));
  });
  it("a Family Constellation session's reminder says a reply reaches its organizer, as its Reply-To does", async () => {
    await a.db.deleteFrom("outbox").execute();
    const base = await a.db.selectFrom("events").selectAll().where("id", "=", "ev-moving").executeTakeFirstOrThrow();
    const maria = await a.db.selectFrom("family_bookings").selectAll().where("id", "=", "b-early").executeTakeFirstOrThrow();
    await a.db.insertInto("events").values({ ...base, id: "ev-fc-organised", kind: "family", title: "Family Constellation", organiser_email: "fc.organizer@example.org", starts_at: iso(t0 + 5 * DAY), ends_at: iso(t0 + 5 * DAY + 7_200_000) }).execute();
    await a.db.insertInto("family_bookings").values({ ...maria, id: "b-organised", event_id: "ev-fc-organised", email: "fc.booker@example.com", email_key: "fc.booker@example.com" }).execute();
    await queueDueReminders(a.db, site, [7], new Date(t0));
    const mail = await a.db.selectFrom("outbox").select(["reply_to", "text_body"]).where("to_address", "=", "fc.booker@example.com").executeTakeFirstOrThrow();
    expect(mail.reply_to).toBe("fc.organizer@example.org");
    expect(mail.text_body).toContain("reply to this email (it reaches the session's organizer, fc.organizer@example.org) or write to us at hello@mindfulpath.example.");
  });
  it.runIf(dialect === "postgres")("a session moved while the reminder job waits for its lock gets no reminder worked out from its old date", async () => {
    await a.db.deleteFrom("outbox").execute();
    const base = await a.db.selectFrom("events").selectAll().where("id", "=", "ev-moving").executeTakeFirstOrThrow();
    const lena = await a.db.selectFrom("registrations").selectAll().where("id", "=", "r-early").executeTakeFirstOrThrow();
    const soon = { ...base, id: "ev-raced", title: "Session raced", starts_at: iso(t0 + 5 * DAY), ends_at: iso(t0 + 5 * DAY + 3_600_000) };
    await a.db.insertInto("events").values(soon).execute();
    await a.db.insertInto("registrations").values({ ...lena, id: "r-raced", event_id: "ev-raced", email: "raced@example.com", email_key: "raced@example.com", created_at: iso(t0 - 20 * DAY), told_session: toldSession(soon) }).execute();
    // Staff hold the session's lock (a save in progress) while the job reads it as 5 days away, then move it 20 days out.
    let job: Promise<number> | undefined;
    await b.db.transaction().execute(async (trx) => {
      await sql`select id from events where id = ${"ev-raced"} for update`.execute(trx);
      job = queueDueReminders(a.db, site, [7], new Date(t0));
      // Until the job waits on that lock (else the race this test is about would not have been run).
      let waited = false;
      for (let i = 0; i < 400 && !waited; i++) {
        const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(a.db);
        waited = waiting.rows[0]!.n > 0;
        if (!waited) await new Promise((r) => setTimeout(r, 25));
      }
      expect(waited, "the reminder job waited for the session's lock").toBe(true);
      await trx.updateTable("events").set({ starts_at: iso(t0 + 20 * DAY), ends_at: iso(t0 + 20 * DAY + 3_600_000) }).where("id", "=", "ev-raced").execute();
    });
    await job;
    // Not "in 7 days" for a session now 20 days away, and no claim that would hold back the right one later.
    expect(await a.db.selectFrom("outbox").select("subject").where("to_address", "=", "raced@example.com").execute()).toEqual([]);
    expect(await a.db.selectFrom("session_reminders").select("recipient_id").where("recipient_id", "=", "r-raced").execute()).toEqual([]);
    // At its new moment, the reminder goes out as usual.
    await queueDueReminders(a.db, site, [7], new Date(t0 + 13.5 * DAY));
    expect((await a.db.selectFrom("outbox").select("subject").where("to_address", "=", "raced@example.com").execute()).map((m) => m.subject)).toEqual(["Reminder, with new details: Session raced is in 7 days | Mindful Path Institute"]);
  });
});
