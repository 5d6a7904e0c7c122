import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoContent } from "~/db/seed.server";
import { dialects } from "../helpers/databases";
import { startSite, type RunningSite } from "../helpers/site";

describe.each(dialects)("DECODE programmes on %s", (dialect) => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite(dialect);
  });
  afterAll(async () => {
    await s?.stop();
  });

  const get = async (path: string) => {
    const res = await fetch(`${s.url}${path}`);
    return { status: res.status, body: await res.json() };
  };

  it("seeds the five DECODE levels with their durations and prices on first start", async () => {
    const rows = await s.db.selectFrom("programmes").select(["id", "level", "title", "duration", "price_cents"]).where("kind", "=", "decode").orderBy("level").execute();
    expect(rows.map((r) => [r.level, r.duration, r.price_cents])).toEqual([
      [1, "1 Day", 30000],
      [2, "2 Days", 60000],
      [3, "2 Days", 60000],
      [4, "2 Days", 60000],
      [5, "4 Hours", 3500],
    ]);
    expect(rows.map((r) => r.title)).toEqual([
      "DECODE Level 1: Decode Your Mind",
      "DECODE Level 2: Decode Your Behavior",
      "DECODE Level 3: Decode Your Relationships",
      "DECODE Level 4: Decode Your Blueprint",
      "DECODE Level 5: Decode The Child",
    ]);
  });

  it("seeding again changes nothing, and a deleted demo programme stays deleted on restart", async () => {
    expect(await seedDemoContent(s.db)).toEqual({ inserted: 0 });
    await s.db.deleteFrom("programmes").where("id", "=", "decode-5").execute();
    const { seedOnFirstStart } = await import("~/db/seed.server");
    expect(await seedOnFirstStart(s.db)).toEqual({ inserted: 0 });
    expect(await s.db.selectFrom("programmes").select("id").where("id", "=", "decode-5").executeTakeFirst()).toBeUndefined();
    // The explicit `npm run db:seed` puts it back.
    expect(await seedDemoContent(s.db)).toEqual({ inserted: 1 });
  });

  it("lists programmes with the defaults page 1, limit 10, newest level first", async () => {
    const { status, body } = await get("/api/decode/user");
    expect(status).toBe(200);
    expect(body.totalPrograms).toBe(5);
    expect(body.totalPages).toBe(1);
    expect(body.programs.map((p: { _id: string }) => p._id)).toEqual(["decode-5", "decode-4", "decode-3", "decode-2", "decode-1"]);
    expect(body.programs[4]).toMatchObject({ _id: "decode-1", duration: "1 Day", price: 300, buttonText: "Register Now", status: "Open" });
    expect(body.programs[4].cardPoints[0]).toContain("<li>");
  });

  it("pages, limits and searches (case-insensitively, wildcards literal)", async () => {
    const page2 = await get("/api/decode/user?page=2&limit=2");
    expect(page2.body.programs.map((p: { _id: string }) => p._id)).toEqual(["decode-3", "decode-2"]);
    expect(page2.body.totalPages).toBe(3);
    const search = await get("/api/decode/user?search=RELATIONSHIPS");
    expect(search.body.programs.map((p: { _id: string }) => p._id)).toEqual(["decode-3"]);
    expect((await get("/api/decode/user?search=%25")).body.totalPrograms).toBe(0);
    expect((await get("/api/decode/user?search=")).body.totalPrograms).toBe(5);
  });

  it("refuses a bad query with field messages", async () => {
    const bad = await get("/api/decode/user?page=0&limit=500");
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ page: "Page must be 1 or more", limit: "Limit must be between 1 and 50" });
    expect((await get("/api/decode/user?page=abc")).status).toBe(400);
  });

  it("answers one programme wrapped in data, and 404 for an unknown id", async () => {
    const one = await get("/api/decode/user/decode-2");
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ _id: "decode-2", title: "DECODE Level 2: Decode Your Behavior" });
    const missing = await get("/api/decode/user/nope");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: "Program not found" });
  });

  it("lists every public page and programme in the sitemap, and points robots.txt at it", async () => {
    const xml = await (await fetch(`${s.url}/sitemap.xml`)).text();
    for (const path of ["/", "/about", "/decode", "/ich", "/tasso", "/family-constellation", "/schedule", "/contact-us", "/privacy-policy"]) {
      expect(xml).toContain(`<loc>${s.config.publicUrl}${path}</loc>`);
    }
    for (let l = 1; l <= 5; l++) expect(xml).toContain(`<loc>${s.config.publicUrl}/decode/level/decode-${l}</loc>`);
    const robots = await (await fetch(`${s.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${s.config.publicUrl}/sitemap.xml`);
    expect(robots).toContain("Disallow: /admin");
  });
});
