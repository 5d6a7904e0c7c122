import crypto from "node:crypto";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seatsTaken } from "~/features/events/events.server";
import { createStaffAccount } from "~/features/admin-auth/accounts.server";
import { createSession } from "~/features/admin-auth/sessions.server";
import { csvText, parseCsv } from "../helpers/csv";
import { dialects } from "../helpers/databases";
import { addSession, adultDob, valid } from "../helpers/registration";
import { startSite, type RunningSite } from "../helpers/site";

/**
 * The staff registration lists (issue 9, points 5, 6, 7, 11, 12): the pages and
 * the JSON API over the same data, on each database. Registrations are made
 * through the public API where the flow matters, inserted directly where only
 * their number or their odd content does.
 */
type Wire = Record<string, unknown> & { _id: string };
type ListBody = { success: boolean; message: string; data: Wire[]; pagination: Record<string, number | null> };

describe.each(dialects)("staff registration lists on %s", { timeout: 120_000 }, (dialect) => {
  let s: RunningSite;
  let cookie: string;
  let bearer: string;
  let ichSession: string;
  let decodeSession: string;
  let ichId: string;
  let decodeId: string;
  let profileJpeg: Buffer;

  const asStaff = (path: string, init: RequestInit = {}) =>
    fetch(`${s.url}${path}`, { redirect: "manual", ...init, headers: { cookie: `staff_session=${cookie}`, ...init.headers } });
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${s.url}${path}`, { ...init, headers: { authorization: `Bearer ${bearer}`, ...init.headers } });

  async function registerIch(email: string, photos = true) {
    const f = new FormData();
    const fields = { ...valid, email, levelName: "ICH Level 1", level: "Level 1", upcomingEventId: ichSession, programId: "", firstName: "Maria", lastName: "Gonzalez", middleName: "" };
    for (const [k, v] of Object.entries(fields)) if (v !== "") f.set(k, String(v));
    if (photos) {
      f.set("profileImage", new Blob([new Uint8Array(profileJpeg)], { type: "image/jpeg" }), "me.jpg");
      f.set("idPhotofront", new Blob([new Uint8Array(await sharp(profileJpeg).png().toBuffer())], { type: "image/png" }), "front.png");
    }
    return fetch(`${s.url}/api/ich/ich-registration`, { method: "POST", body: f });
  }

  /** Registrations straight into the table: for counts, odd content and dates the forms would not produce. */
  async function insertRows(n: number, patch: (i: number) => Record<string, unknown> = () => ({})) {
    const rows = Array.from({ length: n }, (_, i) => ({
      id: `bulk-${crypto.randomUUID()}`,
      event_id: ichSession,
      programme_id: null,
      kind: "hypnotherapy" as const,
      first_name: `Person${i}`,
      middle_name: null,
      last_name: "Bulk",
      name_on_certificate: `Person${i} Bulk`,
      email: `bulk${i}.${crypto.randomUUID().slice(0, 6)}@example.com`,
      email_key: `bulk${i}.${crypto.randomUUID().slice(0, 6)}@example.com`,
      mobile_no: "5550000000",
      date_of_birth: adultDob,
      occupation: "Engineer",
      session_label: "Boston | Bulk session | 1st Jan 2027",
      level_name: "ICH Advanced Practitioner",
      level: "Advanced Practitioner",
      terms_accepted_at: "2026-01-01T00:00:00.000Z",
      created_at: new Date(Date.UTC(2025, 0, 1, 12) - i * 60_000).toISOString(),
      ...patch(i),
    }));
    for (let i = 0; i < rows.length; i += 200) await s.db.insertInto("registrations").values(rows.slice(i, i + 200)).execute();
    return rows;
  }

  beforeAll(async () => {
    s = await startSite(dialect, { FORM_RATE_LIMIT: "100000" });
    const account = await createStaffAccount(s.db, "lists@example.org", "Copper kettle 42 humming");
    cookie = (await createSession(s.db, account.id, "browser", 3600)).secret;
    bearer = (await createSession(s.db, account.id, "api", 3600)).secret;
    // The demo content holds seats with a few registrations: the lists start empty here.
    await s.db.deleteFrom("registrations").execute();
    ichSession = await addSession(s, { kind: "hypnotherapy", title: "ICH Foundations", city: "Seattle", capacity: 1 });
    decodeSession = await addSession(s, { title: "Decode Weekend", city: "Chicago" });
    profileJpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 90 } } }).jpeg().toBuffer();
    const ich = await registerIch("maria@example.com");
    if (ich.status !== 201) throw new Error(`ICH registration answered ${ich.status}`);
    ichId = ((await ich.json()) as { data: { _id: string } }).data._id;
    const decode = await fetch(`${s.url}/api/registration`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...valid, upcomingEventId: decodeSession, programId: undefined, email: "ann.decode@example.com" }),
    });
    if (decode.status !== 201) throw new Error(`DECODE registration answered ${decode.status}`);
    decodeId = ((await decode.json()) as { data: { _id: string } }).data._id;
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("lists each kind in its own list, with the spec's fields and pagination object", async () => {
    const ich = (await (await api("/api/ich?page=1")).json()) as ListBody;
    expect(ich.success).toBe(true);
    expect(ich.data.map((r) => r._id)).toEqual([ichId]);
    expect(ich.data[0]).toMatchObject({
      firstName: "Maria",
      lastName: "Gonzalez",
      email: "maria@example.com",
      levelName: "ICH Level 1",
      level: "Level 1",
      upcomingEventId: ichSession,
      permanenetAddress: expect.any(String),
      profileImage: `/api/admin/registrations/${ichId}/photos/profile`,
      idPhotofront: `/api/admin/registrations/${ichId}/photos/id-front`,
      idphotoback: null,
    });
    expect(String(ich.data[0]!.city)).toContain("Seattle");
    expect(ich.pagination).toEqual({ currentPage: 1, totalPages: 1, totalRegistrations: 1, total: 1, capped: false, limit: 10, nextPage: null, prevPage: null });
    // Asked for nothing in particular, as the spec's DECODE client asks: the whole list (decision 0063).
    const decode = (await (await api("/api/registration")).json()) as ListBody;
    expect(decode).toMatchObject({ success: true, message: "Registrations fetched successfully" });
    expect(decode.data.map((r) => r._id)).toEqual([decodeId]);
    expect(decode.data[0]).toMatchObject({ firstName: "Ann", lastName: "Lee", profileImage: null });
    expect(decode.pagination).toEqual({ currentPage: 1, totalPages: 1, totalRegistrations: 1, total: 1, capped: false, limit: 1, nextPage: null, prevPage: null });
  });

  it("the search index follows every write (insert, edit, anonymisation, delete) and a broad search lists the newest 1,000", async () => {
    const total = async (search: string) =>
      ((await (await api(`/api/ich?search=${encodeURIComponent(search)}`)).json()) as ListBody).pagination.totalRegistrations;
    const [row] = await insertRows(1, () => ({ first_name: "Quillon", email: "quillon.first@example.com" }));
    try {
      expect(await total("quillon")).toBe(1);
      await s.db.updateTable("registrations").set({ email: "renamed.address@example.com", first_name: "Anon" }).where("id", "=", row!.id).execute();
      expect(await total("quillon")).toBe(0);
      expect(await total("renamed.address")).toBe(1);
      // Each searched column on its own: an email changed alone, and the session's label alone (what a staff
      // edit of the session writes to its registrations, events-admin.server.ts), are searched at once.
      await s.db.updateTable("registrations").set({ email: "third.address@example.com" }).where("id", "=", row!.id).execute();
      expect(await total("renamed.address")).toBe(0);
      expect(await total("third.address")).toBe(1);
      await s.db.updateTable("registrations").set({ session_label: "Harborview Quillmoor" }).where("id", "=", row!.id).execute();
      expect(await total("quillmoor")).toBe(1);
    } finally {
      await s.db.deleteFrom("registrations").where("id", "=", row!.id).execute();
    }
    expect(await total("renamed.address")).toBe(0);
    expect(Number((await s.db.selectFrom("registration_search").select((eb) => eb.fn.countAll().as("n")).where("registration_id", "=", row!.id).executeTakeFirstOrThrow()).n)).toBe(0);

    // 1,005 match 'capword': the count stops at 1,000, the pages walk the newest 1,000, and the page says so.
    const many = await insertRows(1005, (i) => ({ last_name: "Capword", created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString() }));
    try {
      const first = (await (await api("/api/ich?search=capword")).json()) as ListBody;
      expect(first.pagination).toMatchObject({ totalRegistrations: 1000, totalPages: 100, capped: true });
      // Newest first: the last inserted leads.
      expect(first.data[0]!.firstName).toBe("Person1004");
      const last = (await (await api("/api/ich?search=capword&page=100")).json()) as ListBody;
      expect(last.data.map((r) => r.firstName)).toEqual(Array.from({ length: 10 }, (_, i) => `Person${14 - i}`));
      // A second word narrows it below the cap: exact again.
      const narrow = (await (await api("/api/ich?search=capword%20person100")).json()) as ListBody;
      expect(narrow.pagination).toMatchObject({ totalRegistrations: 6, capped: false });
      const html = await (await asStaff("/admin/ich-registrations?search=capword")).text();
      expect(html).toContain("More than 1,000 registrations match “capword”");
      expect(html).toContain("1,000+");
      // The whole list, asked for with nothing else: every one of them, streamed in pages of 500 and read as one JSON
      // document, newest first; the view is recorded with how many, not each id.
      const everyone = await s.db.selectFrom("registrations").select(["id", "created_at"]).where("kind", "=", "hypnotherapy").orderBy("created_at", "desc").orderBy("id", "desc").execute();
      const whole = (await (await api("/api/ich")).json()) as ListBody;
      expect(whole.data.map((r) => r._id)).toEqual(everyone.map((r) => r.id));
      expect(whole.pagination).toMatchObject({ totalRegistrations: everyone.length, totalPages: 1, capped: false });
      const audit = await s.db.selectFrom("audit_events").select(["detail"]).where("target_type", "=", "ich-registrations").where("action", "=", "view").orderBy("at", "desc").limit(1).executeTakeFirstOrThrow();
      expect(JSON.parse(String(audit.detail))).toEqual({ via: "api", all: true, count: everyone.length, searched: false });
    } finally {
      await s.db.deleteFrom("registrations").where("id", "in", many.map((r) => r.id)).execute();
    }
  });

  it("answers 400 with a message per unusable query value", async () => {
    const res = await api("/api/ich?startDate=2026-13-01&page=0");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, errors: { startDate: "Please enter a valid date (YYYY-MM-DD)", page: "Page must be a whole number from 1" } });
    expect((await api("/api/ich/download-csv?startDate=2026-03-02&endDate=2026-03-01")).status).toBe(400);
  });

  it("searches first and last name, email, level and city on the server, pages 10 at a time, and keeps it in the URL", async () => {
    const rows = await insertRows(23);
    try {
      const all = (await (await api("/api/ich?page=3")).json()) as ListBody;
      expect(all.pagination).toMatchObject({ currentPage: 3, totalPages: 3, totalRegistrations: 24, nextPage: null, prevPage: 2 });
      expect(all.data).toHaveLength(4);
      for (const [search, expected] of [
        ["gonzalez", 1],
        ["MARIA@example", 1],
        ["advanced practitioner", 23],
        ["boston", 23],
        ["seattle", 1],
        ["person1", 11],
        ["person12 bulk", 1],
        ["nobody-here", 0],
        ["100%_\\", 0],
      ] as const) {
        const body = (await (await api(`/api/ich?search=${encodeURIComponent(search)}`)).json()) as ListBody;
        expect({ search, total: body.pagination.totalRegistrations }).toEqual({ search, total: expected });
      }

      // The page: server-rendered from the URL, the same list the API gives.
      const page2 = await (await asStaff("/admin/ich-registrations?search=person1&page=2")).text();
      expect(page2).toContain("ICH Registration Management");
      expect(page2).toContain("Showing 11 to 11 of 11 results");
      const none = await (await asStaff("/admin/ich-registrations?search=nobody-here")).text();
      expect(none).toContain("No registrations found");
      expect(none).toContain("Try adjusting your search criteria");
      // Past the last page: the last page.
      expect(await (await asStaff("/admin/ich-registrations?page=99")).text()).toContain("Showing 21 to 24 of 24 results");
    } finally {
      await s.db.deleteFrom("registrations").where("id", "in", rows.map((r) => r.id)).execute();
    }
  });

  it("serves photos only to staff, never cached, named, with the bytes stored", async () => {
    const path = `/api/admin/registrations/${ichId}/photos/profile`;
    const anonymous = await fetch(`${s.url}${path}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("content-type")).toContain("application/json");
    for (const res of [await asStaff(path), await api(path)]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("content-disposition")).toBe(`inline; filename="registration-${ichId}-profile.jpg"`);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const bytes = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height]).toEqual([64, 48]);
    }
    const front = await api(`/api/admin/registrations/${ichId}/photos/id-front`);
    expect(front.headers.get("content-type")).toBe("image/png");
    expect((await api(`/api/admin/registrations/${ichId}/photos/id-back`)).status).toBe(404);
    expect((await api(`/api/admin/registrations/${ichId}/photos/passport`)).status).toBe(404);
    // Names every JavaScript object has are no photo either.
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect((await api(`/api/admin/registrations/${ichId}/photos/${name}`)).status).toBe(404);
    }
    // Nothing of the photos is on a public path.
    expect((await fetch(`${s.url}/uploads/${ichId}`)).status).toBe(404);
  });

  it("shows the details dialog from the URL with every section and records the view", async () => {
    const html = await (await asStaff(`/admin/ich-registrations?view=${ichId}`)).text();
    for (const heading of ["Registration Details", "Personal Information", "Address Information", "Course Information", "Additional Information", "ID Photos"]) {
      expect(html).toContain(heading);
    }
    expect(html).toContain("maria@example.com");
    expect(html).toContain(`/api/admin/registrations/${ichId}/photos/profile`);
    // An ICH registration is not in the DECODE list, nor deletable through it.
    expect(await (await asStaff(`/admin/registrations?view=${ichId}`)).text()).toContain("This registration no longer exists.");
    expect((await api(`/api/registration/${ichId}`, { method: "DELETE" })).status).toBe(404);
    const one = await api(`/api/ich/${ichId}`);
    expect(await one.json()).toMatchObject({ success: true, data: { _id: ichId, eventTitle: "ICH Foundations" } });
    const audit = await s.db.selectFrom("audit_events").selectAll().where("target_id", "=", ichId).where("action", "=", "view").execute();
    expect(audit.length).toBeGreaterThanOrEqual(3); // the page's dialog, the API call and the photos above
    expect(audit.every((a) => a.actor_email === "lists@example.org")).toBe(true);
    expect(audit.some((a) => JSON.parse(a.detail ?? "{}").photo === "profile")).toBe(true);

    // A HEAD sends no body: the same reads are not views (decision 0109); a GET after it is.
    const views = async () => Number((await s.db.selectFrom("audit_events").select((eb) => eb.fn.countAll<number>().as("n")).where("action", "=", "view").executeTakeFirstOrThrow()).n);
    const before = await views();
    for (const path of [`/api/ich/${ichId}`, "/api/ich", `/api/admin/registrations/${ichId}/photos/profile`]) {
      const head = await api(path, { method: "HEAD" });
      expect({ path, status: head.status }).toEqual({ path, status: 200 });
    }
    expect((await asStaff(`/admin/ich-registrations?view=${ichId}`, { method: "HEAD" })).status).toBe(200);
    expect(await views()).toBe(before);
    expect((await api(`/api/ich/${ichId}`)).status).toBe(200);
    expect(await views()).toBe(before + 1);
  });

  it("says the course time with the venue's zone, in the details and the CSV, as every other staff time (decision 0079)", async () => {
    const visible = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, " ").replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, " ");
    const la = await addSession(s, { kind: "hypnotherapy", title: "ICH in Los Angeles", city: "Los Angeles", time_zone: "America/Los_Angeles" });
    // Winter and summer dates: the zone's name is the one on the course date.
    const rows = await insertRows(2, (i) => ({ event_id: la, last_name: "Pacific", course_date: ["2026-12-03", "2027-07-01"][i], course_time: "9:00 AM" }));
    try {
      const details = visible(await (await asStaff(`/admin/ich-registrations?view=${rows[0]!.id}`)).text());
      expect(details).toContain("Course time 9:00 AM PST");
      expect(visible(await (await asStaff(`/admin/ich-registrations?view=${rows[1]!.id}`)).text())).toContain("Course time 9:00 AM PDT");
      const csv = parseCsv((await csvText(await api("/api/ich/download-csv?search=pacific"))).slice(1));
      const column = csv[0]!.indexOf("Course Time");
      expect(csv.slice(1).map((r) => r[column]).sort()).toEqual(["9:00 AM PDT", "9:00 AM PST"]);
    } finally {
      await s.db.deleteFrom("registrations").where("id", "in", rows.map((r) => r.id)).execute();
      await s.db.deleteFrom("events").where("id", "=", la).execute();
    }
  });

  it("shows statuses in words, never the stored value, with the earlier-level note and the attendance in the details", async () => {
    const visible = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, " ").replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, " ");
    await s.db
      .updateTable("registrations")
      .set({ status: "awaiting_approval", prerequisite_note: "Level 1 in Denver, 2024", attendance: "attended", attendance_marked_at: "2026-02-03T15:00:00.000Z", attendance_marked_by: "desk@example.org" })
      .where("id", "=", decodeId)
      .execute();
    try {
      const list = visible(await (await asStaff("/admin/registrations")).text());
      expect(list).toContain("Awaiting approval");
      expect(list).not.toContain("awaiting_approval");
      const details = visible(await (await asStaff(`/admin/registrations?view=${decodeId}`)).text());
      expect(details).toContain("Status Awaiting approval");
      expect(details).toContain("Earlier level completed elsewhere (their note) Level 1 in Denver, 2024");
      expect(details).toContain("Decision on the earlier level Awaiting approval");
      expect(details).toMatch(/Attendance Attended \(marked [^)]+ by desk@example\.org\)/);
      expect(details).not.toContain("awaiting_approval");
      await s.db.updateTable("registrations").set({ status: "declined", prerequisite_decided_at: "2026-02-04T10:00:00.000Z", prerequisite_decided_by: "boss@example.org" }).where("id", "=", decodeId).execute();
      const declined = visible(await (await asStaff(`/admin/registrations?view=${decodeId}`)).text());
      expect(declined).toContain("Status Declined");
      expect(declined).toMatch(/Decision on the earlier level Declined [^·]+ by boss@example\.org/);
      const csv = await (await asStaff("/api/registration/download-csv")).text();
      expect(csv).toContain(",Declined");
      expect(csv).not.toMatch(/,declined\b/);
    } finally {
      await s.db
        .updateTable("registrations")
        .set({ status: "registered", prerequisite_note: null, prerequisite_decided_at: null, prerequisite_decided_by: null, attendance: null, attendance_marked_at: null, attendance_marked_by: null })
        .where("id", "=", decodeId)
        .execute();
    }
  });

  it("exports CSV: BOM, RFC 4180 quoting, formulas neutralised, search and date range applied, named for the range", async () => {
    const rows = await insertRows(3, (i) => ({
      first_name: ["=HYPERLINK(\"http://evil\")", "Zoë", "@SUM(A1)"][i],
      last_name: "Quoted",
      occupation: ['Says "hi", then\r\nleaves', "+1 plus", "-minus"][i],
      created_at: ["2025-03-01T15:00:00.000Z", "2025-03-02T04:30:00.000Z", "2025-03-03T15:00:00.000Z"][i],
    }));
    // Exports by earlier tests are in the audit trail too: only this test's count.
    const earlier = new Set((await s.db.selectFrom("audit_events").select("id").where("action", "=", "export").execute()).map((e) => e.id));
    try {
      const res = await api("/api/ich/download-csv?search=quoted&startDate=2025-03-01&endDate=2025-03-01");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(res.headers.get("content-disposition")).toBe('attachment; filename="ich-registrations_2025-03-01_to_2025-03-01.csv"');
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder().decode(bytes.slice(3));
      const lines = text.split("\r\n");
      expect(lines[0]).toMatch(/^Registration ID,Registration Date \(New York time\),First Name,Middle Name,Last Name,/);
      // 2025-03-02T04:30Z is still March 1st in New York: inside the range; March 3rd is not. Each row's
      // moment is written in the zone the range is read in, sortable (decision 0079).
      expect(lines.filter((l) => l.startsWith("bulk-")).map((l) => l.split(",")[1])).toEqual(["2025-03-01 23:30:00 EST", "2025-03-01 10:00:00 EST"]);
      expect(text).toContain(`,"'=HYPERLINK(""http://evil"")",,Quoted,`);
      expect(text).toContain('"Says ""hi"", then\r\nleaves"');
      expect(text).toContain(",Zoë,");
      expect(text).toContain(",'+1 plus,");
      expect(text).not.toContain("@SUM");
      expect(text.endsWith("\r\n")).toBe(true);

      const open = await api("/api/ich/download-csv?search=quoted");
      expect(open.headers.get("content-disposition")).toBe('attachment; filename="ich-registrations_start_to_today.csv"');
      const all = await open.text();
      expect(all).toContain(",'@SUM(A1),");
      expect(all.split("\r\n").filter(Boolean)).toHaveLength(1 + 3 + 1); // header, 3 rows, the quoted line break splits one row
      const decodeCsv = await asStaff("/api/registration/download-csv");
      expect(decodeCsv.headers.get("content-disposition")).toBe('attachment; filename="decode-registrations_start_to_today.csv"');
      expect(await decodeCsv.text()).toContain("ann.decode@example.com");
      const exports = (await s.db.selectFrom("audit_events").selectAll().where("action", "=", "export").execute()).filter((e) => !earlier.has(e.id));
      expect(exports.map((e) => e.target_type).sort()).toEqual(["decode-registrations", "ich-registrations", "ich-registrations"]);
      expect(JSON.parse(exports.find((e) => e.detail?.includes("2025-03-01"))!.detail!)).toEqual({ searched: true, startDate: "2025-03-01", endDate: "2025-03-01" });
    } finally {
      await s.db.deleteFrom("registrations").where("id", "in", rows.map((r) => r.id)).execute();
    }
  });

  it("shows 'Error Loading Data' with Retry when the list cannot be read, and the list again once it can", async () => {
    await sql`alter table registrations rename to registrations_away`.execute(s.db);
    let html: string;
    try {
      html = await (await asStaff("/admin/ich-registrations?search=maria")).text();
    } finally {
      await sql`alter table registrations_away rename to registrations`.execute(s.db);
    }
    expect(html).toContain("ICH Registration Management");
    expect(html).toContain("Error Loading Data");
    expect(html).toContain("Failed to fetch registrations");
    // Without JavaScript Retry is a link to the same list.
    expect(html).toMatch(/<a [^>]*href="\/admin\/ich-registrations\?search=maria"[^>]*>.*?Retry<\/a>/s);
    const again = await (await asStaff("/admin/ich-registrations?search=maria")).text();
    expect(again).not.toContain("Error Loading Data");
    expect(again).toContain("maria@example.com");
  });

  it("deleting a registration (API) frees its seat, removes its photos and is recorded", async () => {
    // Capacity 1, taken by Maria: the next person is refused.
    const full = await registerIch("second@example.com", false);
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ message: "This session is full" });
    const files = await s.db.selectFrom("registrations").select(["profile_image_id", "id_front_id"]).where("id", "=", ichId).executeTakeFirstOrThrow();

    // A delete from another site is refused, even with a valid session.
    const crossSite = await asStaff(`/api/ich/${ichId}`, { method: "DELETE", headers: { origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    expect(await s.db.selectFrom("registrations").select("id").where("id", "=", ichId).executeTakeFirst()).toBeDefined();

    const del = await api(`/api/ich/${ichId}`, { method: "DELETE" });
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ success: true, message: "Registration deleted successfully" });
    expect(await s.db.selectFrom("registrations").select("id").where("id", "=", ichId).executeTakeFirst()).toBeUndefined();
    expect(await s.db.selectFrom("files").select("id").where("id", "in", [files.profile_image_id!, files.id_front_id!]).execute()).toEqual([]);
    expect((await asStaff(`/api/admin/registrations/${ichId}/photos/profile`)).status).toBe(404);
    const again = await api(`/api/ich/${ichId}`, { method: "DELETE" });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ success: false, message: "Failed to delete registration: registration not found" });

    const seat = await registerIch("second@example.com", false);
    expect(seat.status).toBe(201);
    ichId = ((await seat.json()) as { data: { _id: string } }).data._id;
    const audit = await s.db.selectFrom("audit_events").selectAll().where("action", "=", "delete").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_email: "lists@example.org", target_type: "registration", ip: expect.any(String) });
  });

  it("erases a registrant's details on their request from the details dialog: only when confirmed, in its own list; the seat stays", async () => {
    const email = `erase.me.${dialect}@example.com`;
    expect((await fetch(`${s.url}/api/registration`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...valid, email, firstName: "Petra", lastName: "Vanish", upcomingEventId: decodeSession, programId: undefined }) })).status).toBe(201);
    const row = await s.db.selectFrom("registrations").select(["id", "event_id"]).where("email_key", "=", email).executeTakeFirstOrThrow();
    const erase = (list: string, body: string) =>
      asStaff(`/admin/${list}?view=${row.id}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
    const seatsBefore = (await seatsTaken(s.db, [decodeSession])).get(decodeSession);

    const unconfirmed = await erase("registrations", `intent=erase&id=${row.id}`);
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain("Check the box to confirm that this cannot be undone");
    // A DECODE registration is not in the ICH list: nothing is erased from there.
    expect((await erase("ich-registrations", `intent=erase&id=${row.id}&confirm=on`)).status).toBe(404);
    expect((await s.db.selectFrom("registrations").select("email").where("id", "=", row.id).executeTakeFirstOrThrow()).email).toBe(email);

    const done = await erase("registrations", `intent=erase&id=${row.id}&confirm=on`);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("The registrant&#x27;s personal details and photos were erased.");
    const after = await s.db.selectFrom("registrations").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    expect([after.first_name, after.last_name, after.email, after.mobile_no, after.date_of_birth, after.status]).toEqual(["", "", "", "", "", "registered"]);
    expect((await seatsTaken(s.db, [decodeSession])).get(decodeSession)).toBe(seatsBefore);
    expect(await s.db.selectFrom("outbox").select("id").where("topic", "=", `registration:${row.id}`).execute()).toEqual([]);
    expect((await s.db.selectFrom("audit_events").select(["action", "actor_email"]).where("target_id", "=", row.id).where("action", "=", "erase").execute())).toEqual([
      { action: "erase", actor_email: "lists@example.org" },
    ]);
    // Shown as erased, and a second erase is refused in words.
    const details = await (await asStaff(`/admin/registrations?view=${row.id}`)).text();
    expect(details).toContain("Details erased");
    expect(details).not.toContain("Vanish");
    const again = await erase("registrations", `intent=erase&id=${row.id}&confirm=on`);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("These details were already erased.");
  });

  it("deleting from the page's confirmation form frees the seat and returns to the same list", async () => {
    const confirm = await (await asStaff(`/admin/ich-registrations?search=gonzalez&remove=${ichId}`)).text();
    expect(confirm).toContain("Confirm Deletion");
    expect(confirm).toContain("This action cannot be undone.");
    const res = await asStaff(`/admin/ich-registrations?search=gonzalez&remove=${ichId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `intent=delete&id=${ichId}`,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/ich-registrations?search=gonzalez&deleted=1");
    expect(await s.db.selectFrom("registrations").select("id").where("event_id", "=", ichSession).execute()).toEqual([]);
    // The copies of the mails about it go with it (decision 0048).
    expect(await s.db.selectFrom("outbox").select("id").where("topic", "=", `registration:${ichId}`).execute()).toEqual([]);
    const seats = (await (await fetch(`${s.url}/api/events/open/${ichSession}`)).json()) as { data: { seatsLeft: number } };
    expect(seats.data.seatsLeft).toBe(1);
    // Deleting what is gone: the spec's failure text in place, not a 500.
    const gone = await asStaff(`/admin/ich-registrations?remove=${ichId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `intent=delete&id=${ichId}`,
    });
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("Delete failed: Failed to delete registration");
  });
});
