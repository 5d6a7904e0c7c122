import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import sharp from "sharp";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatSessionDate, formatSessionWhen } from "~/features/events/format";
import { SIGN_UP_ELSEWHERE } from "~/features/events/seats";
import { dialects } from "../helpers/databases";
import { addSession, valid } from "../helpers/registration";
import { startSite, type RunningSite } from "../helpers/site";

/** Small on the wire, too large to decode: refused by its pixel count, and said so. */
const pixelBomb = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: "#000000" } }).png({ compressionLevel: 9 }).toBuffer();

const registrations = (s: RunningSite) => s.db.selectFrom("registrations").selectAll().where("id", "not like", "%-demo-%").execute();

describe.each(dialects)("registrations on %s", (dialect) => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite(dialect, { FORM_RATE_LIMIT: "100000" });
  });
  afterAll(async () => {
    await s?.stop();
  });
  beforeEach(async () => {
    await s.clearOutbox();
    await s.db.deleteFrom("registrations").where("id", "not like", "%-demo-%").execute();
    await s.db.deleteFrom("files").execute();
  });

  const postJson = (p: string, body: unknown) =>
    fetch(`${s.url}${p}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

  it("stores a DECODE registration, answers 201, and sends the confirmation with an .ics in the venue's zone", async () => {
    const res = await postJson("/api/registration", valid);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, data: { _id: expect.any(String) } });
    const [row] = await registrations(s);
    expect(row).toMatchObject({
      id: body.data._id,
      event_id: "s-decode-1-a",
      programme_id: "decode-1",
      kind: "decode",
      name_on_certificate: "Ann Marie Lee",
      mobile_no: "5551234567",
      email_key: "ann@example.com",
      permanent_address: "1 Main St, Springfield",
      same_address: 1,
      communication_preferences: 1,
      level_name: "DECODE Level 1: Decode Your Mind",
      course_time: "9:00 AM",
    });
    // The label is the session's own, not what the form sent.
    expect(row!.session_label).toMatch(/^New York \| Decode Your Mind \| \d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}$/);

    const dir = s.config.mail.outboxDir;
    await expect.poll(() => (fs.existsSync(dir) ? fs.readdirSync(dir).length : 0), { timeout: 10_000 }).toBe(2);
    const mails = fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
    const mine = mails.find((m) => /^To: ann@example\.com$/m.test(m))!;
    expect(mine).toMatch(/^Subject: Registration confirmed: Decode Your Mind/m);
    expect(mine).toContain("Content-Type: text/html");
    const [queued] = await s.db.selectFrom("outbox").selectAll().where("to_address", "=", "ann@example.com").execute();
    for (const content of [queued!.text_body, queued!.html_body!]) {
      expect(content).toContain("Hudson Hall");
      expect(content).toContain("$300");
      expect(content).toMatch(/9:00 AM – 6:00 PM E[SD]T/);
      expect(content).toContain("hello@mindfulpath.example");
      // Where to pay the price it states: the session's payment link.
      expect(content).toContain("https://pay.example.org/mindful-path/enroll");
      // What the private page's link is for, in both parts (the HTML's button carries the address).
      expect(content).toContain("See your registration, download the calendar file or cancel at any time before the session");
    }
    expect(queued!.html_body).toContain('<a href="https://pay.example.org/mindful-path/enroll"');
    const ics = Buffer.from(/filename=session\.ics[\s\S]*?\r?\n\r?\n([\s\S]*?)\r?\n--/.exec(mine)![1]!.replace(/\s+/g, ""), "base64").toString();
    // The registration's id at the site's stored calendar host: PUBLIC_URL's when the site first started (decision 0079).
    expect(ics).toContain(`\r\nUID:registration-${row!.id}@${new URL(s.config.publicUrl).hostname}\r\n`);
    expect(ics).toMatch(/DTSTART;TZID=America\/New_York:\d{8}T090000/);
    expect(ics).toContain("BEGIN:VTIMEZONE");
    const team = mails.find((m) => /^To: hello@mindfulpath\.example$/m.test(m))!;
    expect(team).toMatch(/^Subject: New registration: Decode Your Mind/m);
    await expect.poll(async () => (await s.db.selectFrom("outbox").select("status").execute()).map((r) => r.status)).toEqual(["sent", "sent"]);
  });

  it("escapes every value in the HTML mail", async () => {
    const res = await postJson("/api/registration", { ...valid, firstName: "<b>Ann</b>", email: "esc@example.com" });
    expect(res.status).toBe(201);
    const [mail] = await s.db.selectFrom("outbox").select(["html_body", "to_address"]).where("to_address", "=", "esc@example.com").execute();
    expect(mail!.html_body).toContain("&lt;b&gt;Ann&lt;/b&gt;");
    expect(mail!.html_body).not.toContain("<b>Ann</b>");
  });

  it("answers 400 with the spec's message per field and stores nothing", async () => {
    const res = await postJson("/api/registration", { ...valid, firstName: "", mobileNo: "12345", email: "nope", termsandcondition: false });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      message: "Please fix the errors below before submitting",
      errors: {
        firstName: "First name is required",
        mobileNo: "Mobile number must be 10 digits",
        email: "Please enter a valid email address",
        termsandcondition: "You must accept the terms and conditions",
      },
    });
    expect(await registrations(s)).toEqual([]);
    expect(await s.db.selectFrom("outbox").selectAll().execute()).toEqual([]);
  });

  it("accepts the same registration as a urlencoded form and as multipart data", async () => {
    const form = new URLSearchParams({ ...valid, isSameAddress: "true", communicationPreferences: "false", termsandcondition: "on" } as Record<string, string>);
    const a = await fetch(`${s.url}/api/registration`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form });
    expect(a.status).toBe(201);
    const multipart = new FormData();
    for (const [k, v] of Object.entries({ ...valid, email: "second@example.com" })) multipart.set(k, String(v));
    const b = await fetch(`${s.url}/api/registration`, { method: "POST", body: multipart });
    expect(b.status).toBe(201);
    expect(await registrations(s)).toHaveLength(2);
    // The level comes from the stored program (spec part 1 §3), not from what the client sent.
    const third = await postJson("/api/registration", { ...valid, email: "third@example.com", levelName: "x", level: "99" });
    expect(third.status).toBe(201);
    const row = (await registrations(s)).find((r) => r.email_key === "third@example.com")!;
    expect({ levelName: row.level_name, level: row.level }).toEqual({ levelName: "DECODE Level 1: Decode Your Mind", level: "1" });
    // A program without a level number (as staff create them) stores none, whatever the client sent.
    await s.db.updateTable("programmes").set({ level: null }).where("title", "=", "DECODE Level 1: Decode Your Mind").execute();
    expect((await postJson("/api/registration", { ...valid, email: "fourth@example.com", level: "7" })).status).toBe(201);
    const fourth = (await registrations(s)).find((r) => r.email_key === "fourth@example.com")!;
    expect({ levelName: fourth.level_name, level: fourth.level }).toEqual({ levelName: "DECODE Level 1: Decode Your Mind", level: null });
    await s.db.updateTable("programmes").set({ level: 1 }).where("title", "=", "DECODE Level 1: Decode Your Mind").execute();
  });

  it("a session over several days: its mails say the date once, in the range that names both days", async () => {
    const starts = new Date(Date.now() + 20 * 86_400_000);
    starts.setUTCHours(14, 0, 0, 0);
    const ends = new Date(starts.getTime() + 28 * 3_600_000);
    const id = await addSession(s, { title: "Two-day intensive", time_zone: "America/New_York", starts_at: starts.toISOString(), ends_at: ends.toISOString() });
    const res = await postJson("/api/registration", { ...valid, upcomingEventId: id });
    expect(res.status).toBe(201);
    const mine = await s.db.selectFrom("outbox").selectAll().where("to_address", "=", valid.email).executeTakeFirstOrThrow();
    const when = formatSessionWhen(starts.toISOString(), ends.toISOString(), "America/New_York");
    // 14:00 UTC, then 28 hours on: two different days in New York whatever the season.
    expect(when).toMatch(/^\d{1,2}(st|nd|rd|th) \w{3}, \d{1,2}:00 AM – \d{1,2}(st|nd|rd|th) \w{3} \d{4}, \d{1,2}:00 PM E[SD]T$/);
    for (const body of [mine.text_body, mine.html_body!]) {
      expect(body).toContain(when);
      // Not the start's date again in front of it.
      expect(body).not.toContain(`${formatSessionDate(starts.toISOString(), "America/New_York")}, ${when}`);
    }
  });

  it("refuses a session signed up for on its own page (409), storing nothing: it is never sold here as well", async () => {
    // s-decode-1-c is seeded with an external sign-up link.
    const res = await postJson("/api/registration", { ...valid, upcomingEventId: "s-decode-1-c" });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ success: false, message: SIGN_UP_ELSEWHERE, errors: { upcomingEventId: SIGN_UP_ELSEWHERE } });
    expect(await registrations(s)).toEqual([]);
    expect(await s.db.selectFrom("outbox").selectAll().execute()).toEqual([]);
  });

  it("refuses a second registration of the same email for the same session", async () => {
    expect((await postJson("/api/registration", valid)).status).toBe(201);
    const again = await postJson("/api/registration", { ...valid, email: "ANN@Example.com" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ success: false, message: "You are already registered for this session." });
    expect(await registrations(s)).toHaveLength(1);
  });

  it("a resend is told it is registered (the page's form says so as a success), also after it took the last seat", async () => {
    const id = await addSession(s, { capacity: 2 });
    const body = { ...valid, upcomingEventId: id, programId: undefined };
    expect((await postJson("/api/registration", body)).status).toBe(201);
    const again = await postJson("/api/registration", body);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ success: false, message: "You are already registered for this session." });
    // The plain form post sent again (a reload of its answer): the confirmation, worded for it; nothing stored twice, one mail.
    const form = new URLSearchParams(Object.entries({ ...body, termsandcondition: "true", isSameAddress: "true", communicationPreferences: "true" }).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
    const page = await fetch(`${s.url}/register/${id}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: s.url }, body: form });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("You already signed up for this session</h2>");
    expect(html).toContain("so nothing was sent again");
    expect(await s.db.selectFrom("registrations").select("id").where("event_id", "=", id).execute()).toHaveLength(1);
    expect((await s.db.selectFrom("outbox").select("to_address").where("to_address", "=", valid.email).execute()).length).toBe(1);
    // Someone else takes the last seat. Their resend is told they are in (decision 0066), through either path;
    // a third person is told the session is full.
    const other = { ...body, email: "last.seat@example.com" };
    expect((await postJson("/api/registration", other)).status).toBe(201);
    expect(await (await postJson("/api/registration", other)).json()).toMatchObject({ message: "You are already registered for this session." });
    expect(await (await postJson("/api/registration", { ...other, waitingList: true })).json()).toMatchObject({ message: "You are already registered for this session." });
    expect(await (await postJson("/api/registration", { ...body, email: "third@example.com" })).json()).toMatchObject({ message: "This session is full" });
    expect(await s.db.selectFrom("registrations").select("id").where("event_id", "=", id).execute()).toHaveLength(2);
  });

  it.each([
    ["s-decode-3-a", "This session is full"],
    ["s-decode-5-open-day", "This session does not take registrations online. Please contact us to join it."],
    ["s-decode-1-past", "This session has already started. Please choose another session."],
  ])("refuses session %s with 409 %j", async (eventId, message) => {
    const programId = eventId.startsWith("s-decode-3") ? "decode-3" : eventId.startsWith("s-decode-5") ? "decode-5" : "decode-1";
    const res = await postJson("/api/registration", { ...valid, upcomingEventId: eventId, programId });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(message);
    expect(await registrations(s)).toEqual([]);
  });

  it("refuses a closed session and an unknown one", async () => {
    const closed = await addSession(s, { status: "Closed" });
    const r1 = await postJson("/api/registration", { ...valid, upcomingEventId: closed, programId: undefined });
    expect(r1.status).toBe(409);
    const r2 = await postJson("/api/registration", { ...valid, upcomingEventId: "no-such-session", programId: undefined });
    expect(r2.status).toBe(404);
    expect((await r2.json()).errors).toEqual({ upcomingEventId: "Please choose a session" });
    expect(await registrations(s)).toEqual([]);
  });

  it("holds a 10-seat session to 10 of 30 concurrent registrations (D7)", async () => {
    const id = await addSession(s, { capacity: 10 });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postJson("/api/registration", { ...valid, email: `racer${i}@example.com`, upcomingEventId: id, programId: undefined }).then(async (r) => ({
          status: r.status,
          body: await r.json(),
        })),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect(r.body.message).toBe("This session is full");
    const stored = await s.db.selectFrom("registrations").select("id").where("event_id", "=", id).execute();
    expect(stored).toHaveLength(10);
  });

  it("shows seats left and upcoming sessions only (D12) in the public programme call", async () => {
    const res = await fetch(`${s.url}/api/decode/user/decode-3`);
    const { data } = await res.json();
    const ids = data.upcomingEvents.map((e: { _id: string }) => e._id);
    expect(ids).toContain("s-decode-3-a");
    expect(ids).not.toContain("s-decode-3-past");
    const full = data.upcomingEvents.find((e: { _id: string }) => e._id === "s-decode-3-a");
    expect(full).toMatchObject({ capacity: "2 Seats", seatsLeft: 0, availability: "full", eventType: "decode", timeZone: "America/Denver" });
  });
});

describe.each(dialects)("ICH registration with photos on %s", (dialect) => {
  let s: RunningSite;
  let sessionId: string;
  beforeAll(async () => {
    s = await startSite(dialect, { FORM_RATE_LIMIT: "100000" });
    sessionId = await addSession(s, { kind: "hypnotherapy", title: "ICH test session" });
  });
  afterAll(async () => {
    await s?.stop();
  });
  beforeEach(async () => {
    await s.db.deleteFrom("outbox").execute();
    await s.db.deleteFrom("registrations").where("id", "not like", "%-demo-%").execute();
    await s.db.deleteFrom("files").execute();
  });

  const photo = (lat: string) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 90 } } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "secret-owner", ImageDescription: `GPS ${lat}` } })
      .toBuffer();

  function form(parts: Record<string, Blob | string>) {
    const f = new FormData();
    for (const [k, v] of Object.entries({ ...valid, upcomingEventId: sessionId, programId: "", level: "Level I" })) f.set(k, String(v));
    for (const [k, v] of Object.entries(parts)) f.set(k, v as string);
    return f;
  }

  it("stores the photos re-encoded, without EXIF, in the registration's transaction", async () => {
    const jpeg = await photo("40.7128N");
    expect(jpeg.includes(Buffer.from("secret-owner"))).toBe(true);
    const f = form({});
    f.set("profileImage", new Blob([jpeg], { type: "image/jpeg" }), "me.jpg");
    f.set("idPhotofront", new Blob([await sharp(jpeg).png().toBuffer()], { type: "image/png" }), "front.png");
    const res = await fetch(`${s.url}/api/ich/ich-registration`, { method: "POST", body: f });
    expect(res.status).toBe(201);
    const [row] = await registrations(s);
    expect(row!.kind).toBe("hypnotherapy");
    expect(row!.level).toBe("Level I");
    const files = await s.db.selectFrom("files").selectAll().execute();
    expect(files).toHaveLength(2);
    const profile = files.find((file) => file.id === row!.profile_image_id)!;
    expect(profile.content_type).toBe("image/jpeg");
    const bytes = Buffer.from(profile.bytes);
    expect(bytes.includes(Buffer.from("secret-owner"))).toBe(false);
    expect(bytes.includes(Buffer.from("Exif"))).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(profile.size).toBe(bytes.byteLength);
    expect(files.find((file) => file.id === row!.id_front_id)!.content_type).toBe("image/png");
  });

  it.each([
    ["a text file named .jpg", () => new Blob(["just some text, not a picture"], { type: "image/jpeg" }), "me.jpg", "The profile image must be a JPEG, PNG or WebP image"],
    ["a GIF declared as JPEG", () => new Blob([Buffer.from("GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;")], { type: "image/jpeg" }), "me.jpg", "The profile image must be a JPEG, PNG or WebP image"],
    ["a 6 MB file", () => new Blob([Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(6 * 1024 * 1024)])], { type: "image/jpeg" }), "big.jpg", "The profile image must be 5 MB or smaller"],
    ["a truncated JPEG", () => new Blob([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46])], { type: "image/jpeg" }), "cut.jpg", "The profile image could not be read as an image"],
    ["a PNG of 56 million pixels in 160 KB", () => new Blob([new Uint8Array(pixelBomb)], { type: "image/png" }), "bomb.png", "The profile image must be at most 50 megapixels"],
  ])("refuses %s with a field message and stores nothing", async (_name, blob, filename, message) => {
    const f = form({});
    f.set("profileImage", blob(), filename);
    const res = await fetch(`${s.url}/api/ich/ich-registration`, { method: "POST", body: f });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ profileImage: message });
    expect(await registrations(s)).toEqual([]);
    expect(await s.db.selectFrom("files").selectAll().execute()).toEqual([]);
  });

  it("refuses an unreadable body with 415 and an oversized one with 413", async () => {
    const r1 = await fetch(`${s.url}/api/ich/ich-registration`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "hello" });
    expect(r1.status).toBe(415);
    const big = form({});
    big.set("profileImage", new Blob([Buffer.alloc(17 * 1024 * 1024)]), "huge.jpg");
    const r2 = await fetch(`${s.url}/api/ich/ich-registration`, { method: "POST", body: big });
    expect(r2.status).toBe(413);
    const r3 = await fetch(`${s.url}/api/ich/ich-registration`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: "--xyz\r\nbroken",
    });
    expect(r3.status).toBe(400);
    expect(await registrations(s)).toEqual([]);
  });

  it("does not take an ICH registration for a DECODE session", async () => {
    const f = form({});
    f.set("upcomingEventId", "s-decode-1-a");
    const res = await fetch(`${s.url}/api/ich/ich-registration`, { method: "POST", body: f });
    expect(res.status).toBe(404);
  });
});

describe("mail through a real SMTP server (D8)", () => {
  let s: RunningSite;
  let smtp: SMTPServer | null = null;
  const received: string[] = [];
  // The mail server listens from the start (its own free port, so no other test can take it in between) and refuses every connection while "down".
  let down = true;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onConnect(_session, callback) {
        callback(down ? Object.assign(new Error("Service not available"), { responseCode: 421 }) : undefined);
      },
      onData(stream, _session, callback) {
        let text = "";
        stream.on("data", (d: Buffer) => (text += d.toString()));
        stream.on("end", () => {
          received.push(text);
          callback();
        });
      },
    });
    const port = await new Promise<number>((resolve) => smtp!.listen(0, "127.0.0.1", () => resolve((smtp!.server.address() as net.AddressInfo).port)));
    s = await startSite("sqlite", { FORM_RATE_LIMIT: "100000", SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await s?.stop();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it("stores a registration made while the mail server is down, then delivers its mail once it is up", async () => {
    const res = await fetch(`${s.url}/api/registration`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...valid, email: "down@example.com" }),
    });
    expect(res.status).toBe(201);
    // Both attempts failed and were put back with a reason (not at claim time: then last_error is still empty).
    await expect
      .poll(
        async () =>
          (await s.db.selectFrom("outbox").select(["status", "attempts", "last_error"]).execute()).map((r) => [r.status, r.attempts, r.last_error !== null]),
        { timeout: 15_000 },
      )
      .toEqual([
        ["pending", 1, true],
        ["pending", 1, true],
      ]);
    const rows = await s.db.selectFrom("outbox").select(["last_error", "next_attempt_at"]).execute();
    for (const r of rows) {
      expect(r.last_error).not.toContain("down@example.com");
      expect(Date.parse(r.next_attempt_at)).toBeGreaterThan(Date.now() + 20_000); // backoff, not a hot loop
    }

    down = false;
    // Fast-forward the backoff instead of waiting for it.
    await s.db.updateTable("outbox").set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() }).execute();
    s.site.services.mailWorker.kick();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
    expect(received.find((m) => /^To: down@example\.com/m.test(m))).toMatch(/Registration confirmed/);
    await expect.poll(async () => (await s.db.selectFrom("outbox").select("status").execute()).map((r) => r.status)).toEqual(["sent", "sent"]);
    // Sent once: another run finds nothing to send.
    s.site.services.mailWorker.kick();
    await new Promise((r) => setTimeout(r, 500));
    expect(received).toHaveLength(2);
  });
});
