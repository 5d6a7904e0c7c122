import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seatTransaction } from "~/db/transactions.server";
import { seatsTaken } from "~/features/events/events.server";
import { dialects } from "../helpers/databases";
import { addSession, adultDob } from "../helpers/registration";
import { startSite, type RunningSite } from "../helpers/site";

/**
 * `seatTransaction` (decision 0039): a session with a seat limit is locked so
 * that seats are counted and taken one registration at a time; one without a
 * limit is locked FOR SHARE on PostgreSQL, so its registrations run side by
 * side. Which lock to take comes from a read made before the transaction; when
 * that read is stale (staff set a limit in between), the limit still holds.
 */
async function takeSeat(s: RunningSite, eventId: string, n: number) {
  const now = new Date().toISOString();
  await s.db
    .insertInto("registrations")
    .values({
      id: crypto.randomUUID(),
      event_id: eventId,
      programme_id: null,
      kind: "decode",
      first_name: "Seat",
      last_name: `Taker ${n}`,
      name_on_certificate: `Seat Taker ${n}`,
      email: `seat${n}@example.com`,
      email_key: `seat${n}@example.com`,
      mobile_no: "5551234567",
      date_of_birth: adultDob,
      occupation: "Tester",
      session_label: "Chicago | Test session",
      level_name: "DECODE Level 1",
      terms_accepted_at: now,
      created_at: now,
    })
    .execute();
}

describe.each(dialects)("seat locks on %s", (dialect) => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite(dialect);
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("holds a limit that the read before the transaction did not see", async () => {
    const eventId = await addSession(s, { capacity: 1 });
    // Five registrations that all read 'no limit' before staff set one. Each counts the
    // seats, then waits (briefly) for the others to have counted too before it takes one:
    // were they let in together, all five would count none taken and all take a seat.
    const attempts = 5;
    let counted = 0;
    let allCounted!: () => void;
    const everyoneCounted = new Promise<void>((resolve) => (allCounted = resolve));
    const outcomes = await Promise.all(
      Array.from({ length: attempts }, (_, n) =>
        seatTransaction(s.db, eventId, null, async (trx, event) => {
          const taken = (await seatsTaken(trx, [eventId])).get(eventId) ?? 0;
          if (++counted === attempts) allCounted();
          await Promise.race([everyoneCounted, new Promise((resolve) => setTimeout(resolve, 300))]);
          if (!event || (event.capacity !== null && taken >= event.capacity)) return "full";
          await takeSeat({ ...s, db: trx } as RunningSite, eventId, n);
          return "taken";
        }),
      ),
    );
    expect(outcomes.filter((o) => o === "taken")).toHaveLength(1);
    const stored = await s.db.selectFrom("registrations").select("id").where("event_id", "=", eventId).execute();
    expect(stored).toHaveLength(1);
  });

  it.runIf(dialect === "postgres")("lets registrations for a session without a limit run side by side", async () => {
    const eventId = await addSession(s, { capacity: null });
    // Each transaction waits, holding its lock on the session, until the other has taken
    // its own: with a lock that excludes the other (FOR UPDATE) the second never gets in.
    let inside = 0;
    let bothInside!: () => void;
    const together = new Promise<void>((resolve) => (bothInside = resolve));
    const waitForOther = () =>
      Promise.race([together.then(() => "together" as const), new Promise<"alone">((resolve) => setTimeout(() => resolve("alone"), 5000))]);
    const outcomes = await Promise.all(
      [0, 1].map((n) =>
        seatTransaction(s.db, eventId, null, async (trx) => {
          if (++inside === 2) bothInside();
          const seen = await waitForOther();
          await takeSeat({ ...s, db: trx } as RunningSite, eventId, 100 + n);
          return seen;
        }),
      ),
    );
    expect(outcomes).toEqual(["together", "together"]);
  });
});
