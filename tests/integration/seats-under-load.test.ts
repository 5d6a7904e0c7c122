import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DbHandle } from "~/db/db.server";
import { createPostgresDatabase, dialects } from "../helpers/databases";
import { addSession, valid } from "../helpers/registration";
import { spawnServer, type ServerProcess } from "../helpers/server-process";

/**
 * Issue 10 point 4, seats under load: sessions of capacity 1, 2 and 50 each get
 * 200 registrations at once, three rounds each, on both databases. Exactly the
 * capacity succeeds; every other attempt is refused with 409 'This session is
 * full'. The slowest refusal is printed beside the issue's bound of 3 s and
 * reported in the session notes; it is not asserted here (the team's rule: no
 * timing inside a test), because on a machine shared with other suites it
 * measures the neighbours (3.4–9 s seen with three suites running, 0.4–1.5 s
 * alone). Only a hang guard is asserted.
 *
 * The server runs in a process of its own (as in production), so the 200
 * clients of this test do not share its event loop.
 */
const ATTEMPTS = 200;
const ROUNDS = 3;
const CAPACITIES = [1, 2, 50];
/** The issue's bound, printed beside the measured figure. */
const REFUSAL_BOUND_MS = 3000;
/** A refusal later than this is a hang, not a slow machine. */
const HANG_MS = 60_000;

type Attempt = { status: number; message: string; ms: number };

let visitors = 0;

/**
 * One visitor's registration. Each comes from an address of its own (IPv6
 * documentation addresses, as the reverse proxy reports them): 200 people at
 * once, as a rush for seats is, each within the form limit of its address.
 */
async function attempt(url: string, eventId: string, n: number): Promise<Attempt> {
  const visitor = ++visitors;
  const started = performance.now();
  const response = await fetch(`${url}/api/registration`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `2001:db8:${visitor.toString(16)}::1` },
    body: JSON.stringify({ ...valid, upcomingEventId: eventId, email: `load${visitor}-${n}@example.com` }),
  });
  const body = (await response.json()) as { message?: string };
  return { status: response.status, message: body.message ?? "", ms: performance.now() - started };
}

describe.each(dialects)("seats under load on %s", (dialect) => {
  let server: ServerProcess;
  let handle: DbHandle;
  let dropPostgres: (() => Promise<void>) | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-load-"));
  const slowest: Record<number, number> = {};

  beforeAll(async () => {
    const pg = dialect === "postgres" ? await createPostgresDatabase() : undefined;
    dropPostgres = pg?.drop;
    const env = { DATA_DIR: dataDir, ...(pg ? { DATABASE_URL: pg.url } : {}) };
    // Behind a reverse proxy (one hop), with the default form limit.
    // Request lines are not logged (a 409 is a warning): 200 of them at once
    // into this test's pipe would measure the pipe.
    server = await spawnServer({ ...env, TRUST_PROXY: "1", LOG_LEVEL: "error" });
    // The test's own connection, to add sessions and read what was stored.
    handle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    // A serving instance is warm: its pool connected, its code compiled, its
    // mailer loaded. These 20 registrations (a few seats, then refusals) are not measured.
    const warmUp = await addSession(handle, { capacity: 5 });
    await Promise.all(Array.from({ length: 20 }, (_, n) => attempt(server.url, warmUp, n)));
  });
  afterAll(async () => {
    console.log(
      `[seats under load, ${dialect}] ${ATTEMPTS} concurrent attempts x ${ROUNDS} rounds; slowest refusal per capacity (bound ${REFUSAL_BOUND_MS} ms): ${CAPACITIES.map((c) => `${c}: ${Math.round(slowest[c] ?? 0)} ms`).join(", ")}`,
    );
    await server?.stop();
    await handle?.close();
    await dropPostgres?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  for (const capacity of CAPACITIES) {
    it(`capacity ${capacity}: exactly ${capacity} of ${ATTEMPTS} succeed, every other one is told the session is full (${ROUNDS} rounds; slowest refusal printed)`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const eventId = await addSession(handle, { capacity });
        const results = await Promise.all(Array.from({ length: ATTEMPTS }, (_, n) => attempt(server.url, eventId, n)));

        const created = results.filter((r) => r.status === 201);
        const refused = results.filter((r) => r.status !== 201);
        expect(created).toHaveLength(capacity);
        expect(refused).toHaveLength(ATTEMPTS - capacity);
        expect(new Set(refused.map((r) => `${r.status} ${r.message}`))).toEqual(new Set(["409 This session is full"]));

        const worst = Math.max(...refused.map((r) => r.ms));
        slowest[capacity] = Math.max(slowest[capacity] ?? 0, worst);
        expect(worst).toBeLessThan(HANG_MS);

        // What the database holds agrees: the seats taken, and the two mails of each (none for a refusal).
        const rows = await handle.db.selectFrom("registrations").select("id").where("event_id", "=", eventId).execute();
        expect(rows).toHaveLength(capacity);
        const mails = await handle.db
          .selectFrom("outbox")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("topic", "in", rows.map((r) => `registration:${r.id}`))
          .executeTakeFirstOrThrow();
        expect(Number(mails.n)).toBe(2 * capacity);
      }
    }, 60_000);
  }
});
