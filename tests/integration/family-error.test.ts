import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects } from "../helpers/databases";
import { startSite, type RunningSite } from "../helpers/site";

describe.each(dialects)("Family Constellation page when its sessions cannot be read, on %s", (dialect) => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite(dialect, { PAGE_CACHE_SECONDS: "0" });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("shows 'Error loading events' with 'Try again' (not a 500), and the table again once the database answers", async () => {
    // The seat count reads the bookings table: take it away for a moment.
    await sql`alter table family_bookings rename to family_bookings_away`.execute(s.db);
    let html: string;
    try {
      const res = await fetch(`${s.url}/family-constellation`);
      expect(res.status).toBe(200);
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
