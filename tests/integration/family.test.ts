import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookingCreatedResponse, errorResponse, familyEventListResponse, familyEventOneResponse } from "~/features/api/openapi.server";
import { SIGN_UP_ELSEWHERE } from "~/features/events/seats";
import { dialects } from "../helpers/databases";
import { addSession } from "../helpers/registration";
import { startSite, type RunningSite } from "../helpers/site";
import { toldSession } from "~/features/events/told";

const valid = {
  programId: "s-fc-austin",
  fullName: "Rosa Díaz",
  email: "rosa@example.com",
  phone: "(512) 555-0142",
  termsAndCondition: true,
  communicationPreferences: true,
};

/** A Family Constellation session added for one test: ten seats in Portland unless patched. */
function addFamilySession(s: RunningSite, patch: Record<string, unknown> = {}) {
  return addSession(s, {
    kind: "family",
    title: "Family Constellation",
    time_zone: "America/Los_Angeles",
    city: "Portland",
    venue: "Alberta Street Studio",
    capacity: 10,
    price_cents: 15000,
    organiser: "Mindful Path Institute",
    facilitator: "Daniel Brooks",
    ...patch,
  });
}

const bookings = (s: RunningSite) => s.db.selectFrom("family_bookings").selectAll().where("id", "not like", "%-demo-%").execute();

describe.each(dialects)("Family Constellation bookings on %s", (dialect) => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite(dialect, { FORM_RATE_LIMIT: "100000" });
  });
  afterAll(async () => {
    await s?.stop();
  });
  beforeEach(async () => {
    await s.clearOutbox();
    await s.db.deleteFrom("family_bookings").where("id", "not like", "%-demo-%").execute();
  });

  const post = (p: string, body: unknown) =>
    fetch(`${s.url}${p}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

  it("books a seat through the original path: 201 {success, message}, stored, mail with .ics queued and the organiser told", async () => {
    const res = await post("/api/familyConsitalation/register", valid);
    expect(res.status).toBe(201);
    const body = bookingCreatedResponse.parse(await res.json());
    expect(body.message).toBe("Your seat is booked! We have emailed you the details.");
    const [row] = await bookings(s);
    expect(row).toMatchObject({ id: body.data._id, event_id: "s-fc-austin", full_name: "Rosa Díaz", email_key: "rosa@example.com", phone: "5125550142", communication_preferences: 1, status: "booked" });
    expect(row!.told_session).toBe(toldSession(await s.db.selectFrom("events").selectAll().where("id", "=", "s-fc-austin").executeTakeFirstOrThrow()));

    const queued = await s.db.selectFrom("outbox").selectAll().orderBy("to_address").execute();
    expect(queued.map((m) => m.to_address).sort()).toEqual(["familyconstellation@mindfulpath.example", "rosa@example.com"]);
    const mine = queued.find((m) => m.to_address === "rosa@example.com")!;
    expect(mine.subject).toBe("Booking confirmed: Family Constellation | Mindful Path Institute");
    for (const content of [mine.text_body, mine.html_body!]) {
      expect(content).toContain("Eastside Community Hall, Austin");
      expect(content).toMatch(/1:00 PM – 6:00 PM C[SD]T/);
      expect(content).toContain("Daniel Brooks");
      expect(content).toContain("$150");
      expect(content).toContain("https://pay.example.org/mindful-path/family-constellation");
    }
    const [ics] = JSON.parse(mine.attachments) as Array<{ filename: string; content: string }>;
    expect(ics!.filename).toBe("session.ics");
    expect(ics!.content).toContain(`\r\nUID:family-booking-${row!.id}@${new URL(s.config.publicUrl).hostname}\r\n`);
    expect(ics!.content).toMatch(/DTSTART;TZID=America\/Chicago:\d{8}T130000/);
    expect(ics!.content).toContain("BEGIN:VTIMEZONE");
    // A reply reaches the session's organizer: the mail says whose address each one is, and the calendar names the same one.
    expect(mine.reply_to).toBe("familyconstellation@mindfulpath.example");
    expect(mine.text_body).toContain(
      "reply to this email (it reaches the session's organizer, familyconstellation@mindfulpath.example) or write to us at hello@mindfulpath.example.",
    );
    expect(ics!.content.replace(/\r\n[ \t]/g, "")).toContain("Questions: familyconstellation@mindfulpath.example");
    const notice = queued.find((m) => m.to_address !== "rosa@example.com")!;
    expect(notice.reply_to).toBe("rosa@example.com");
    // The phone as staff screens and the CSV write it.
    expect(notice.text_body).toContain("Phone: +1 (512) 555-0142\n");

    // The worker really sends both (the file outbox here).
    const dir = s.config.mail.outboxDir;
    await expect.poll(() => (fs.existsSync(dir) ? fs.readdirSync(dir).length : 0), { timeout: 10_000 }).toBe(2);
    const sent = fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
    expect(sent.find((m) => /^To: rosa@example\.com$/m.test(m))).toMatch(/filename=session\.ics/);
  });

  it("takes the correctly spelt alias, a urlencoded form, and sends the notice to the organisation when the session has no organiser address", async () => {
    const id = await addFamilySession(s);
    const form = new URLSearchParams({ ...valid, programId: id, termsAndCondition: "on", communicationPreferences: "" });
    const res = await fetch(`${s.url}/api/familyConstellation/register`, { method: "POST", body: form });
    expect(res.status).toBe(201);
    const queued = await s.db.selectFrom("outbox").select("to_address").execute();
    expect(queued.map((m) => m.to_address).sort()).toEqual(["hello@mindfulpath.example", "rosa@example.com"]);
    const [row] = await bookings(s);
    expect(row!.communication_preferences).toBe(0);
  });

  it("answers 400 with the spec's message per field and stores nothing", async () => {
    const res = await post("/api/familyConsitalation/register", { programId: "s-fc-austin", email: "nope", phone: "12" });
    expect(res.status).toBe(400);
    const body = errorResponse.parse(await res.json());
    expect(body.errors).toEqual({
      fullName: "Full name is required",
      email: "Please enter a valid email address",
      phone: "Phone number must be 10 digits",
      termsAndCondition: "You must accept the terms and conditions",
    });
    expect(await bookings(s)).toEqual([]);
    expect(await s.db.selectFrom("outbox").selectAll().execute()).toEqual([]);
    const notJson = await fetch(`${s.url}/api/familyConsitalation/register`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" });
    expect(notJson.status).toBe(400);
    expect((await fetch(`${s.url}/api/familyConsitalation/register`)).status).toBe(405);
  });

  it("refuses a second booking of the same email for the same session", async () => {
    expect((await post("/api/familyConsitalation/register", valid)).status).toBe(201);
    const again = await post("/api/familyConstellation/register", { ...valid, email: "ROSA@Example.com" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ success: false, message: "You are already registered for this session." });
    expect(await bookings(s)).toHaveLength(1);
  });

  it("tells the person who took the last seat, sending again, that they are booked; anyone else that it is full", async () => {
    const id = await addFamilySession(s, { capacity: 1 });
    expect((await post("/api/familyConsitalation/register", { ...valid, programId: id })).status).toBe(201);
    const again = await post("/api/familyConsitalation/register", { ...valid, email: "ROSA@Example.com", programId: id });
    expect({ status: again.status, message: (await again.json()).message }).toEqual({ status: 409, message: "You are already registered for this session." });
    const other = await post("/api/familyConsitalation/register", { ...valid, email: "someone.else@example.com", programId: id });
    expect({ status: other.status, message: (await other.json()).message }).toEqual({ status: 409, message: "This session is full" });
    expect(await s.db.selectFrom("family_bookings").select("id").where("event_id", "=", id).execute()).toHaveLength(1);
    expect(await s.db.selectFrom("outbox").select("id").execute()).toHaveLength(2);
  });

  it("refuses full, closed, past and externally sold sessions (409) and unknown or non-family ones (404), storing nothing", async () => {
    const closed = await addFamilySession(s, { status: "Closed" });
    const elsewhere = await addFamilySession(s, { external_link: "https://tickets.example.org/fc" });
    const cases: Array<[string, number, string]> = [
      ["s-fc-seattle", 409, "This session is full"],
      [closed, 409, "Registration for this session is closed. Please choose another session."],
      // Signed up for on its own page (decision 0015): never sold here as well.
      [elsewhere, 409, SIGN_UP_ELSEWHERE],
      ["s-fc-austin-past", 409, "This session has already started. Please choose another session."],
      ["no-such-session", 404, "This session does not exist."],
      ["s-decode-1-a", 404, "This session does not exist."],
    ];
    for (const [programId, status, message] of cases) {
      const res = await post("/api/familyConsitalation/register", { ...valid, programId });
      expect({ programId, status: res.status, message: (await res.json()).message }).toEqual({ programId, status, message });
    }
    expect(await bookings(s)).toEqual([]);
    expect(await s.db.selectFrom("outbox").selectAll().execute()).toEqual([]);
  });

  it("holds a 10-seat session to exactly 10 of 40 concurrent bookings (D7)", async () => {
    const id = await addFamilySession(s, { capacity: 10 });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post("/api/familyConsitalation/register", { ...valid, email: `racer${i}@example.com`, programId: id }).then(async (r) => ({ status: r.status, body: await r.json() })),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(30);
    for (const r of refused) expect(r).toMatchObject({ status: 409, body: { message: "This session is full" } });
    const stored = await s.db.selectFrom("family_bookings").select("id").where("event_id", "=", id).execute();
    expect(stored).toHaveLength(10);
    const mails = await s.db.selectFrom("outbox").select("id").execute();
    expect(mails).toHaveLength(20);
    const one = familyEventOneResponse.parse(await (await fetch(`${s.url}/api/familyEvent/user/${id}`)).json());
    expect(one.data).toMatchObject({ capacity: "10 Seats", seats: 10, seatsLeft: 0, availability: "full" });
  });

  it("counts registrations and bookings together for a session's seats", async () => {
    const id = await addFamilySession(s, { capacity: 3 });
    const at = new Date().toISOString();
    await s.db
      .insertInto("registrations")
      .values({
        id: `${id}-reg`, event_id: id, programme_id: null, kind: "decode", first_name: "A", last_name: "B", name_on_certificate: "A B",
        email: "ab@example.com", email_key: "ab@example.com", mobile_no: "5550100000", date_of_birth: "1980-01-01", occupation: "x",
        session_label: "x", terms_accepted_at: at, level_name: "x", created_at: at,
      })
      .execute();
    expect((await post("/api/familyConsitalation/register", { ...valid, programId: id })).status).toBe(201);
    const one = await (await fetch(`${s.url}/api/familyEvent/user/${id}`)).json();
    expect(one.data.seatsLeft).toBe(1);
    await s.db.deleteFrom("registrations").where("id", "=", `${id}-reg`).execute();
  });

  it("lists upcoming sessions only (D12), soonest first, with capacity text and seats left", async () => {
    const res = await fetch(`${s.url}/api/familyEvent/user`);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const body = familyEventListResponse.parse(await res.json());
    expect(body.limit).toBe(50);
    const ids = body.events.map((e) => e._id);
    expect(ids).toEqual(expect.arrayContaining(["s-fc-austin", "s-fc-denver", "s-fc-seattle", "s-fc-new-york", "s-fc-phoenix"]));
    expect(ids).not.toContain("s-fc-austin-past");
    const starts = body.events.map((e) => Date.parse(e.startDate));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(body.events.find((e) => e._id === "s-fc-denver")).toMatchObject({ capacity: "10 Seats", seatsLeft: 1, availability: "open", eventType: "fc", programType: "family", timeZone: "America/Denver" });
    expect(body.events.find((e) => e._id === "s-fc-seattle")).toMatchObject({ seatsLeft: 0, availability: "full" });
    expect(body.events.find((e) => e._id === "s-fc-phoenix")).toMatchObject({ capacity: "12 Seats" });

    const page = familyEventListResponse.parse(await (await fetch(`${s.url}/api/familyEvent/user?limit=2&page=2`)).json());
    expect(page).toMatchObject({ currentPage: 2, limit: 2 });
    expect(page.events.map((e) => e._id)).toEqual(ids.slice(2, 4));
    const search = familyEventListResponse.parse(await (await fetch(`${s.url}/api/familyEvent/user?search=denver`)).json());
    expect(search.events.map((e) => e._id)).toEqual(["s-fc-denver"]);
    expect((await fetch(`${s.url}/api/familyEvent/user?limit=500`)).status).toBe(400);

    familyEventOneResponse.parse(await (await fetch(`${s.url}/api/familyEvent/user/s-fc-denver`)).json());
    const missing = await fetch(`${s.url}/api/familyEvent/user/s-decode-1-a`);
    expect(missing.status).toBe(404);
    errorResponse.parse(await missing.json());
  });

  it("serves the page server-rendered with the table, seats left and one JSON-LD Event per listed session", async () => {
    const html = await (await fetch(`${s.url}/family-constellation`)).text();
    expect(html).toContain("Programs Details");
    expect(html).toContain("1 of 10 left");
    expect(html).toContain("* Seats are allocated on a first come first serve basis");
    const events = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!)).filter((j) => j["@type"] === "Event");
    const listed = (await (await fetch(`${s.url}/api/familyEvent/user`)).json()).events as unknown[];
    expect(events).toHaveLength(listed.length);
    expect(events.length).toBeGreaterThanOrEqual(5);
    const denver = events.find((e) => e.location.address.addressLocality === "Denver");
    expect(denver.startDate).toMatch(/T13:00:00-0[67]:00$/);
    expect(denver.offers.availability).toBe("https://schema.org/LimitedAvailability");
    expect(events.find((e) => e.location.address.addressLocality === "Seattle").offers.availability).toBe("https://schema.org/SoldOut");
    const sitemap = await (await fetch(`${s.url}/sitemap.xml`)).text();
    expect(sitemap).toContain("/family-constellation</loc>");
  });

  it("a booking shows at once on the cached page (it moves the content version, decision 0018)", async () => {
    const id = await addFamilySession(s, { capacity: 7, city: "Cachetown" });
    const page = () => fetch(`${s.url}/family-constellation`);
    let cached = await page();
    // The page is stored once compressed, a moment after the first render.
    await expect.poll(async () => (cached = await page()).headers.get("x-page-cache"), { timeout: 20_000 }).toBe("hit");
    expect(await cached.text()).toContain("7 of 7 left");
    expect((await post("/api/familyConsitalation/register", { ...valid, programId: id })).status).toBe(201);
    const after = await page();
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).toContain("6 of 7 left");
  });

  it("books without JavaScript on the session's page, and shows the server's messages there", async () => {
    const id = await addFamilySession(s);
    const form = (extra: Record<string, string>) => new URLSearchParams({ fullName: "Rosa Díaz", email: "nojs@example.com", phone: "5125550142", ...extra });
    const origin = { Origin: s.url, "Content-Type": "application/x-www-form-urlencoded" };
    // Spec part 1 §2.4's order: name, email, phone, the terms, then the optional communication preferences.
    const page = await (await fetch(`${s.url}/family-constellation/book/${id}`)).text();
    const order = ['name="fullName"', 'name="email"', 'name="phone"', 'name="termsAndCondition"', 'name="communicationPreferences"'].map((n) => page.indexOf(n));
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    const bad = await fetch(`${s.url}/family-constellation/book/${id}`, { method: "POST", headers: origin, body: form({}) });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("You must accept the terms and conditions");
    const ok = await fetch(`${s.url}/family-constellation/book/${id}`, { method: "POST", headers: origin, body: form({ termsAndCondition: "true" }) });
    expect(ok.status).toBe(201);
    expect(await ok.text()).toContain("Thank you for registering!");
    expect((await bookings(s)).map((b) => b.event_id)).toEqual([id]);
    expect((await fetch(`${s.url}/family-constellation/book/s-fc-austin-past`)).status).toBe(404);
  });
});
