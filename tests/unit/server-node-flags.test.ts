import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nodeFlagsOf as flagsOf, serveNodeFlags } from "../../bench/lib.ts";

/**
 * The server's Node flags (decision 0097: the young generation capped, so a long
 * export does not grow the process by 60 MB of empty young space) are written in
 * three places that start it in production: `npm start`, `npm run serve` and the
 * systemd unit of docs/deploy.md. The bench, the tests that start it as a process
 * of its own and the end-to-end server run it the same way. They must agree.
 */
const root = path.resolve(import.meta.dirname, "../..");
const scripts = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
const unit = fs.readFileSync(path.join(root, "deploy/systemd/mindful-path@.service"), "utf8");

describe("the server's Node flags", () => {
  it("cap the young generation in npm run serve, which the bench follows", () => {
    expect(flagsOf(scripts.serve!)).toEqual(["--max-semi-space-size=32"]);
    expect(serveNodeFlags()).toEqual(flagsOf(scripts.serve!));
  });

  it("are the same in npm start and in the systemd unit", () => {
    const execStart = unit.split("\n").find((line) => line.startsWith("ExecStart="));
    expect(execStart).toBeDefined();
    expect(flagsOf(execStart!)).toEqual(flagsOf(scripts.serve!));
    expect(flagsOf(scripts.start!)).toEqual(flagsOf(scripts.serve!));
  });

  it("are given by every script and test that starts the built server", () => {
    const config = fs.readFileSync(path.join(root, "playwright.config.ts"), "utf8");
    expect(flagsOf(/command: "([^"]+)"/.exec(config)?.[1] ?? "")).toEqual(flagsOf(scripts.serve!));
    const spawners: string[] = [];
    for (const dir of ["bench", "scripts", "tests"]) {
      for (const entry of fs.readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })) {
        if (!entry.endsWith(".ts")) continue;
        const text = fs.readFileSync(path.join(root, dir, entry), "utf8");
        for (const line of text.split("\n")) {
          // A spawn (or the bench's argument list) that ends in the server's entry file: a Node started on it.
          if (/"server\.ts"\]/.test(line) && /spawn\(|nodeArgs/.test(line)) spawners.push(`${dir}/${entry}: ${line.includes("...serveNodeFlags()") ? "with" : "WITHOUT"} the flags`);
        }
      }
    }
    expect(spawners.length).toBeGreaterThanOrEqual(4);
    expect(spawners.filter((s) => s.endsWith("WITHOUT the flags"))).toEqual([]);
  });
});
