import net from "node:net";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { DatabaseUnavailable } from "~/db/availability.server";
import { openDatabase } from "~/db/db.server";
import { mailWorkerLog, startMailWorker } from "~/features/mail/outbox.server";

type Line = { level: number; msg: string; failure?: string; err?: { stack?: string } };
const WARN = 40;
const ERROR = 50;

/** A logger whose lines the test reads. */
function captured() {
  const lines: Line[] = [];
  const logger = pino({ level: "debug", base: undefined }, { write: (line: string) => lines.push(JSON.parse(line) as Line) });
  return { lines, logger };
}

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).toReversed()) await c();
});

describe("the mail worker during a database outage (decision 0078)", () => {
  it("logs the outage once, as a warning without a stack, not an error every poll", async () => {
    // A "PostgreSQL" that drops every connection at once: the database is away.
    const server = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(4749, "127.0.0.1", resolve));
    cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    const handle = openDatabase({ databaseUrl: "postgres://site@127.0.0.1:4749/site", dataDir: "/tmp" });
    cleanups.push(() => handle.close());
    const { lines, logger } = captured();
    const mailer = { description: "test", send: async () => {} };
    const worker = startMailWorker(handle.db, mailer, logger, 20);
    // Many polls, and the circuit's probe finding the database still away.
    await new Promise((r) => setTimeout(r, 1500));
    await worker.stop();
    const workerLines = lines.filter((l) => l.msg.startsWith("mail worker"));
    expect(workerLines).toEqual([
      { level: WARN, time: expect.any(Number), msg: "mail worker paused: the database is unavailable; queued mail waits, and each poll tries again", failure: "unreachable" },
    ]);
    expect(lines.filter((l) => l.level >= ERROR)).toEqual([]);
  });

  it("logs again when the database is back, when the failure changes, and every other error whole", () => {
    const { lines, logger } = captured();
    const log = mailWorkerLog(logger);
    const down = new DatabaseUnavailable("unreachable", Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
    log.failed(down);
    log.failed(down);
    log.failed(new DatabaseUnavailable("storage-full"));
    log.failed(new DatabaseUnavailable("storage-full"));
    log.worked();
    log.worked();
    log.failed(new Error("outbox row unreadable"));
    log.failed(new Error("outbox row unreadable"));
    log.failed(down);
    expect(lines.map((l) => [l.level, l.failure ?? (l.err ? "stack" : ""), l.msg.split(":")[0]])).toEqual([
      [WARN, "unreachable", "mail worker paused"],
      [WARN, "storage-full", "mail worker paused"],
      [30, "", "mail worker running again"],
      [ERROR, "stack", "mail worker run failed"],
      [ERROR, "stack", "mail worker run failed"],
      [WARN, "unreachable", "mail worker paused"],
    ]);
    expect(lines.filter((l) => l.level === WARN).every((l) => l.err === undefined)).toBe(true);
  });
});
