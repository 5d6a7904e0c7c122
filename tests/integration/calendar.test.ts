import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedSessions } from "~/content/seed/sessions";
import { errorResponse, eventListResponse, eventOneResponse } from "~/features/api/openapi.server";
import { formatSessionDate } from "~/features/events/format";
import { dialects } from "../helpers/databases";
import { startSite, type RunningSite } from "../helpers/site";

const adultDob = `${new Date().getUTCFullYear() - 35}-06-01`;
const upcomingSeeds = seedSessions.filter((x) => x.inDays > 0);

type EventList = ReturnType<typeof eventListResponse.parse>;

describe.each(dialects)("event calendar calls on %s", (dialect) => {
  let s: RunningSite;
  const get = async (p: string) => {
    const res = await fetch(`${s.url}${p}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
  };
  const list = async (p: string): Promise<EventList> => {
    const { status, body } = await get(p);
    expect({ status, body: status === 200 ? null : body }).toEqual({ status: 200, body: null });
    return eventListResponse.parse(body);
  };

  async function addSession(patch: Record<string, unknown> & { starts_at: string; ends_at: string }) {
    const id = `cal-${crypto.randomUUID().slice(0, 8)}`;
    const now = new Date().toISOString();
    await s.db
      .insertInto("events")
      .values({ id, programme_id: null, kind: "family", title: "Family Constellation", time_zone: "America/New_York", city: "Boston", capacity: 10, price_cents: 15000, created_at: now, updated_at: now, ...patch })
      .execute();
    return id;
  }

  beforeAll(async () => {
    s = await startSite(dialect, { FORM_RATE_LIMIT: "100000" });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("GET /api/events/open: every session that has not started, soonest first, `data` and `events` the same list, limit 50 by default", async () => {
    const r = await list("/api/events/open");
    expect(r.events).toEqual(r.data);
    const ids = r.data.map((e) => e._id);
    for (const seed of upcomingSeeds) expect(ids).toContain(seed.id);
    // D12: the seeded past sessions never show.
    for (const seed of seedSessions.filter((x) => x.inDays < 0)) expect(ids).not.toContain(seed.id);
    const starts = r.data.map((e) => Date.parse(e.startDate));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts.every((t) => t > Date.now())).toBe(true);
    expect(r.totalEvents).toBe(r.data.length);
    expect(r.totalPages).toBe(1);
    expect(r.currentPage).toBe(1);
    const page2 = await list("/api/events/open?page=2&limit=5");
    expect(page2.data.map((e) => e._id)).toEqual(ids.slice(5, 10));
    expect(page2.totalPages).toBe(Math.ceil(r.totalEvents / 5));
    expect(page2.currentPage).toBe(2);
  });

  it("search reads title, city, venue and facilitator, case-insensitively; % and _ are literal", async () => {
    const chicago = await list("/api/events/open?search=CHICAGO");
    expect(chicago.data.length).toBe(upcomingSeeds.filter((x) => x.city === "Chicago").length);
    expect(chicago.data.every((e) => e.city === "Chicago")).toBe(true);
    // The facilitators are people of the About page.
    const raman = await list("/api/events/open?search=priya%20raman");
    expect(raman.data.length).toBeGreaterThan(0);
    expect(raman.data.every((e) => e.facilitator === "Dr. Priya Raman-Cole")).toBe(true);
    expect((await list("/api/events/open?search=Silver%20Lake")).data.every((e) => e.venue === "Silver Lake Studio")).toBe(true);
    expect((await list("/api/events/open?search=%25")).data).toEqual([]);
    expect((await list("/api/events/open?search=_")).data).toEqual([]);
  });

  it("seats left are live: a registration takes one, the last one makes the session full and drops it from /upcoming", async () => {
    const before = eventOneResponse.parse((await get("/api/events/open/s-decode-2-a")).body).data;
    expect(before).toMatchObject({ capacity: "3 Seats", seats: 3, seatsLeft: 1, availability: "open", eventType: "decode", kind: "decode" });
    expect((await list("/api/events/open/upcoming")).data.map((e) => e._id)).toContain("s-decode-2-a");
    const res = await fetch(`${s.url}/api/registration`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        firstName: "Cal", lastName: "Endar", email: `cal.${dialect}@example.com`, mobileNo: "5551234567", dob: adultDob,
        occupation: "Nurse", city: "Chicago", termsandcondition: true, levelName: "Level 2", upcomingEventId: "s-decode-2-a",
        // Level 2 requires Level 1 (decision 0031): held for approval, the seat is taken all the same.
        completedElsewhere: true, prerequisiteNote: "DECODE Level 1 in Chicago, 2025",
      }),
    });
    expect({ status: res.status, body: res.status === 201 ? null : await res.text() }).toEqual({ status: 201, body: null });
    const after = (await list("/api/events/open/type/decode")).data.find((e) => e._id === "s-decode-2-a");
    expect(after).toMatchObject({ seatsLeft: 0, availability: "full" });
    expect((await list("/api/events/open/upcoming")).data.map((e) => e._id)).not.toContain("s-decode-2-a");
  });

  it("GET /upcoming lists only sessions open for enrollment now (not full, not closed, not no-enroll)", async () => {
    const closed = await addSession({ kind: "decode", title: "Closed session", status: "Closed", starts_at: new Date(Date.now() + 5 * 86_400_000).toISOString(), ends_at: new Date(Date.now() + 5 * 86_400_000 + 3_600_000).toISOString() });
    const r = await list("/api/events/open/upcoming");
    const ids = r.data.map((e) => e._id);
    expect(r.data.every((e) => e.availability === "open")).toBe(true);
    expect(ids).not.toContain("s-decode-3-a"); // full
    expect(ids).not.toContain("s-decode-5-open-day"); // no online enrollment
    expect(ids).not.toContain(closed);
    expect(ids).toContain("s-decode-1-a");
    expect(r.totalEvents).toBe(r.data.length);
    // The calendar itself still lists them, with why they cannot be booked.
    const all = (await list("/api/events/open")).data;
    expect(all.find((e) => e._id === closed)).toMatchObject({ status: "Closed", availability: "closed" });
    expect(all.find((e) => e._id === "s-decode-5-open-day")).toMatchObject({ noenroll: true, availability: "no-enrol", price: null });
  });

  it("GET /type/{type}: one kind, by its name or its wire name", async () => {
    const fc = await addSession({ starts_at: new Date(Date.now() + 40 * 86_400_000).toISOString(), ends_at: new Date(Date.now() + 40 * 86_400_000 + 3 * 3_600_000).toISOString() });
    for (const t of ["fc", "family", "FAMILY"]) {
      const r = await list(`/api/events/open/type/${t}`);
      // The demo seed has Family Constellation sessions too (issue 8).
      expect(r.data.map((e) => e._id)).toContain(fc);
      expect(r.data.every((e) => e.kind === "family")).toBe(true);
      expect(r.data.find((e) => e._id === fc)).toMatchObject({ eventType: "fc", programType: "family", kind: "family", capacity: "10 Seats", seatsLeft: 10 });
    }
    const all = (await list("/api/events/open")).data;
    for (const [t, kind] of [["hyp", "hypnotherapy"], ["hypnotherapy", "hypnotherapy"], ["tasso", "tasso"], ["decode", "decode"]] as const) {
      const r = await list(`/api/events/open/type/${t}`);
      expect(r.data.map((e) => e._id)).toEqual(all.filter((e) => e.kind === kind).map((e) => e._id));
      expect(r.data.length).toBeGreaterThanOrEqual(upcomingSeeds.filter((x) => x.kind === kind).length);
      expect(r.totalEvents).toBe(r.data.length);
    }
  });

  it("a session without a page link of its own names its pages in `pagelink` and `link`, for clients that follow them (spec part 2 §2.6)", async () => {
    const all = (await list("/api/events/open")).data;
    const ofKind = (kind: string) => all.filter((e) => e.kind === kind);
    for (const kind of ["tasso", "decode", "hypnotherapy", "family"]) expect(ofKind(kind).filter((e) => kind === "tasso" || kind === "family" || e.programId).length).toBeGreaterThan(0);
    for (const e of ofKind("tasso")) expect(e).toMatchObject({ pagelink: "/tasso", link: `/register/${e._id}` });
    for (const e of ofKind("decode")) expect(e).toMatchObject(e.programId ? { pagelink: `/decode/level/${e.programId}`, link: `/register/${e._id}` } : { pagelink: null, link: null });
    for (const e of ofKind("hypnotherapy")) expect(e).toMatchObject(e.programId ? { pagelink: `/ich/level/${e.programId}`, link: `/register/${e._id}` } : { pagelink: null, link: null });
    for (const e of ofKind("family")) expect(e).toMatchObject({ pagelink: "/family-constellation", link: `/family-constellation?id=${e._id}&modal=true` });
    // Each of them answers.
    for (const e of [ofKind("tasso")[0]!, ofKind("decode").find((x) => x.programId)!, ofKind("family")[0]!]) {
      for (const path of [e.pagelink!, e.link!]) expect((await fetch(`${s.url}${path}`)).status).toBe(200);
    }
    // A link staff set wins.
    const own = await addSession({ starts_at: new Date(Date.now() + 41 * 86_400_000).toISOString(), ends_at: new Date(Date.now() + 41 * 86_400_000 + 3_600_000).toISOString(), page_link: "/about" });
    expect(eventOneResponse.parse((await get(`/api/events/open/${own}`)).body).data).toMatchObject({ pagelink: "/about", link: "/about" });
  });

  it("GET /date-range: sessions starting on those days at their own venue (D13)", async () => {
    // 9:30 PM in Los Angeles on day D is already day D+1 in UTC.
    const day = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const lateLa = await addSession({ kind: "other", title: "Evening talk", time_zone: "America/Los_Angeles", city: "Los Angeles", starts_at: `${next}T05:30:00.000Z`, ends_at: `${next}T07:00:00.000Z` });
    const onDay = await list(`/api/events/open/date-range?startDate=${day}&endDate=${day}`);
    expect(onDay.data.map((e) => e._id)).toEqual([lateLa]);
    const onNext = await list(`/api/events/open/date-range?startDate=${next}&endDate=${next}`);
    expect(onNext.data.map((e) => e._id)).not.toContain(lateLa);
    // The seeds' range: a year from today holds every upcoming seeded session; paging works on the range.
    const today = new Date().toISOString().slice(0, 10);
    const inYear = new Date(Date.now() + 360 * 86_400_000).toISOString().slice(0, 10);
    const year = await list(`/api/events/open/date-range?startDate=${today}&endDate=${inYear}&limit=4&page=2`);
    expect(year.data.length).toBe(4);
    expect(year.totalPages).toBe(Math.ceil(year.totalEvents / 4));
    expect(year.totalEvents).toBeGreaterThanOrEqual(upcomingSeeds.length);
  });

  it("GET /{id}: one session, or 404 'Event not found'", async () => {
    const one = eventOneResponse.parse((await get("/api/events/open/s-ich-1-a")).body);
    expect(one.data).toMatchObject({ _id: "s-ich-1-a", eventType: "hyp", programType: "hypnotherapy", programId: "ich-1", facilitator: "Dr. Priya Raman-Cole" });
    // Spec part 2 §3's formattedStartDate: the date the site shows, at the venue.
    expect(one.data.formattedStartDate).toBe(formatSessionDate(one.data.startDate, one.data.timeZone));
    expect(one.data.formattedStartDate).toMatch(/^\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}$/);
    const missing = await get("/api/events/open/nope");
    expect(missing.status).toBe(404);
    expect(errorResponse.parse(missing.body).message).toBe("Event not found");
    expect((await get(`/api/events/open/${"x".repeat(300)}`)).status).toBe(404);
  });

  it.each([
    ["/api/events/open?page=0", { page: "Page must be 1 or more" }],
    ["/api/events/open?page=abc", { page: "Page must be a whole number" }],
    // Plain decimal notation only: Number() would read these as 10 and 2.
    ["/api/events/open?page=1e1", { page: "Page must be a whole number" }],
    ["/api/events/open?limit=0x2", { limit: "Limit must be a whole number" }],
    ["/api/events/open?limit=0", { limit: "Limit must be between 1 and 100" }],
    ["/api/events/open?limit=1e9", { limit: "Limit must be a whole number" }],
    ["/api/events/open?limit=1000", { limit: "Limit must be between 1 and 100" }],
    ["/api/events/open?limit=2.5", { limit: "Limit must be a whole number" }],
    [`/api/events/open?search=${"a".repeat(101)}`, { search: "Search must be at most 100 characters" }],
    ["/api/events/open/upcoming?page=-1", { page: "Page must be 1 or more" }],
    ["/api/events/open/type/yoga", { type: "Type must be one of decode, hypnotherapy, hyp, ich, family, fc, tasso, other" }],
    ["/api/events/open/type/yoga?limit=x", { type: "Type must be one of decode, hypnotherapy, hyp, ich, family, fc, tasso, other", limit: "Limit must be a whole number" }],
    ["/api/events/open/date-range", { startDate: "Start date is required", endDate: "End date is required" }],
    ["/api/events/open/date-range?startDate=2026-02-29&endDate=2026-03-01", { startDate: "Start date must be a date like 2026-03-05" }],
    ["/api/events/open/date-range?startDate=2026-03-05&endDate=2026-03-01", { endDate: "End date must be after or equal to start date" }],
    ["/api/events/open/date-range?startDate=2026-01-01&endDate=2030-01-01", { endDate: "The range must be at most 367 days" }],
    ["/api/events/open/date-range?startDate=%ZZ&endDate=x", { startDate: "Start date must be a date like 2026-03-05", endDate: "End date must be a date like 2026-03-05" }],
  ])("%s: 400 with field messages", async (p, errors) => {
    const { status, body } = await get(p);
    expect(status).toBe(400);
    expect(errorResponse.parse(body)).toEqual({ success: false, message: "Invalid query", errors });
  });

  it("refuses writes on the read calls: 405 with Allow and a JSON message, as the API's other refusals", async () => {
    const reads = ["/api/events/open", "/api/events/open/s-ich-1-a", "/api/events/open/upcoming", "/api/events/open/type/hyp", "/api/decode/user", "/api/hypnotherapy/user", "/api/familyEvent/user", "/api/openapi.json"];
    for (const p of reads) {
      for (const method of ["POST", "PUT", "DELETE"]) {
        const res = await fetch(`${s.url}${p}`, { method, headers: { "Content-Type": "application/json" }, body: "{}" });
        expect({ p, method, status: res.status, allow: res.headers.get("allow"), body: await res.json() }).toEqual({
          p,
          method,
          status: 405,
          allow: "GET, HEAD",
          body: { success: false, message: "This address only answers GET." },
        });
      }
    }
  });

  it("OPTIONS on the API answers 204 with Allow and sends no data (a loader is not run for it)", async () => {
    for (const p of ["/api/events/open", "/api/decode/user", "/api/contacts"]) {
      const res = await fetch(`${s.url}${p}`, { method: "OPTIONS" });
      expect({ p, status: res.status, allow: res.headers.get("allow"), body: await res.text() }).toEqual({
        p,
        status: 204,
        allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
        body: "",
      });
    }
  });

  it("a session without a venue shows 'Venue TBD' on the calendar (spec part 1's display rules)", async () => {
    const at = Date.now() + 3 * 86_400_000;
    const id = await addSession({ title: "Venue still open", venue: null, starts_at: new Date(at).toISOString(), ends_at: new Date(at + 3_600_000).toISOString() });
    try {
      const html = await (await fetch(`${s.url}/schedule`)).text();
      const row = html.slice(html.indexOf("Venue still open"));
      expect(row.slice(0, row.indexOf("</tr>"))).toContain("Venue TBD");
    } finally {
      await s.db.deleteFrom("events").where("id", "=", id).execute();
    }
  });

  it("/schedule is server-rendered: the sessions, the filter from the URL, one JSON-LD Event per listed session", async () => {
    const html = await (await fetch(`${s.url}/schedule`)).text();
    expect(html).toContain("Upcoming Events");
    expect(html).toContain("Decode Your Mind");
    expect(html).toContain("Not Limited");
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as { "@graph"?: Array<Record<string, unknown>> });
    const graph = ld.find((x) => x["@graph"])!["@graph"]!;
    const listed = (await list("/api/events/open")).data;
    expect(graph.length).toBe(listed.length);
    const chicagoSeed = graph.find((e) => (e.location as { address: { addressLocality: string } }).address.addressLocality === "Chicago" && e.name === "Decode Your Mind")!;
    // 9:00 AM at the Chicago venue, with its offset; the external sign-up is the offer's URL.
    expect(chicagoSeed.startDate).toMatch(/T09:00:00-0[56]:00$/);
    expect(chicagoSeed.offers).toMatchObject({ price: 300, priceCurrency: "USD", url: "https://tickets.example.org/decode-your-mind-chicago" });
    const full = graph.find((e) => e.name === "Decode Your Relationships" && (e.location as { name: string }).name === "Larimer Room");
    expect(full?.offers).toMatchObject({ availability: "https://schema.org/SoldOut" });

    const tasso = await (await fetch(`${s.url}/schedule?program=tasso`)).text();
    expect(tasso).toContain("TASSO Program");
    expect(tasso).not.toContain("Decode Your Mind");
    expect(tasso).toMatch(/aria-current="true"[^>]*>TASSO</);
  });

  it("'Add to calendar': the session as an .ics file in the venue's zone", async () => {
    const res = await fetch(`${s.url}/schedule/s-decode-2-a/calendar.ics`);
    expect(res.status).toBe(200);
    // The file's METHOD is said in the Content-Type too (RFC 5545 §8.1).
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8; method=PUBLISH");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="decode-your-behavior-\d{4}-\d{2}-\d{2}\.ics"$/);
    const ics = await res.text();
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain("METHOD:PUBLISH");
    expect(ics).toMatch(/DTSTART;TZID=America\/Chicago:\d{8}T090000/);
    expect(ics).toContain("BEGIN:VTIMEZONE");
    expect(ics).toContain("Lakeside Center");
    // The session's id at the site's stored calendar host (decision 0079).
    expect(ics).toContain(`\r\nUID:event-s-decode-2-a@${new URL(s.config.publicUrl).hostname}\r\n`);
    expect((await fetch(`${s.url}/schedule/nope/calendar.ics`)).status).toBe(404);
  });

  it("'Add to calendar' counts the session's moves in SEQUENCE, so a later download replaces the entry; its date is said once", async () => {
    const at = Date.now() + 5 * 86_400_000;
    const id = await addSession({ title: "Moving session", starts_at: new Date(at).toISOString(), ends_at: new Date(at + 2 * 86_400_000).toISOString() });
    const unfold = async () => (await (await fetch(`${s.url}/schedule/${id}/calendar.ics`)).text()).replace(/\r\n[ \t]/g, "");
    try {
      expect(await unfold()).toContain("\r\nSEQUENCE:0\r\n");
      for (const hours of [1, 2]) {
        await s.db
          .updateTable("events")
          .set({ starts_at: new Date(at + hours * 3_600_000).toISOString() })
          .where("id", "=", id)
          .execute();
      }
      const moved = await unfold();
      expect(moved).toContain("\r\nSEQUENCE:2\r\n");
      // A session over several days: the range names both days, without the start's date again in front.
      const description = /\r\nDESCRIPTION:([^\r]*)\r\n/.exec(moved)![1]!;
      const when = description.split("\\n")[1]!;
      expect(when).toMatch(/^\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2}\\, \d{1,2}:\d{2} [AP]M – \d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}\\, \d{1,2}:\d{2} [AP]M [A-Z]{3}$/);
    } finally {
      await s.db.deleteFrom("session_notices").where("event_id", "=", id).execute();
      await s.db.deleteFrom("events").where("id", "=", id).execute();
    }
  });

  it("the sitemap lists /schedule", async () => {
    const xml = await (await fetch(`${s.url}/sitemap.xml`)).text();
    expect(xml).toContain(`<loc>${s.config.publicUrl}/schedule</loc>`);
  });
});
