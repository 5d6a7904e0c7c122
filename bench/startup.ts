// Start-up mode of `npm run bench`: how long `node server.ts` takes, from spawn
// to its "listening" line, on a data folder that is already migrated and seeded
// (a restart, the case that matters for deploys and crash recovery).
//
//   npm run bench -- --startup          (RUNS=7)
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

function startOnce(dataDir: string, port: number): Promise<{ wallMs: number; reportedMs: number | null }> {
  const started = performance.now();
  const child = spawn(process.execPath, ["server.ts"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      const line = d.toString();
      if (!line.includes("listening on")) return;
      const wallMs = Math.round(performance.now() - started);
      const reported = /ready in (\d+) ms/.exec(line);
      child.once("exit", () => resolve({ wallMs, reportedMs: reported ? Number(reported[1]) : null }));
      child.kill("SIGTERM");
    });
    child.on("exit", (code) => code !== 0 && code !== null && reject(new Error(`server exited ${code}`)));
  });
}

export async function runStartup() {
  if (!fs.existsSync("build/server/index.js")) throw new Error("No build found: run `npm run build` first.");
  const runs = Number(process.env.RUNS ?? 7);
  const port = Number(process.env.BENCH_PORT ?? 4391);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-startup-"));
  try {
    const first = await startOnce(dataDir, port); // creates, migrates and seeds
    const times: Array<{ wallMs: number; reportedMs: number | null }> = [];
    for (let i = 0; i < runs; i++) times.push(await startOnce(dataDir, port));
    const walls = times.map((t) => t.wallMs).sort((a, b) => a - b);
    const reported = times.map((t) => t.reportedMs).filter((t): t is number => t !== null).sort((a, b) => a - b);
    const median = (xs: number[]) => xs[Math.floor(xs.length / 2)];
    console.log(`\nStart-up of node server.ts (production, SQLite), ${runs} restarts after a first start\n`);
    console.log("| measure | first start | restart median | restart min | restart max |");
    console.log("|---|---|---|---|---|");
    console.log(`| spawn to "listening" (ms) | ${first.wallMs} | ${median(walls)} | ${walls[0]} | ${walls.at(-1)} |`);
    if (reported.length) {
      console.log(`| process uptime at listen (ms) | ${first.reportedMs ?? "–"} | ${median(reported)} | ${reported[0]} | ${reported.at(-1)} |`);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
