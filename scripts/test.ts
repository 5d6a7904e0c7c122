// `npm test`: typecheck, lint, build, unit + integration (Vitest), end-to-end (Playwright).
// Under CI=true the PostgreSQL and browser suites are mandatory; elsewhere a
// missing TEST_DATABASE_URL or Chromium skips them with a notice.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { testBrowserPath } from "../tests/helpers/browser-path.ts";

const ci = process.env.CI === "true";
const bin = (name: string) => path.resolve("node_modules/.bin", name);
const chromium = testBrowserPath();

type Step = { name: string; cmd: string; args: string[]; skip?: string };
const steps: Step[] = [
  { name: "typecheck", cmd: bin("react-router"), args: ["typegen"] },
  { name: "typecheck", cmd: bin("tsc"), args: ["--noEmit"] },
  { name: "lint", cmd: bin("oxlint"), args: ["--deny-warnings", "app", "server", "tests", "bench", "scripts", "server.ts"] },
  { name: "build", cmd: bin("react-router"), args: ["build"] },
  { name: "unit + integration", cmd: bin("vitest"), args: ["run"] },
  {
    name: "end-to-end",
    cmd: bin("playwright"),
    args: ["test"],
    skip: fs.existsSync(chromium)
      ? undefined
      : `${chromium} not found. Install it (apt-get install -y chromium-headless-shell, or chromium) or set CHROMIUM_PATH to run the browser suite.`,
  },
];

if (!process.env.TEST_DATABASE_URL) {
  const msg = "TEST_DATABASE_URL is not set, so the PostgreSQL integration suite cannot run.";
  if (ci) {
    console.error(`✗ ${msg} It is mandatory under CI=true.`);
    process.exit(1);
  }
  console.warn(`[notice] ${msg} Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to include it.`);
}

const results: string[] = [];
for (const step of steps) {
  if (step.skip) {
    if (ci) {
      console.error(`✗ ${step.name}: ${step.skip} It is mandatory under CI=true.`);
      process.exit(1);
    }
    console.warn(`[notice] ${step.name} skipped: ${step.skip}`);
    results.push(`${step.name}: skipped`);
    continue;
  }
  console.log(`\n▶ ${step.name}: ${path.basename(step.cmd)} ${step.args.join(" ")}`);
  const started = Date.now();
  const r = spawnSync(step.cmd, step.args, { stdio: "inherit", env: process.env });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`\n✗ ${step.name} failed (exit ${r.status ?? r.signal}) after ${secs} s`);
    process.exit(r.status ?? 1);
  }
  results.push(`${step.name}: ok (${secs} s)`);
}
console.log(`\n✓ All suites passed\n  ${results.join("\n  ")}`);
