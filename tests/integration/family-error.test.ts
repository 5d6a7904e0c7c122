import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects } from "../helpers/databases";
import { startSite, type RunningSite } from "../helpers/site";

describe.each(dialects)("Family Constellation page when its sessions cannot be read, on %s", (dialect) => {
  let s: RunningSite;
  beforeAll(async () => {
    // With the page cache on, as in production: a page in its error state must not be kept and served again.
    s = await startSite(dialect);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("shows 'Error loading events' with 'Try again' (a 503, not a 500), never cached: the table again once the database answers", async () => {
    // The seat count reads the bookings table: take it away for a moment.
    await sql`alter table family_bookings rename to family_bookings_away`.execute(s.db);
    let html: string;
    try {
      const res = await fetch(`${s.url}/family-constellation`);
      // 503 as the calendar's page: the page cache keeps only answers below 300.
      expect(res.status).toBe(503);
      html = await res.text();
    } finally {
      await sql`alter table family_bookings_away rename to family_bookings`.execute(s.db);
    }
    expect(html).toContain("Error loading events");
    // Without JavaScript 'Try again' is a link that reloads the page; hydrated, a button that re-reads it.
    expect(html).toMatch(/<a href="\/family-constellation"[^>]*>Try again<\/a>/);
    expect(html).not.toContain("Programs Details</caption>");

    const again = await (await fetch(`${s.url}/family-constellation`)).text();
    expect(again).not.toContain("Error loading events");
    expect(again).toContain("of 10 left");
  });
});
