import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/schema";
import { groupedWrite, writeTransaction } from "~/db/transactions.server";
import { startSite, type RunningSite } from "../helpers/site";

/**
 * Group commit on SQLite (decision 0039): write transactions that arrive
 * together run one after the other inside one commit, each in a savepoint of
 * its own. What each caller is told must still be what the database holds:
 * a member that throws or is rolled back loses only its own writes, and when
 * the shared commit fails, every member gets the error and nothing is stored.
 */
const count = async (db: Kysely<DB>, prefix: string) =>
  Number((await db.selectFrom("rate_limits").select((eb) => eb.fn.countAll().as("n")).where("key", "like", `${prefix}%`).executeTakeFirstOrThrow()).n);

const addKey = (db: Kysely<DB>, key: string) => db.insertInto("rate_limits").values({ key, points: 1, expire: null }).execute();

/** A booking for a session that does not exist, its foreign key checked only at COMMIT: the shared commit fails. */
async function orphanBooking(trx: Kysely<DB>, id: string) {
  await sql`pragma defer_foreign_keys = on`.execute(trx);
  const now = new Date().toISOString();
  await trx
    .insertInto("family_bookings")
    .values({ id, event_id: "no-such-session", full_name: "Ann Lee", email: "ann@example.com", email_key: "ann@example.com", phone: "5551234567", terms_accepted_at: now, created_at: now })
    .execute();
}

describe("group commit on SQLite", () => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite("sqlite");
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("undoes only the member that failed or was rolled back; later members see earlier ones' writes", async () => {
    const seenByLast: number[] = [];
    const results = await Promise.allSettled([
      writeTransaction(s.db, async (trx) => {
        await addKey(trx, "g1-kept");
        return "kept";
      }),
      writeTransaction(s.db, async (trx) => {
        await addKey(trx, "g1-thrown");
        throw new Error("member failed");
      }),
      writeTransaction(
        s.db,
        async (trx) => {
          await addKey(trx, "g1-refused");
          return "refused";
        },
        { rollbackIf: (r) => r === "refused" },
      ),
      groupedWrite(s.db, (db) => addKey(db, "g1-single")),
      writeTransaction(s.db, async (trx) => {
        seenByLast.push(await count(trx, "g1-"));
        return "last";
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error("member failed"));
    expect((results[2] as PromiseFulfilledResult<string>).value).toBe("refused");
    // The last member counted the two writes that were kept before it, not the undone ones.
    expect(seenByLast).toEqual([2]);
    const keys = (await s.db.selectFrom("rate_limits").select("key").where("key", "like", "g1-%").orderBy("key").execute()).map((r) => r.key);
    expect(keys).toEqual(["g1-kept", "g1-single"]);
  });

  it("tells every member of a group whose commit fails, and stores none of them", async () => {
    const results = await Promise.allSettled([
      writeTransaction(s.db, async (trx) => {
        await addKey(trx, "g2-first");
        return "first";
      }),
      writeTransaction(s.db, async (trx) => {
        await orphanBooking(trx, "g2-orphan");
        return "orphan";
      }),
      groupedWrite(s.db, (db) => addKey(db, "g2-third")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/i);
    expect(await count(s.db, "g2-")).toBe(0);
    expect(await s.db.selectFrom("family_bookings").select("id").where("id", "=", "g2-orphan").executeTakeFirst()).toBeUndefined();
    // The connection is usable afterwards: the next transaction commits.
    await writeTransaction(s.db, (trx) => addKey(trx, "g2-after"));
    expect(await count(s.db, "g2-")).toBe(1);
  });

  it("answers a member that failed on an earlier member's write only once that write is on disk", async () => {
    // Twins: the second fails on the first's row. Had the commit then failed, "already there" would have been a lie.
    const twin = (trx: Kysely<DB>) => addKey(trx, "g3-twin");
    const results = await Promise.allSettled([
      writeTransaction(s.db, twin),
      writeTransaction(s.db, twin),
      writeTransaction(s.db, (trx) => orphanBooking(trx, "g3-orphan")),
    ]);
    // The commit failed: the twin is told so, not that a row exists which was never stored.
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    for (const result of results) expect(String((result as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/i);
    expect(await count(s.db, "g3-")).toBe(0);

    // And when the commit succeeds, the twin gets its own failure.
    const again = await Promise.allSettled([writeTransaction(s.db, twin), writeTransaction(s.db, twin)]);
    expect(again.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
    expect(String((again[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/i);
    expect(await count(s.db, "g3-")).toBe(1);
  });

  it("counts a member's own rollback check that throws as that member's failure, not the group's", async () => {
    const results = await Promise.allSettled([
      writeTransaction(s.db, async (trx) => {
        await addKey(trx, "g4-before");
        return "ok";
      }),
      writeTransaction(
        s.db,
        async (trx) => {
          await addKey(trx, "g4-checked");
          return undefined as unknown as { status: string };
        },
        { rollbackIf: (outcome) => outcome.status === "refused" },
      ),
      writeTransaction(s.db, async (trx) => {
        await addKey(trx, "g4-after");
        return "ok";
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(TypeError);
    const keys = (await s.db.selectFrom("rate_limits").select("key").where("key", "like", "g4-%").orderBy("key").execute()).map((r) => r.key);
    expect(keys).toEqual(["g4-after", "g4-before"]);
  });
});
