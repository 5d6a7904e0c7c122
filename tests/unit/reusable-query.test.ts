import { Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openSqlite } from "~/db/sqlite-dialect.server";
import { insertRows, reusableQuery } from "~/db/reusable.server";
import type { DB } from "~/db/schema";

function memoryDb() {
  const db = new Kysely<DB>({ dialect: openSqlite(":memory:").dialect });
  return db;
}

describe("queries compiled once (reusable.server)", () => {
  it("runs with each call's values, in their places", async () => {
    const db = memoryDb();
    await sql`create table rate_limits (key text primary key, points integer not null, expire integer)`.execute(db);
    await insertRows(db, "rate_limits", [
      { key: "a", points: 1, expire: null },
      { key: "b", points: 2, expire: 5 },
    ]);
    // A second shape of the same table (one row), and a row Kysely must see itself (an undefined value).
    await insertRows(db, "rate_limits", [{ key: "c", points: 3, expire: 7 }]);
    await insertRows(db, "rate_limits", [{ key: "d", points: 4, expire: undefined }]);
    const byKey = reusableQuery((d, p: { key: string; min: number }) =>
      d.selectFrom("rate_limits").select(["key", "points", "expire"]).where("key", "=", p.key).where("points", ">=", p.min),
    );
    expect(await byKey(db, { key: "b", min: 1 })).toEqual([{ key: "b", points: 2, expire: 5 }]);
    expect(await byKey(db, { key: "b", min: 3 })).toEqual([]);
    expect(await byKey(db, { key: "a", min: 0 })).toEqual([{ key: "a", points: 1, expire: null }]);
    expect(await byKey(db, { key: "c", min: 0 })).toEqual([{ key: "c", points: 3, expire: 7 }]);
    expect(await byKey(db, { key: "d", min: 0 })).toEqual([{ key: "d", points: 4, expire: null }]);
    await db.destroy();
  });

  it("refuses a builder that puts a value anywhere but a parameter", async () => {
    const db = memoryDb();
    const bad = reusableQuery((d, p: { column: string }) => d.selectFrom("rate_limits").select(sql.raw(String(p.column)).as("x")));
    await expect(bad(db, { column: "key" })).rejects.toThrow(/not a parameter/);
    await db.destroy();
  });
});
