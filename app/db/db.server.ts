import fs from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import { Migrator, type MigrationResultSet } from "kysely/migration";
import pg from "pg";
import { migrations } from "./migrations/index.ts";
import type { DB } from "./schema.ts";
import { openSqlite } from "./sqlite-dialect.server.ts";
import { withCircuit, type DatabaseStatus } from "./availability.server.ts";

export type Database = Kysely<DB>;

export type DbHandle = {
  db: Database;
  kind: "sqlite" | "postgres";
  /** Where the data lives, without credentials, for the start-up line. */
  description: string;
  /** Whether the database answers (decision 0033): down from an unreachable failure until a probe finds it back. */
  status: DatabaseStatus;
  close: () => Promise<void>;
};

// timestamptz and timestamp come back as ISO strings, as they are stored on SQLite.
pg.types.setTypeParser(1184, (v) => new Date(v).toISOString());
pg.types.setTypeParser(1114, (v) => new Date(`${v}Z`).toISOString());
// bigint counts (count(*)) as numbers: no table here comes near 2^53 rows.
pg.types.setTypeParser(20, (v) => Number(v));

export type OpenDatabaseOptions = {
  databaseUrl?: string;
  dataDir: string;
  /** Told when the database goes down and when it is back (the shell logs it). */
  onStatusChange?: (down: boolean, error?: unknown) => void;
};

/** How long a request waits for a PostgreSQL connection (a new one, or a pooled one to come free) before it is refused with 503. */
const CONNECT_TIMEOUT_MS = 10_000;

export function openDatabase(opts: OpenDatabaseOptions): DbHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // A database that does not answer (a cut network drops packets) must not
      // hold requests for the operating system's connect timeout of minutes.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A peer that vanished is found by TCP keepalive, not by a query hanging forever.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // An idle connection the server closes (a restart, a failover) must not
    // crash the process: the pool drops it and opens a new one when needed.
    pool.on("error", (error) => console.warn(`PostgreSQL: an idle connection was closed (${(error as { code?: string }).code ?? error.message})`));
    // A connection lost while checked out (a query in flight, a transaction
    // open) fails its query, and pg also emits 'error' on the client, which the
    // pool listens for only while the client is idle: unheard, it would end the
    // process. The query's own error is what counts; the pool drops the client
    // when it comes back.
    pool.on("connect", (client) => {
      client.on("error", () => {});
      answerByCallback(client);
    });
    const { dialect, status } = withCircuit(new PostgresDialect({ pool }), { onChange: opts.onStatusChange });
    const db = new Kysely<DB>({ dialect });
    const u = new URL(opts.databaseUrl);
    return {
      db,
      kind: "postgres",
      description: `PostgreSQL ${u.hostname}:${u.port || 5432}${u.pathname}`,
      status,
      close: () => db.destroy(),
    };
  }
  // Personal data lives here: readable by the server's own account only (with the process's umask, server.ts).
  fs.mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(opts.dataDir, "site.db");
  // The file is local and opened once: nothing to reconnect. The circuit still
  // classifies a full disk (SQLITE_FULL) and I/O errors the same way as PostgreSQL's.
  const { dialect, status } = withCircuit(openSqlite(file).dialect, { onChange: opts.onStatusChange });
  const db = new Kysely<DB>({ dialect });
  return { db, kind: "sqlite", description: `SQLite ${file}`, status, close: () => db.destroy() };
}

export async function migrateToLatest(db: Database): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Features land in parallel with numbers reserved in advance (0007 may reach a
    // database after 0008): each migration is independent, so a missing one runs late
    // instead of the migrator refusing to start.
    allowUnorderedMigrations: true,
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    throw result.error instanceof Error ? result.error : new Error(String(result.error));
  }
  return result;
}

/**
 * Makes `client.query(text, values)` (the form Kysely uses) go through pg's
 * callback form. With pg's own promise form, every result stays reachable
 * until the next full collection: each young-generation collection during a
 * CSV export kept about 7 MB of rows that were already garbage, promoted them,
 * and the server's memory grew with the export's length (1.55-1.7 x from
 * 10,000 to 100,000 rows). With the callback form nothing survives
 * (decision 0039, bench/README.md). Other forms (a config object, a
 * submittable such as a cursor, a callback of the caller's) pass unchanged.
 */
function answerByCallback(client: pg.PoolClient): void {
  const original = client.query as (...args: unknown[]) => unknown;
  client.query = function (this: pg.PoolClient, text: unknown, values?: unknown, callback?: unknown) {
    if (typeof text !== "string" || typeof values === "function" || callback !== undefined) return original.call(this, text, values, callback);
    return new Promise((resolve, reject) => original.call(this, text, values, (error: Error | null, result: pg.QueryResult) => (error ? reject(error) : resolve(result))));
  } as typeof client.query;
}
