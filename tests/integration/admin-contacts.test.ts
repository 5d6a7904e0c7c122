import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffAccount } from "~/features/admin-auth/accounts.server";
import { createSession } from "~/features/admin-auth/sessions.server";
import {
  errorResponse,
  staffConsultationListResponse,
  staffConsultationOneResponse,
  staffContactListResponse,
  staffContactOneResponse,
  staffContactStatusResponse,
  staffDeleteResponse,
} from "~/features/api/openapi.server";
import { courseDetailDate } from "~/features/events/format";
import { csvText, parseCsv } from "../helpers/csv";
import { dialects } from "../helpers/databases";
import { addSession } from "../helpers/registration";
import { startSite, type RunningSite } from "../helpers/site";

/**
 * Staff lists of contact messages and family consultations (issue 9, points
 * 5, 7, 11 and 12): the JSON API and CSV against what the database holds, the
 * audit trail, a deleted booking's seat, and the server-rendered screens.
 */
const PASSWORD = "Lantern orchard 73 quietly";

describe.each(dialects)("staff lists of contacts and family consultations on %s", { timeout: 120_000 }, (dialect) => {
  let s: RunningSite;
  let bearer: Record<string, string>;
  let cookie: Record<string, string>;

  beforeAll(async () => {
    s = await startSite(dialect, { FORM_RATE_LIMIT: "100000" });
    const account = await createStaffAccount(s.db, "boss@example.org", PASSWORD);
    bearer = { authorization: `Bearer ${(await createSession(s.db, account.id, "api", 3600)).secret}` };
    cookie = { cookie: `staff_session=${(await createSession(s.db, account.id, "browser", 3600)).secret}` };
    await s.db.deleteFrom("family_bookings").execute();
    await s.db.deleteFrom("contact_messages").execute();
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  const api = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${s.url}${path}`, { ...init, headers: { ...bearer, ...(init.body ? { "content-type": "application/json" } : {}), ...init.headers } });
  const audit = (action: string, targetType: string) =>
    s.db.selectFrom("audit_events").selectAll().where("action", "=", action).where("target_type", "=", targetType).orderBy("at").execute();

  describe("contacts", () => {
    const sendContact = (patch: Record<string, unknown>) =>
      fetch(`${s.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          firstName: "Grace",
          lastName: "Hopper",
          email: "grace@example.com",
          phoneNumber: "555-010-2030",
          country: "US",
          zipCode: "10001",
          message: "Tell me about Level 1.",
          acceptPrivacyPolicy: true,
          ...patch,
        }),
      });
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      // Through the public form, unauthenticated, as visitors send them.
      const sent = [
        ["grace", {}],
        ["priya", { firstName: "Priya", lastName: "Raman", email: "priya@example.in", country: "IN", phoneNumber: "98765 43210" }],
        ["oliver", { firstName: "Oliver", lastName: "Twist", email: "oliver@example.co.uk", country: "UK", message: '=HYPERLINK("http://evil.example","x")' }],
      ] as const;
      for (const [key, patch] of sent) {
        const res = await sendContact(patch);
        if (res.status !== 201) throw new Error(`POST /api/contact answered ${res.status}`);
        ids[key] = ((await res.json()) as { data: { _id: string } }).data._id;
      }
      // Twelve older ones, one a day in January (noon in New York), for paging and the date range.
      for (let i = 1; i <= 12; i++) {
        await s.db
          .insertInto("contact_messages")
          .values({
            id: `old-${String(i).padStart(2, "0")}`,
            first_name: "Filler",
            last_name: `Person${i}`,
            email: `filler${i}@example.com`,
            phone_number: "555-000-0000",
            country: "CA",
            zip_code: "H2X",
            message: null,
            accepted_privacy_at: `2026-01-${String(i).padStart(2, "0")}T17:00:00.000Z`,
            created_at: `2026-01-${String(i).padStart(2, "0")}T17:00:00.000Z`,
          })
          .execute();
      }
    });

    it("keeps the public form open and the staff calls closed", async () => {
      expect((await sendContact({ email: "someone@example.com" })).status).toBe(201);
      await s.db.deleteFrom("contact_messages").where("email", "=", "someone@example.com").execute();
      const anonymous = await fetch(`${s.url}/api/contacts`);
      expect(anonymous.status).toBe(401);
      errorResponse.parse(await anonymous.json());
      // Nothing is created through the staff path.
      const post = await api("/api/contacts", { method: "POST", body: "{}" });
      expect(post.status).toBe(405);
    });

    it("lists newest first, 10 a page, every message New until set, with the spec's pagination", async () => {
      const first = staffContactListResponse.parse(await (await api("/api/contacts?page=1")).json());
      expect(first.pagination).toEqual({ currentPage: 1, totalPages: 2, total: 15, limit: 10, nextPage: 2, prevPage: null });
      // Asked for nothing in particular (the spec's client: "no paging; client-side search"): every message, newest first, streamed.
      const whole = await api("/api/contacts");
      expect(whole.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(whole.headers.get("cache-control")).toBe("private, no-store");
      const all = staffContactListResponse.parse(await whole.json());
      expect(all).toMatchObject({ success: true, message: "Contacts fetched successfully" });
      expect(all.pagination).toEqual({ currentPage: 1, totalPages: 1, total: 15, limit: 15, nextPage: null, prevPage: null });
      expect(all.data).toHaveLength(15);
      expect(all.data.slice(0, 10)).toEqual(first.data);
      expect(all.data.slice(10).map((c) => c._id)).toEqual(["old-05", "old-04", "old-03", "old-02", "old-01"]);
      // Both reads are recorded views of the senders' details: the page's ids, the whole list's count.
      const views = await s.db.selectFrom("audit_events").select(["detail"]).where("action", "=", "view").where("target_type", "=", "contacts").orderBy("at", "desc").limit(2).execute();
      expect(views.map((v) => JSON.parse(String(v.detail)) as Record<string, unknown>)).toEqual([
        { via: "api", all: true, count: 15, searched: false },
        { via: "api", page: 1, searched: false, ids: first.data.map((c) => c._id) },
      ]);
      expect(first.data).toHaveLength(10);
      expect(first.data.slice(0, 3).map((c) => c.fullName).sort()).toEqual(["Grace Hopper", "Oliver Twist", "Priya Raman"]);
      expect(first.data.every((c) => c.status === "New")).toBe(true);
      const priya = first.data.find((c) => c.fullName === "Priya Raman")!;
      expect(priya).toMatchObject({ _id: ids.priya, email: "priya@example.in", phoneNumber: "98765 43210", contactNo: "98765 43210", country: "IN", countryName: "India" });
      const second = staffContactListResponse.parse(await (await api("/api/contacts?page=2")).json());
      expect(second.pagination).toMatchObject({ currentPage: 2, nextPage: null, prevPage: 1 });
      expect(second.data.map((c) => c._id)).toEqual(["old-05", "old-04", "old-03", "old-02", "old-01"]);
      // A page past the end shows the last one; nonsense is a 400 with a field message.
      expect(staffContactListResponse.parse(await (await api("/api/contacts?page=9")).json()).pagination.currentPage).toBe(2);
      const bad = await api("/api/contacts?page=zero&startDate=2026-02-30");
      expect(bad.status).toBe(400);
      expect(errorResponse.parse(await bad.json()).errors).toMatchObject({ page: expect.any(String), startDate: "Please enter a valid date (YYYY-MM-DD)" });
    });

    it("searches name, email, country (code or name), phone and status on the server", async () => {
      const names = async (q: string) =>
        staffContactListResponse.parse(await (await api(`/api/contacts?search=${encodeURIComponent(q)}&limit=100`)).json()).data.map((c) => c.fullName).sort();
      expect(await names("priya")).toEqual(["Priya Raman"]);
      expect(await names("grace hopper")).toEqual(["Grace Hopper"]);
      expect(await names("example.co.uk")).toEqual(["Oliver Twist"]);
      expect(await names("kingdom")).toEqual(["Oliver Twist"]);
      expect(await names("IN")).toContain("Priya Raman");
      expect(await names("98765")).toEqual(["Priya Raman"]);
      expect(await names("replied")).toEqual([]);
      expect(await names("100%_")).toEqual([]);
      // A capital outside ASCII: SQLite's own lower() left "É" as it was, so "Émile" typed as stored found nothing.
      expect((await sendContact({ firstName: "Émile", lastName: "Ångström", email: "emile@example.fr" })).status).toBe(201);
      expect(await names("Émile")).toEqual(["Émile Ångström"]);
      expect(await names("ÅNGSTRÖM")).toEqual(["Émile Ångström"]);
      expect(await names("émile ångström")).toEqual(["Émile Ångström"]);
      await s.db.deleteFrom("contact_messages").where("email", "=", "emile@example.fr").execute();
    });

    it("answers HEAD on one message as GET, without its body, and names HEAD in Allow; a HEAD is no recorded view", async () => {
      const views = async () => (await audit("view", "contact")).filter((a) => a.target_id === ids.oliver).length;
      const before = await views();
      const head = await api(`/api/contacts/${ids.oliver}`, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await head.text()).toBe("");
      expect(await views()).toBe(before);
      // A GET is one.
      expect((await api(`/api/contacts/${ids.oliver}`)).status).toBe(200);
      expect(await views()).toBe(before + 1);
      expect((await api("/api/contacts/no-such-id", { method: "HEAD" })).status).toBe(404);
      expect((await api(`/api/contacts/${ids.oliver}`, { method: "POST", body: "{}" })).headers.get("allow")).toBe("GET, HEAD, PATCH, PUT");
    });

    it("sets a status (New, Read, Replied), stored with who set it, audited; refuses anything else", async () => {
      const res = await api(`/api/contacts/${ids.oliver}`, { method: "PATCH", body: JSON.stringify({ status: "Replied" }) });
      expect(res.status).toBe(200);
      const body = staffContactStatusResponse.parse(await res.json());
      expect(body.data.status).toBe("Replied");
      const row = await s.db.selectFrom("contact_messages").selectAll().where("id", "=", ids.oliver!).executeTakeFirstOrThrow();
      expect(row.status).toBe("replied");
      expect(row.status_changed_by).toBe("boss@example.org");
      const searched = staffContactListResponse.parse(await (await api("/api/contacts?search=replied")).json());
      expect(searched.data.map((c) => c._id)).toEqual([ids.oliver]);

      const bad = await api(`/api/contacts/${ids.oliver}`, { method: "PUT", body: JSON.stringify({ status: "Archived" }) });
      expect(bad.status).toBe(400);
      expect(errorResponse.parse(await bad.json()).errors).toEqual({ status: "Please choose New, Read or Replied" });
      expect((await api(`/api/contacts/${ids.oliver}`, { method: "PATCH", body: "{}" })).status).toBe(400);
      expect((await api("/api/contacts/no-such-id", { method: "PATCH", body: JSON.stringify({ status: "Read" }) })).status).toBe(404);
      expect((await s.db.selectFrom("contact_messages").select("status").where("id", "=", ids.oliver!).executeTakeFirstOrThrow()).status).toBe("replied");

      const entries = await audit("update", "contact");
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actor_email: "boss@example.org", target_id: ids.oliver, ip: "127.0.0.1" });
      expect(JSON.parse(entries[0]!.detail!)).toEqual({ field: "status", from: "New", to: "Replied" });
    });

    it("shows one message and records the view", async () => {
      const res = await api(`/api/contacts/${ids.grace}`);
      expect(staffContactOneResponse.parse(await res.json()).data).toMatchObject({ fullName: "Grace Hopper", message: "Tell me about Level 1.", zipCode: "10001" });
      expect((await audit("view", "contact")).map((e) => e.target_id)).toContain(ids.grace);
      expect((await api("/api/contacts/nope")).status).toBe(404);
    });

    it("exports a CSV: BOM, header, the search and date range applied, formulas defused, named with the range, audited", async () => {
      const res = await api("/api/contacts/download-csv?startDate=2026-01-03&endDate=2026-01-05");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(res.headers.get("content-disposition")).toBe('attachment; filename="contacts_2026-01-03_to_2026-01-05.csv"');
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const text = await csvText(res);
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const rows = parseCsv(text.slice(1));
      // The moment in the zone the date range is read in, sortable (decision 0079).
      expect(rows[0]).toEqual(["Name", "Email", "Phone", "Country", "Zip Code", "Message", "Status", "Received (New York time)", "ID"]);
      expect(rows.slice(1).map((r) => r[8])).toEqual(["old-05", "old-04", "old-03"]);
      expect(rows[1]).toEqual(["Filler Person5", "filler5@example.com", "555-000-0000", "Canada", "H2X", "", "New", "2026-01-05 12:00:00 EST", "old-05"]);

      const all = parseCsv((await csvText(await api("/api/contacts/download-csv?search=oliver"))).slice(1));
      expect(all).toHaveLength(2);
      expect(all[1]![5]).toBe(`'=HYPERLINK("http://evil.example","x")`);
      expect(all[1]![6]).toBe("Replied");
      const open = await api("/api/contacts/download-csv");
      expect(open.headers.get("content-disposition")).toBe('attachment; filename="contacts_start_to_today.csv"');
      expect(parseCsv((await csvText(open)).slice(1))).toHaveLength(16);

      // A HEAD reads the headers alone: no rows leave the server, so no export is recorded.
      const head = await api("/api/contacts/download-csv?startDate=2026-01-03", { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-disposition")).toBe('attachment; filename="contacts_2026-01-03_to_today.csv"');
      expect(await head.text()).toBe("");

      const exports = await audit("export", "contacts");
      expect(exports).toHaveLength(3);
      expect(JSON.parse(exports[0]!.detail!)).toEqual({ searched: false, startDate: "2026-01-03", endDate: "2026-01-05" });
      expect((await api("/api/contacts/download-csv?endDate=soon")).status).toBe(400);
    });

    it("renders the staff screen with the list, the details dialog from the URL, and sets a status with a plain form", async () => {
      const page = await (await fetch(`${s.url}/admin/contacts?search=priya`, { headers: cookie })).text();
      expect(page).toContain("Priya Raman");
      expect(page).not.toContain("Grace Hopper");
      // The list holds what it shows, in its HTML and its data: a message and ZIP only come with a recorded view (decision 0109).
      const viewsBefore = (await audit("view", "contact")).length;
      for (const listed of [await (await fetch(`${s.url}/admin/contacts`, { headers: cookie })).text(), await (await fetch(`${s.url}/admin/contacts.data`, { headers: cookie })).text()]) {
        expect(listed).toContain("Grace");
        expect(listed).not.toContain("Tell me about Level 1.");
        expect(listed).not.toContain("10001");
      }
      expect((await audit("view", "contact")).length).toBe(viewsBefore);
      const details = await (await fetch(`${s.url}/admin/contacts?view=${ids.priya}`, { headers: cookie })).text();
      expect(details).toContain("98765 43210");
      expect((await audit("view", "contact")).map((e) => e.target_id)).toContain(ids.priya);
      const post = await fetch(`${s.url}/admin/contacts?view=${ids.priya}`, {
        method: "POST",
        redirect: "manual",
        headers: { ...cookie, "content-type": "application/x-www-form-urlencoded" },
        body: `intent=status&id=${ids.priya}&status=Read`,
      });
      expect(post.status).toBeLessThan(400);
      expect((await s.db.selectFrom("contact_messages").select("status").where("id", "=", ids.priya!).executeTakeFirstOrThrow()).status).toBe("read");
      const none = await (await fetch(`${s.url}/admin/contacts?search=nobody-at-all`, { headers: cookie })).text();
      expect(none).toContain("No contacts found");
    });

    it("erases a sender's details and message on their request, with their mails; only when confirmed; audited once", async () => {
      const res = await sendContact({ firstName: "Zoe", lastName: "Forgetme", email: "zoe.forgetme@example.com", message: "Please call me at home." });
      const id = ((await res.json()) as { data: { _id: string } }).data._id;
      await sendContact({ firstName: "Other", lastName: "Sender", email: "other.sender@example.com" });
      const erase = (confirm: boolean) =>
        fetch(`${s.url}/admin/contacts?view=${id}`, {
          method: "POST",
          redirect: "manual",
          headers: { ...cookie, "content-type": "application/x-www-form-urlencoded" },
          body: `intent=erase&id=${id}${confirm ? "&confirm=on" : ""}`,
        });
      // Not without its box: nothing changes.
      const refused = await erase(false);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Check the box to confirm that this cannot be undone");
      expect((await s.db.selectFrom("contact_messages").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email).toBe("zoe.forgetme@example.com");

      // The acknowledgement and the team's notice, sent or not, hold the message: they go with it.
      expect((await s.db.selectFrom("outbox").select("id").where("topic", "=", `contact:${id}`).execute()).length).toBe(2);
      const done = await erase(true);
      expect(done.status).toBe(200);
      expect(await done.text()).toContain("The sender&#x27;s personal details and message were erased.");
      const row = await s.db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect([row.first_name, row.last_name, row.email, row.phone_number, row.zip_code, row.message]).toEqual(["", "", "", "", "", null]);
      expect(row.anonymised_at).toBeTruthy();
      expect(row.country).toBe("US");
      expect(await s.db.selectFrom("outbox").select("id").where("topic", "=", `contact:${id}`).execute()).toEqual([]);
      // Another sender's mails stay.
      expect((await s.db.selectFrom("outbox").select("to_address").where("to_address", "=", "other.sender@example.com").execute()).length).toBe(1);
      // Once recorded; a second erase changes nothing and records nothing.
      const again = await erase(true);
      expect(again.status).toBe(409);
      expect(await again.text()).toContain("These details were already erased.");
      expect((await audit("erase", "contact")).map((e) => e.target_id)).toEqual([id]);
      // The screen and the API say so.
      const details = await (await fetch(`${s.url}/admin/contacts?view=${id}`, { headers: cookie })).text();
      expect(details).toContain("Details erased");
      expect(details).not.toContain("Forgetme");
      const one = staffContactOneResponse.parse(await (await api(`/api/contacts/${id}`)).json());
      expect(one.data.erasedAt).toBe(row.anonymised_at);
      expect(JSON.stringify(await s.db.selectFrom("audit_events").selectAll().execute())).not.toContain("forgetme");
    });
  });

  describe("family consultations", () => {
    let session: string;
    const book = (patch: Record<string, unknown>) =>
      fetch(`${s.url}/api/familyConsitalation/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          programId: session,
          fullName: "Rosa Díaz",
          email: "rosa@example.com",
          phone: "(512) 555-0142",
          termsAndCondition: true,
          communicationPreferences: true,
          ...patch,
        }),
      });

    beforeAll(async () => {
      session = await addSession(s, {
        kind: "family",
        title: "Family Constellation",
        time_zone: "America/Los_Angeles",
        city: "Portland",
        venue: "Alberta Street Studio",
        capacity: 1,
        price_cents: 15000,
        organiser: "Mindful Path Institute",
        organiser_email: "fc@mindfulpath.example",
        facilitator: "Daniel Brooks",
      });
    });

    it("lists bookings made on the public site, with the spec's fields and pagination, searched on the server", async () => {
      expect((await book({})).status).toBe(201);
      const res = await api("/api/family-consultation");
      const body = staffConsultationListResponse.parse(await res.json());
      expect(body.pagination).toEqual({ currentPage: 1, totalPages: 1, total: 1, totalRegistrations: 1, limit: 10, nextPage: null, prevPage: null });
      // A recorded view of the bookers' details, by id.
      const view = await s.db.selectFrom("audit_events").select(["detail"]).where("action", "=", "view").where("target_type", "=", "family-bookings").orderBy("at", "desc").limit(1).executeTakeFirstOrThrow();
      expect(JSON.parse(String(view.detail))).toEqual({ via: "api", page: 1, searched: false, ids: [body.data[0]!._id] });
      expect(body.data[0]).toMatchObject({
        fullName: "Rosa Díaz",
        email: "rosa@example.com",
        phone: "+1 (512) 555-0142",
        location: "Alberta Street Studio, Portland",
        event: "Family Constellation",
        organisedBy: "Mindful Path Institute",
        organiserEmail: "fc@mindfulpath.example",
        facilitator: "Daniel Brooks",
        sessionId: session,
        status: "Booked",
      });
      const search = async (q: string) => staffConsultationListResponse.parse(await (await api(`/api/family-consultation?search=${encodeURIComponent(q)}`)).json()).pagination.total;
      expect(await search("portland")).toBe(1);
      expect(await search("rosa díaz")).toBe(1);
      expect(await search("5550142")).toBe(1);
      // As the list shows the number, whole or in part (decision 0109).
      for (const typed of ["+1 (512) 555-0142", "(512) 555-0142", "555-0142", "512.555.0142"]) expect({ typed, found: await search(typed) }).toEqual({ typed, found: 1 });
      expect(await search("(512) 555-0199")).toBe(0);
      expect(await search("brooks")).toBe(1);
      expect(await search("chicago")).toBe(0);
      expect((await fetch(`${s.url}/api/family-consultation`)).status).toBe(401);
    });

    it("deletes a booking ({success, message}), which frees its seat at once; audited; a second delete is a 404", async () => {
      const full = await book({ fullName: "Sam Lee", email: "sam@example.com" });
      expect(full.status).toBe(409);
      expect(((await full.json()) as { message: string }).message).toBe("This session is full");
      const [rosa] = await s.db.selectFrom("family_bookings").select("id").where("email_key", "=", "rosa@example.com").execute();

      expect(await s.db.selectFrom("outbox").select("id").where("topic", "=", `family-booking:${rosa!.id}`).execute()).not.toEqual([]);
      const res = await api(`/api/family-consultation/${rosa!.id}`, { method: "DELETE" });
      expect(res.status).toBe(200);
      expect(staffDeleteResponse.parse(await res.json())).toEqual({ success: true, message: "Consultation deleted successfully" });
      expect(await s.db.selectFrom("family_bookings").select("id").where("id", "=", rosa!.id).execute()).toEqual([]);
      // The copies of the mails about it go with it (decision 0048).
      expect(await s.db.selectFrom("outbox").select("id").where("topic", "=", `family-booking:${rosa!.id}`).execute()).toEqual([]);
      const seats = (await (await fetch(`${s.url}/api/familyEvent/user/${session}`)).json()) as { data: { seatsLeft: number } };
      expect(seats.data.seatsLeft).toBe(1);
      expect((await book({ fullName: "Sam Lee", email: "sam@example.com" })).status).toBe(201);

      const again = await api(`/api/family-consultation/${rosa!.id}`, { method: "DELETE" });
      expect(again.status).toBe(404);
      expect(((await again.json()) as { message: string }).message).toBe("Consultation not found");
      const [entry] = await audit("delete", "family-booking");
      expect(entry).toMatchObject({ target_id: rosa!.id, actor_email: "boss@example.org", ip: "127.0.0.1" });
      // Which booking, session and status, not the booker's name or email (decision 0056).
      expect(JSON.parse(entry!.detail!)).toEqual({ sessionId: session, status: "booked" });
      expect(JSON.stringify(await s.db.selectFrom("audit_events").selectAll().execute())).not.toContain("rosa@example.com");
    });

    it("shows one booking (a recorded view), filters by registration date, and exports the CSV with the range", async () => {
      const [sam] = await s.db.selectFrom("family_bookings").select("id").where("email_key", "=", "sam@example.com").execute();
      const one = staffConsultationOneResponse.parse(await (await api(`/api/family-consultation/${sam!.id}`)).json());
      expect(one.data.fullName).toBe("Sam Lee");
      expect((await audit("view", "family-booking")).map((e) => e.target_id)).toContain(sam!.id);

      // Sam booked in February (New York time: 11 PM on Feb 10 is Feb 11 in UTC).
      await s.db.updateTable("family_bookings").set({ created_at: "2026-02-11T04:00:00.000Z" }).where("id", "=", sam!.id).execute();
      const inRange = async (q: string) => staffConsultationListResponse.parse(await (await api(`/api/family-consultation?${q}`)).json()).pagination.total;
      expect(await inRange("startDate=2026-02-10&endDate=2026-02-10")).toBe(1);
      expect(await inRange("startDate=2026-02-11")).toBe(0);
      expect(await inRange("endDate=2026-02-09")).toBe(0);
      // The last day there is: its next midnight has no four-digit year, so the range is open at the end.
      expect(await inRange("startDate=2026-02-10&endDate=9999-12-31")).toBe(1);
      const farCsv = await api("/api/family-consultation/download-csv?endDate=9999-12-31&search=sam");
      expect(farCsv.status).toBe(200);
      expect(parseCsv((await csvText(farCsv)).slice(1))).toHaveLength(2);

      const res = await api("/api/family-consultation/download-csv?startDate=2026-02-01&endDate=2026-02-28&search=sam");
      expect(res.headers.get("content-disposition")).toBe('attachment; filename="family-consultation-registrations_2026-02-01_to_2026-02-28.csv"');
      const rows = parseCsv((await csvText(res)).slice(1));
      expect(rows[0]!.slice(0, 5)).toEqual(["Name", "Email", "Phone (US)", "Location", "Event"]);
      expect(rows).toHaveLength(2);
      expect(rows[1]!.slice(0, 5)).toEqual(["Sam Lee", "sam@example.com", "(512) 555-0142", "Alberta Street Studio, Portland", "Family Constellation"]);
      // Dates spreadsheets sort: the session's day at the venue (its time and zone beside it), and the
      // booking's moment in the zone the range is read in: 11 PM on Feb 10 in New York (decision 0079).
      const cell = (header: string) => rows[1]![rows[0]!.indexOf(header)];
      const starts = await s.db.selectFrom("events").select("starts_at").where("id", "=", session).executeTakeFirstOrThrow();
      expect(cell("Event Date")).toBe(courseDetailDate(starts.starts_at, "America/Los_Angeles"));
      expect(cell("Event Date")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(cell("Event Time")).toMatch(/ P[SD]T$/);
      expect(cell("Registration Date (New York time)")).toBe("2026-02-10 23:00:00 EST");
      expect(rows[1]!.at(-1)).toBe(sam!.id);
      const none = parseCsv((await csvText(await api("/api/family-consultation/download-csv?startDate=2026-03-01"))).slice(1));
      expect(none).toHaveLength(1);
      expect((await audit("export", "family-bookings")).length).toBe(3);
    });

    it("renders the staff screen and deletes through its confirmation form", async () => {
      expect((await book({ fullName: "Zed Quinn", email: "zed@example.com" })).status).toBe(409);
      const page = await (await fetch(`${s.url}/admin/family-consultations`, { headers: cookie })).text();
      expect(page).toContain("Family Consultation Management");
      expect(page).toContain("Sam Lee");
      const [sam] = await s.db.selectFrom("family_bookings").select("id").where("email_key", "=", "sam@example.com").execute();
      const confirm = await (await fetch(`${s.url}/admin/family-consultations?remove=${sam!.id}`, { headers: cookie })).text();
      expect(confirm).toContain("Confirm Deletion");
      const post = await fetch(`${s.url}/admin/family-consultations?remove=${sam!.id}`, {
        method: "POST",
        redirect: "manual",
        headers: { ...cookie, "content-type": "application/x-www-form-urlencoded" },
        body: `intent=delete&id=${sam!.id}`,
      });
      expect(post.status).toBeLessThan(400);
      expect(await s.db.selectFrom("family_bookings").select("id").where("id", "=", sam!.id).execute()).toEqual([]);
      expect((await book({ fullName: "Zed Quinn", email: "zed@example.com" })).status).toBe(201);
      const empty = await (await fetch(`${s.url}/admin/family-consultations?search=nobody-at-all`, { headers: cookie })).text();
      expect(empty).toContain("No consultations found");
    });

    it("erases a booker's details on their request: only when confirmed; the seat stays booked; an offer held passes on", async () => {
      const other = await addSession(s, { kind: "family", title: "Family Constellation", capacity: 1, organiser_email: "fc@mindfulpath.example" });
      const bookOther = (fullName: string, email: string, waitingList = false) =>
        fetch(`${s.url}/api/familyConsitalation/register`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ programId: other, fullName, email, phone: "(512) 555-0142", termsAndCondition: true, ...(waitingList ? { waitingList: true } : {}) }),
        });
      expect((await bookOther("Ina Seat", "ina.seat@example.com")).status).toBe(201);
      expect((await bookOther("Ola Wait", "ola.wait@example.com", true)).status).toBe(201);
      expect((await bookOther("Pim Next", "pim.next@example.com", true)).status).toBe(201);
      const idOf = async (email: string) => (await s.db.selectFrom("family_bookings").select("id").where("email_key", "=", email).executeTakeFirstOrThrow()).id;
      const [ina, ola, pim] = [await idOf("ina.seat@example.com"), await idOf("ola.wait@example.com"), await idOf("pim.next@example.com")];
      const erase = (id: string, confirm = true) =>
        fetch(`${s.url}/admin/family-consultations?view=${id}`, {
          method: "POST",
          redirect: "manual",
          headers: { ...cookie, "content-type": "application/x-www-form-urlencoded" },
          body: `intent=erase&id=${id}${confirm ? "&confirm=on" : ""}`,
        });
      const status = async (id: string) => (await s.db.selectFrom("family_bookings").select(["status", "email", "full_name", "phone"]).where("id", "=", id).executeTakeFirstOrThrow());

      const refused = await erase(ina, false);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Check the box to confirm that this cannot be undone");
      expect((await status(ina)).email).toBe("ina.seat@example.com");

      // The seat holder: details gone, the seat still booked (the next in line is not offered it).
      const done = await erase(ina);
      expect(done.status).toBe(200);
      expect(await done.text()).toContain("The booker&#x27;s personal details were erased.");
      expect(await status(ina)).toEqual({ status: "booked", email: "", full_name: "", phone: "" });
      expect(await s.db.selectFrom("outbox").select("id").where("topic", "=", `family-booking:${ina}`).execute()).toEqual([]);
      expect((await status(ola)).status).toBe("waiting");
      const details = await (await fetch(`${s.url}/admin/family-consultations?view=${ina}`, { headers: cookie })).text();
      expect(details).toContain("Details erased");
      expect(details).not.toContain("Ina Seat");
      expect((await erase(ina)).status).toBe(409);

      // A seat frees: Ola is offered it; erasing Ola ends the offer and it passes to Pim.
      await s.db.updateTable("events").set({ capacity: 2 }).where("id", "=", other).execute();
      await s.site.sessionMail.runNow();
      expect((await status(ola)).status).toBe("offered");
      expect((await erase(ola)).status).toBe(200);
      expect((await status(ola)).status).toBe("removed");
      expect((await status(pim)).status).toBe("offered");
      expect((await audit("erase", "family-booking")).map((e) => e.target_id).sort()).toEqual([ina, ola].sort());
    });
  });
});
