import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DbHandle } from "~/db/db.server";
import { verifyPassword } from "~/features/admin-auth/password.server";
import { createSession, findSession } from "~/features/admin-auth/sessions.server";
import { createPostgresDatabase, dialects } from "../helpers/databases";

/** `npm run admin:create`, `npm run admin:password` and `npm run admin:remove`, run as the operator would, on each database. */
function run(args: string[], env: Record<string, string>, stdin: string | null) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["scripts/admin.ts", ...args], {
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? "");
  });
}

// Each run starts a Node process and hashes at full scrypt cost: give them room on a busy machine.
describe.each(dialects)("admin scripts on %s", { timeout: 90_000 }, (dialect) => {
  let env: Record<string, string>;
  let handle: DbHandle;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-script-"));
    if (dialect === "postgres") {
      const pgDb = await createPostgresDatabase();
      env = { DATA_DIR: dataDir, DATABASE_URL: pgDb.url };
      cleanup = pgDb.drop;
    } else {
      env = { DATA_DIR: dataDir };
      cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    await handle?.close();
    await cleanup?.();
  });

  it("creates an administrator from standard input, hashed with scrypt, never printing the password", async () => {
    const password = "Copper kettle whistles at dawn";
    const r = await run(["create", "--email", "Boss@Example.org"], env, `${password}\n`);
    expect(r.stderr).toContain("Created the administrator boss@example.org");
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(password);
    handle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR! });
    const row = await handle.db.selectFrom("staff_accounts").selectAll().executeTakeFirstOrThrow();
    expect(row.email).toBe("boss@example.org");
    expect(row.password_hash).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword(password, row.password_hash)).toBe(true);
    // The trail says an administrator was made, and by whom: the server's operator (decision 0105).
    const made = await handle.db.selectFrom("audit_events").selectAll().where("target_type", "=", "staff-account").execute();
    expect(made.map((a) => [a.action, a.target_id, a.actor_id])).toEqual([["create", row.id, null]]);
    expect(JSON.parse(made[0]!.detail!)).toMatchObject({ via: "admin:create", email: "boss@example.org" });
    expect(JSON.stringify(made)).not.toContain(password);
  });

  it("refuses short and common passwords, a second account for one address, and a bad address", async () => {
    const short = await run(["create", "--email", "two@example.org"], env, "short pw\n");
    expect(short.code).toBe(1);
    expect(short.stderr).toContain("at least 12 characters");
    const common = await run(["create", "--email", "two@example.org"], env, "qwerty123456\n");
    expect(common.code).toBe(1);
    expect(common.stderr).toContain("list of common passwords");
    const suffixed = await run(["create", "--email", "two@example.org"], env, "Password2024!!\n");
    expect(suffixed.code).toBe(1);
    const again = await run(["create", "--email", "BOSS@example.org"], env, "Another long passphrase 9\n");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already exists");
    const badEmail = await run(["create", "--email", "not-an-address"], env, "Another long passphrase 9\n");
    expect(badEmail.code).toBe(2);
    const count = await handle.db.selectFrom("staff_accounts").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("resets a password with --generate, prints it once, and ends the account's sessions", async () => {
    const account = await handle.db.selectFrom("staff_accounts").select("id").executeTakeFirstOrThrow();
    const session = await createSession(handle.db, account.id, "browser", 3600);
    expect(await findSession(handle.db, session.secret, "browser")).not.toBeNull();
    const r = await run(["password", "--email", "boss@example.org", "--generate"], env, null);
    expect(r.code).toBe(0);
    const generated = r.stdout.trim();
    expect(generated).toMatch(/^[\w-]{24}$/);
    const row = await handle.db.selectFrom("staff_accounts").select("password_hash").executeTakeFirstOrThrow();
    expect(await verifyPassword(generated, row.password_hash)).toBe(true);
    expect(await findSession(handle.db, session.secret, "browser")).toBeNull();
    const reset = await handle.db.selectFrom("audit_events").selectAll().where("action", "=", "password-change").execute();
    expect(reset.map((a) => [a.target_type, a.target_id])).toEqual([["staff-account", account.id]]);
    expect(JSON.parse(reset[0]!.detail!)).toMatchObject({ via: "admin:password", email: "boss@example.org" });
    expect(JSON.stringify(reset)).not.toContain(generated);
    const missing = await run(["password", "--email", "nobody@example.org"], env, "Another long passphrase 9\n");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("No account exists for nobody@example.org");
  });

  it("removes an administrator with its sessions, tokens and known browsers, and records it", async () => {
    const made = await run(["create", "--email", "leaver@example.org"], env, "Leaving the team in spring 7\n");
    expect(made.code).toBe(0);
    const leaver = await handle.db.selectFrom("staff_accounts").select("id").where("email", "=", "leaver@example.org").executeTakeFirstOrThrow();
    const browser = await createSession(handle.db, leaver.id, "browser", 3600);
    const token = await createSession(handle.db, leaver.id, "api", 3600);
    await handle.db
      .insertInto("staff_devices")
      .values({ id_hash: "device-of-leaver", account_id: leaver.id, created_at: new Date().toISOString(), expires_at: new Date(Date.now() + 3_600_000).toISOString() })
      .execute();
    const boss = await handle.db.selectFrom("staff_accounts").select("id").where("email", "=", "boss@example.org").executeTakeFirstOrThrow();
    const bossSession = await createSession(handle.db, boss.id, "browser", 3600);

    const r = await run(["remove", "--email", "Leaver@Example.org"], env, null);
    expect(r.stderr).toContain("Removed the administrator leaver@example.org");
    expect(r.code).toBe(0);
    expect(await handle.db.selectFrom("staff_accounts").select("id").where("id", "=", leaver.id).executeTakeFirst()).toBeUndefined();
    expect(await findSession(handle.db, browser.secret, "browser")).toBeNull();
    expect(await findSession(handle.db, token.secret, "api")).toBeNull();
    expect(await handle.db.selectFrom("staff_devices").select("id_hash").where("account_id", "=", leaver.id).execute()).toEqual([]);
    // Nobody else is touched.
    expect(await findSession(handle.db, bossSession.secret, "browser")).not.toBeNull();
    const audit = await handle.db.selectFrom("audit_events").selectAll().where("target_type", "=", "staff-account").where("action", "=", "delete").executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: "delete", target_id: leaver.id, actor_id: null });
    expect(JSON.parse(audit.detail!)).toMatchObject({ via: "admin:remove", email: "leaver@example.org" });

    const again = await run(["remove", "--email", "leaver@example.org"], env, null);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("No account exists for leaver@example.org");
    const last = await run(["remove", "--email", "boss@example.org"], env, null);
    expect(last.code).toBe(0);
    expect(last.stderr).toContain("No administrator is left");
    expect(await findSession(handle.db, bossSession.secret, "browser")).toBeNull();
  });
});
