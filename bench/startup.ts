// Start-up mode of `npm run bench`: a cold start of `npm run serve` on a data
// folder (or PostgreSQL database) that is already migrated and seeded, from
// spawn until `/healthz` answers 200: a restart, the case that matters for
// deploys and crash recovery.
//
//   npm run bench -- --startup          (RUNS=7)
import { spawn } from "node:child_process";
import { openDatabase, requireBuild, wantedDatabases, type BenchDatabase } from "./lib.ts";

export type StartupRow = { database: string; firstMs: number; medianMs: number; minMs: number; maxMs: number; runs: number };

const answers = (port: number) => fetch(`http://127.0.0.1:${port}/healthz`).then(() => true, () => false);

/**
 * Until nothing answers on the port. npm exits on SIGTERM before the server it
 * started has finished its graceful shutdown, and a start measured while the
 * last one still listens would time the old server's answer (21–77 ms once).
 */
async function portFree(port: number) {
  const deadline = performance.now() + 30_000;
  while (await answers(port)) {
    if (performance.now() > deadline) throw new Error(`something still answers on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function startOnce(env: Record<string, string>, port: number): Promise<number> {
  await portFree(port);
  const started = performance.now();
  // Its own process group, so that npm, the shell and Node stop together.
  const child = spawn("npm", ["run", "--silent", "serve"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  let exited = false;
  const gone = new Promise((resolve) => child.once("exit", () => resolve((exited = true))));
  try {
    for (;;) {
      if (exited) throw new Error("npm run serve exited before /healthz answered");
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status === 200, () => false);
      if (ok) return Math.round(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    if (!exited) process.kill(-child.pid!, "SIGTERM");
    await gone;
    await portFree(port);
  }
}

export async function measureStartup(db: BenchDatabase, port: number): Promise<StartupRow> {
  const runs = Number(process.env.RUNS ?? 7);
  const firstMs = await startOnce(db.env, port); // creates, migrates and seeds
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await startOnce(db.env, port));
  times.sort((a, b) => a - b);
  return { database: db.name, firstMs, medianMs: times[Math.floor(times.length / 2)]!, minMs: times[0]!, maxMs: times.at(-1)!, runs };
}

export async function runStartup() {
  requireBuild();
  const port = Number(process.env.BENCH_PORT ?? 4391);
  const rows: StartupRow[] = [];
  for (const kind of wantedDatabases()) {
    const db = await openDatabase(kind);
    try {
      rows.push(await measureStartup(db, port));
    } finally {
      await db.dispose();
    }
  }
  console.log(`\nnpm run serve until /healthz answers 200, ${rows[0]?.runs} restarts after a first start\n`);
  console.log("| database | first start ms | restart median ms | min | max |");
  console.log("|---|---|---|---|---|");
  for (const r of rows) console.log(`| ${r.database} | ${r.firstMs} | ${r.medianMs} | ${r.minMs} | ${r.maxMs} |`);
}
