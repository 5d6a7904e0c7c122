// Admin mode of `npm run bench`: the staff ICH list's search p95 and the CSV
// export's time, rows per second and the server's peak memory, at 10,000 and
// 100,000 generated registrations, on SQLite and (with TEST_DATABASE_URL) on
// PostgreSQL. Issue 9's budgets: search p95 ≤ 50 ms at 100,000; CSV peak
// memory at 100,000 ≤ 1.2 × that at 10,000.
//
//   npm run build && npm run bench -- --admin        (SIZES=10000,100000 SEARCHES=60)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { openDatabase, requireBuild, startServer, wantedDatabases, type BenchDatabase } from "./lib.ts";

const PASSWORD = "Bench lantern orchard 73";
const EMAIL = "bench-admin@example.org";

export type AdminRow = Record<string, string | number> & { database: string; registrations: number };

/** Kilobytes of resident memory of a process (Linux). */
function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) : 0;
}

/** Inserts registrations `from`..`to` (1-based) for an ICH session, in SQL, spread over the last 400 days. */
function generateSql(dialect: "sqlite" | "postgres", eventId: string, from: number, to: number): string {
  const cities = "'Austin','Denver','Boston','Seattle','Chicago','Miami'";
  const series =
    dialect === "postgres"
      ? `select x from generate_series(${from}, ${to}) as x`
      : `with recursive c(x) as (select ${from} union all select x + 1 from c where x < ${to}) select x from c`;
  const pick = dialect === "postgres" ? `(array[${cities}])[1 + x % 6]` : `(case x % 6 when 0 then 'Austin' when 1 then 'Denver' when 2 then 'Boston' when 3 then 'Seattle' when 4 then 'Chicago' else 'Miami' end)`;
  const created = dialect === "postgres" ? `now() - (x % 400) * interval '1 day' - (x % 997) * interval '1 second'` : `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (x % 400) || ' days', '-' || (x % 997) || ' seconds')`;
  const text = (s: string) => (dialect === "postgres" ? `${s}::text` : s);
  return `insert into registrations (id, event_id, programme_id, kind, first_name, middle_name, last_name, name_on_certificate, email, email_key,
      mobile_no, date_of_birth, occupation, current_address, permanent_address, session_label, venue, time_slot, tel_no, hear_about,
      terms_accepted_at, level_name, level, course_date, course_time, course_venue, created_at)
    select 'bench-' || ${text("x")}, '${eventId}', null, 'hypnotherapy', 'Learner' || ${text("x")}, null, 'Family' || ${text("(x % 5000)")},
      'Learner Family', 'learner' || ${text("x")} || '@example.com', 'learner' || ${text("x")} || '@example.com',
      '555' || ${text("(1000000 + x)")}, '1985-04-12', 'Teacher', ${pick} || ', USA', null, ${pick}, 'Hall', 'Morning', null, 'Google',
      ${created}, 'ICH Level I', '1', null, null, null, ${created}
    from (${series}) as s`;
}

/** Search p95 and the CSV export at each size (registrations generated in SQL), on one database. */
export async function measureAdmin(target: BenchDatabase, port: number, sizes: number[], searches: number): Promise<AdminRow[]> {
  const rows: AdminRow[] = [];
  const server = await startServer({ ...target.env, SESSION_JOBS_SECONDS: "86400" }, port);
  const base = server.base;
  try {
    const made = spawnSync(process.execPath, ["scripts/admin.ts", "create", "--email", EMAIL], { input: `${PASSWORD}\n`, env: { ...process.env, ...target.env }, encoding: "utf8" });
    if (made.status !== 0) throw new Error(`admin:create failed: ${made.stderr}`);
    const login = await fetch(`${base}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
    const token = ((await login.json()) as { token: string }).token;
    const auth = { authorization: `Bearer ${token}` };
    const events = (await (await fetch(`${base}/api/events/open/type/hypnotherapy`)).json()) as { data?: Array<{ _id: string }>; events?: Array<{ _id: string }> };
    const eventId = (events.data ?? events.events ?? [])[0]?._id;
    if (!eventId) throw new Error("no ICH session to attach registrations to");

    let have = 0;
    for (const size of sizes) {
      const t0 = performance.now();
      await target.exec(generateSql(target.name === "PostgreSQL" ? "postgres" : "sqlite", eventId, have + 1, size));
      // A list that grew over years has planner statistics; rows bulk-inserted a second ago have none until
      // autovacuum's next round. Gather them now, as it would (the search reads the narrow table, decision 0027).
      if (target.name === "PostgreSQL") await target.exec("analyze registrations; analyze registration_search");
      have = size;
      const genSeconds = (performance.now() - t0) / 1000;
      // Generating can take about as long as the server keeps an idle connection (5 s): a request sent on a
      // kept-alive socket just as the server closes it fails ("other side closed"). Let the server close the
      // idle ones first, so the measured requests start on fresh connections.
      await new Promise((resolve) => setTimeout(resolve, 6000));

      // Search: different words and pages, one at a time (what a staff member does).
      const terms = ["learner42", "Family17", "Austin", "learner9999@example.com", "Boston", "555100", "Seattle", "Level"];
      const times: number[] = [];
      for (let i = 0; i < searches; i++) {
        const q = new URLSearchParams({ search: terms[i % terms.length]!, page: String(1 + (i % 3)), limit: "10" });
        const s = performance.now();
        const res = await fetch(`${base}/api/ich?${q}`, { headers: auth });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`search answered ${res.status}`);
        times.push(performance.now() - s);
      }
      times.sort((a, b) => a - b);
      const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]!;

      /** A streamed answer read to the end, counting `marker`; the server's memory sampled meanwhile. */
      const streamed = async (path: string, marker: string) => {
        const before = rssKb(server.child.pid!);
        let peak = before;
        const sampler = setInterval(() => (peak = Math.max(peak, rssKb(server.child.pid!))), 10);
        const t = performance.now();
        const res = await fetch(`${base}${path}`, { headers: auth });
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
        const decoder = new TextDecoder();
        let n = 0;
        let tail = "";
        const reader = res.body!.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          // A marker split across two chunks still counts: the carried tail is shorter than the marker, so no match is counted twice.
          const text = tail + decoder.decode(value, { stream: true });
          n += text.split(marker).length - 1;
          tail = marker.length > 1 ? text.slice(-(marker.length - 1)) : "";
        }
        clearInterval(sampler);
        return { n, seconds: (performance.now() - t) / 1000, before, peak: Math.max(peak, rssKb(server.child.pid!)) };
      };
      // CSV: the whole list, counted as it streams (one line a row, and the header).
      const csv = await streamed("/api/ich/download-csv", "\n");
      const lines = csv.n;
      const csvSeconds = csv.seconds;
      const { before, peak } = csv;
      // The whole list as JSON (GET with no query, decision 0063), counted by its objects.
      const whole = await streamed("/api/ich", '{"_id":');
      rows.push({
        database: target.name,
        registrations: size,
        "generate s": genSeconds.toFixed(1),
        "search p95 ms": p95.toFixed(1),
        "csv rows": lines - 1,
        "csv s": csvSeconds.toFixed(2),
        "csv rows/s": Math.round((lines - 1) / csvSeconds),
        "rss before MB": (before / 1024).toFixed(1),
        "rss peak MB": (peak / 1024).toFixed(1),
        "whole-list JSON rows": whole.n,
        "whole-list JSON s": whole.seconds.toFixed(2),
        "whole-list JSON rss peak MB": (whole.peak / 1024).toFixed(1),
      });
    }
  } finally {
    await server.stop();
  }
  return rows;
}

export async function runAdmin() {
  requireBuild();
  const sizes = (process.env.SIZES ?? "10000,100000").split(",").map(Number);
  const searches = Number(process.env.SEARCHES ?? 60);
  const port = Number(process.env.BENCH_PORT ?? 4393);
  const all: AdminRow[] = [];
  for (const kind of wantedDatabases()) {
    const db = await openDatabase(kind);
    try {
      all.push(...(await measureAdmin(db, port, sizes, searches)));
    } finally {
      await db.dispose();
    }
  }
  console.table(all);
}
