import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DbHandle } from "~/db/db.server";
import { createPostgresDatabase, dialects } from "../helpers/databases";

/** `npm run db:migrate` and `npm run db:seed` as the README gives them (node scripts/db.ts …), on a fresh database. */
function run(command: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["scripts/db.ts", command], { env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe.each(dialects)("database scripts on %s", { timeout: 90_000 }, (dialect) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let handle: DbHandle;

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "db-script-"));
    if (dialect === "postgres") {
      const pgDb = await createPostgresDatabase();
      env = { DATA_DIR: dataDir, DATABASE_URL: pgDb.url };
      cleanup = async () => {
        await pgDb.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      };
    } else {
      env = { DATA_DIR: dataDir };
      cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    await handle?.close();
    await cleanup?.();
  });

  it("migrates an empty database, then seeds the demo content once", async () => {
    const migrated = await run("migrate", env);
    expect(migrated.output).toContain("applied 0001-contact-messages");
    expect(migrated.code).toBe(0);

    const seeded = await run("seed", env);
    expect(seeded.output).toMatch(/Seeded \d+ demo rows\./);
    expect(seeded.code).toBe(0);
    handle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR! });
    const levels = await handle.db.selectFrom("programmes").select("id").where("kind", "=", "decode").orderBy("id").execute();
    expect(levels.map((l) => l.id)).toEqual(["decode-1", "decode-2", "decode-3", "decode-4", "decode-5"]);
    expect(Number((await handle.db.selectFrom("events").select((e) => e.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)).toBeGreaterThan(10);

    const again = await run("seed", env);
    expect(again.output).toContain("already up to date");
    expect(again.output).toContain("Demo content already present; nothing to add.");
    expect(again.code).toBe(0);
  });
});
