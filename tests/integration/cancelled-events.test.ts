import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffAccount } from "~/features/admin-auth/accounts.server";
import { createSession } from "~/features/admin-auth/sessions.server";
import { dialects } from "../helpers/databases";
import { addSession } from "../helpers/registration";
import { startSite, type RunningSite } from "../helpers/site";

/**
 * A session staff cancel leaves the calendar and the Family Constellation table
 * (decision 0032) but stays in those pages' Event data as EventCancelled, with no
 * offer, until it would have started (decision 0077), so a search engine marks
 * the event canceled instead of just losing it.
 */
type Event = { "@type": string; name: string; eventStatus: string; offers?: unknown; location: { address: { addressLocality?: string } } };

const DAY = 86_400_000;

/** Every Event in a page's JSON-LD, whether one script per event or one graph. */
function events(html: string): Event[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .flatMap((m) => {
      const ld = JSON.parse(m[1]!) as Event | { "@graph": Event[] };
      return "@graph" in ld ? ld["@graph"] : [ld];
    })
    .filter((e) => e["@type"] === "Event");
}

/** What the page shows: its main content's text, scripts (the hydration data) left out. */
function shown(html: string): string {
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
  return main.replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

describe.each(dialects)("canceled sessions in the Event data on %s", { timeout: 180_000 }, (dialect) => {
  let s: RunningSite;
  let cookie: string;
  beforeAll(async () => {
    s = await startSite(dialect, { FORM_RATE_LIMIT: "100000", SESSION_JOBS_SECONDS: "86400" });
    const account = await createStaffAccount(s.db, `jsonld-${dialect}@example.org`, "Lantern orchard 73 quietly");
    cookie = `staff_session=${(await createSession(s.db, account.id, "browser", 3600)).secret}`;
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  const page = async (p: string) => {
    const res = await fetch(`${s.url}${p}`);
    expect(res.status).toBe(200);
    return res;
  };
  const staffPost = (p: string, body: string) =>
    fetch(`${s.url}${p}`, { method: "POST", redirect: "manual", headers: { cookie, Origin: s.url, "Content-Type": "application/x-www-form-urlencoded" }, body });
  const named = (list: Event[], name: string) => list.filter((e) => e.name === name);

  it("/schedule and /family-constellation keep a canceled session that has not started in their Event data, as EventCancelled, and out of their tables", async () => {
    const at = (days: number) => ({ starts_at: new Date(Date.now() + days * DAY).toISOString(), ends_at: new Date(Date.now() + days * DAY + 3_600_000).toISOString() });
    const decode = await addSession(s, { programme_id: "decode-1", title: "Decode Your Mind: Canceled Tuesday", ...at(12) });
    const family = await addSession(s, { kind: "family", title: "Family Constellation: Canceled Saturday", city: "Santa Fe", capacity: 12, ...at(13) });
    // Canceled earlier and since begun: nothing left to say about it.
    await addSession(s, { title: "Decode Your Mind: Canceled and begun", status: "Cancelled", ...at(-1) });

    // Listed and offered before; the page stored in the cache (decision 0018), which the cancel must move past.
    const before = await (await page("/schedule")).text();
    expect(named(events(before), "Decode Your Mind: Canceled Tuesday")).toMatchObject([{ eventStatus: "https://schema.org/EventScheduled", offers: {} }]);
    expect(shown(before)).toContain("Canceled Tuesday");
    expect(shown(await (await page("/family-constellation")).text())).toContain("Santa Fe");
    await expect.poll(async () => (await page("/schedule")).headers.get("x-page-cache"), { timeout: 20_000 }).toBe("hit");

    expect((await staffPost("/admin/decode", `intent=cancel-session&sessionId=${decode}`)).status).toBe(200);
    expect((await staffPost("/admin/family-events", `intent=cancel&sessionId=${family}`)).status).toBe(200);

    const schedule = await (await page("/schedule")).text();
    const ld = events(schedule);
    for (const name of ["Decode Your Mind: Canceled Tuesday", "Family Constellation: Canceled Saturday"]) {
      const [event, ...more] = named(ld, name);
      expect(more).toEqual([]);
      expect(event).toMatchObject({ eventStatus: "https://schema.org/EventCancelled" });
      expect(event).not.toHaveProperty("offers");
      expect(shown(schedule)).not.toContain(name.split(": ")[1]);
    }
    expect(named(ld, "Decode Your Mind: Canceled and begun")).toEqual([]);
    // The listed sessions are still there, scheduled.
    expect(ld.filter((e) => e.eventStatus === "https://schema.org/EventScheduled").length).toBeGreaterThan(5);
    expect(shown(schedule)).toContain("Decode Your Mind");

    // A filter keeps its kind's canceled sessions only; a later page of the list repeats none.
    const familyOnly = events(await (await page("/schedule?program=family")).text());
    expect(named(familyOnly, "Family Constellation: Canceled Saturday")).toHaveLength(1);
    expect(named(familyOnly, "Decode Your Mind: Canceled Tuesday")).toEqual([]);
    expect(events(await (await page("/schedule?page=2")).text()).filter((e) => e.eventStatus.endsWith("EventCancelled"))).toEqual([]);

    const fc = await (await page("/family-constellation")).text();
    const fcLd = events(fc);
    const [cancelled, ...more] = named(fcLd, "Family Constellation: Canceled Saturday");
    expect(more).toEqual([]);
    expect(cancelled).toMatchObject({ eventStatus: "https://schema.org/EventCancelled", location: { address: { addressLocality: "Santa Fe" } } });
    expect(cancelled).not.toHaveProperty("offers");
    expect(named(fcLd, "Decode Your Mind: Canceled Tuesday")).toEqual([]);
    expect(shown(fc)).not.toContain("Santa Fe");
    expect(fcLd.filter((e) => e.eventStatus === "https://schema.org/EventScheduled").length).toBeGreaterThan(0);
  });
});
