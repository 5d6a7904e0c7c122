// What the bench modes share: a production server on a fresh data folder (SQLite)
// or a fresh PostgreSQL database, started and stopped, and a way to ask either
// database a question afterwards.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";

export type BenchDatabase = {
  name: "SQLite" | "PostgreSQL";
  /** The server's settings for this database (DATA_DIR, and DATABASE_URL for PostgreSQL). */
  env: Record<string, string>;
  /** Runs SQL (several statements allowed) directly on the database. */
  exec: (sql: string) => Promise<void>;
  /** The first column of the first row of a query. */
  scalar: (sql: string, ...params: Array<string | number>) => Promise<number>;
  /** Drops the database and its folder. */
  dispose: () => Promise<void>;
};

export function requireBuild() {
  if (!fs.existsSync("build/server/index.js")) {
    console.error("No build found: run `npm run build` first.");
    process.exit(1);
  }
}

export function sqliteDatabase(): BenchDatabase {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-bench-"));
  const open = () => {
    const db = new DatabaseSync(path.join(dataDir, "site.db"));
    db.exec("PRAGMA busy_timeout = 10000");
    return db;
  };
  return {
    name: "SQLite",
    env: { DATA_DIR: dataDir },
    exec: async (sql) => {
      const db = open();
      try {
        db.exec(sql);
      } finally {
        db.close();
      }
    },
    scalar: async (sql, ...params) => {
      const db = open();
      try {
        const row = db.prepare(sql.replace(/\$\d+/g, "?")).get(...params) as Record<string, unknown> | undefined;
        return Number(row ? Object.values(row)[0] : NaN);
      } finally {
        db.close();
      }
    },
    dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A fresh PostgreSQL database on the server of TEST_DATABASE_URL, or null without one. */
export async function postgresDatabase(): Promise<BenchDatabase | null> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return null;
  const name = `site_bench_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const root = new pg.Client({ connectionString: admin });
  await root.connect();
  await root.query(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-bench-pg-"));
  const client = new pg.Client({ connectionString: url.toString() });
  let connected = false;
  const connect = async () => {
    if (!connected) await client.connect();
    connected = true;
  };
  return {
    name: "PostgreSQL",
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    exec: async (sql) => {
      await connect();
      await client.query(sql);
    },
    scalar: async (sql, ...params) => {
      await connect();
      const r = await client.query(sql, params);
      return Number(r.rows[0] ? Object.values(r.rows[0])[0] : NaN);
    },
    dispose: async () => {
      if (connected) await client.end().catch(() => {});
      await root.query(`drop database if exists ${name} with (force)`);
      await root.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. DATABASES=sqlite or postgres picks one. */
export function wantedDatabases(): Array<"sqlite" | "postgres"> {
  const which = (process.env.DATABASES ?? "sqlite,postgres").split(",");
  return (["sqlite", "postgres"] as const).filter((d) => which.includes(d) && (d === "sqlite" || Boolean(process.env.TEST_DATABASE_URL)));
}

export async function openDatabase(kind: "sqlite" | "postgres"): Promise<BenchDatabase> {
  if (kind === "sqlite") return sqliteDatabase();
  const db = await postgresDatabase();
  if (!db) throw new Error("TEST_DATABASE_URL is not set");
  return db;
}

export type BenchServer = { child: ChildProcess; base: string; stop: () => Promise<void> };

/**
 * The Node flags `npm run serve` gives the server (package.json), so a server the bench starts itself, to pin
 * it to a core, runs as production's does (decision 0097).
 */
export function serveNodeFlags(): string[] {
  const scripts = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
  const flags = nodeFlagsOf(scripts.serve ?? "");
  if (!flags) throw new Error("package.json's serve script no longer reads `node [flags] server.ts`");
  return flags;
}

/** The flags between `node` and `server.ts` in a command line, or null if it does not start `server.ts`. */
export function nodeFlagsOf(command: string): string[] | null {
  const m = /\bnode((?:\s+--\S+)*)\s+server\.ts\b/.exec(command);
  return m ? m[1]!.split(/\s+/).filter(Boolean) : null;
}

/**
 * `node server.ts` in production on `port` (0: any free port), with `npm run serve`'s Node flags, resolved
 * once it says "listening on". `pin` runs it on one CPU core (taskset) so runs compare; BENCH_NODE_ARGS
 * passes more flags to its Node (after those, so a flag given there wins). The server's warnings go to
 * this process's standard error.
 */
export async function startServer(env: Record<string, string>, port: number, opts: { pin?: boolean } = {}): Promise<BenchServer> {
  const nodeArgs = [...serveNodeFlags(), ...(process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean), "server.ts"];
  const child = spawnNode(nodeArgs, opts.pin ? 1 : null, {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
  });
  // The address from the start-up line, so that port 0 (any free port) works too.
  let out = "";
  const base = await new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (!m) return;
      child.stdout!.off("data", onData);
      child.off("exit", onExit);
      resolve(m[1]!.replace("localhost", "127.0.0.1"));
    };
    const onExit = (code: number | null) => reject(new Error(`server exited ${code}`));
    child.stdout!.on("data", onData);
    child.once("exit", onExit);
  });
  child.stdout!.pipe(process.stderr);
  return {
    child,
    base,
    stop: () => stopChild(child),
  };
}

/**
 * `node <args>` with its standard output piped to this process, on CPU core `core` (taskset) when the
 * machine has the cores to spare one (`serverPinned()`), else wherever the system puts it.
 */
export function spawnNode(args: string[], core: number | null, opts: { env?: NodeJS.ProcessEnv } = {}): ChildProcess {
  const options = { env: opts.env ?? process.env, stdio: ["ignore", "pipe", "inherit"] as ("ignore" | "pipe" | "inherit")[] };
  return core !== null && serverPinned()
    ? spawn("/usr/bin/taskset", ["-c", String(core), process.execPath, ...args], options)
    : spawn(process.execPath, args, options);
}

/** SIGTERM to a child process, then until it has exited (at once if it already has). */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** Whether this machine has the cores to give the server one of its own. */
export const serverPinned = () => fs.existsSync("/usr/bin/taskset") && os.availableParallelism() > 1;
