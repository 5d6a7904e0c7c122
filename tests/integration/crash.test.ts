import { describe, expect, it } from "vitest";
import { runCrashHarness } from "../../bench/crash";
import { dialects, postgresUrl } from "../helpers/databases";

/**
 * Issue 10 point 3, crash safety, in small: the harness of `npm run bench --
 * --crash` (50 kills per database there) with a few kills per database.
 * Concurrent registrations against `node server.ts`, SIGKILL at random
 * moments, restart: every acknowledged registration stored, none twice, the
 * SQLite file sound; at the end every queued message reaches the SMTP server
 * under its one Message-ID, each stored registration with one confirmation
 * (decision 0037).
 */
const KILLS = Number(process.env.CRASH_KILLS ?? 4);

describe.each(dialects)("SIGKILL under registrations on %s", (dialect) => {
  it(`loses no acknowledged registration, stores none twice and delivers every queued mail, over ${KILLS} kills`, { timeout: 150_000 }, async () => {
    const report = await runCrashHarness({ dialect, adminUrl: postgresUrl, kills: KILLS, concurrency: 4, maxKillMs: 1200, drainTimeoutMs: 60_000 });
    expect(report.problems).toEqual([]);
    expect(report.kills).toBe(KILLS);
    expect(report.acknowledged).toBeGreaterThan(0);
    expect(report.lost).toBe(0);
    expect(report.duplicates).toBe(0);
    expect(report.stored).toBe(report.acknowledged + report.committedUnacknowledged);
    // SQLite's file is checked after every restart and at the end (PostgreSQL has no such check).
    expect(report.integrityChecks).toBe(dialect === "sqlite" ? KILLS + 1 : 0);
    expect(report.integrityFailures).toBe(0);
    // Two messages per registration (the confirmation and the notice to the organization), each received.
    expect(report.outboxMessages).toBe(2 * report.stored);
    expect(report.distinctMessageIds).toBe(report.outboxMessages);
    expect(report.confirmedOnce).toBe(report.stored);
  });
});
