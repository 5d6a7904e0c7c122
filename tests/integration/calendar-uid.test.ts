import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects } from "../helpers/databases";
import { valid } from "../helpers/registration";
import { startSite, type RunningSite } from "../helpers/site";

type SiteModule = typeof import("../../server/app");

/**
 * A calendar entry's UID is fixed for the site's life (decision 0079): the host
 * PUBLIC_URL had when the site first started, kept in the database. Entries
 * mailed before a change of address are still updated and canceled by the
 * mails after it, and no change of PUBLIC_URL doubles them.
 */
describe.each(dialects)("calendar UIDs across a change of PUBLIC_URL on %s", { timeout: 120_000 }, (dialect) => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite(dialect, { PUBLIC_URL: "https://first.example", FORM_RATE_LIMIT: "100000" });
  });
  afterAll(async () => {
    await s?.stop();
  });

  const register = (url: string, email: string) =>
    fetch(`${url}/api/registration`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...valid, email }) });
  const uidOf = async (email: string, subject: string) => {
    const row = await s.db.selectFrom("outbox").select("attachments").where("to_address", "=", email).where("subject", "like", `${subject}%`).executeTakeFirstOrThrow();
    const [file] = JSON.parse(row.attachments) as Array<{ content: string }>;
    return /\r\nUID:([^\r]+)\r\n/.exec(file!.content)?.[1];
  };

  it("keeps the first start's host after PUBLIC_URL moves: mails before and after the move name entries at the same host", async () => {
    const res = await register(s.url, "before@example.com");
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { data: { _id: string } }).data._id;
    expect(await uidOf("before@example.com", "Registration confirmed")).toBe(`registration-${id}@first.example`);
    expect((await s.db.selectFrom("app_meta").select("value").where("key", "=", "calendar_uid_host").executeTakeFirstOrThrow()).value).toBe("first.example");

    // The site moves to another address: an instance started with it, over the same database.
    const { createSite } = (await import(/* @vite-ignore */ path.resolve("build/server/index.js"))) as SiteModule;
    const address = "https://www.second.example";
    const site = await createSite({ ...s.config, publicUrl: address, site: { ...s.config.site, publicUrl: address } }, {});
    const server = site.app.listen(0, "127.0.0.1");
    site.attach(server);
    try {
      await new Promise<void>((resolve) => server.once("listening", () => resolve()));
      const after = await register(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, "after@example.com");
      expect(after.status).toBe(201);
      const afterId = ((await after.json()) as { data: { _id: string } }).data._id;
      // Still the stored host, not the new address's: every later mail about an entry names it as its first did.
      expect(await uidOf("after@example.com", "Registration confirmed")).toBe(`registration-${afterId}@first.example`);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await site.close();
    }
  });
});

describe.each(dialects)("a start without PUBLIC_URL on %s", { timeout: 120_000 }, (dialect) => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite(dialect, { FORM_RATE_LIMIT: "100000" });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("keeps no calendar host from the localhost default, so the first start with PUBLIC_URL fixes the real one; production says PUBLIC_URL is missing", async () => {
    expect(s.config.publicUrlSet).toBe(false);
    // The default address's host is used while nothing better is known, and not kept.
    expect(await s.db.selectFrom("app_meta").select("value").where("key", "=", "calendar_uid_host").executeTakeFirst()).toBeUndefined();

    const { createSite } = (await import(/* @vite-ignore */ path.resolve("build/server/index.js"))) as SiteModule;
    const address = "https://real.example";
    const site = await createSite({ ...s.config, publicUrl: address, publicUrlSet: true, site: { ...s.config.site, publicUrl: address } }, {});
    try {
      expect((await s.db.selectFrom("app_meta").select("value").where("key", "=", "calendar_uid_host").executeTakeFirstOrThrow()).value).toBe("real.example");
      expect(site.notices.some((n) => n.startsWith("PUBLIC_URL is not set"))).toBe(false);
    } finally {
      await site.close();
    }
    // In production without it, the start-up lines say so.
    const bare = await createSite({ ...s.config, isProduction: true }, {});
    try {
      expect(bare.notices.find((n) => n.startsWith("PUBLIC_URL is not set"))).toContain(`point at ${s.config.publicUrl}.`);
    } finally {
      await bare.close();
    }
  });
});
