import fs from "node:fs";
import nodePath from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffAccount } from "~/features/admin-auth/accounts.server";
import {
  adminProgrammeDeletedResponse,
  adminProgrammeListResponse,
  adminProgrammeSavedResponse,
  errorResponse,
  programmeOneResponse,
} from "~/features/api/openapi.server";
import { TIME_SKIPPED } from "~/features/events/schema";
import { runWaitingList } from "~/features/waiting-list/offers.server";
import { createSession } from "~/features/admin-auth/sessions.server";
import { staticDecodeLevels } from "~/content/fallback-levels";
import { dialects } from "../helpers/databases";
import { valid as registrant } from "../helpers/registration";
import { startSite, type RunningSite } from "../helpers/site";

/**
 * Staff management of programmes through /api/hypnotherapy and /api/decode
 * (issue 9, points 8–12): create, read, update and delete as JSON and as
 * multipart with a thumbnail; the form's messages; sanitising; sessions that
 * are the rows visitors enrol in (capacity never below the seats taken); the
 * audit trail; and the public pages showing a change at once.
 */
const PASSWORD = "Copper kettle 58 sings";
const DAY = 24 * 60 * 60 * 1000;

function futureLocal(daysAhead: number, hour: number) {
  const d = new Date(Date.now() + daysAhead * DAY);
  return `${d.toISOString().slice(0, 10)}T${String(hour).padStart(2, "0")}:00`;
}

function session(overrides: Record<string, unknown> = {}) {
  return {
    eventName: "Spring Intensive",
    startDate: futureLocal(30, 9),
    endDate: futureLocal(30, 17),
    timeZone: "America/New_York",
    location: "Boston",
    organiser: "Dr. Rivera",
    organizerEmail: "rivera@example.org",
    price: "$450",
    paymentLink: "https://pay.example.org/spring",
    capacity: "12",
    ...overrides,
  };
}

function programme(overrides: Record<string, unknown> = {}) {
  return {
    title: "Clinical Hypnotherapy Foundations",
    subtitle: "A grounded start in clinical practice",
    videoUrl: "https://cdn.example.org/intro.mp4",
    duration: "5 Days",
    status: "Open",
    cardPoints: ['<ul><li><p><strong>Safe</strong> practice</p></li></ul><script>alert("x")</script>'],
    learningSections: [{ title: "Induction", content: '<p onclick="steal()">Rapid <em>and</em> <u>gentle</u> inductions</p><img src=x onerror=alert(1)>' }],
    upcomingEvents: [session()],
    ...overrides,
  };
}

const png = (width = 800, height = 450) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 60, b: 160 } } })
    .png()
    .toBuffer();

describe.each(dialects)("programme management on %s", { timeout: 120_000 }, (dialect) => {
  let s: RunningSite;
  let token: string;

  beforeAll(async () => {
    s = await startSite(dialect, { ADMIN_LOGIN_ACCOUNT_LIMIT: "1000", ADMIN_LOGIN_ADDRESS_LIMIT: "1000" });
    await createStaffAccount(s.db, "editor@example.org", PASSWORD);
    const res = await fetch(`${s.url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "editor@example.org", password: PASSWORD }),
    });
    token = ((await res.json()) as { token: string }).token;
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  const auth = () => ({ authorization: `Bearer ${token}` });
  async function call(method: string, path: string, body?: unknown) {
    const res = await fetch(`${s.url}${path}`, {
      method,
      headers: { ...auth(), ...(body instanceof FormData || body === undefined ? {} : { "content-type": "application/json" }) },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, any>) : null };
  }
  function multipart(values: Record<string, unknown>, thumbnail?: { bytes: Uint8Array; name: string; type: string }) {
    const form = new FormData();
    for (const [k, v] of Object.entries(values)) form.set(k, typeof v === "string" ? v : JSON.stringify(v));
    if (thumbnail) form.set("thumbnail", new Blob([new Uint8Array(thumbnail.bytes)], { type: thumbnail.type }), thumbnail.name);
    return form;
  }
  const audits = (targetId: string) =>
    s.db.selectFrom("audit_events").select(["action", "actor_email", "target_type", "ip"]).where("target_id", "=", targetId).orderBy("at").execute();

  it("creates a programme from JSON, sanitising its rich text, with its session as an events row, and audits it", async () => {
    const r = await call("POST", "/api/hypnotherapy", programme());
    expect(r.status).toBe(201);
    expect(r.body!.message).toBe("Program created successfully");
    // The answers are the ones the OpenAPI document declares.
    adminProgrammeSavedResponse.parse(r.body);
    const p = r.body!.data;
    expect(r.headers.get("location")).toBe(`/api/hypnotherapy/${p._id}`);
    expect(p.title).toBe("Clinical Hypnotherapy Foundations");
    expect(p.cardPoints).toEqual(["<ul><li><p><strong>Safe</strong> practice</p></li></ul>"]);
    expect(p.learningSections[0].content).toBe("<p>Rapid <em>and</em> <u>gentle</u> inductions</p>");
    expect(p.learningSections[0]._id).toMatch(/\S/);
    // Stored clean, not only sent clean.
    const row = await s.db.selectFrom("programmes").selectAll().where("id", "=", p._id).executeTakeFirstOrThrow();
    expect(row.kind).toBe("hypnotherapy");
    expect(row.card_points).not.toContain("script");
    expect(row.learning_sections).not.toContain("onclick");
    expect(row.learning_sections).not.toContain("onerror");
    const events = await s.db.selectFrom("events").selectAll().where("programme_id", "=", p._id).execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: "hypnotherapy", title: "Spring Intensive", city: "Boston", capacity: 12, price_cents: 45000, organiser_email: "rivera@example.org" });
    expect(p.upcomingEvents).toHaveLength(1);
    expect(p.upcomingEvents[0]).toMatchObject({ eventName: "Spring Intensive", seats: 12, seatsLeft: 12 });
    expect(await audits(p._id)).toEqual([{ action: "create", actor_email: "editor@example.org", target_type: "hypnotherapy-program", ip: expect.any(String) }]);
  });

  it("answers 400 with the form's message per field, nested ones by path, and writes nothing", async () => {
    const before = await s.db.selectFrom("programmes").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const r = await call(
      "POST",
      "/api/decode",
      programme({
        title: "Abc",
        subtitle: "Too short",
        videoUrl: "not a url",
        duration: "2 days!",
        status: "Maybe",
        cardPoints: ["<p> </p>"],
        learningSections: [{ title: "ab", content: "" }],
        upcomingEvents: [
          session({ eventName: "Tiny", endDate: futureLocal(30, 8), location: "NY", organiser: "Al", price: "99.999", paymentLink: "pay-here", organizerEmail: "nope", capacity: "0" }),
          {},
          session({ startDate: "" }),
        ],
      }),
    );
    expect(r.status).toBe(400);
    expect(r.body!.message).toBe("Please fix the errors below before submitting");
    errorResponse.parse(r.body);
    expect(r.body!.errors).toEqual({
      title: "Title must be at least 5 characters",
      subtitle: "Subtitle must be at least 10 characters",
      videoUrl: "Please enter a valid URL",
      duration: "Invalid duration format",
      status: "Status is required",
      cardPoints: "Card points are required",
      "learningSections.0.title": "Title must be at least 3 characters",
      "learningSections.0.content": "Section content is required",
      "upcomingEvents.0.endDate": "End date must be after start date",
      "upcomingEvents.0.eventName": "Event name is required and must be at least 5 characters when adding an event",
      "upcomingEvents.0.location": "Location is required and must be at least 3 characters when adding an event",
      "upcomingEvents.0.organiser": "Organizer is required and must be at least 3 characters when adding an event",
      "upcomingEvents.0.organizerEmail": "Please enter a valid email address",
      "upcomingEvents.0.price": "Invalid price format (e.g., $99 or 99.99)",
      "upcomingEvents.0.paymentLink": "Invalid URL format",
      "upcomingEvents.0.capacity": "Seats must be a whole number from 1 to 100000, or empty for not limited",
      "upcomingEvents.2.startDate": "Start date and time is required when adding an event",
      "upcomingEvents.2.endDate": "Start date is required before setting end date",
    });
    const after = await s.db.selectFrom("programmes").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // Garbage bodies are 4xx too, never 500.
    expect((await call("POST", "/api/decode", [1, 2])).status).toBe(400);
    const bad = await fetch(`${s.url}/api/decode`, { method: "POST", headers: { ...auth(), "content-type": "application/json" }, body: "{oops" });
    expect(bad.status).toBe(400);
    for (const learningSections of ["not json", "[not json", "[]", [], ["text"]]) {
      expect((await call("POST", "/api/decode", programme({ learningSections }))).body!.errors.learningSections).toBe("At least one learning section is required");
    }
  });

  it("drops fully empty session rows and lists programmes with programs, totalPages and totalPrograms", async () => {
    const r = await call("POST", "/api/decode", programme({ title: "DECODE Weekend Retreat", upcomingEvents: [{ eventName: "", location: "  " }, session({ eventName: "Retreat Session" })] }));
    expect(r.status).toBe(201);
    expect(r.body!.data.upcomingEvents.map((e: { eventName: string }) => e.eventName)).toEqual(["Retreat Session"]);
    const list = await call("GET", "/api/decode?search=weekend%20retreat");
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: true, totalPrograms: 1, totalPages: 1, currentPage: 1 });
    adminProgrammeListResponse.parse(list.body);
    expect(list.body!.programs[0]._id).toBe(r.body!.data._id);
    // Past the last page: the last page, as the other staff lists answer.
    const beyond = await call("GET", "/api/decode?search=weekend%20retreat&page=500&limit=1");
    expect(beyond.body).toMatchObject({ success: true, totalPrograms: 1, totalPages: 1, currentPage: 1 });
    expect(beyond.body!.programs.map((p: { _id: string }) => p._id)).toEqual([r.body!.data._id]);
    // Plain decimal notation only, as the other staff lists read it: "1e1" is no page number.
    const exponent = await call("GET", "/api/decode?page=1e1");
    expect(exponent.status).toBe(400);
    expect(exponent.body!.errors).toEqual({ page: "Page must be a whole number" });
    const one = await call("GET", `/api/decode/${r.body!.data._id}`);
    expect(one.body!.data.title).toBe("DECODE Weekend Retreat");
    programmeOneResponse.parse(one.body);
    // A decode id is not a hypnotherapy programme.
    expect((await call("GET", `/api/hypnotherapy/${r.body!.data._id}`)).status).toBe(404);
    // The public lists keep working.
    const pub = await fetch(`${s.url}/api/decode/user?search=weekend%20retreat`);
    expect(((await pub.json()) as { totalPrograms: number }).totalPrograms).toBe(1);
  });

  it("accepts multipart with a thumbnail part, serves it publicly resized and cacheable, and refuses bad files with a field message", async () => {
    const image = await png();
    const r = await call("POST", "/api/hypnotherapy", multipart(programme({ title: "Hypnotherapy With Picture" }), { bytes: image, name: "cover.png", type: "image/png" }));
    expect(r.status).toBe(201);
    const name = r.body!.data.thumbnail as string;
    expect(name).toMatch(/^[0-9a-f-]{36}\.png$/);
    const full = await fetch(`${s.url}/uploads/${name}`);
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("image/png");
    expect(full.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(full.headers.get("x-page-cache")).toBeNull();
    expect((await fetch(`${s.url}/uploads/${name}`, { headers: { "if-none-match": full.headers.get("etag")! } })).status).toBe(304);
    expect((await sharp(Buffer.from(await full.arrayBuffer())).metadata()).width).toBe(800);
    const small = await fetch(`${s.url}/uploads/${name}?w=320`);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(320);
    expect((await fetch(`${s.url}/uploads/${name}?w=7`)).status).toBe(400);
    expect((await fetch(`${s.url}/uploads/00000000-0000-0000-0000-000000000000.png`)).status).toBe(404);

    // By content, not by name or declared type.
    const text = await call("POST", "/api/hypnotherapy", multipart(programme(), { bytes: new TextEncoder().encode("<svg onload=alert(1)>"), name: "x.png", type: "image/png" }));
    expect(text.status).toBe(400);
    expect(text.body!.errors).toEqual({ thumbnail: "Thumbnail must be a PNG, JPG, GIF or WebP image" });
    const huge = new Uint8Array(5 * 1024 * 1024 + 1);
    huge.set(image.subarray(0, 8));
    const big = await call("POST", "/api/hypnotherapy", multipart(programme(), { bytes: huge, name: "big.png", type: "image/png" }));
    expect(big.status).toBe(400);
    expect(big.body!.errors).toEqual({ thumbnail: "Thumbnail must be 5 MB or smaller" });
    const broken = new Uint8Array(image.subarray(0, 40));
    const cut = await call("POST", "/api/hypnotherapy", multipart(programme(), { bytes: broken, name: "cut.png", type: "image/png" }));
    expect(cut.body!.errors).toEqual({ thumbnail: "Thumbnail could not be read as an image" });
    const bomb = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: "#000000" } }).png({ compressionLevel: 9 }).toBuffer();
    const pixels = await call("POST", "/api/hypnotherapy", multipart(programme(), { bytes: bomb, name: "bomb.png", type: "image/png" }));
    expect(pixels.body!.errors).toEqual({ thumbnail: "Thumbnail must be at most 50 megapixels" });
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } }).gif().toBuffer();
    const g = await call("POST", "/api/hypnotherapy", multipart(programme({ title: "Animated Thumbnail Program" }), { bytes: gif, name: "a.gif", type: "image/gif" }));
    expect(g.status).toBe(201);
    expect(g.body!.data.thumbnail).toMatch(/\.gif$/);
    // A refused upload leaves nothing behind.
    const files = await s.db.selectFrom("files").select((eb) => eb.fn.countAll<number>().as("n")).where("purpose", "=", "thumbnail").executeTakeFirstOrThrow();
    expect(Number(files.n)).toBe(2);
  });

  it("bounds every frame of a tall animated thumbnail, and makes each resized copy once, kept for every instance (decision 0106)", async () => {
    const frame = (colour: string) => sharp({ create: { width: 600, height: 2400, channels: 3, background: colour } }).png().toBuffer();
    const tall = await sharp([await frame("#336699"), await frame("#993366")], { join: { animated: true } }).gif().toBuffer();
    const r = await call("POST", "/api/hypnotherapy", multipart(programme({ title: "Tall Animated Thumbnail Program" }), { bytes: tall, name: "tall.gif", type: "image/gif" }));
    expect(r.status).toBe(201);
    const name = r.body!.data.thumbnail as string;
    const fileId = name.slice(0, 36);
    const stored = await sharp(Buffer.from(await (await fetch(`${s.url}/uploads/${name}`)).arrayBuffer()), { animated: true }).metadata();
    expect({ width: stored.width, frame: stored.pageHeight, pages: stored.pages }).toEqual({ width: 400, frame: 1600, pages: 2 });

    // Visitors asking together for a size nobody asked for yet: one copy is made and kept.
    const together = await Promise.all(Array.from({ length: 6 }, () => fetch(`${s.url}/uploads/${name}?w=320`)));
    const bodies = await Promise.all(together.map(async (res) => Buffer.from(await res.arrayBuffer())));
    expect(together.map((res) => res.status)).toEqual(Array(6).fill(200));
    expect(new Set(bodies.map((b) => b.toString("base64"))).size).toBe(1);
    const small = await sharp(bodies[0]!, { animated: true }).metadata();
    expect({ width: small.width, frame: small.pageHeight }).toEqual({ width: 80, frame: 320 });
    const kept = await s.db.selectFrom("thumbnail_variants").selectAll().where("file_id", "=", fileId).execute();
    expect(kept.map((v) => v.width)).toEqual([320]);
    // Later requests read the kept copy: no decode.
    const marker = await sharp({ create: { width: 8, height: 32, channels: 3, background: "#000000" } }).gif().toBuffer();
    await s.db.updateTable("thumbnail_variants").set({ bytes: marker }).where("file_id", "=", fileId).execute();
    const again = await fetch(`${s.url}/uploads/${name}?w=320`);
    expect(Buffer.from(await again.arrayBuffer()).equals(marker)).toBe(true);
    expect(again.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    // A new thumbnail takes the old one's copies with it.
    const updated = await call("PUT", `/api/hypnotherapy/${r.body!.data._id}`, multipart(programme({ title: "Tall Animated Thumbnail Program" }), { bytes: await png(), name: "c.png", type: "image/png" }));
    expect(updated.status).toBe(200);
    expect(await s.db.selectFrom("thumbnail_variants").selectAll().where("file_id", "=", fileId).execute()).toEqual([]);
    expect((await fetch(`${s.url}/uploads/${name}?w=320`)).status).toBe(404);
  });

  it("serves only images, sandboxed, from an older install's uploads folder: never its HTML or SVG (decision 0106)", async () => {
    const folder = nodePath.join(s.config.dataDir, "uploads", "public");
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(nodePath.join(folder, "old.html"), "<script src=/uploads/old.js></script>");
    fs.writeFileSync(nodePath.join(folder, "old.js"), "alert(1)");
    fs.writeFileSync(nodePath.join(folder, "old.svg"), '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    fs.writeFileSync(nodePath.join(folder, "old.png"), await png());
    for (const file of ["old.html", "old.js", "old.svg"]) {
      const res = await fetch(`${s.url}/uploads/${file}`);
      expect({ file, status: res.status, type: res.headers.get("content-type") }).toEqual({ file, status: 404, type: expect.not.stringMatching(/html|javascript|svg/) });
    }
    const image = await fetch(`${s.url}/uploads/old.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("multipart without a new file: a text thumbnail part ('null', or the stored name sent back) creates without one and keeps the stored one on update", async () => {
    const none = await call("POST", "/api/decode", multipart({ ...programme({ title: "Decode Without Picture" }), thumbnail: "null" }));
    expect(none.status).toBe(201);
    expect(none.body!.data.thumbnail).toBeNull();
    const pictured = await call("POST", "/api/decode", multipart(programme({ title: "Decode With Picture" }), { bytes: await png(), name: "c.png", type: "image/png" }));
    const id = pictured.body!.data._id as string;
    const stored = pictured.body!.data.thumbnail as string;
    const updated = await call("PUT", `/api/decode/${id}`, multipart({ ...programme({ title: "Decode With Picture, Renamed" }), thumbnail: stored }));
    expect(updated.status).toBe(200);
    expect(updated.body!.data).toMatchObject({ title: "Decode With Picture, Renamed", thumbnail: stored });
    expect((await fetch(`${s.url}/uploads/${stored}`)).status).toBe(200);
    // The registration photos stay strict: text where a photo must be is refused.
    const form = new FormData();
    form.set("profileImage", "null");
    const photo = await fetch(`${s.url}/api/ich/ich-registration`, { method: "POST", body: form });
    expect(photo.status).toBe(400);
  });

  it("an update naming a session deleted meanwhile is refused on that row, not made again; a new program's copied ids are new rows", async () => {
    const created = await call("POST", "/api/decode", programme({ title: "Decode Two Sessions", upcomingEvents: [session({ eventName: "First Day" }), session({ eventName: "Second Day" })] }));
    expect(created.status).toBe(201);
    const read = created.body!.data as { _id: string; upcomingEvents: Array<{ _id: string; eventName: string }> };
    const second = read.upcomingEvents.find((e) => e.eventName === "Second Day")!;
    await s.db.deleteFrom("events").where("id", "=", second._id).execute();
    const rows = read.upcomingEvents.map((e) => session({ _id: e._id, eventName: e.eventName }));
    const again = await call("PUT", `/api/decode/${read._id}`, programme({ title: "Decode Two Sessions", upcomingEvents: rows }));
    expect(again.status).toBe(400);
    const row = read.upcomingEvents.indexOf(read.upcomingEvents.find((e) => e._id === second._id)!);
    expect(again.body!.errors).toEqual({ [`upcomingEvents.${row}.eventName`]: "This session no longer exists; reload the list" });
    const stored = await s.db.selectFrom("events").select("title").where("programme_id", "=", read._id).execute();
    expect(stored.map((e) => e.title)).toEqual(["First Day"]);
    // Copying a program's JSON into a new one makes new sessions.
    const copy = await call("POST", "/api/decode", programme({ title: "Decode Two Sessions, Copied", upcomingEvents: rows }));
    expect(copy.status).toBe(201);
    const copied = copy.body!.data as { _id: string; upcomingEvents: Array<{ _id: string }> };
    expect(copied.upcomingEvents).toHaveLength(2);
    expect(copied.upcomingEvents.map((e) => e._id)).not.toContain(read.upcomingEvents[0]!._id);
  });

  it("shows an edit on the public page at once, and keeps capacity at or above the seats taken", async () => {
    const created = await call("POST", "/api/hypnotherapy", programme({ title: "Regression Therapy Program" }));
    const p = created.body!.data;
    const sessionId = p.upcomingEvents[0]._id as string;
    const page = `/ich/level/${p._id}`;
    const first = await fetch(`${s.url}${page}`);
    expect(await first.text()).toContain("Regression Therapy Program");
    // Stored once rendered (compressed in the background), then served from memory.
    await expect
      .poll(async () => {
        const res = await fetch(`${s.url}${page}`);
        await res.text();
        return res.headers.get("x-page-cache");
      }, { timeout: 20_000 })
      .toBe("hit");

    const edited = await call("PUT", `/api/hypnotherapy/${p._id}`, programme({ title: "Regression Therapy Advanced", upcomingEvents: [session({ _id: sessionId, capacity: "3" })] }));
    expect(edited.status).toBe(200);
    expect(edited.body!.message).toBe("Program updated successfully");
    const after = await fetch(`${s.url}${page}`);
    // The write moved the content version (database triggers): rendered afresh, not served from memory.
    expect(after.headers.get("x-page-cache")).toBe("miss");
    const html = await after.text();
    expect(html).toContain("Regression Therapy Advanced");
    expect(html).not.toContain("Regression Therapy Program");
    expect((await s.db.selectFrom("events").select("capacity").where("id", "=", sessionId).executeTakeFirstOrThrow()).capacity).toBe(3);

    // Two people take seats; the capacity cannot go below them, nor can their session go.
    for (const i of [1, 2]) {
      await s.db
        .insertInto("registrations")
        .values({
          id: `${sessionId}-r${i}`,
          event_id: sessionId,
          programme_id: p._id,
          kind: "hypnotherapy",
          first_name: "Seat",
          middle_name: null,
          last_name: `Holder ${i}`,
          name_on_certificate: `Seat Holder ${i}`,
          email: `holder${i}@example.org`,
          email_key: `holder${i}@example.org`,
          mobile_no: "5550100000",
          date_of_birth: "1985-06-15",
          occupation: "Tester",
          session_label: "Boston | Spring Intensive | soon",
          terms_accepted_at: new Date().toISOString(),
          level_name: "Regression",
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    const below = await call("PUT", `/api/hypnotherapy/${p._id}`, programme({ title: "Should Not Be Saved", upcomingEvents: [session({ _id: sessionId, capacity: "1" })] }));
    expect(below.status).toBe(400);
    expect(below.body!.errors).toEqual({ "upcomingEvents.0.capacity": "Capacity cannot be less than the 2 seats already booked" });
    const dropped = await call("PUT", `/api/hypnotherapy/${p._id}`, programme({ title: "Should Not Be Saved", upcomingEvents: [] }));
    expect(dropped.status).toBe(400);
    expect(dropped.body!.errors).toEqual({ upcomingEvents: "The session 'Spring Intensive' has 2 registrations and cannot be removed" });
    // Nothing half-saved: the title did not change.
    expect((await s.db.selectFrom("programmes").select("title").where("id", "=", p._id).executeTakeFirstOrThrow()).title).toBe("Regression Therapy Advanced");
    const del = await call("DELETE", `/api/hypnotherapy/${p._id}`);
    expect(del.status).toBe(409);
    expect(del.body!.message).toMatch(/cannot be deleted/);
    expect(await s.db.selectFrom("programmes").select("id").where("id", "=", p._id).executeTakeFirst()).toBeDefined();
    expect((await audits(p._id)).map((a) => a.action)).toEqual(["create", "update"]);
  });

  it("a registration's session label, date, time and venue follow its session when staff move or rename it (staff record, list and CSV)", async () => {
    const created = await call("POST", "/api/decode", programme({ title: "Moving Day Program", upcomingEvents: [session({ startDate: "2031-05-06T18:00", endDate: "2031-05-06T21:00", location: "Chicago" })] }));
    const p = created.body!.data;
    const sessionId = p.upcomingEvents[0]._id as string;
    const email = `mover.${crypto.randomUUID().slice(0, 8)}@example.org`;
    const registered = await fetch(`${s.url}/api/registration`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ firstName: "Mo", lastName: "Ver", email, mobileNo: "5551234567", dob: "1980-05-01", occupation: "Tester", city: "x", termsandcondition: true, levelName: "Moving Day Program", upcomingEventId: sessionId }),
    });
    expect(registered.status).toBe(201);
    const id = ((await registered.json()) as { data: { _id: string } }).data._id;
    const record = async () => (await call("GET", `/api/registration/${id}`)).body!.data as Record<string, unknown>;
    expect(await record()).toMatchObject({ city: "Chicago | Spring Intensive | 6th May 2031", courseDetailDate: "2031-05-06", courseDetailTime: "6:00 PM" });

    const moved = await call("PUT", `/api/decode/${p._id}`, programme({
      title: "Moving Day Program",
      upcomingEvents: [session({ _id: sessionId, eventName: "Spring Intensive, Moved", startDate: "2031-05-13T09:30", endDate: "2031-05-13T12:00", location: "Evanston" })],
    }));
    expect(moved.status).toBe(200);
    expect(await record()).toMatchObject({ city: "Evanston | Spring Intensive, Moved | 13th May 2031", courseDetailDate: "2031-05-13", courseDetailTime: "9:30 AM", courseDetailVenue: "Evanston" });
    const listed = (await call("GET", `/api/registration?search=${encodeURIComponent(email)}`)).body!.data as Array<Record<string, unknown>>;
    expect(listed.map((r) => r.city)).toEqual(["Evanston | Spring Intensive, Moved | 13th May 2031"]);
    // The staff search finds it by the new label, not the old one.
    expect(((await call("GET", `/api/registration?search=${encodeURIComponent("Spring Intensive, Moved")}`)).body!.data as Array<{ _id: string }>).map((r) => r._id)).toContain(id);
    const csv = await (await fetch(`${s.url}/api/registration/download-csv?search=${encodeURIComponent(email)}`, { headers: auth() })).text();
    expect(csv).toContain("2031-05-13");
    expect(csv).toContain("9:30 AM");
    expect(csv).not.toContain("2031-05-06");
  });

  it("the demo's DECODE level 5, whose free open evening has no price, saves as the form shows it", async () => {
    const p = (await call("GET", "/api/decode/decode-5")).body!.data;
    const evening = p.upcomingEvents.find((e: { _id: string }) => e._id === "s-decode-5-open-day");
    expect(evening.price).toBeNull();
    const rows = p.upcomingEvents.map((e: Record<string, any>) => ({
      _id: e._id,
      eventName: e.eventName,
      startDate: e.startDate,
      endDate: e.endDate,
      timeZone: e.timeZone,
      location: e.city,
      organiser: e.organiser,
      organizerEmail: e.organizerEmail ?? "",
      price: e.price === null ? "" : `$${e.price}`,
      paymentLink: e.paymentLink ?? "",
      capacity: e.seats === null ? "" : String(e.seats),
    }));
    const saved = await call("PUT", "/api/decode/decode-5", {
      title: p.title, subtitle: p.subtitle, duration: p.duration, status: p.status, cardPoints: p.cardPoints, learningSections: p.learningSections, requiredProgramId: p.requiredProgramId ?? "", upcomingEvents: rows,
    });
    expect(saved.body).toMatchObject({ success: true });
    expect((await s.db.selectFrom("events").select("price_cents").where("id", "=", "s-decode-5-open-day").executeTakeFirstOrThrow()).price_cents).toBeNull();
  });

  it("a session at the second 1:30 AM of a fall-back night stays there when the form is saved as shown; a skipped time is refused", async () => {
    const at = { timeZone: "America/New_York", startDate: "2030-11-03T01:30:00-05:00", endDate: "2030-11-03T03:30:00-05:00" };
    const created = await call("POST", "/api/decode", programme({ title: "Night Owl Program", upcomingEvents: [session(at)] }));
    expect(created.status).toBe(201);
    const sessionId = created.body!.data.upcomingEvents[0]._id as string;
    const shown = { _id: sessionId, timeZone: "America/New_York", startDate: "2030-11-03T01:30", endDate: "2030-11-03T03:30", capacity: "20" };
    const saved = await call("PUT", `/api/decode/${created.body!.data._id}`, programme({ title: "Night Owl Program", upcomingEvents: [session(shown)] }));
    expect(saved.status).toBe(200);
    const row = await s.db.selectFrom("events").select(["starts_at", "ends_at", "capacity"]).where("id", "=", sessionId).executeTakeFirstOrThrow();
    expect(row).toEqual({ starts_at: "2030-11-03T06:30:00.000Z", ends_at: "2030-11-03T08:30:00.000Z", capacity: 20 });
    const skipped = await call("PUT", `/api/decode/${created.body!.data._id}`, programme({ upcomingEvents: [session({ ...shown, startDate: "2030-03-10T02:15", endDate: "2030-03-10T05:00" })] }));
    expect(skipped.status).toBe(400);
    expect(skipped.body!.errors).toEqual({ "upcomingEvents.0.startDate": TIME_SKIPPED });
  });

  it("a session from the first to the second pass of a fall-back night's repeated hour saves back as shown; typed new, end before start is refused", async () => {
    // 1:30 AM EDT (05:30Z) to 1:15 AM EST (06:15Z): shown as 01:30 and 01:15, in that order.
    const at = { timeZone: "America/New_York", startDate: "2030-11-03T01:30:00-04:00", endDate: "2030-11-03T01:15:00-05:00" };
    const created = await call("POST", "/api/decode", programme({ title: "Repeated Hour Program", upcomingEvents: [session(at)] }));
    expect(created.status).toBe(201);
    const sessionId = created.body!.data.upcomingEvents[0]._id as string;
    const shown = { _id: sessionId, timeZone: "America/New_York", startDate: "2030-11-03T01:30", endDate: "2030-11-03T01:15", capacity: "20" };
    const saved = await call("PUT", `/api/decode/${created.body!.data._id}`, programme({ title: "Repeated Hour Program", upcomingEvents: [session(shown)] }));
    expect(saved.status).toBe(200);
    const row = await s.db.selectFrom("events").select(["starts_at", "ends_at", "capacity"]).where("id", "=", sessionId).executeTakeFirstOrThrow();
    expect(row).toEqual({ starts_at: "2030-11-03T05:30:00.000Z", ends_at: "2030-11-03T06:15:00.000Z", capacity: 20 });
    // The same times for a new session mean the first passes (01:15 EDT is before 01:30 EDT): refused, nothing
    // saved, and the error names the row as sent (an empty row before it counts, as the form shows it).
    const fresh = await call("PUT", `/api/decode/${created.body!.data._id}`, programme({ title: "Renamed Meanwhile", upcomingEvents: [{}, session(shown), session({ ...shown, _id: undefined })] }));
    expect(fresh.status).toBe(400);
    expect(fresh.body!.errors).toEqual({ "upcomingEvents.2.endDate": "End date must be after start date" });
    // An end that is before the start even at its second pass is refused by the form's own check.
    const dayBefore = await call("PUT", `/api/decode/${created.body!.data._id}`, programme({ upcomingEvents: [session({ ...shown, startDate: "2030-11-04T09:00" })] }));
    expect(dayBefore.body!.errors).toEqual({ "upcomingEvents.0.endDate": "End date must be after start date" });
    expect((await s.db.selectFrom("programmes").select("title").where("id", "=", created.body!.data._id).executeTakeFirstOrThrow()).title).toBe("Repeated Hour Program");
  });

  it("a Closed programme takes no registrations in any of its sessions, each of which keeps its own status for when it reopens", async () => {
    const created = await call("POST", "/api/decode", programme({ title: "Closing Weekend Course", upcomingEvents: [session({ eventName: "Closing Weekend" })] }));
    expect(created.status).toBe(201);
    const p = created.body!.data;
    const sessionId = p.upcomingEvents[0]._id as string;
    const register = (email: string) =>
      fetch(`${s.url}/api/registration`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          firstName: "Ada", lastName: "Closed", email, mobileNo: "5551234567", dob: "1985-05-05", occupation: "Tester", city: "Boston",
          termsandcondition: true, levelName: "Closing Weekend Course", upcomingEventId: sessionId,
        }),
      });
    // A programme staff create has no price of its own: its page shows the session's, not 'Price Not Available'.
    const opened = await (await fetch(`${s.url}/decode/level/${p._id}`)).text();
    expect(opened).toContain(`href="/register/${sessionId}"`);
    expect(opened).not.toContain("Price Not Available");
    const saveWith = (status: string) =>
      call("PUT", `/api/decode/${p._id}`, programme({ title: "Closing Weekend Course", status, upcomingEvents: [session({ eventName: "Closing Weekend", _id: sessionId })] }));

    expect((await saveWith("Closed")).status).toBe(200);
    const refused = await register("closed1@example.org");
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe("Registration for this session is closed. Please choose another session.");
    expect(await s.db.selectFrom("registrations").select("id").where("event_id", "=", sessionId).execute()).toEqual([]);
    // Visitors see it closed; the session's own status is untouched.
    const shown = (await (await fetch(`${s.url}/api/events/open/${sessionId}`)).json()) as { data?: { status: string; availability: string }; status?: string; availability?: string };
    expect(shown.data ?? shown).toMatchObject({ status: "Closed", availability: "closed" });
    expect((await s.db.selectFrom("events").select("status").where("id", "=", sessionId).executeTakeFirstOrThrow()).status).toBe("Open");
    const page = await (await fetch(`${s.url}/decode/level/${p._id}`)).text();
    expect(page).not.toContain(`href="/register/${sessionId}"`);

    expect((await saveWith("Open")).status).toBe(200);
    expect((await register("open1@example.org")).status).toBe(201);
  });

  it("closing a programme with a seat offer open in its session gives the offer back to the list with the save (decision 0114)", async () => {
    const created = await call("POST", "/api/decode", programme({ title: "Offer Taken Back Course", upcomingEvents: [session({ eventName: "Offer Weekend", capacity: "1" })] }));
    expect(created.status).toBe(201);
    const p = created.body!.data;
    const sessionId = p.upcomingEvents[0]._id as string;
    const register = (email: string, waitingList = false) =>
      fetch(`${s.url}/api/registration`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          firstName: "Ada", lastName: "Waiting", email, mobileNo: "5551234567", dob: "1985-05-05", occupation: "Tester", city: "Boston",
          termsandcondition: true, levelName: "Offer Taken Back Course", upcomingEventId: sessionId, ...(waitingList ? { waitingList: true } : {}),
        }),
      });
    expect((await register("taken.held@example.org")).status).toBe(201);
    expect((await register("taken.waits@example.org", true)).status).toBe(201);
    const saveWith = (status: string, capacity: string) =>
      call("PUT", `/api/decode/${p._id}`, programme({ title: "Offer Taken Back Course", status, upcomingEvents: [session({ eventName: "Offer Weekend", _id: sessionId, capacity })] }));
    expect((await saveWith("Open", "2")).status).toBe(200);
    await runWaitingList(s.db, s.config.site, 24);
    const entry = () =>
      s.db.selectFrom("registrations").select(["status", "offer_token_hash"]).where("event_id", "=", sessionId).where("email_key", "=", "taken.waits@example.org").executeTakeFirstOrThrow();
    expect((await entry()).status).toBe("offered");

    const closed = await saveWith("Closed", "2");
    expect(closed.status).toBe(200);
    expect(await entry()).toEqual({ status: "waiting", offer_token_hash: null });
    const last = await s.db.selectFrom("audit_events").select("detail").where("target_id", "=", p._id).orderBy("at", "desc").limit(1).executeTakeFirstOrThrow();
    expect(JSON.parse(last.detail!)).toMatchObject({ status: "Closed", offersTakenBack: 1 });
    // Open again: the job offers the seat anew to the first in line.
    expect((await saveWith("Open", "2")).status).toBe(200);
    await runWaitingList(s.db, s.config.site, 24);
    expect((await entry()).status).toBe("offered");
  });

  it("the program form opens with a level page's built-in sections 3 to 7 to change (D11, decision 0114)", async () => {
    const account = await s.db.selectFrom("staff_accounts").select("id").where("email", "=", "editor@example.org").executeTakeFirstOrThrow();
    const cookie = `staff_session=${(await createSession(s.db, account.id, "browser", 3600)).secret}`;
    // The page before JavaScript: the plain form, filled as the dialog is.
    const html = (await (await fetch(`${s.url}/admin/decode?edit=decode-4`, { headers: { cookie } })).text()).replace(/&#x27;/g, "'").replace(/&amp;/g, "&");
    const builtIn = staticDecodeLevels[4];
    const textarea = (name: string) => new RegExp(`<textarea[^>]*name="${name}"[^>]*>([^<]*)</textarea>`).exec(html)?.[1];
    expect(textarea("curriculum")).toBe(builtIn.curriculum.join("\n"));
    expect(textarea("whoShouldAttend")).toBe(builtIn.who_should_attend.join("\n"));
    expect(textarea("immediateBenefits")).toBe(builtIn.immediate_benefits.join("\n"));
    // TASSO's form has no such sections.
    const tasso = await (await fetch(`${s.url}/admin/tasso?edit=tasso`, { headers: { cookie } })).text();
    expect(tasso).toContain('name="title"');
    expect(tasso).not.toContain('name="curriculum"');
  });

  it("staff replace a level page's built-in sections 3 to 7 (D11): sent sections replace theirs, the others keep what the page showed (decision 0114)", async () => {
    const page = async () => (await (await fetch(`${s.url}/decode/level/decode-2`)).text()).replace(/<!-- -->/g, "");
    const before = await page();
    // Built-in content, shown while nothing is stored.
    expect((await s.db.selectFrom("programmes").select("details").where("id", "=", "decode-2").executeTakeFirstOrThrow()).details).toBeNull();
    const builtInCurriculum = /<h2[^>]*>Curriculum Overview<\/h2>/.test(before);
    expect(builtInCurriculum).toBe(true);
    expect(before).toContain("Who Should Attend");
    expect(before).toContain(">Prerequisites</h2>");
    expect(before).not.toContain("Upcoming Workshop");
    const p = (await call("GET", "/api/decode/decode-2")).body!.data;
    const whole = { title: p.title, subtitle: p.subtitle, duration: p.duration, status: p.status, cardPoints: p.cardPoints, learningSections: p.learningSections };

    const saved = await call("PUT", "/api/decode/decode-2", {
      ...whole,
      details: { curriculum: ["Reading your own triggers", "Rewriting a limiting belief"], prerequisites: [], sessionDetails: { time: "10:00 AM to 5:00 PM both days", venue: "", registration: "Enroll below or write to us", discount_note: "" } },
    });
    expect(saved.status).toBe(200);
    const after = await page();
    expect(after).toContain("Reading your own triggers");
    expect(after).toContain("Rewriting a limiting belief");
    // An emptied section is hidden; the Upcoming Workshop shows the lines sent.
    expect(after).not.toContain(">Prerequisites</h2>");
    expect(after).toContain("Upcoming Workshop");
    expect(after).toContain("10:00 AM to 5:00 PM both days");
    // Sections not sent keep what the page showed: the built-in audience, now stored.
    const stored = JSON.parse((await s.db.selectFrom("programmes").select("details").where("id", "=", "decode-2").executeTakeFirstOrThrow()).details!) as Record<string, unknown>;
    expect(stored).toMatchObject({ curriculum: ["Reading your own triggers", "Rewriting a limiting belief"], prerequisites: [], sessionDetails: { time: "10:00 AM to 5:00 PM both days", registration: "Enroll below or write to us" } });
    expect((stored.whoShouldAttend as string[]).length).toBeGreaterThan(0);
    for (const item of stored.whoShouldAttend as string[]) expect(after).toContain(item.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
    const last = await s.db.selectFrom("audit_events").select("detail").where("target_id", "=", "decode-2").orderBy("at", "desc").limit(1).executeTakeFirstOrThrow();
    expect(JSON.parse(last.detail!)).toMatchObject({ pageSections: ["curriculum", "prerequisites", "sessionDetails"] });

    // The form's fields: a list one item per line (the screen's multipart post), the workshop's lines apart.
    const form = new FormData();
    for (const [k, v] of Object.entries(whole)) form.set(k, typeof v === "string" ? v : JSON.stringify(v));
    form.set("whoShouldAttend", "Coaches\n\n  Teachers  \nParents");
    form.set("workshopTime", "");
    form.set("workshopVenue", "");
    form.set("workshopRegistration", "");
    form.set("workshopDiscount", "");
    expect((await call("PUT", "/api/decode/decode-2", form)).status).toBe(200);
    const again = JSON.parse((await s.db.selectFrom("programmes").select("details").where("id", "=", "decode-2").executeTakeFirstOrThrow()).details!) as Record<string, unknown>;
    expect(again).toMatchObject({ whoShouldAttend: ["Coaches", "Teachers", "Parents"], curriculum: ["Reading your own triggers", "Rewriting a limiting belief"] });
    expect(again.sessionDetails).toBeUndefined();
    expect(await page()).not.toContain("Upcoming Workshop");

    // Refused, field by field, and nothing changed.
    const bad = await call("PUT", "/api/decode/decode-2", { ...whole, details: { curriculum: ["x".repeat(301)], whoShouldAttend: "tab\there", sessionDetails: { time: "line\nbreak" } } });
    expect(bad.status).toBe(400);
    expect(bad.body!.errors).toEqual({
      curriculum: "List at most 30 items, one per line, each at most 300 characters",
      whoShouldAttend: "List at most 30 items, one per line, each at most 300 characters",
      workshopTime: "Use one line of at most 500 characters",
    });
    expect((await call("PUT", "/api/decode/decode-2", { ...whole, details: ["not", "an", "object"] })).body!.errors).toEqual({
      details: "Page sections must be an object with the lists immediateBenefits, longTermBenefits, curriculum, whoShouldAttend and prerequisites, and sessionDetails",
    });
    expect(JSON.parse((await s.db.selectFrom("programmes").select("details").where("id", "=", "decode-2").executeTakeFirstOrThrow()).details!)).toEqual(again);
    // A program read through the API and sent back as it was: its details (the seed's object, or null) are taken as they are.
    const ich = (await call("GET", "/api/hypnotherapy/ich-3")).body!.data;
    const ichStored = async () => JSON.parse((await s.db.selectFrom("programmes").select("details").where("id", "=", "ich-3").executeTakeFirstOrThrow()).details!) as unknown;
    const ichBefore = await ichStored();
    const roundTrip = await call("PUT", "/api/hypnotherapy/ich-3", { title: ich.title, subtitle: ich.subtitle, duration: ich.duration, status: ich.status, cardPoints: ich.cardPoints, learningSections: ich.learningSections, details: ich.details });
    expect(roundTrip.status).toBe(200);
    expect(await ichStored()).toEqual(ichBefore);
    const asNull = new FormData();
    for (const [k, v] of Object.entries(whole)) asNull.set(k, typeof v === "string" ? v : JSON.stringify(v));
    asNull.set("details", "null");
    expect((await call("PUT", "/api/decode/decode-2", asNull)).status).toBe(200);
    expect(JSON.parse((await s.db.selectFrom("programmes").select("details").where("id", "=", "decode-2").executeTakeFirstOrThrow()).details!)).toEqual(again);
    // TASSO's page has no such sections.
    const tasso = (await call("GET", "/api/tasso/tasso")).body!.data;
    const refused = await call("PUT", "/api/tasso/tasso", { title: tasso.title, subtitle: tasso.subtitle, duration: tasso.duration, status: tasso.status, cardPoints: tasso.cardPoints, learningSections: tasso.learningSections, details: { curriculum: ["x"] } });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body!.errors)).toEqual(["details"]);
  });

  it("an update whose events are not events is refused, and deletes none of the stored sessions (decision 0112)", async () => {
    const created = await call("POST", "/api/decode", programme({ title: "Sessions Kept Program", upcomingEvents: [session(), session({ eventName: "Second Kept Weekend" })] }));
    const p = created.body!.data;
    const count = async () => Number((await s.db.selectFrom("events").select((eb) => eb.fn.countAll<number>().as("n")).where("programme_id", "=", p._id).executeTakeFirstOrThrow()).n);
    expect(await count()).toBe(2);
    for (const upcomingEvents of [["oops"], [1, 2], [[session()]], [null], "none"]) {
      const r = await call("PUT", `/api/decode/${p._id}`, programme({ title: "Sessions Kept Program", upcomingEvents }));
      expect({ upcomingEvents, status: r.status }).toEqual({ upcomingEvents, status: 400 });
      expect(r.body!.errors.upcomingEvents).toBe("Upcoming events must be a list of events");
    }
    expect(await count()).toBe(2);
    // A tab in a one-line title, or a direction override, is named as what it is, not "required"; a title of zero-width spaces is none.
    for (const title of ["Decode Level 6\tAdvanced", "Decode \u202eLevel 6"]) {
      expect((await call("PUT", `/api/decode/${p._id}`, programme({ title }))).body!.errors.title).toBe("Remove the tab, line break or invisible formatting character from this text");
    }
    expect((await call("PUT", `/api/decode/${p._id}`, programme({ title: "\u200b".repeat(6) }))).body!.errors.title).toBe("Title is required");
    // The largest program the rules allow, in a script of three bytes a character, is read back and sent back as JSON.
    const wide = "<p>" + "漢".repeat(19_990) + "</p>";
    const largest = await call("PUT", `/api/decode/${p._id}`, programme({ title: "Sessions Kept Program", learningSections: Array.from({ length: 30 }, (_, i) => ({ title: `Section ${i + 1}`, content: wide })) }));
    expect(largest.status).toBe(200);
    // Card points are held, all together, to the one field the staff form edits them in.
    const long = `<p>${"x".repeat(12_000)}</p>`;
    expect((await call("PUT", `/api/decode/${p._id}`, programme({ title: "Sessions Kept Program", cardPoints: [long, long] }))).body!.errors.cardPoints).toBe(
      "Card points must be at most 19000 characters of formatted text in all, as one list",
    );
  });

  it("an update that leaves a session's time zone and seat limit out (the spec's field list has neither) keeps the stored ones", async () => {
    const created = await call("POST", "/api/hypnotherapy", programme({ title: "Pacific Coast Intensive", upcomingEvents: [session({ timeZone: "America/Los_Angeles", location: "Los Angeles", capacity: "40" })] }));
    const p = created.body!.data;
    const sessionId = p.upcomingEvents[0]._id as string;
    const before = await s.db.selectFrom("events").select(["starts_at", "time_zone", "capacity"]).where("id", "=", sessionId).executeTakeFirstOrThrow();
    const { timeZone: _zone, capacity: _capacity, ...spec } = session({ _id: sessionId, location: "Los Angeles", startDate: futureLocal(30, 10) });
    const edited = await call("PUT", `/api/hypnotherapy/${p._id}`, programme({ title: "Pacific Coast Intensive", upcomingEvents: [spec] }));
    expect(edited.status).toBe(200);
    const after = await s.db.selectFrom("events").select(["starts_at", "time_zone", "capacity"]).where("id", "=", sessionId).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ time_zone: "America/Los_Angeles", capacity: 40 });
    // 10:00 in Los Angeles: an hour after the stored 9:00 there, not 10:00 in New York.
    expect(Date.parse(after.starts_at) - Date.parse(before.starts_at)).toBe(3_600_000);
    // A new session without them still gets the defaults, and an empty capacity still means no limit.
    const { timeZone: _z2, ...newOne } = session({ eventName: "Second Coast Weekend", capacity: "" });
    const grown = await call("PUT", `/api/hypnotherapy/${p._id}`, programme({ title: "Pacific Coast Intensive", upcomingEvents: [spec, newOne] }));
    expect(grown.status).toBe(200);
    const added = await s.db.selectFrom("events").select(["time_zone", "capacity"]).where("programme_id", "=", p._id).where("id", "<>", sessionId).executeTakeFirstOrThrow();
    expect(added).toEqual({ time_zone: "America/New_York", capacity: null });
  });

  it("manages TASSO like DECODE and ICH (D4, decision 0068): its one program through /api/tasso, a session added there shown on /tasso and open to registration", async () => {
    const listed = await call("GET", "/api/tasso");
    expect(listed.status).toBe(200);
    adminProgrammeListResponse.parse(listed.body);
    expect(listed.body!.programs.map((p: { _id: string }) => p._id)).toEqual(["tasso"]);
    // Each screen has its own programs, whatever the path's letter case.
    expect((await call("GET", "/api/TASSO")).body!.programs.map((p: { _id: string }) => p._id)).toEqual(["tasso"]);
    expect((await call("GET", "/api/Tasso/tasso")).status).toBe(200);
    expect((await call("GET", "/api/%74asso")).body!.programs.map((p: { _id: string }) => p._id)).toEqual(["tasso"]);
    expect((await call("GET", "/api/TASSO/ich-1")).status).toBe(404);
    expect((await call("GET", "/api/decode/tasso")).status).toBe(404);
    expect((await call("GET", "/api/tasso/decode-1")).status).toBe(404);
    // One TASSO program: a second is refused as a conflict with the one there is, with the reason on the title.
    const second = await call("POST", "/api/tasso", programme({ title: "Another TASSO Program" }));
    expect(second.status).toBe(409);
    expect(second.body!.errors).toEqual({ title: "There is already a TASSO program: open it to add or change its sessions." });
    expect(await s.db.selectFrom("programmes").select("id").where("kind", "=", "tasso").execute()).toHaveLength(1);

    // A session added to it, the stored ones sent back as read.
    const stored = (await call("GET", "/api/tasso/tasso")).body!.data;
    const place = `Tassoville ${crypto.randomUUID().slice(0, 6)}`;
    const saved = await call(
      "PUT",
      "/api/tasso/tasso",
      { ...stored, upcomingEvents: [...stored.upcomingEvents, session({ eventName: "TASSO Program", location: place, startDate: futureLocal(20, 9), endDate: futureLocal(20, 17) })] },
    );
    expect(saved.status).toBe(200);
    const added = (saved.body!.data.upcomingEvents as Array<{ _id: string; location: string }>).find((e) => e.location === place)!;
    expect(await s.db.selectFrom("events").select(["kind", "programme_id"]).where("id", "=", added._id).executeTakeFirstOrThrow()).toEqual({ kind: "tasso", programme_id: "tasso" });
    expect(await audits("tasso")).toContainEqual({ action: "update", actor_email: "editor@example.org", target_type: "tasso-program", ip: expect.any(String) });
    // On the TASSO page at once, and a registration for it is taken.
    expect(await (await fetch(`${s.url}/tasso`)).text()).toContain(place);
    const res = await fetch(`${s.url}/api/registration`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...registrant, upcomingEventId: added._id, programId: "tasso", levelName: "TASSO Program" }),
    });
    expect(res.status).toBe(201);
  });

  it("a program's page shows its shown session's price, as staff set it, not the program's own (decision 0093)", async () => {
    // `before` is the program's own price (seeded); other tests here may have added sessions with prices of their own.
    for (const [kind, id, page, before, after] of [
      ["decode", "decode-1", "/decode/level/decode-1", "$300", "$350"],
      ["tasso", "tasso", "/tasso", "$1,500", "$1,650"],
    ] as const) {
      const stored = (await call("GET", `/api/${kind}/${id}`)).body!.data;
      const amount = Number(after.replace(/[$,]/g, ""));
      const saved = await call("PUT", `/api/${kind}/${id}`, { ...stored, upcomingEvents: stored.upcomingEvents.map((e: Record<string, unknown>) => ({ ...e, price: amount })) });
      expect(saved.status).toBe(200);
      const html = await (await fetch(`${s.url}${page}`)).text();
      expect(html).toContain(after);
      // The program's own price, which staff cannot edit, is no longer shown beside sessions that cost more.
      expect(html).not.toContain(before);
    }
  });

  it("stores a program's certification line and what is included, shows them on its page, keeps them when an update leaves them out (decision 0094)", async () => {
    const created = await call("POST", "/api/decode", programme({ title: "Included Items Course", certification: "Certified Practitioner (CP)", enrollmentFeatures: "Two days in person\nWorkbook <b>and</b> audio\n\n" }));
    expect(created.status).toBe(201);
    const p = created.body!.data;
    expect(p).toMatchObject({ certification: "Certified Practitioner (CP)", enrollment_features: ["Two days in person", "Workbook <b>and</b> audio"] });
    const page = await (await fetch(`${s.url}/decode/level/${p._id}`)).text();
    expect(page).toContain("Certified Practitioner (CP)");
    // Text, not markup.
    expect(page).toContain("Workbook &lt;b&gt;and&lt;/b&gt; audio");
    // An update without them (the spec's own field list) keeps them.
    const updated = await call("PUT", `/api/decode/${p._id}`, programme({ title: "Included Items Course Renamed" }));
    expect(updated.status).toBe(200);
    const row = await s.db.selectFrom("programmes").select(["certification", "enrollment_features", "title"]).where("id", "=", p._id).executeTakeFirstOrThrow();
    expect(row).toEqual({ certification: "Certified Practitioner (CP)", enrollment_features: JSON.stringify(["Two days in person", "Workbook <b>and</b> audio"]), title: "Included Items Course Renamed" });
    // Refused whole: nothing of the update is stored.
    const refused = await call("PUT", `/api/decode/${p._id}`, programme({ title: "Not Saved Title", certification: "x".repeat(121), enrollmentFeatures: Array.from({ length: 13 }, (_, i) => `Item ${i}`) }));
    expect(refused.status).toBe(400);
    expect(refused.body!.errors).toEqual({ certification: "Certification must be one line of at most 120 characters", enrollmentFeatures: "List at most 12 items, one per line, each at most 120 characters" });
    expect((await s.db.selectFrom("programmes").select("title").where("id", "=", p._id).executeTakeFirstOrThrow()).title).toBe("Included Items Course Renamed");
    // Emptied: the page's default line, and no list.
    expect((await call("PUT", `/api/decode/${p._id}`, programme({ title: "Included Items Course Renamed", certification: "", enrollmentFeatures: [] }))).status).toBe(200);
    const emptied = await (await fetch(`${s.url}/decode/level/${p._id}`)).text();
    expect(emptied).toContain("Professional Certification");
    expect(emptied).not.toContain("Two days in person");
  });

  it("deletes a programme with its sessions and thumbnail, audited, and answers 404 afterwards", async () => {
    const created = await call("POST", "/api/decode", multipart(programme({ title: "Short Lived Program" }), { bytes: await png(200, 100), name: "c.png", type: "image/png" }));
    const p = created.body!.data;
    const fileId = (p.thumbnail as string).split(".")[0]!;
    const del = await call("DELETE", `/api/decode/${p._id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true, message: "Program deleted successfully" });
    adminProgrammeDeletedResponse.parse(del.body);
    expect(await s.db.selectFrom("programmes").select("id").where("id", "=", p._id).executeTakeFirst()).toBeUndefined();
    expect(await s.db.selectFrom("events").select("id").where("programme_id", "=", p._id).execute()).toEqual([]);
    expect(await s.db.selectFrom("files").select("id").where("id", "=", fileId).executeTakeFirst()).toBeUndefined();
    expect((await fetch(`${s.url}/uploads/${p.thumbnail}`)).status).toBe(404);
    expect((await audits(p._id)).map((a) => a.action)).toEqual(["create", "delete"]);
    expect((await call("DELETE", `/api/decode/${p._id}`)).status).toBe(404);
    expect((await call("PUT", `/api/decode/${p._id}`, programme())).status).toBe(404);
    expect((await call("GET", `/api/decode/${p._id}`)).status).toBe(404);
  });

  it("refuses the calls without a valid token", async () => {
    const res = await fetch(`${s.url}/api/hypnotherapy`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(programme()) });
    expect(res.status).toBe(401);
    expect((await fetch(`${s.url}/api/decode`)).status).toBe(401);
  });
});
