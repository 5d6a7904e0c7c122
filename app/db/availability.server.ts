import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from "kysely";

/**
 * When the database cannot be used (decision 0033): which failures mean "the
 * database is unreachable", "busy" or "out of storage", and a circuit that
 * stops every query from waiting on a database known to be down until a probe
 * finds it back. Nothing here knows about HTTP: the shell (server/app.ts) turns
 * these failures into 503 and 507 answers.
 */

export type DatabaseFailure =
  /** No connection can be made or kept (server stopped, network cut, wrong address): 503 until it is back. */
  | "unreachable"
  /** Every pooled connection stayed busy past the wait: this instance is overloaded, the database is fine. */
  | "busy"
  /** The disk under the database is full: nothing was written. */
  | "storage-full";

const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "ECONNABORTED",
]);

/**
 * PostgreSQL SQLSTATEs that mean the server will not serve us now: class 08
 * (connection exception), shutting down or starting up (57P01–57P03), too many
 * connections (53300), the database missing (3D000) or our login refused (28xxx).
 */
function unreachableSqlState(code: string): boolean {
  return code.startsWith("08") || code.startsWith("28") || ["57P01", "57P02", "57P03", "53300", "3D000"].includes(code);
}

const PG_CONNECTION_MESSAGES = [
  /^Connection terminated/i, // "… unexpectedly", "… due to connection timeout"
  /not queryable/i, // a client whose connection already failed
  /^The server does not support SSL/i,
];

/** SQLite result codes (the primary code is the low byte of the extended one). */
const SQLITE_FULL = 13;
const SQLITE_IOERR = 10;
const SQLITE_CANTOPEN = 14;
const SQLITE_NOTADB = 26;

/** Classifies an error from either database (following `cause`), or null when it is an ordinary failure. */
export function databaseFailure(error: unknown): DatabaseFailure | null {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DatabaseUnavailable) return e.failure;
    const { code, errcode, message } = e as { code?: unknown; errcode?: unknown; message?: unknown };
    const text = typeof message === "string" ? message : "";
    // node:sqlite
    if (code === "ERR_SQLITE_ERROR" && typeof errcode === "number") {
      const primary = errcode & 0xff;
      if (primary === SQLITE_FULL) return "storage-full";
      if (primary === SQLITE_IOERR || primary === SQLITE_CANTOPEN || primary === SQLITE_NOTADB) return "unreachable";
      return null;
    }
    if (typeof code === "string") {
      if (code === "53100") return "storage-full"; // PostgreSQL disk_full
      if (/^[0-9A-Z]{5}$/.test(code) && unreachableSqlState(code)) return "unreachable";
      if (SOCKET_CODES.has(code)) return "unreachable";
    }
    // pg-pool: every pooled connection stayed busy for connectionTimeoutMillis.
    if (text === "timeout exceeded when trying to connect") return "busy";
    if (PG_CONNECTION_MESSAGES.some((re) => re.test(text))) return "unreachable";
  }
  return null;
}

/** Thrown instead of the driver's error once a failure is classified, and at once while the circuit is open. */
export class DatabaseUnavailable extends Error {
  readonly failure: DatabaseFailure;
  constructor(failure: DatabaseFailure, cause?: unknown) {
    super(
      failure === "storage-full"
        ? "The database's storage is full."
        : failure === "busy"
          ? "Every database connection stayed busy."
          : "The database is unreachable.",
      { cause },
    );
    this.name = "DatabaseUnavailable";
    this.failure = failure;
  }
}

export type DatabaseStatus = {
  /** True from an "unreachable" failure until a probe succeeds. */
  readonly down: boolean;
  /** When the database was found down (ISO), or null. */
  readonly downSince: string | null;
  /** Tries the database now, bypassing the circuit; closes it when the database answers. */
  check(): Promise<boolean>;
};

export type CircuitOptions = {
  /** How often a probe tries a database that is down. */
  probeIntervalMs?: number;
  onChange?: (down: boolean, error?: unknown) => void;
};

/**
 * Wraps a Kysely dialect so every failure passes through `databaseFailure`:
 *
 * - An unreachable database opens the circuit: every later connection request
 *   fails at once with `DatabaseUnavailable` (no request waits on a connect
 *   timeout, no job piles up), while one probe (`select 1`) a second tries the
 *   real driver. When it answers the circuit closes and the same process serves
 *   again: no restart.
 * - Classified failures reach callers as `DatabaseUnavailable` (the driver's
 *   error is its `cause`); other errors (a unique violation, a syntax error)
 *   pass unchanged.
 */
export function withCircuit(inner: Dialect, opts: CircuitOptions = {}): { dialect: Dialect; status: DatabaseStatus } {
  const probeIntervalMs = opts.probeIntervalMs ?? 1000;
  /** The real driver, once Kysely has initialised it (the probe goes around the circuit). */
  let driver: Driver | undefined;
  let downSince: Date | null = null;
  let probeTimer: NodeJS.Timeout | undefined;
  let probing: Promise<boolean> | undefined;
  let destroyed = false;

  const probe = (): Promise<boolean> => {
    if (!driver) return Promise.resolve(false);
    const d = driver;
    probing ??= (async () => {
      let connection: DatabaseConnection | undefined;
      try {
        connection = await d.acquireConnection();
        await connection.executeQuery(CompiledQuery.raw("select 1"));
        close();
        return true;
      } catch (error) {
        if (databaseFailure(error) === "unreachable") open(error);
        return false;
      } finally {
        if (connection) await d.releaseConnection(connection).catch(() => {});
        probing = undefined;
      }
    })();
    return probing;
  };

  const schedule = () => {
    if (probeTimer || destroyed) return;
    probeTimer = setTimeout(() => {
      probeTimer = undefined;
      void probe().then((up) => {
        if (!up) schedule();
      });
    }, probeIntervalMs);
    probeTimer.unref();
  };

  function open(error: unknown) {
    if (!downSince) {
      downSince = new Date();
      opts.onChange?.(true, error);
    }
    schedule();
  }

  function close() {
    if (!downSince) return;
    downSince = null;
    if (probeTimer) clearTimeout(probeTimer);
    probeTimer = undefined;
    opts.onChange?.(false);
  }

  /** Classifies `error`; opens the circuit on an unreachable database. */
  const translate = (error: unknown): unknown => {
    const failure = databaseFailure(error);
    if (!failure) return error;
    if (failure === "unreachable") open(error);
    return error instanceof DatabaseUnavailable ? error : new DatabaseUnavailable(failure, error);
  };

  const guard = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      throw translate(error);
    }
  };

  class GuardedConnection implements DatabaseConnection {
    readonly inner: DatabaseConnection;
    constructor(connection: DatabaseConnection) {
      this.inner = connection;
      // Aborting a query (Kysely's abort signals) goes to the real connection.
      if (connection.cancelQuery) this.cancelQuery = connection.cancelQuery.bind(connection);
      if (connection.killSession) this.killSession = connection.killSession.bind(connection);
    }
    cancelQuery?: DatabaseConnection["cancelQuery"];
    killSession?: DatabaseConnection["killSession"];
    executeQuery<R>(compiledQuery: CompiledQuery, options?: Parameters<DatabaseConnection["executeQuery"]>[1]): Promise<QueryResult<R>> {
      return guard(() => this.inner.executeQuery<R>(compiledQuery, options));
    }
    async *streamQuery<R>(
      compiledQuery: CompiledQuery,
      chunkSize: number,
      options?: Parameters<DatabaseConnection["streamQuery"]>[2],
    ): AsyncIterableIterator<QueryResult<R>> {
      try {
        yield* this.inner.streamQuery<R>(compiledQuery, chunkSize, options);
      } catch (error) {
        throw translate(error);
      }
    }
  }
  const unwrap = (c: DatabaseConnection) => (c instanceof GuardedConnection ? c.inner : c);

  class GuardedDriver implements Driver {
    readonly inner: Driver;
    constructor(d: Driver) {
      this.inner = d;
    }
    async init(options?: Parameters<Driver["init"]>[0]) {
      await guard(() => this.inner.init(options));
      driver = this.inner;
    }
    async acquireConnection(options?: Parameters<Driver["acquireConnection"]>[0]): Promise<DatabaseConnection> {
      // Open circuit: fail at once; the probe finds the database back.
      if (downSince) throw new DatabaseUnavailable("unreachable");
      return new GuardedConnection(await guard(() => this.inner.acquireConnection(options)));
    }
    beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
      return guard(() => this.inner.beginTransaction(unwrap(connection), settings));
    }
    commitTransaction(connection: DatabaseConnection) {
      return guard(() => this.inner.commitTransaction(unwrap(connection)));
    }
    rollbackTransaction(connection: DatabaseConnection) {
      return guard(() => this.inner.rollbackTransaction(unwrap(connection)));
    }
    releaseConnection(connection: DatabaseConnection, options?: Parameters<Driver["releaseConnection"]>[1]) {
      return this.inner.releaseConnection(unwrap(connection), options);
    }
    destroy(options?: Parameters<Driver["destroy"]>[0]) {
      destroyed = true;
      if (probeTimer) clearTimeout(probeTimer);
      return this.inner.destroy(options);
    }
  }
  // Savepoints are optional on a driver: only offered when the inner one has them.
  const withSavepoints = (d: GuardedDriver): Driver => {
    const real = d.inner;
    const out = d as Driver;
    if (real.savepoint) out.savepoint = (c, name, compile) => guard(() => real.savepoint!(unwrap(c), name, compile));
    if (real.rollbackToSavepoint) out.rollbackToSavepoint = (c, name, compile) => guard(() => real.rollbackToSavepoint!(unwrap(c), name, compile));
    if (real.releaseSavepoint) out.releaseSavepoint = (c, name, compile) => guard(() => real.releaseSavepoint!(unwrap(c), name, compile));
    return out;
  };

  const dialect: Dialect = {
    createDriver: () => withSavepoints(new GuardedDriver(inner.createDriver())),
    createQueryCompiler: (): QueryCompiler => inner.createQueryCompiler(),
    createAdapter: (): DialectAdapter => inner.createAdapter(),
    createIntrospector: (db: Kysely<unknown>): DatabaseIntrospector => inner.createIntrospector(db),
  };
  const status: DatabaseStatus = {
    get down() {
      return downSince !== null;
    },
    get downSince() {
      return downSince?.toISOString() ?? null;
    },
    check: probe,
  };
  return { dialect, status };
}
