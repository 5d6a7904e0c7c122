import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator } from "kysely/migration";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~/db/db.server";
import { migrations } from "~/db/migrations";
import { createPostgresDatabase, dialects } from "../helpers/databases";

describe("a migration that lands after a later-numbered one", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "migration-order-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("still runs (0007-staff on a database that already has 0008)", async () => {
    const handle = openDatabase({ dataDir });
    try {
      // 0026 rewrites 0007's audit trail and 0036 its indexes, so they come after it here too.
      const { "0007-staff": _late, "0026-audit-without-personal-data": _later, "0036-staff-list-indexes": _indexes, ...earlier } = migrations;
      const first = await new Migrator({ db: handle.db, provider: { getMigrations: async () => earlier } }).migrateToLatest();
      expect(first.error).toBeUndefined();
      const result = await migrateToLatest(handle.db);
      expect(result.results?.map((r) => [r.migrationName, r.status])).toEqual([
        ["0007-staff", "Success"],
        ["0026-audit-without-personal-data", "Success"],
        ["0036-staff-list-indexes", "Success"],
      ]);
      expect(await handle.db.selectFrom("staff_accounts").selectAll().execute()).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});

describe.each(dialects)("0026 on %s: the audit trail's entries written before lose their personal data", (dialect) => {
  it("a registrant's email and address, a deleted booker's name and email, and typed searches; nothing else", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "migration-0026-"));
    const pgDb = dialect === "postgres" ? await createPostgresDatabase() : null;
    const handle = openDatabase(pgDb ? { dataDir, databaseUrl: pgDb.url } : { dataDir });
    try {
      const { "0026-audit-without-personal-data": _late, ...earlier } = migrations;
      expect((await new Migrator({ db: handle.db, provider: { getMigrations: async () => earlier } }).migrateToLatest()).error).toBeUndefined();
      const entry = (id: string, over: Record<string, unknown>) => ({
        id,
        at: "2026-01-05T10:00:00.000Z",
        actor_id: null,
        actor_email: null,
        action: "view",
        target_type: null,
        target_id: null,
        ip: null,
        detail: null,
        ...over,
      });
      const staff = "00000000-0000-0000-0000-000000000001";
      await handle.db
        .insertInto("audit_events")
        .values([
          entry("a1", { action: "cancel", actor_email: "ann@example.com", ip: "203.0.113.9", target_type: "registration", target_id: "r1", detail: JSON.stringify({ via: "private page" }) }),
          entry("a2", { action: "erasure-request", actor_email: "ann@example.com", ip: "203.0.113.9", target_type: "registration", target_id: "r1" }),
          entry("a3", { action: "delete", actor_id: staff, actor_email: "boss@example.org", ip: "127.0.0.1", target_type: "family-booking", target_id: "b1", detail: JSON.stringify({ sessionId: "s1", fullName: "Bo Oak", email: "bo@example.com", status: "booked" }) }),
          entry("a4", { action: "export", actor_id: staff, actor_email: "boss@example.org", ip: "127.0.0.1", target_type: "contacts", detail: JSON.stringify({ search: "bo@example.com", startDate: null, endDate: null }) }),
          entry("a5", { action: "view", actor_id: staff, actor_email: "boss@example.org", ip: "127.0.0.1", target_type: "decode-registrations", detail: JSON.stringify({ via: "api", page: 1, search: "", ids: ["r2"] }) }),
          entry("a6", { action: "sign-in", actor_id: staff, actor_email: "boss@example.org", ip: "127.0.0.1", detail: JSON.stringify({ remember: false }) }),
        ])
        .execute();
      expect((await migrateToLatest(handle.db)).error).toBeUndefined();
      const rows = await handle.db.selectFrom("audit_events").select(["id", "actor_email", "ip", "detail"]).orderBy("id").execute();
      expect(rows.map((r) => ({ ...r, detail: r.detail ? JSON.parse(r.detail) : null }))).toEqual([
        { id: "a1", actor_email: null, ip: null, detail: { via: "private page" } },
        { id: "a2", actor_email: null, ip: null, detail: null },
        { id: "a3", actor_email: "boss@example.org", ip: "127.0.0.1", detail: { sessionId: "s1", status: "booked" } },
        { id: "a4", actor_email: "boss@example.org", ip: "127.0.0.1", detail: { searched: true, startDate: null, endDate: null } },
        { id: "a5", actor_email: "boss@example.org", ip: "127.0.0.1", detail: { via: "api", page: 1, searched: false, ids: ["r2"] } },
        { id: "a6", actor_email: "boss@example.org", ip: "127.0.0.1", detail: { remember: false } },
      ]);
    } finally {
      await handle.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
