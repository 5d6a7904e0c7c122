// Public-page budgets (issue 3): Lighthouse mobile scores, client JavaScript,
// bytes before any video plays, and CLS. Serves the existing production build
// (run `npm run build` first) on its own data folder, in the system Chromium.
// Usage: npm run bench            (PAGES=/,/about to choose pages)
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";

// Other modes: `--throughput <url of a running server>`, `--registrations`, `--admin`, `--crash`, `--sqlmap`, `--lockfile` and `--startup`.
const modeArg = process.argv.indexOf("--throughput");
if (modeArg !== -1) {
  const url = process.argv[modeArg + 1];
  if (!url || !/^https?:\/\//.test(url)) {
    console.error("Usage: npm run bench -- --throughput http://127.0.0.1:3000");
    process.exit(2);
  }
  const { runThroughput } = await import("./throughput.ts");
  await runThroughput(url.replace(/\/+$/, ""));
  process.exit(0);
}
if (process.argv.includes("--registrations")) {
  const { runRegistrations } = await import("./registrations.ts");
  await runRegistrations();
  process.exit(0);
}
if (process.argv.includes("--admin")) {
  const { runAdmin } = await import("./admin.ts");
  await runAdmin();
  process.exit(0);
}
if (process.argv.includes("--lockfile")) {
  const { runLockfile } = await import("./lockfile.ts");
  runLockfile();
  process.exit();
}
if (process.argv.includes("--sqlmap")) {
  const { runSqlmap } = await import("./sqlmap.ts");
  await runSqlmap();
  process.exit();
}
if (process.argv.includes("--crash")) {
  const { runCrash } = await import("./crash.ts");
  await runCrash();
  process.exit();
}
if (process.argv.includes("--startup")) {
  const { runStartup } = await import("./startup.ts");
  await runStartup();
  process.exit(0);
}

const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const flags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const pages = (
  process.env.PAGES ??
  "/,/about,/decode,/decode/level/decode-1,/ich,/ich/level/ich-1,/tasso,/family-constellation,/schedule,/contact-us,/privacy-policy"
).split(",");
const port = Number(process.env.BENCH_PORT ?? 4390);
const base = `http://127.0.0.1:${port}`;

if (!fs.existsSync("build/server/index.js")) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-bench-"));
const server = spawn(process.execPath, ["server.ts"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise<void>((resolve, reject) => {
  server.stdout!.on("data", (d: Buffer) => d.toString().includes("listening on") && resolve());
  server.on("exit", (code) => reject(new Error(`server exited ${code}`)));
});

type Row = { page: string; perf: number; a11y: number; bp: number; seo: number; cls: number; fcpMs: number; lcpMs: number; tbtMs: number; jsGzipKb: number; bytesKb: number };
const rows: Row[] = [];

try {
  // Transfer sizes from a real mobile-sized page load (no video has played: preload="none").
  const browser = await chromium.launch({ executablePath: chromePath, args: flags.slice(1) });
  const transfer = new Map<string, { js: number; total: number }>();
  for (const p of pages) {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const types = new Map<string, string>();
    let js = 0;
    let total = 0;
    // Bodies as transferred (gzip), without HTTP headers.
    const headerBytes = new Map<string, number>();
    cdp.on("Network.responseReceived", (e) => {
      types.set(e.requestId, e.type);
      headerBytes.set(e.requestId, e.response.encodedDataLength);
    });
    cdp.on("Network.loadingFinished", (e) => {
      const body = Math.max(0, e.encodedDataLength - (headerBytes.get(e.requestId) ?? 0));
      total += body;
      if (types.get(e.requestId) === "Script") js += body;
    });
    await page.goto(base + p, { waitUntil: "networkidle" });
    await page.waitForTimeout(500);
    transfer.set(p, { js, total });
    await context.close();
  }
  await browser.close();

  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: flags, userDataDir: fs.mkdtempSync(path.join(os.tmpdir(), "lh-")) });
  try {
    for (const p of pages) {
      const result = await lighthouse(base + p, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      const lhr = result!.lhr;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const t = transfer.get(p)!;
      rows.push({
        page: p,
        perf: score("performance"),
        a11y: score("accessibility"),
        bp: score("best-practices"),
        seo: score("seo"),
        cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
        fcpMs: Math.round(lhr.audits["first-contentful-paint"]?.numericValue ?? 0),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
        jsGzipKb: Math.round(t.js / 102.4) / 10,
        bytesKb: Math.round(t.total / 102.4) / 10,
      });
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable")
        .map((a) => a.id);
      if (failing.length) console.log(`${p}: audits below 0.9: ${failing.join(", ")}`);
    }
  } finally {
    chrome.kill();
  }
} finally {
  server.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log("\nLighthouse mobile (simulated throttling), transfer sizes at 375 px:");
console.table(rows);
console.log("Budgets: performance >= 95, accessibility/best practices/SEO 100, JS <= 125 KB gzip, bytes before video <= 500 KB, CLS <= 0.04");
