import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffAccount } from "~/features/admin-auth/accounts.server";
import { createSession } from "~/features/admin-auth/sessions.server";
import { migrateToLatest, openDatabase } from "~/db/db.server";
import { migrations } from "~/db/migrations";
import { levelChoices, listProgrammes } from "~/features/programmes/programmes.server";
import { csvText, parseCsv } from "../helpers/csv";
import { dialects } from "../helpers/databases";
import { addSession, adultDob } from "../helpers/registration";
import { startSite, type RunningSite } from "../helpers/site";

/**
 * Searches fold case the same way on both databases, the stored text and the
 * words alike, and a list's count, its pages and its download agree (decision 0112).
 */
describe.each(dialects)("search folding on %s", { timeout: 120_000 }, (dialect) => {
  let s: RunningSite;
  let bearer: string;
  let session: string;
  const api = (p: string, init: RequestInit = {}) => fetch(`${s.url}${p}`, { ...init, headers: { authorization: `Bearer ${bearer}`, ...init.headers } });
  const total = async (p: string) => ((await (await api(p)).json()) as { pagination: { total: number } }).pagination.total;
  const ids = async (p: string) => ((await (await api(p)).json()) as { data: Array<{ _id: string }> }).data.map((r) => r._id);
  const csvRows = async (p: string) => parseCsv(await csvText(await api(p))).slice(1).filter((r) => r.length > 1);

  async function insert(n: number, patch: (i: number) => Record<string, unknown>) {
    const rows = Array.from({ length: n }, (_, i) => {
      const email = `fold${i}.${crypto.randomUUID().slice(0, 8)}@example.com`;
      return {
        id: `fold-${crypto.randomUUID()}`,
        event_id: session,
        programme_id: null,
        kind: "decode" as const,
        first_name: "Ann",
        middle_name: null,
        last_name: "Lee",
        name_on_certificate: "Ann Lee",
        email,
        email_key: email,
        mobile_no: "5550000000",
        date_of_birth: adultDob,
        occupation: "Engineer",
        session_label: "Boston | Fold session | 1st Jan 2027",
        level_name: "Level 1",
        level: "Level 1",
        terms_accepted_at: "2026-01-01T00:00:00.000Z",
        created_at: new Date(Date.UTC(2025, 0, 1, 12) - i * 60_000).toISOString(),
        ...patch(i),
      };
    });
    for (let i = 0; i < rows.length; i += 200) await s.db.insertInto("registrations").values(rows.slice(i, i + 200)).execute();
  }

  beforeAll(async () => {
    s = await startSite(dialect, { FORM_RATE_LIMIT: "100000" });
    const account = await createStaffAccount(s.db, "fold@example.org", "Copper kettle 42 humming");
    bearer = (await createSession(s.db, account.id, "api", 3600)).secret;
    session = await addSession(s, { kind: "decode", capacity: 5000, title: "Fold session" });
    await insert(1, () => ({ first_name: "İpek", last_name: "Yılmaz" }));
    await insert(1, () => ({ first_name: "Odysseus", last_name: "ΠΑΠΑΣ" }));
    await insert(1, () => ({ first_name: "Odysseus", last_name: "ΠΑΠΑΣΤΡΑΤΟΣ" }));
    await insert(1, () => ({ first_name: "Ann", last_name: "Smith" }));
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("the stored text finds its record as typed, in capitals or in small letters, and the download holds the same rows", async () => {
    for (const [search, n] of [
      ["İpek", 1],
      ["ipek", 1],
      ["İPEK", 1],
      ["ΠΑΠΑΣ", 2],
      ["παπασ", 2],
      ["ΠΑΠΑΣΤΡΑΤΟΣ", 1],
    ] as const) {
      const q = encodeURIComponent(search);
      expect({ search, total: await total(`/api/registration?search=${q}`) }).toEqual({ search, total: n });
      expect({ search, rows: (await ids(`/api/registration?search=${q}`)).length }).toEqual({ search, rows: n });
      expect({ search, csv: (await csvRows(`/api/registration/download-csv?search=${q}`)).length }).toEqual({ search, csv: n });
    }
    // The long s folds to "s" in SQLite's full-text index, not in the lists' rule: the count, the page and the download agree.
    const q = encodeURIComponent("ſmith");
    const counted = await total(`/api/registration?search=${q}`);
    expect(await ids(`/api/registration?search=${q}`)).toHaveLength(counted);
    expect(await csvRows(`/api/registration/download-csv?search=${q}`)).toHaveLength(counted);
  });

  it("a contact message's name is stored composed (NFC), without invisible formatting, and found as typed", async () => {
    const contact = { lastName: "Lee", email: "amelie@example.com", phoneNumber: "+1 555 123 4567", country: "US", zipCode: "10001", message: "Hello", acceptPrivacyPolicy: true };
    const post = (body: unknown) => fetch(`${s.url}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect((await post({ ...contact, firstName: "Ame\u0301lie" })).status).toBe(201);
    const stored = await s.db.selectFrom("contact_messages").select("first_name").where("email", "=", "amelie@example.com").executeTakeFirstOrThrow();
    expect(stored.first_name).toBe("Am\u00e9lie");
    expect(await total(`/api/contacts?search=${encodeURIComponent("amélie")}`)).toBe(1);
    expect(await total(`/api/contacts?search=${encodeURIComponent("AME\u0301LIE")}`)).toBe(1);

    // Invisible direction overrides and zero-width spaces are taken out: the name is stored, and found, as it reads.
    expect((await post({ ...contact, email: "invisible@example.com", firstName: "Ok\u202eRLO\u200b" })).status).toBe(201);
    expect(await s.db.selectFrom("contact_messages").select("first_name").where("email", "=", "invisible@example.com").execute()).toEqual([{ first_name: "OkRLO" }]);
    expect(await total(`/api/contacts?search=okrlo`)).toBe(1);
    // A name of nothing but such characters is no name.
    const blank = await post({ ...contact, email: "blank@example.com", firstName: "\u200b\u202e" });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { errors: Record<string, string> }).errors.firstName).toBeTruthy();
    expect(await s.db.selectFrom("contact_messages").select("id").where("email", "=", "blank@example.com").execute()).toEqual([]);
  });

  it("a search of 200 characters ending in an emoji is read, not refused as a control character", async () => {
    const res = await api(`/api/contacts?search=${encodeURIComponent(`${"a".repeat(199)}😀`)}`);
    expect(res.status).toBe(200);
  });

  it("a capped search pages through exactly the newest 1,000 matches", async () => {
    await insert(1001, () => ({ last_name: "Capped" }));
    const first = (await (await api("/api/registration?search=capped&limit=7&page=1")).json()) as { pagination: { total: number; totalPages: number } };
    expect(first.pagination.total).toBe(1000);
    expect(first.pagination.totalPages).toBe(143);
    expect(await ids("/api/registration?search=capped&limit=7&page=143")).toHaveLength(6);
    const seen = new Set<string>();
    for (let page = 1; page <= 10; page++) for (const id of await ids(`/api/registration?search=capped&limit=100&page=${page}`)) seen.add(id);
    expect(seen.size).toBe(1000);
  });
});

describe.each(dialects)("the 'Required level' choices on %s", (dialect) => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite(dialect);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("list a programme without a level after the numbered ones, on both databases", async () => {
    const now = new Date().toISOString();
    await s.db
      .insertInto("programmes")
      .values({ id: "t-no-level", kind: "hypnotherapy", level: null, title: "Aaa without a level", subtitle: "A program added through the API", subtitle1: null, duration: "1 Day", button_text: null, video_url: null, thumbnail: null, certification: null, price_cents: 10000, details: null, requires_programme_id: null, created_at: now, updated_at: now })
      .execute();
    const titles = (await levelChoices(s.db, "hypnotherapy")).map((c) => c.title);
    expect(titles.length).toBeGreaterThan(2);
    expect(titles.at(-1)).toBe("Aaa without a level");
  });

  it("page programmes with equal order and time without repeating or skipping one", async () => {
    const now = "2026-01-01T00:00:00.000Z";
    const row = (id: string) => ({ id, kind: "tasso" as const, level: null, title: `Tied ${id}`, subtitle: "A program added in one batch", subtitle1: null, duration: "1 Day", button_text: null, video_url: null, thumbnail: null, certification: null, price_cents: 10000, details: null, requires_programme_id: null, sort_order: 7, created_at: now, updated_at: now });
    await s.db.deleteFrom("programmes").where("kind", "=", "tasso").execute();
    await s.db.insertInto("programmes").values(["t-tie-c", "t-tie-a", "t-tie-d", "t-tie-b"].map(row)).execute();
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const { programs } = await listProgrammes(s.db, "tasso", { search: "", page, limit: 1 });
      seen.push(...programs.map((p) => p._id));
    }
    expect(seen).toEqual(["t-tie-d", "t-tie-c", "t-tie-b", "t-tie-a"]);
  });
});

describe("migration 0035 on SQLite", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "search-fold-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("lowers again the stored search text that Unicode's context rules had lowered, and the full-text index follows", async () => {
    const handle = openDatabase({ dataDir });
    try {
      const { "0035-search-text-folded-per-character": _new, ...earlier } = migrations;
      expect((await new Migrator({ db: handle.db, provider: { getMigrations: async () => earlier } }).migrateToLatest()).error).toBeUndefined();
      const eventId = await addSession(handle);
      await handle.db
        .insertInto("registrations")
        .values({
          id: "r-old-fold", event_id: eventId, programme_id: null, kind: "decode", first_name: "İpek", middle_name: null, last_name: "ΠΑΠΑΣ",
          name_on_certificate: "x", email: "old.fold@example.com", email_key: "old.fold@example.com", mobile_no: "5550000000", date_of_birth: adultDob,
          occupation: "x", session_label: "x", level_name: "Level 1", level: null, terms_accepted_at: "2026-01-01T00:00:00.000Z", created_at: "2026-01-01T00:00:00.000Z",
        })
        .execute();
      // As the old lower() stored it.
      await handle.db.updateTable("registration_search").set({ body: "İpek ΠΑΠΑΣ old.fold@example.com".toLowerCase() }).where("registration_id", "=", "r-old-fold").execute();
      const match = (word: string) =>
        sql<{ n: number }>`select count(*) as n from registration_search_fts where registration_search_fts match ${`"${word}"`} and body like ${`%${word}%`}`.execute(handle.db);
      expect((await match("παπασ")).rows[0]!.n).toBe(0);
      const result = await migrateToLatest(handle.db);
      expect(result.results?.map((r) => [r.migrationName, r.status])).toEqual([["0035-search-text-folded-per-character", "Success"]]);
      const { body } = await handle.db.selectFrom("registration_search").select("body").where("registration_id", "=", "r-old-fold").executeTakeFirstOrThrow();
      expect(body.startsWith("ipek παπασ ")).toBe(true);
      expect((await match("παπασ")).rows[0]!.n).toBe(1);
      expect((await match("ipek")).rows[0]!.n).toBe(1);
    } finally {
      await handle.close();
    }
  });
});
