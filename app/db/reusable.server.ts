import { CompiledQuery, type Compilable, type Insertable, type Kysely } from "kysely";
import { isPostgres } from "./migrations/types.ts";
import type { DB } from "./schema.ts";

/**
 * Queries built and compiled once, run with each call's values (issue 10: a
 * registration's CPU). Kysely builds an immutable tree for every query and
 * compiles it to SQL on every call: about 80 µs for the registration's insert
 * of some forty columns, 70 µs for the session read with its seat counts, on
 * every submission. The SQL of these queries never depends on the values, only
 * on the dialect, so it is made once per dialect with stand-ins where the values
 * go, and each call puts its own values in their places.
 *
 * A builder must not look at the values (`p.x` is a stand-in, not the value):
 * whatever decides the query's shape (a table, a lock, a list's length) goes
 * into which reusable query is called, or into the cache key (`insertRows`).
 */
class Slot {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

type Built = { sql: string; parameters: readonly unknown[] };
type Dialects = { sqlite?: Built; postgres?: Built };

const dialectOf = (db: Kysely<DB>) => (isPostgres(db as Kysely<unknown>) ? "postgres" : "sqlite");

/** Builds with a stand-in for every value the builder reads from `p`, and checks each one reached the SQL as a parameter. */
function compileWithSlots(db: Kysely<DB>, build: (db: Kysely<DB>, p: Record<string, Slot>) => Compilable<unknown>): Built {
  const used = new Set<string>();
  const slots = new Proxy({} as Record<string, Slot>, {
    get: (_target, name) => {
      if (typeof name !== "string") return undefined;
      used.add(name);
      return new Slot(name);
    },
  });
  const { sql, parameters } = build(db, slots).compile();
  const placed = new Set(parameters.filter((p): p is Slot => p instanceof Slot).map((p) => p.name));
  for (const name of used) if (!placed.has(name)) throw new Error(`reusable query: the value ${name} is not a parameter of its SQL`);
  return { sql, parameters };
}

function fill(built: Built, values: Record<string, unknown>): CompiledQuery {
  return CompiledQuery.raw(
    built.sql,
    built.parameters.map((p) => (p instanceof Slot ? values[p.name] : p)),
  );
}

/**
 * A query whose SQL is compiled once per dialect. `build` gets the database (to
 * build on, and to ask its dialect) and stand-ins for the values; the returned
 * function runs it with the values given and returns its rows.
 */
export function reusableQuery<P extends Record<string, unknown>, R>(
  build: (db: Kysely<DB>, p: P) => Compilable<R>,
): (db: Kysely<DB>, values: P) => Promise<R[]> {
  const compiled: Dialects = {};
  return async (db, values) => {
    const built = (compiled[dialectOf(db)] ??= compileWithSlots(db, build as never));
    return (await db.executeQuery<R>(fill(built, values))).rows;
  };
}

/** A statement without values (BEGIN, a savepoint), compiled once. */
export function fixedStatement(text: string): (db: Kysely<DB>) => Promise<unknown> {
  const query = CompiledQuery.raw(text);
  return (db) => db.executeQuery(query);
}

const insertCache = new Map<string, Built>();
/** Past this many shapes (table, row count and columns), new shapes are compiled each time. */
const INSERT_SHAPES = 200;

/**
 * `insertInto(table).values(rows).execute()`, with the SQL of each shape
 * (dialect, table, row count, columns) compiled once. Every row must have the
 * same columns and no undefined value (Kysely leaves such a column to its
 * default); otherwise the rows go through Kysely as usual.
 */
export async function insertRows<T extends keyof DB & string>(db: Kysely<DB>, table: T, inserted: ReadonlyArray<Insertable<DB[T]>>): Promise<void> {
  const rows = inserted as ReadonlyArray<Record<string, unknown>>;
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const regular = rows.every((row) => {
    const keys = Object.keys(row);
    return keys.length === columns.length && columns.every((c) => Object.hasOwn(row, c) && row[c] !== undefined);
  });
  if (!regular) {
    await db.insertInto(table).values(rows as never).execute();
    return;
  }
  const key = `${dialectOf(db)}\0${table}\0${rows.length}\0${columns.join("\0")}`;
  let built = insertCache.get(key);
  if (!built) {
    built = compileWithSlots(db, (d) =>
      d.insertInto(table).values(rows.map((_, i) => Object.fromEntries(columns.map((c) => [c, new Slot(`${i}\0${c}`)]))) as never),
    );
    if (insertCache.size < INSERT_SHAPES) insertCache.set(key, built);
  }
  const values: Record<string, unknown> = {};
  rows.forEach((row, i) => {
    for (const c of columns) values[`${i}\0${c}`] = row[c];
  });
  await db.executeQuery(fill(built, values));
}
