import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator } from "kysely/migration";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~/db/db.server";
import { migrations } from "~/db/migrations";

describe("a migration that lands after a later-numbered one", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "migration-order-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("still runs (0007-staff on a database that already has 0008)", async () => {
    const handle = openDatabase({ dataDir });
    try {
      const { "0007-staff": _late, ...earlier } = migrations;
      const first = await new Migrator({ db: handle.db, provider: { getMigrations: async () => earlier } }).migrateToLatest();
      expect(first.error).toBeUndefined();
      const result = await migrateToLatest(handle.db);
      expect(result.results?.map((r) => [r.migrationName, r.status])).toEqual([["0007-staff", "Success"]]);
      expect(await handle.db.selectFrom("staff_accounts").selectAll().execute()).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
