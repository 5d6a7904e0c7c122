import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatSessionDate, formatTimesUnderDate } from "~/features/events/format";
import { dialects } from "../helpers/databases";
import { startSite, type RunningSite } from "../helpers/site";
import { zonedIsoString } from "~/lib/zoned-iso";

/** The visible text of a server-rendered page: tags dropped, entities decoded, spaces collapsed. */
function text(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

describe.each(dialects)("level and programme pages on %s", (dialect) => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite(dialect);
  });
  afterAll(async () => {
    await s?.stop();
  });

  const page = async (path: string) => {
    const res = await fetch(`${s.url}${path}`);
    const html = await res.text();
    return { status: res.status, html, text: text(html) };
  };

  it("a programme without a level number (as staff create them) names no level: not 'Level 1'", async () => {
    await s.db.updateTable("programmes").set({ level: null }).where("id", "=", "decode-2").execute();
    try {
      const p = await page("/decode/level/decode-2");
      expect(p.status).toBe(200);
      expect(p.text).toContain("Enroll in this Program");
      expect(p.text).not.toMatch(/Enroll in Level|DECODE · Level/);
      // Nor another level's built-in content: neither level 1's (the old fallback) nor its former level 2's.
      for (const borrowed of ["How the mind is organized", "Observing without judgment", "A calmer mind by the end of the day", "Workbook and guided audio"]) {
        expect(p.text).not.toContain(borrowed);
      }
      // What staff wrote is still there.
      expect(p.html).toMatch(/<h1[^>]*>DECODE Level 2: Decode Your Behavior<\/h1>/);
    } finally {
      await s.db.updateTable("programmes").set({ level: 2 }).where("id", "=", "decode-2").execute();
    }
  });

  it("a DECODE programme page is server-rendered with its sections, sessions in the venue's zone, seats and the enroll links", async () => {
    const p = await page("/decode/level/decode-2");
    expect(p.status).toBe(200);
    expect(p.text).not.toContain("Loading program details...");
    expect(p.html).toMatch(/<h1[^>]*>DECODE Level 2: Decode Your Behavior<\/h1>/);
    // Sections 1 to 9 in order.
    const order = ["2 Days", "What You'll Learn", "Course Benefits", "Immediate Practical Applications", "Long-Term Transformational Outcomes", "Curriculum Overview", "Who Should Attend", "Prerequisites", "Upcoming Sessions", "Enroll in Level 2", "Have Questions?", "Email Us"];
    const at = order.map((t) => p.text.indexOf(t));
    expect(order.filter((_, i) => at[i]! < 0)).toEqual([]);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // Built-in content fills what the database lacks (DECODE programmes have no stored details).
    expect(p.text).toContain("Observing without judgment");

    const sessions = await s.db.selectFrom("events").selectAll().where("programme_id", "=", "decode-2").orderBy("starts_at").execute();
    const upcoming = sessions.filter((e) => Date.parse(e.starts_at) > Date.now());
    expect(upcoming.length).toBeGreaterThan(0);
    for (const e of upcoming) {
      expect(p.text).toContain(formatSessionDate(e.starts_at, e.time_zone));
      expect(p.text).toContain(formatTimesUnderDate(e.starts_at, e.ends_at, e.time_zone));
      expect(p.html).toContain(`href="/register/${e.id}"`);
    }
    // The demo session with a capacity of 3 and 2 registrations.
    expect(p.text).toContain("1 seat left");
    expect(p.text).toContain("$600");
    expect(p.text).toContain("Enroll Now");
    expect(p.text).not.toContain("Register Now Enroll"); // level 2 says Enroll Now
  });

  it("a level that requires an earlier one says so beside its enroll button, linking to it; a first level says nothing", async () => {
    const required = (t: string) => /Requires ([^.]+)\. Completed it with another school\?/.exec(t)?.[1]?.trim() ?? null;
    const two = await page("/decode/level/decode-2");
    expect(required(two.text)).toBe("DECODE Level 1");
    expect(two.html).toMatch(/<a[^>]*href="\/decode\/level\/decode-1"[^>]*>DECODE Level 1<\/a>/);
    expect(required((await page("/level/4")).text)).toBe("DECODE Level 3");
    expect(required((await page("/ich/level/ich-3")).text)).toBe("ICH Level II");
    expect(required((await page("/decode/level/decode-1")).text)).toBeNull();
    expect(required((await page("/ich/level/ich-1")).text)).toBeNull();
    expect(required((await page("/level/5")).text)).toBeNull();
  });

  it("levels 1 and 5 say 'Register Now'; a session with an external link opens it in a new tab; past sessions never show", async () => {
    const p = await page("/decode/level/decode-1");
    expect(p.status).toBe(200);
    // The side panel's button: its visible words, then (for a screen reader's list of links) the program's name.
    expect(p.html).toMatch(/<a href="\/register\/s-decode-1-a"[^>]*>Register Now<span class="sr-only">: DECODE Level 1: Decode Your Mind<\/span><\/a>/);
    expect(p.html).toMatch(/<a href="https:\/\/tickets\.example\.org\/decode-your-mind-chicago" target="_blank" rel="noopener noreferrer"/);
    expect(p.html).not.toContain("s-decode-1-past");
    const five = await page("/level/5");
    expect(five.html).toMatch(/>Register Now<span class="sr-only">: [^<]+<\/span><\/a>/);
    // The no-enrol session is listed without a button.
    expect(five.text).toContain("No online registration");
  });

  it("carries a Course with one CourseInstance per upcoming session, offers from live seats", async () => {
    const p = await page("/decode/level/decode-3");
    const course = jsonLd(p.html).find((j) => j["@type"] === "Course")!;
    expect(course).toMatchObject({ name: "DECODE Level 3: Decode Your Relationships", url: `${s.config.publicUrl}/decode/level/decode-3` });
    const instances = course.hasCourseInstance as Array<{ startDate: string; offers?: { availability: string } }>;
    const upcoming = await s.db.selectFrom("events").select(["starts_at", "capacity", "time_zone"]).where("programme_id", "=", "decode-3").where("starts_at", ">", new Date().toISOString()).orderBy("starts_at").execute();
    // The venue's local time with its offset (D13), as the calendar's events write it.
    expect(instances.map((i) => i.startDate)).toEqual(upcoming.map((e) => zonedIsoString(e.starts_at, e.time_zone)));
    expect(instances[0]!.startDate).toMatch(/T\d{2}:\d{2}:\d{2}-0[5-7]:00$/);
    // The Denver session is full (2 of 2 seats taken).
    expect(instances[0]!.offers!.availability).toBe("https://schema.org/SoldOut");
  });

  it("ICH pages: by id, by level number and by ?level; Born Again shows its Upcoming Workshop", async () => {
    const byId = await page("/ich/level/ich-2");
    expect(byId.status).toBe(200);
    expect(byId.html).toMatch(/<h1[^>]*>Level II: Practitioner in Clinical Hypnotherapy<\/h1>/);
    const byNumber = await page("/ich/level/1");
    expect(byNumber.status).toBe(200);
    expect(byNumber.html).toContain(`<link rel="canonical" href="${s.config.publicUrl}/ich/level/ich-1"/>`);
    expect(byNumber.text).toContain("Register Now");
    const byQuery = await page("/ich/level?level=3");
    expect(byQuery.html).toMatch(/<h1[^>]*>Level III: Regression Therapy<\/h1>/);
    const none = await page("/ich/level");
    expect(none.html).toMatch(/<h1[^>]*>Level I: Foundations of Clinical Hypnotherapy<\/h1>/);
    const bornAgain = await page("/ich/level/ich-6");
    expect(bornAgain.text).toContain("Upcoming Workshop");
    expect(bornAgain.text).toContain("Limited to 20 participants");
    expect(byId.text).not.toContain("Upcoming Workshop");
    // ICH numbers its levels as its titles do; Born Again is a course of its own, not "Level 6".
    expect(byId.text).toContain("Integrated Clinical Hypnotherapy · Level II");
    expect(byId.text).toContain("Enroll in Level II");
    expect(byId.text).not.toMatch(/Level 2\b/);
    expect(bornAgain.text).toContain("Enroll in this Program");
    expect(bornAgain.text).not.toMatch(/Level (6|VI)\b/);
  });

  it("/level/1 … /level/5 and /level-one … /level-four are the DECODE levels; other numbers are 'Level Not Found' (404)", async () => {
    const one = await page("/level-one");
    expect(one.status).toBe(200);
    // The same level as its program page: that page is the one search engines keep.
    expect(one.html).toContain(`<link rel="canonical" href="${s.config.publicUrl}/decode/level/decode-1"/>`);
    expect(one.html).toMatch(/<h1[^>]*>DECODE Level 1: Decode Your Mind<\/h1>/);
    const four = await page("/level-four");
    expect(four.html).toMatch(/<h1[^>]*>DECODE Level 4: Decode Your Blueprint<\/h1>/);
    for (const path of ["/level/0", "/level/6", "/level/two"]) {
      const missing = await page(path);
      expect({ path, status: missing.status }).toEqual({ path, status: 404 });
      expect(missing.text).toContain("Level Not Found");
      expect(missing.text).toContain("The requested level does not exist.");
      expect(missing.html).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it("an unknown programme is 'Program Not Found' (404)", async () => {
    for (const path of ["/decode/level/nope", "/ich/level/decode-1", "/decode/level/99", "/ich/level/ich-1x"]) {
      const missing = await page(path);
      expect({ path, status: missing.status }).toEqual({ path, status: 404 });
      expect(missing.text).toContain("Program Not Found");
      expect(missing.text).toContain("The requested program does not exist.");
    }
  });

  it("stored details replace the built-in content; without a stored programme the built-in level shows, with no sessions", async () => {
    await s.db
      .updateTable("programmes")
      .set({ details: JSON.stringify({ curriculum: ["Stored topic one", "Stored topic two"], whoShouldAttend: ["Stored audience"], prerequisites: [], immediateBenefits: [], longTermBenefits: [] }) })
      .where("id", "=", "decode-3")
      .execute();
    const stored = await page("/decode/level/decode-3");
    expect(stored.text).toContain("Stored topic one");
    expect(stored.text).toContain("Stored audience");
    expect(stored.text).not.toContain("Recognizing your style");
    expect(stored.text).not.toContain("Course Benefits");

    await s.db.deleteFrom("events").where("programme_id", "=", "decode-4").execute();
    await s.db.deleteFrom("programmes").where("id", "=", "decode-4").execute();
    const level = await page("/level/4");
    expect(level.status).toBe(200);
    expect(level.html).toMatch(/<h1[^>]*>Decode Your Blueprint<\/h1>/);
    // No program page for it now: the level page is its own canonical address.
    expect(level.html).toContain(`<link rel="canonical" href="${s.config.publicUrl}/level/4"/>`);
    expect(level.text).toContain("Core beliefs about self-worth");
    expect(level.html).toMatch(/<button type="button" aria-disabled="true"[^>]*>No Sessions Available<span class="sr-only">: [^<]+<\/span><\/button>/);
    expect(level.text).toContain("Coming Soon");
    const programme = await page("/decode/level/4");
    expect(programme.status).toBe(200);
    expect(programme.html).toMatch(/>Registration Coming Soon<span class="sr-only">: [^<]+<\/span><\/button>/);
    expect((await page("/decode/level/decode-4")).status).toBe(404);
  });

  it("the sitemap lists every programme page, and a level page only where no stored program has its level", async () => {
    const xml = await (await fetch(`${s.url}/sitemap.xml`)).text();
    // decode-4 was deleted above: its level's built-in page is the only one.
    expect(xml).toContain(`<loc>${s.config.publicUrl}/level/4</loc>`);
    for (const l of [1, 2, 3, 5]) expect(xml).not.toContain(`<loc>${s.config.publicUrl}/level/${l}</loc>`);
    expect(xml).toContain(`<loc>${s.config.publicUrl}/ich/levels</loc>`);
    for (let l = 1; l <= 6; l++) expect(xml).toContain(`<loc>${s.config.publicUrl}/ich/level/ich-${l}</loc>`);
    expect(xml).toContain(`<loc>${s.config.publicUrl}/decode/level/decode-1</loc>`);
  });

  it("when the database cannot be read: 503 and 'Error loading program' with 'Try again'", async () => {
    // A page no test asked for yet, so the page cache (decision 0018) holds no copy of it.
    await sql`ALTER TABLE programmes RENAME TO programmes_away`.execute(s.db);
    try {
      const p = await page("/decode/level/decode-5");
      expect(p.status).toBe(503);
      expect(p.text).toContain("Error loading program");
      expect(p.text).toContain("Try again");
    } finally {
      await sql`ALTER TABLE programmes_away RENAME TO programmes`.execute(s.db);
    }
    expect((await page("/decode/level/decode-5")).status).toBe(200);
  });
});
