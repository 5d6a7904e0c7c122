import { describe, expect, it } from "vitest";
import { DatabaseUnavailable, databaseFailure } from "~/db/availability.server";

const err = (props: Record<string, unknown>, message = "x") => Object.assign(new Error(message), props);

describe("databaseFailure: which errors mean the database cannot be used (decision 0033)", () => {
  it("reads a refused, reset or vanished connection as unreachable", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EPIPE"]) {
      expect(databaseFailure(err({ code }))).toBe("unreachable");
    }
    expect(databaseFailure(new Error("Connection terminated unexpectedly"))).toBe("unreachable");
    expect(databaseFailure(new Error("Connection terminated due to connection timeout"))).toBe("unreachable");
    expect(databaseFailure(new Error("Client has encountered a connection error and is not queryable"))).toBe("unreachable");
  });

  it("reads PostgreSQL's shutting down, starting up, connection and login states as unreachable", () => {
    for (const code of ["57P01", "57P02", "57P03", "08006", "08001", "53300", "3D000", "28P01"]) {
      expect(databaseFailure(err({ code }))).toBe("unreachable");
    }
  });

  it("reads a full disk on either database as storage-full", () => {
    expect(databaseFailure(err({ code: "53100" }, "could not extend file: No space left on device"))).toBe("storage-full");
    expect(databaseFailure(err({ code: "ERR_SQLITE_ERROR", errcode: 13, errstr: "database or disk is full" }))).toBe("storage-full");
  });

  it("reads SQLite's I/O and open failures as unreachable, other SQLite errors as ordinary", () => {
    expect(databaseFailure(err({ code: "ERR_SQLITE_ERROR", errcode: 10 }))).toBe("unreachable");
    expect(databaseFailure(err({ code: "ERR_SQLITE_ERROR", errcode: 266 }))).toBe("unreachable"); // SQLITE_IOERR_READ
    expect(databaseFailure(err({ code: "ERR_SQLITE_ERROR", errcode: 14 }))).toBe("unreachable");
    expect(databaseFailure(err({ code: "ERR_SQLITE_ERROR", errcode: 2067 }, "UNIQUE constraint failed: x.y"))).toBeNull();
    expect(databaseFailure(err({ code: "ERR_SQLITE_ERROR", errcode: 5 }, "database is locked"))).toBeNull();
  });

  it("reads a pool whose every connection stayed busy as busy, not as a database that is down", () => {
    expect(databaseFailure(new Error("timeout exceeded when trying to connect"))).toBe("busy");
  });

  it("leaves ordinary query errors alone: a unique violation, a syntax error, a serialisation failure", () => {
    expect(databaseFailure(err({ code: "23505" }))).toBeNull();
    expect(databaseFailure(err({ code: "42601" }))).toBeNull();
    expect(databaseFailure(err({ code: "40001" }))).toBeNull();
    expect(databaseFailure(new Error("something else"))).toBeNull();
    expect(databaseFailure(null)).toBeNull();
    expect(databaseFailure("ECONNREFUSED")).toBeNull();
  });

  it("follows the cause, and keeps the classification of an error already translated", () => {
    expect(databaseFailure(new Error("wrapped", { cause: err({ code: "ECONNREFUSED" }) }))).toBe("unreachable");
    expect(databaseFailure(new DatabaseUnavailable("storage-full"))).toBe("storage-full");
    expect(new DatabaseUnavailable("unreachable", err({ code: "ECONNREFUSED" })).message).toBe("The database is unreachable.");
  });
});
