import fs from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import { Migrator, type MigrationResultSet } from "kysely/migration";
import pg from "pg";
import { migrations } from "./migrations/index.ts";
import type { DB } from "./schema.ts";
import { openSqlite } from "./sqlite-dialect.server.ts";

export type Database = Kysely<DB>;

export type DbHandle = {
  db: Database;
  kind: "sqlite" | "postgres";
  /** Where the data lives, without credentials, for the start-up line. */
  description: string;
  close: () => Promise<void>;
};

// timestamptz and timestamp come back as ISO strings, as they are stored on SQLite.
pg.types.setTypeParser(1184, (v) => new Date(v).toISOString());
pg.types.setTypeParser(1114, (v) => new Date(`${v}Z`).toISOString());
// bigint counts (count(*)) as numbers: no table here comes near 2^53 rows.
pg.types.setTypeParser(20, (v) => Number(v));

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): DbHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server closes (a restart, a failover) must not
    // crash the process: the pool drops it and opens a new one when needed.
    pool.on("error", (error) => console.warn(`PostgreSQL: an idle connection was closed (${(error as { code?: string }).code ?? error.message})`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const u = new URL(opts.databaseUrl);
    return {
      db,
      kind: "postgres",
      description: `PostgreSQL ${u.hostname}:${u.port || 5432}${u.pathname}`,
      close: () => db.destroy(),
    };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, "site.db");
  const { dialect } = openSqlite(file);
  const db = new Kysely<DB>({ dialect });
  return { db, kind: "sqlite", description: `SQLite ${file}`, close: () => db.destroy() };
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
