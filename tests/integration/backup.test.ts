import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresUrl } from "../helpers/databases";
import { addSession, valid } from "../helpers/registration";
import { startSite, type RunningSite } from "../helpers/site";

const run = promisify(execFile);

/**
 * docs/deploy.md's backup: deploy/backup.sh dumps the one database and proves
 * the dump restores (tables, migrations, files byte for byte), on a site with
 * an uploaded photo in it.
 */
// pg_dump and pg_restore of a whole site take seconds on a busy machine.
describe.skipIf(!postgresUrl)("the backup script (deploy/backup.sh)", { timeout: 60_000 }, () => {
  let s: RunningSite;
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-backup-"));
  const backup = (env: Record<string, string> = {}) =>
    run("bash", ["deploy/backup.sh"], {
      env: { ...process.env, DATABASE_URL: s.config.databaseUrl!, BACKUP_DIR: backupDir, RESTORE_CHECK_URL: postgresUrl!, ...env },
    });

  beforeAll(async () => {
    s = await startSite("postgres", { FORM_RATE_LIMIT: "100" });
    const sessionId = await addSession(s, { kind: "hypnotherapy" });
    const f = new FormData();
    for (const [k, v] of Object.entries({ ...valid, upcomingEventId: sessionId, programId: "", level: "Level I" })) f.set(k, String(v));
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 90 } } }).jpeg().toBuffer();
    f.set("profileImage", new Blob([jpeg], { type: "image/jpeg" }), "me.jpg");
    const made = await fetch(`${s.url}/api/ich/ich-registration`, { method: "POST", body: f });
    if (made.status !== 201) throw new Error(`the registration to back up was refused: ${made.status} ${await made.text()}`);
  });
  afterAll(async () => {
    await s?.stop();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  it("writes a dump and restores it into a scratch database that matches, then drops the scratch database", async () => {
    const { stdout } = await backup();
    const dumps = fs.readdirSync(backupDir).filter((f) => /^site-\d{8}T\d{6}Z\.dump$/.test(f));
    expect(dumps).toHaveLength(1);
    expect(stdout).toMatch(/restore check: ok \(\d+ tables; .*files=1 .*registrations=[1-9]/);
    const { stdout: left } = await run("psql", ["-At", postgresUrl!, "-c", "select count(*) from pg_database where datname like 'restore_check_%'"]);
    expect(left.trim()).toBe("0");
  });

  it("removes dumps older than KEEP_DAYS days and a partial dump a failed run left, keeps younger ones; a failing dump leaves no partial file", async () => {
    const day = 86_400_000;
    const aged = (name: string, ageDays: number) => {
      const file = path.join(backupDir, name);
      fs.writeFileSync(file, "old");
      const t = new Date(Date.now() - ageDays * day);
      fs.utimesSync(file, t, t);
    };
    aged("site-20200101T000000Z.dump", 14.5);
    aged("site-20200102T000000Z.dump", 13.5);
    aged("site-20200103T000000Z.dump.partial", 20);
    await new Promise((r) => setTimeout(r, 1100)); // a new dump name
    await backup({ KEEP_DAYS: "14", RESTORE_CHECK_URL: "" });
    const names = fs.readdirSync(backupDir);
    expect(names).not.toContain("site-20200101T000000Z.dump");
    expect(names).not.toContain("site-20200103T000000Z.dump.partial");
    expect(names).toContain("site-20200102T000000Z.dump");
    // pg_dump fails (no such database): its half-written file is removed, not left holding data.
    await new Promise((r) => setTimeout(r, 1100));
    const wrong = s.config.databaseUrl!.replace(/\/[^/?]+(\?|$)/, "/no_such_database_here$1");
    await expect(backup({ DATABASE_URL: wrong, RESTORE_CHECK_URL: "" })).rejects.toMatchObject({ code: 1 });
    expect(fs.readdirSync(backupDir).filter((n) => n.endsWith(".partial"))).toEqual([]);
    fs.rmSync(path.join(backupDir, "site-20200102T000000Z.dump"));
  });

  it("fails when a restored file does not match its checksum", async () => {
    await s.db.updateTable("files").set({ sha256: "0".repeat(64) }).execute();
    await new Promise((r) => setTimeout(r, 1100)); // a new dump name
    await expect(backup()).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("1 files do not match their checksum") });
  });
});
