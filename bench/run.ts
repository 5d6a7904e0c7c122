// `npm run bench`: the whole system measured in one run and printed as one
// table, each figure beside its reference (issue 10 point 1). Serves the
// existing production build (run `npm run build` first); PostgreSQL too when
// TEST_DATABASE_URL is set. See bench/README.md.
//
// Single parts: `--pages` (Lighthouse and transfer sizes; PAGES=/,/about),
// `--throughput <url of a running server>`, `--registrations`, `--admin`,
// `--startup`, `--thumbnails`, `--upload-flood`, `--cache-busting <url>`; and the checks `--crash`, `--sqlmap`, `--lockfile`.
import { measureAdmin, runAdmin, type AdminRow } from "./admin.ts";
import { openDatabase, requireBuild, serverPinned, sqliteDatabase, startServer, wantedDatabases } from "./lib.ts";
import { measurePages, PUBLIC_PAGES, type PageRow } from "./pages.ts";
import { measureSubmissions, runRegistrations, type SubmissionRow } from "./registrations.ts";
import { measureStartup, runStartup, type StartupRow } from "./startup.ts";
import { measureThroughput, runThroughput, type ThroughputRow } from "./throughput.ts";

const port = Number(process.env.BENCH_PORT ?? 4390);
const pages = process.env.PAGES ? process.env.PAGES.split(",") : PUBLIC_PAGES;

const modeArg = process.argv.indexOf("--throughput");
if (modeArg !== -1) {
  const url = process.argv[modeArg + 1];
  if (!url || !/^https?:\/\//.test(url)) {
    console.error("Usage: npm run bench -- --throughput http://127.0.0.1:3000");
    process.exit(2);
  }
  await runThroughput(url.replace(/\/+$/, ""));
  process.exit(0);
}
const bustArg = process.argv.indexOf("--cache-busting");
if (bustArg !== -1) {
  const url = process.argv[bustArg + 1];
  if (!url || !/^https?:\/\//.test(url)) {
    console.error("Usage: npm run bench -- --cache-busting http://127.0.0.1:3000");
    process.exit(2);
  }
  const { runCacheBusting } = await import("./cache-busting.ts");
  await runCacheBusting(url.replace(/\/+$/, ""));
  process.exit(0);
}
if (process.argv.includes("--registrations")) {
  await runRegistrations();
  process.exit(0);
}
if (process.argv.includes("--admin")) {
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
if (process.argv.includes("--thumbnails")) {
  const { runThumbnails } = await import("./thumbnails.ts");
  await runThumbnails();
  process.exit(0);
}
if (process.argv.includes("--upload-flood")) {
  const { runUploadFlood } = await import("./upload-flood.ts");
  await runUploadFlood();
  process.exit(0);
}
if (process.argv.includes("--startup")) {
  await runStartup();
  process.exit(0);
}
requireBuild();
if (process.argv.includes("--pages")) {
  const rows = await onSqlite((base) => measurePages(base, pages));
  console.log("\nLighthouse mobile (simulated throttling), transfer sizes at 375 px:");
  console.table(rows);
  process.exit(0);
}

/** A server on a fresh SQLite folder for the length of `work`. */
async function onSqlite<T>(work: (base: string) => Promise<T>): Promise<T> {
  const db = sqliteDatabase();
  try {
    const server = await startServer(db.env, port);
    try {
      return await work(server.base);
    } finally {
      await server.stop();
    }
  } finally {
    await db.dispose();
  }
}

// ---- The whole run -------------------------------------------------------
type PerDatabase = { throughput: ThroughputRow[]; submissions: SubmissionRow[]; admin: AdminRow[]; startup: StartupRow };
const results = new Map<string, PerDatabase>();
const sizes = (process.env.SIZES ?? "10000,100000").split(",").map(Number);
const searches = Number(process.env.SEARCHES ?? 60);
const started = Date.now();
const step = (what: string) => console.error(`[bench ${Math.round((Date.now() - started) / 1000)} s] ${what}`);

// Lighthouse first, on a machine nothing else has loaded yet: its simulated throttling multiplies the
// main thread's observed tasks by four, so a database still checkpointing or vacuuming after the
// 100,000-row runs below would be counted as the page's own blocking time.
step("Lighthouse");
const pageRows: PageRow[] = await onSqlite((base) => measurePages(base, pages));

for (const kind of wantedDatabases()) {
  const db = await openDatabase(kind);
  try {
    step(`${db.name}: throughput`);
    // The server on one core of its own (when there are two), autocannon on another.
    const server = await startServer({ ...db.env, SESSION_JOBS_SECONDS: "86400" }, port, { pin: true });
    let throughput: ThroughputRow[];
    try {
      throughput = await measureThroughput(server.base);
    } finally {
      await server.stop();
    }
    step(`${db.name}: registrations and bookings`);
    const submissions = await measureSubmissions(db, port);
    step(`${db.name}: staff search and CSV`);
    // On a database of its own, as `--admin` measures it: the submissions' outbox, still being sent by a
    // server started on it, would raise the memory the CSV is compared with.
    const adminDb = await openDatabase(kind);
    let admin: AdminRow[];
    try {
      admin = await measureAdmin(adminDb, port, sizes, searches);
    } finally {
      await adminDb.dispose();
    }
    step(`${db.name}: start-up`);
    const startup = await measureStartup(db, port);
    results.set(db.name, { throughput, submissions, admin, startup });
  } finally {
    await db.dispose();
  }
}
// ---- One table -------------------------------------------------------------
const names = [...results.keys()];
const lines: string[][] = [];
const row = (area: string, measure: string, values: Array<string | undefined>, reference: string) =>
  lines.push([area, measure, ...names.map((_, i) => values[i] ?? "–"), reference]);
const each = <T>(f: (r: PerDatabase) => T) => names.map((n) => f(results.get(n)!));
const pct = (a: number, b: number) => (b > 0 ? `${Math.round((100 * a) / b)} %` : "–");

const staticRow = (r: PerDatabase) => r.throughput.find((t) => t.path.startsWith("/assets/"))!;
const conns = process.env.CONNECTIONS ?? 50;
for (const path of results.get(names[0]!)?.throughput.map((t) => t.path) ?? []) {
  const isStatic = path.startsWith("/assets/");
  row(
    `throughput, ${conns} connections${serverPinned() ? ", server on 1 core" : ""}`,
    isStatic ? "hashed static file (the ceiling)" : path === "/healthz" ? "GET /healthz (one database round trip)" : `GET ${path}`,
    each((r) => {
      const t = r.throughput.find((x) => x.path === path)!;
      const share = isStatic ? "" : `, ${pct(t.rps, staticRow(r).rps)} of static`;
      const bad = t.non2xx + t.errors ? `, ${t.non2xx} non-2xx, ${t.errors} errors` : "";
      return `${t.rps}/s, p99 ${t.p99} ms${share}${bad}`;
    }),
    isStatic
      ? "before: 3,000/s (48 KB file)"
      : path === "/healthz"
        ? "issue 8's reference for /api/events/open"
        : path === "/api/events/open"
          ? "≥ 50 % of the static file; beside /healthz (issue 8); before: 328/s, p99 964 ms (SQLite, uncached)"
          : "≥ 50 % of the static file; before: / 200/s, /decode 143/s, p99 740–1,030 ms",
  );
}
for (const form of ["registration", "booking"] as const) {
  row(
    `submissions, ${process.env.CONNECTIONS ?? 100} clients`,
    `${form} POST`,
    each((r) => {
      const s = r.submissions.find((x) => x.form === form)!;
      const home = r.throughput.find((t) => t.path === "/")!;
      return `${s.rps}/s (${pct(s.rps, home.rps)} of /), p99 ${s.p99} ms; ${s.rpsWithMail}/s until their mails were sent${s.cpuMs === null ? "" : `, server CPU ${s.cpuMs} ms each, mails included`}; ${s.acknowledged} acknowledged, ${s.stored} stored${s.acknowledged === s.stored ? "" : " MISMATCH"}`;
    }),
    "≥ 50 % of the public page rate, p99 ≤ 100 ms; stored = acknowledged",
  );
}
for (const size of sizes) {
  const at = (r: PerDatabase) => r.admin.find((a) => a.registrations === size)!;
  row("staff list", `search p95 at ${size.toLocaleString("en-US")}`, each((r) => `${at(r)["search p95 ms"]} ms`), size === Math.max(...sizes) ? "≤ 50 ms" : "");
  row("staff list", `CSV at ${size.toLocaleString("en-US")}: time, rows/s`, each((r) => `${at(r)["csv s"]} s, ${at(r)["csv rows/s"]} rows/s`), "");
  row(
    "staff list",
    `CSV at ${size.toLocaleString("en-US")}: server memory (RSS) before → peak`,
    each((r) => {
      const first = r.admin[0]!;
      const ratio = size === sizes[0] ? "" : `, ${(Number(at(r)["rss peak MB"]) / Number(first["rss peak MB"])).toFixed(2)} × the ${sizes[0]!.toLocaleString("en-US")} peak`;
      return `${at(r)["rss before MB"]} → ${at(r)["rss peak MB"]} MB${ratio}`;
    }),
    size === Math.max(...sizes) ? "peak ≤ 1.2 × the peak at 10,000" : "",
  );
  row(
    "staff list",
    `whole list as JSON at ${size.toLocaleString("en-US")}: rows, time, peak RSS`,
    each((r) => `${at(r)["whole-list JSON rows"]} rows, ${at(r)["whole-list JSON s"]} s, ${at(r)["whole-list JSON rss peak MB"]} MB`),
    "streamed: peak near the CSV's (decision 0063)",
  );
}
row("start-up", "npm run serve until /healthz answers (restart median, min–max)", each((r) => `${r.startup.medianMs} ms (${r.startup.minMs}–${r.startup.maxMs})`), "measured; first start (migrate, seed) shown below");
row("start-up", "first start on an empty database", each((r) => `${r.startup.firstMs} ms`), "");
for (const p of pageRows) {
  const v = `perf ${p.perf} (runs ${p.perfRange}), a11y ${p.a11y}, bp ${p.bp}, SEO ${p.seo}; FCP ${p.fcpMs} ms, LCP ${p.lcpMs} ms, TBT ${p.tbtMs} ms, CLS ${p.cls}; JS ${p.jsGzipKb} KB, all ${p.bytesKb} KB; Intl ${p.intlMs} ms`;
  row("Lighthouse mobile (SQLite server)", p.page, [v], "100 in all four; JS ≤ 125 KB gzip; before: perf 92–97, JS 128–141 KB");
}

const header = ["area", "measure", ...names, "reference"];
console.log(`\nnpm run bench, ${new Date().toISOString()}, ${Math.round((Date.now() - started) / 1000)} s\n`);
console.log(`| ${header.join(" | ")} |`);
console.log(`|${header.map(() => "---").join("|")}|`);
for (const l of lines) console.log(`| ${l.map((c) => c.replaceAll("|", "\\|")).join(" | ")} |`);
