// Public-page budgets: Lighthouse mobile scores (simulated throttling), client
// JavaScript, bytes before any video plays, and CLS, in the system Chromium
// (/usr/bin/chromium or CHROMIUM_PATH), against a running server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import { chromium } from "playwright-core";

const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const flags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** Lighthouse runs per page; the median run is reported (LIGHTHOUSE_RUNS, 3). */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
type LhResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

export const PUBLIC_PAGES = ["/", "/about", "/decode", "/decode/level/decode-1", "/ich", "/ich/level/ich-1", "/tasso", "/family-constellation", "/schedule", "/contact-us", "/privacy-policy"];

export type PageRow = { page: string; perf: number; perfRange: string; a11y: number; bp: number; seo: number; cls: number; fcpMs: number; lcpMs: number; tbtMs: number; jsGzipKb: number; bytesKb: number; intlMs: number };

export async function measurePages(base: string, pages: string[]): Promise<PageRow[]> {
  const rows: PageRow[] = [];
  // Transfer sizes from a real mobile-sized page load (no video has played: preload="none").
  const browser = await chromium.launch({ executablePath: chromePath, args: flags.slice(1) });
  const transfer = new Map<string, { js: number; total: number; intlMs: number }>();
  for (const p of pages) {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
    // Time spent building Intl formatters while the page loads and hydrates, unthrottled: the first
    // one loads the browser's locale and zone data, a long task on a phone (decision 0088).
    await context.addInitScript(() => {
      const w = window as unknown as { __intlMs: number };
      w.__intlMs = 0;
      for (const name of ["DateTimeFormat", "NumberFormat", "PluralRules", "Collator"] as const) {
        const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
        const timed = function (...args: unknown[]) {
          const start = performance.now();
          const made = new Original(...args);
          w.__intlMs += performance.now() - start;
          return made;
        };
        timed.prototype = Original.prototype;
        Object.assign(timed, Original);
        (Intl as unknown as Record<string, unknown>)[name] = timed;
      }
    });
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
    const intlMs = await page.evaluate(() => (window as unknown as { __intlMs: number }).__intlMs);
    transfer.set(p, { js, total, intlMs });
    await context.close();
  }
  await browser.close();

  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: flags, userDataDir: fs.mkdtempSync(path.join(os.tmpdir(), "lh-")) });
  try {
    for (const p of pages) {
      // Lighthouse's own advice for a noisy metric: several runs, and the one nearest the median of
      // FCP and TTI (its computeMedianRun) is reported; the spread of performance scores is shown beside it.
      const runs: LhResult[] = [];
      let last: LhResult | undefined;
      for (let attempt = 1; runs.length < LIGHTHOUSE_RUNS && attempt <= LIGHTHOUSE_RUNS + 2; attempt++) {
        const result = await lighthouse(base + p, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        });
        const run = (last = result!.lhr);
        // A run that Lighthouse itself reports as failed (a page that never painted in its trace,
        // a protocol timeout on a busy machine) is not counted; at most two such runs are replaced.
        const failed = run.runtimeError?.code ?? (run.categories.performance?.score === null ? "no performance score" : null);
        if (failed) console.error(`${p}: Lighthouse run ${attempt} failed (${failed}${run.runtimeError?.message ? `: ${run.runtimeError.message}` : ""})`);
        else runs.push(run);
      }
      // Typed with Lighthouse's global LH namespace, which this deep import does not bring along.
      const valid = filterToValidRuns(runs as never) as LhResult[];
      // Every run failed: the last one is reported as it is (scores of 0 show it in the table).
      const lhr: LhResult = valid.length ? (computeMedianRun(valid as never) as LhResult) : (runs[0] ?? last!);
      const perfScores = runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
      if (process.env.LIGHTHOUSE_REPORTS) {
        fs.mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
        const name = p === "/" ? "home" : p.slice(1).replaceAll("/", "-");
        fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, `${name}.json`), JSON.stringify(lhr));
      }
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const t = transfer.get(p)!;
      rows.push({
        page: p,
        perf: score("performance"),
        perfRange: `${Math.min(...perfScores)}–${Math.max(...perfScores)} (${perfScores.length})`,
        a11y: score("accessibility"),
        bp: score("best-practices"),
        seo: score("seo"),
        cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
        fcpMs: Math.round(lhr.audits["first-contentful-paint"]?.numericValue ?? 0),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
        jsGzipKb: Math.round(t.js / 102.4) / 10,
        bytesKb: Math.round(t.total / 102.4) / 10,
        intlMs: Math.round(t.intlMs * 10) / 10,
      });
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable")
        .map((a) => a.id);
      if (failing.length) console.log(`${p}: audits below 0.9: ${failing.join(", ")}`);
    }
  } finally {
    chrome.kill();
  }
  return rows;
}
