import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serveNodeFlags } from "../../bench/lib.ts";

/**
 * The server's Node flags (decision 0097: the young generation capped, so a long
 * export does not grow the process by 60 MB of empty young space) are written in
 * three places that start it in production: `npm start`, `npm run serve` and the
 * systemd unit of docs/deploy.md. The bench reads them from `serve`. They must agree.
 */
const root = path.resolve(import.meta.dirname, "../..");
const scripts = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
const unit = fs.readFileSync(path.join(root, "deploy/systemd/mindful-path@.service"), "utf8");

/** The flags between `node` and `server.ts` in a command line. */
function flagsOf(command: string): string[] | null {
  const m = /\bnode((?:\s+--\S+)*)\s+server\.ts\b/.exec(command);
  return m ? m[1]!.split(/\s+/).filter(Boolean) : null;
}

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
});
