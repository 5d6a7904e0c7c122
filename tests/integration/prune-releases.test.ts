import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const run = promisify(execFile);

/**
 * docs/deploy.md's old releases: deploy/prune-releases.sh (run by release.sh after
 * each switch) removes releases past the newest KEEP_RELEASES, but never the one
 * `app` points to, the one before it, nor one a running process still uses.
 */
describe("the old-release cleanup (deploy/prune-releases.sh)", () => {
  let base: string;
  let sleeper: ChildProcess | undefined;
  const stamps = ["20261101T090000Z", "20261105T090000Z", "20261110T090000Z", "20261115T090000Z", "20261120T090000Z"];

  const prune = (env: Record<string, string> = {}) => run("sh", ["deploy/prune-releases.sh"], { env: { ...process.env, BASE: base, ...env } });
  const left = () => fs.readdirSync(path.join(base, "releases")).sort();
  const pointAppAt = (name: string) => fs.symlinkSync(`releases/${name}`, path.join(base, "app"));

  beforeEach(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), "site-releases-"));
    for (const name of [...stamps, "first"]) {
      fs.mkdirSync(path.join(base, "releases", name, "node_modules"), { recursive: true });
      fs.writeFileSync(path.join(base, "releases", name, "server.ts"), "");
    }
  });
  afterEach(() => {
    sleeper?.kill("SIGKILL");
    sleeper = undefined;
    fs.rmSync(base, { recursive: true, force: true });
  });

  it("keeps the newest three releases and removes the rest, unstamped ones counted oldest", async () => {
    pointAppAt(stamps[4]!);
    const { stdout } = await prune();
    expect(left()).toEqual(stamps.slice(2));
    expect(stdout).toContain("removed releases/first");
    expect(stdout).toContain(`removed releases/${stamps[0]}`);
  });

  it("keeps the release in use and the one before it after a rollback to an old one", async () => {
    pointAppAt(stamps[1]!);
    await prune();
    expect(left()).toEqual([stamps[0]!, stamps[1]!, ...stamps.slice(2)]);
    await prune({ KEEP_RELEASES: "2" });
    expect(left()).toEqual([stamps[0]!, stamps[1]!, stamps[3]!, stamps[4]!]);
  });

  it("keeps a release a running process still works in", async () => {
    pointAppAt(stamps[4]!);
    const oldRelease = path.join(base, "releases", stamps[0]!);
    sleeper = spawn("sleep", ["30"], { cwd: oldRelease, stdio: "ignore" });
    await new Promise((resolve) => sleeper!.once("spawn", resolve));
    const { stdout } = await prune();
    expect(stdout).toContain(`kept releases/${stamps[0]} (a running process uses it)`);
    expect(left()).toEqual([stamps[0]!, ...stamps.slice(2)]);
  });

  it("refuses a keep count below two and removes nothing", async () => {
    pointAppAt(stamps[4]!);
    await expect(prune({ KEEP_RELEASES: "1" })).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("at least 2") });
    await expect(prune({ KEEP_RELEASES: "three" })).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("whole number") });
    expect(left()).toEqual([...stamps, "first"].sort());
  });
});
