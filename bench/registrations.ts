// Registration mode of `npm run bench`: POST /api/registration at 20 concurrent
// clients (autocannon) against a fresh server on SQLite and, when
// TEST_DATABASE_URL is set, on a fresh PostgreSQL database; then compares the
// registrations stored with the 201s acknowledged (they must be equal).
//
//   npm run bench -- --registrations          (CONNECTIONS=20, AMOUNT=400)
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { DatabaseSync } from "node:sqlite";

const SESSION = "s-decode-1-b"; // a seeded session without a seat limit
const dob = `${new Date().getUTCFullYear() - 35}-05-05`;

async function start(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["server.ts"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", FORM_RATE_LIMIT: "100000000", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("listening on") && resolve());
    child.on("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
  return child;
}

async function load(url: string) {
  const connections = Number(process.env.CONNECTIONS ?? 20);
  // A fixed number of requests, not a duration: every request sent is answered
  // and counted, so "acknowledged" and "stored" can be compared exactly.
  const amount = Number(process.env.AMOUNT ?? 400);
  let n = 0;
  let acknowledged = 0;
  const result = await autocannon({
    url: `${url}/api/registration`,
    connections,
    amount,
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            firstName: "Bench", lastName: `Client ${n}`, email: `bench${n++}@example.com`, mobileNo: "5551234567", dob,
            occupation: "Tester", city: "x", termsandcondition: true, levelName: "Level 1", upcomingEventId: SESSION,
          }),
        }),
        onResponse: (status) => {
          if (status === 201) acknowledged += 1;
        },
      },
    ],
  });
  return { amount, rps: Math.round(result.requests.average), p99: result.latency.p99, acknowledged, non2xx: result.non2xx, errors: result.errors + result.timeouts, connections };
}

export async function runRegistrations() {
  const rows: Array<Record<string, string | number>> = [];
  const port = Number(process.env.BENCH_PORT ?? 4392);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-bench-reg-"));
  let server = await start({ DATA_DIR: dataDir }, port);
  try {
    const r = await load(`http://127.0.0.1:${port}`);
    const db = new DatabaseSync(path.join(dataDir, "site.db"));
    const stored = Number((db.prepare("select count(*) as n from registrations where event_id = ?").get(SESSION) as { n: number }).n);
    db.close();
    rows.push({ database: "SQLite", ...r, stored });
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const name = `site_bench_${Date.now().toString(36)}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-bench-reg-"));
    server = await start({ DATA_DIR: pgDir, DATABASE_URL: url.toString() }, port);
    try {
      const r = await load(`http://127.0.0.1:${port}`);
      const q = new pg.Client({ connectionString: url.toString() });
      await q.connect();
      const stored = Number((await q.query("select count(*) as n from registrations where event_id = $1", [SESSION])).rows[0].n);
      await q.end();
      rows.push({ database: "PostgreSQL", ...r, stored });
    } finally {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      fs.rmSync(pgDir, { recursive: true, force: true });
    }
  }

  console.log(`\nPOST /api/registration, ${rows[0]?.connections} concurrent clients, ${rows[0]?.amount} requests each run\n`);
  console.log("| database | registrations/s | p99 ms | acknowledged (201) | stored | equal | non-2xx | errors |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(`| ${r.database} | ${r.rps} | ${r.p99} | ${r.acknowledged} | ${r.stored} | ${r.acknowledged === r.stored ? "yes" : "NO"} | ${r.non2xx} | ${r.errors} |`);
  }
}
