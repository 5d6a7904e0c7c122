import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server";

/**
 * deploy/site.env.example is read two ways: by systemd as each instance's
 * EnvironmentFile, and by sh in docs/deploy.md's commands
 * (`set -a; . /etc/mindful-path/site.env; npm run admin:create …`). Both must
 * find every setting, with the same value (decision 0078).
 */
const file = path.resolve(import.meta.dirname, "../../deploy/site.env.example");
const text = fs.readFileSync(file, "utf8");

/** What systemd.exec(5) says EnvironmentFile= does with a line's value (unquoted, '…' or "…"). */
function systemdValues(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = source.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const eq = line.indexOf("=");
    if (/^\s*[#;]/.test(line) || eq < 0) continue;
    const key = line.slice(0, eq).trim();
    let rest = line.slice(eq + 1);
    let value = "";
    let state: "pre" | "plain" | "single" | "double" = "pre";
    for (let j = 0; ; j++) {
      if (j >= rest.length) {
        // Quoted text continues on the next line (a backslash continuation is not needed here).
        if (state === "single" || state === "double") {
          value += "\n";
        } else break;
        rest = lines[++i] ?? "";
        j = -1;
        continue;
      }
      const c = rest[j]!;
      if (state === "single") {
        if (c === "'") state = "pre";
        else value += c;
      } else if (state === "double") {
        if (c === '"') state = "pre";
        else if (c === "\\") {
          const n = rest[++j]!;
          value += '"\\`$'.includes(n) ? n : `\\${n}`;
        } else value += c;
      } else if (state === "pre" && (c === " " || c === "\t")) {
        continue;
      } else if (state === "pre" && c === "'") state = "single";
      else if (state === "pre" && c === '"') state = "double";
      else {
        state = "plain";
        value += c === "\\" ? (rest[++j] ?? "") : c;
      }
    }
    out[key] = state === "plain" ? value.trimEnd() : value;
  }
  return out;
}

/** Every variable the file sets, as `sh` (set -a; . file) exports them, in an otherwise empty environment. */
function shellValues(shell: string): Record<string, string> {
  const keys = Object.keys(systemdValues(text));
  // A variable the file failed to set prints as UNSET (a dash stopped at a syntax error prints nothing).
  const script = String.raw`set -a; . "$1"; for k in ${keys.join(" ")}; do eval "v=\${$k-UNSET}"; printf '%s=%s\0' "$k" "$v"; done`;
  const raw = execFileSync(shell, ["-c", script, shell, file], { env: {}, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  return Object.fromEntries(
    raw.split("\0").filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
}

describe("deploy/site.env.example", () => {
  const systemd = systemdValues(text);

  it("sets no PORT: each instance's comes from its unit name, and one here would override them all", () => {
    expect(Object.keys(systemdValues(text))).not.toContain("PORT");
  });

  it("sets the sender with its display name, as systemd reads it", () => {
    expect(systemd.MAIL_FROM).toBe('"Mindful Path Institute" <hello@mindfulpath.example>');
    expect(systemd.SEED_DEMO_CONTENT).toBe("false");
    expect(Object.keys(systemd).length).toBeGreaterThanOrEqual(10);
  });

  for (const shell of ["/bin/sh", "/usr/bin/dash", "/usr/bin/bash"].filter((s) => fs.existsSync(s))) {
    it(`reads the same in ${shell} as in systemd, every setting, and the app accepts them`, () => {
      expect(shellValues(shell)).toEqual(systemd);
      const config = loadConfig(shellValues(shell));
      expect(config.mail.from).toBe('"Mindful Path Institute" <hello@mindfulpath.example>');
      expect(config.seedDemoContent).toBe(false);
      expect(config.isProduction).toBe(true);
    });
  }
});
