import { DatabaseSync, type StatementSync } from "node:sqlite";
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from "kysely";
import { lowerEachCharacter } from "../lib/search-fold.ts";

type Param = null | number | bigint | string | NodeJS.ArrayBufferView;

/** Kysely's SqliteDialect speaks the better-sqlite3 interface; this adapts node:sqlite to it. */
class NodeSqliteStatement implements SqliteStatement {
  readonly reader: boolean;
  #stmt: StatementSync;
  constructor(stmt: StatementSync) {
    this.#stmt = stmt;
    this.reader = stmt.columns().length > 0;
  }
  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.#stmt.all(...(parameters.map(toParam) as Param[]));
  }
  run(parameters: ReadonlyArray<unknown>) {
    const r = this.#stmt.run(...(parameters.map(toParam) as Param[]));
    return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
  }
  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.#stmt.iterate(...(parameters.map(toParam) as Param[])) as IterableIterator<unknown>;
  }
}

function toParam(v: unknown): unknown {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (v instanceof Date) return v.toISOString();
  if (v === undefined) return null;
  return v;
}

const STATEMENT_CACHE_SIZE = 500;

export function openSqlite(file: string): { dialect: SqliteDialect; raw: DatabaseSync } {
  const raw = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: 5000 });
  // WAL lets readers run beside the single writer. synchronous=FULL fsyncs the WAL
  // on every commit: a registration that was acknowledged survives a power cut
  // (NORMAL could lose the last commits). The write volume here makes the cost moot.
  raw.exec("PRAGMA journal_mode = WAL");
  raw.exec("PRAGMA synchronous = FULL");
  raw.exec("PRAGMA foreign_keys = ON");
  raw.exec("PRAGMA busy_timeout = 5000");
  // Deleted and overwritten content is zeroed in the file, not left in free space: an erased
  // registrant's details or a deleted ID photo must not be readable from the file or a copy of it
  // (decision 0056). The full-text index does the same by its own option (migration 0027).
  raw.exec("PRAGMA secure_delete = ON");
  // SQLite's own lower() folds ASCII letters only, so every `lower(column) like`
  // search missed "Émile" typed as it is stored (the words are lower-cased in
  // JavaScript). The same name, defined on this connection, replaces it for
  // every query and trigger run here with JavaScript's Unicode lower-casing, as
  // PostgreSQL's lower() does under a UTF-8 locale. No index is built on lower(),
  // so nothing stored depends on the built-in's answers.
  raw.function("lower", { deterministic: true }, (value) =>
    typeof value === "string" ? lowerEachCharacter(value) : typeof value === "number" || typeof value === "bigint" ? String(value) : value,
  );
  // Kysely prepares every query it runs; preparing costs about as much as running
  // a short one, so the compiled statements are kept, most recently used last.
  // One connection runs one query at a time (Kysely's driver holds a lock), so a
  // kept statement is never in use twice at once.
  const statements = new Map<string, NodeSqliteStatement>();
  const database: SqliteDatabase = {
    close: () => {
      statements.clear();
      raw.close();
    },
    prepare: (sql: string) => {
      let stmt = statements.get(sql);
      if (stmt) statements.delete(sql);
      else stmt = new NodeSqliteStatement(raw.prepare(sql));
      statements.set(sql, stmt);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      return stmt;
    },
  };
  return { dialect: new SqliteDialect({ database }), raw };
}
