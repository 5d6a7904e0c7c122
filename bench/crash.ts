// Crash mode of `npm run bench` (issue 10 point 3): concurrent registrations
// against a production server that is killed with SIGKILL at random moments,
// KILLS times per database (SQLite, and PostgreSQL with TEST_DATABASE_URL).
// After each restart: every acknowledged registration is stored, none twice,
// and on SQLite `PRAGMA integrity_check` is ok. After the last restart the mail
// worker drains the outbox into a capturing SMTP server, and every stored
// registration's confirmation (and every other queued message) has arrived,
// one Message-ID per queued message (decision 0037).
//
//   npm run bench -- --crash          (KILLS=50, CONCURRENCY=6, MAX_KILL_MS=1500, DRAIN_SECONDS=900)
//
// tests/integration/crash.test.ts runs the same harness with a few kills.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { serveNodeFlags } from "./lib.ts";

/** A seeded DECODE Level 1 session without a seat limit or prerequisite. */
const SESSION = "s-decode-1-b";
const ALREADY_REGISTERED = "You are already registered for this session.";
const dob = `${new Date().getUTCFullYear() - 35}-05-05`;

export type CrashOptions = {
  dialect: "sqlite" | "postgres";
  /** For PostgreSQL: a server on which a database may be created and dropped. */
  adminUrl?: string;
  kills: number;
  /** Registration clients sending at once. */
  concurrency?: number;
  /** The latest moment of a kill, in ms after the server listens (each kill is uniform in 0…this). */
  maxKillMs?: number;
  /** How long the final drain of the outbox may take. */
  drainTimeoutMs?: number;
  log?: (line: string) => void;
};

export type CrashReport = {
  database: string;
  kills: number;
  /** Registration POSTs sent, retries included. */
  requests: number;
  /** Distinct e-mails answered 201. */
  acknowledged: number;
  /** Requests whose answer the kill cut off, sent again after the restart (same e-mail). */
  retried: number;
  /** Retries answered "already registered": the cut-off request had committed. */
  committedUnacknowledged: number;
  stored: number;
  duplicates: number;
  /** Acknowledged registrations missing after some restart (must be 0). */
  lost: number;
  /** SQLite integrity checks run and how many were not "ok". */
  integrityChecks: number;
  integrityFailures: number;
  outboxMessages: number;
  /** Messages the SMTP server accepted in full, and their distinct Message-IDs. */
  mailsReceived: number;
  distinctMessageIds: number;
  /** Stored registrations with exactly one confirmation Message-ID (must equal stored). */
  confirmedOnce: number;
  /** Copies of a message received again (same Message-ID): a crash between the SMTP server's acceptance and the outbox's "sent" mark. */
  resent: number;
  problems: string[];
};

type Received = { messageId: string; to: string; subject: string };

/** A capturing SMTP server: one entry per message received in full (a message cut off by a kill is not). */
async function captureSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("error", () => undefined);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, " ");
        const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
        received.push({ messageId: header("Message-ID"), to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(","), subject: header("Subject") });
        callback();
      });
    },
  });
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type Server = { child: ChildProcess; url: string; exited: Promise<void> };

async function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, [...serveNodeFlags(), "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "fatal",
      FORM_RATE_LIMIT: "100000000",
      MAIL_POLL_SECONDS: "0.5",
      SESSION_JOBS_SECONDS: "3600",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s: ${out}`)), 60_000);
    child.stdout!.on("data", () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace("localhost", "127.0.0.1"));
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited before listening: ${out}`));
    });
  });
  return { child, url, exited };
}

/** Reads what the database holds, with the server running. */
type Inspector = {
  registrations: () => Promise<string[]>;
  integrity: () => Promise<string | null>;
  outbox: () => Promise<Array<{ id: string; status: string; to: string; topic: string }>>;
  close: () => Promise<void>;
};

function sqliteInspector(file: string): Inspector {
  const open = () => new DatabaseSync(file);
  const read = <T>(f: (db: DatabaseSync) => T): T => {
    const db = open();
    try {
      return f(db);
    } finally {
      db.close();
    }
  };
  return {
    registrations: async () =>
      read((db) => (db.prepare("select email_key from registrations where event_id = ?").all(SESSION) as Array<{ email_key: string }>).map((r) => r.email_key)),
    integrity: async () => read((db) => (db.prepare("pragma integrity_check").all() as Array<{ integrity_check: string }>).map((r) => r.integrity_check).join("; ")),
    outbox: async () =>
      read((db) => db.prepare("select id, status, to_address as \"to\", topic from outbox").all() as Array<{ id: string; status: string; to: string; topic: string }>),
    close: async () => undefined,
  };
}

function postgresInspector(url: string): Inspector {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return {
    registrations: async () => (await pool.query("select email_key from registrations where event_id = $1", [SESSION])).rows.map((r: { email_key: string }) => r.email_key),
    integrity: async () => null,
    outbox: async () => (await pool.query('select id, status, to_address as "to", topic from outbox')).rows,
    close: () => pool.end(),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One database: KILLS cycles of start, load, SIGKILL; then a last start that drains the mail. */
export async function runCrashHarness(opts: CrashOptions): Promise<CrashReport> {
  const log = opts.log ?? (() => undefined);
  const concurrency = opts.concurrency ?? 6;
  const maxKillMs = opts.maxKillMs ?? 1500;
  const problems: string[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-crash-"));
  const smtp = await captureSmtp();
  const env: Record<string, string> = { DATA_DIR: dataDir, SMTP_URL: smtp.url };
  let dropDatabase: (() => Promise<void>) | undefined;
  let inspector: Inspector;
  if (opts.dialect === "postgres") {
    if (!opts.adminUrl) throw new Error("PostgreSQL needs adminUrl");
    const name = `site_crash_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
    const admin = new pg.Client({ connectionString: opts.adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(opts.adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    inspector = postgresInspector(url.toString());
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: opts.adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    inspector = sqliteInspector(path.join(dataDir, "site.db"));
  }

  let next = 0;
  let requests = 0;
  let retried = 0;
  let committedUnacknowledged = 0;
  let lost = 0;
  let integrityChecks = 0;
  let integrityFailures = 0;
  const acknowledged = new Set<string>();
  /** E-mails whose request got no answer: sent again after the restart. */
  const unanswered: string[] = [];

  const body = (email: string) =>
    JSON.stringify({
      firstName: "Crash",
      lastName: "Test",
      email,
      mobileNo: "5551234567",
      dob,
      occupation: "Tester",
      city: "x",
      termsandcondition: true,
      levelName: "Level 1",
      upcomingEventId: SESSION,
    });

  /** Sends registrations until `stop` says so; a retry of a cut-off request goes first. */
  async function client(url: string, stop: { now: boolean }) {
    while (!stop.now) {
      const retry = unanswered.shift();
      const email = retry ?? `crash${next++}@example.com`;
      requests += 1;
      if (retry) retried += 1;
      let status: number;
      let message = "";
      try {
        const res = await fetch(`${url}/api/registration`, { method: "POST", headers: { "content-type": "application/json" }, body: body(email) });
        status = res.status;
        message = ((await res.json()) as { message?: string }).message ?? "";
      } catch {
        // Cut off by the kill (or refused while it was dying): unknown whether
        // it committed. This client stops; the request goes again after the restart.
        unanswered.push(email);
        return;
      }
      if (status === 201) acknowledged.add(email);
      else if (status === 409 && message === ALREADY_REGISTERED && retry) committedUnacknowledged += 1;
      else problems.push(`${email}: answered ${status} ${message}`);
    }
  }

  /** After a restart: every acknowledged registration is there, none twice; SQLite's file is sound. */
  async function verify(when: string) {
    const stored = await inspector.registrations();
    const counts = new Map<string, number>();
    for (const e of stored) counts.set(e, (counts.get(e) ?? 0) + 1);
    const missing = [...acknowledged].filter((e) => !counts.has(e));
    if (missing.length) {
      lost += missing.length;
      problems.push(`${when}: ${missing.length} acknowledged registrations missing (${missing.slice(0, 3).join(", ")})`);
    }
    const twice = [...counts].filter(([, n]) => n > 1);
    if (twice.length) problems.push(`${when}: ${twice.length} e-mails stored more than once`);
    if (opts.dialect === "sqlite") {
      integrityChecks += 1;
      const result = await inspector.integrity();
      if (result !== "ok") {
        integrityFailures += 1;
        problems.push(`${when}: integrity_check says ${result}`);
      }
    }
    return stored;
  }

  const started = Date.now();
  try {
    for (let kill = 1; kill <= opts.kills; kill++) {
      const t0 = Date.now();
      const server = await startServer(env);
      const startMs = Date.now() - t0;
      if (kill > 1) await verify(`after restart ${kill - 1}`);
      const stop = { now: false };
      const clients = Array.from({ length: concurrency }, () => client(server.url, stop));
      // The kill comes at a random moment; in about a third of the cycles the
      // clients have stopped a little before it, so it lands while the mail
      // worker is sending what the registrations queued.
      const killAt = Math.random() * maxKillMs;
      if (Math.random() < 1 / 3) {
        const quietFor = Math.min(killAt, Math.random() * 400);
        await sleep(killAt - quietFor);
        stop.now = true;
        await sleep(quietFor);
      } else {
        await sleep(killAt);
      }
      server.child.kill("SIGKILL");
      await server.exited;
      stop.now = true;
      await Promise.all(clients);
      log(`${opts.dialect}: kill ${kill}/${opts.kills} at ${Math.round(killAt)} ms (start ${startMs} ms), ${acknowledged.size} acknowledged, ${unanswered.length} cut off, ${smtp.received.length} mails`);
    }

    // The last restart: the cut-off requests are sent again, then the outbox drains.
    const server = await startServer(env);
    await verify(`after restart ${opts.kills}`);
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (unanswered.length) {
          const email = unanswered.shift()!;
          requests += 1;
          retried += 1;
          const res = await fetch(`${server.url}/api/registration`, { method: "POST", headers: { "content-type": "application/json" }, body: body(email) });
          const message = ((await res.json()) as { message?: string }).message ?? "";
          if (res.status === 201) acknowledged.add(email);
          else if (res.status === 409 && message === ALREADY_REGISTERED) committedUnacknowledged += 1;
          else problems.push(`${email}: answered ${res.status} ${message}`);
        }
      }),
    );
    log(`${opts.dialect}: draining the outbox`);
    const drainStarted = Date.now();
    const deadline = Date.now() + (opts.drainTimeoutMs ?? 90_000);
    let outbox = await inspector.outbox();
    const distinct = () => new Set(smtp.received.map((m) => m.messageId)).size;
    while ((outbox.some((m) => m.status !== "sent") || distinct() < outbox.length) && Date.now() < deadline) {
      await sleep(250);
      outbox = await inspector.outbox();
    }
    log(`${opts.dialect}: drained in ${Date.now() - drainStarted} ms`);
    // Anything still in flight lands before the count.
    await sleep(500);
    outbox = await inspector.outbox();
    const stored = await verify("at the end");
    server.child.kill("SIGTERM");
    await server.exited;

    // Mail: one Message-ID per outbox row, each received, nothing unknown.
    const byId = new Map<string, Received[]>();
    for (const m of smtp.received) byId.set(m.messageId, [...(byId.get(m.messageId) ?? []), m]);
    const expected = new Map(outbox.map((m) => [m.id, m]));
    const unsent = outbox.filter((m) => m.status !== "sent");
    if (unsent.length) problems.push(`${unsent.length} outbox messages not sent at the end (${unsent.map((m) => m.status).join(", ")})`);
    const idOf = (messageId: string) => /^<outbox\.([0-9a-f-]+)@/.exec(messageId)?.[1];
    const strangers = [...byId.keys()].filter((mid) => !expected.has(idOf(mid) ?? ""));
    if (strangers.length) problems.push(`${strangers.length} mails received that are not in the outbox (${strangers.slice(0, 3).join(", ")})`);
    const receivedIds = new Set([...byId.keys()].map(idOf));
    const neverReceived = [...expected.keys()].filter((id) => !receivedIds.has(id));
    if (neverReceived.length) problems.push(`${neverReceived.length} outbox messages never received`);
    // Each stored registration: exactly one confirmation message (one Message-ID) to its address.
    const confirmations = new Map<string, Set<string>>();
    for (const m of smtp.received) {
      if (!m.subject.startsWith("Registration confirmed")) continue;
      confirmations.set(m.to, (confirmations.get(m.to) ?? new Set()).add(m.messageId));
    }
    const confirmedOnce = stored.filter((e) => confirmations.get(e)?.size === 1).length;
    if (confirmedOnce !== stored.length) problems.push(`${stored.length - confirmedOnce} stored registrations without exactly one confirmation`);
    const storedSet = new Set(stored);
    const unstoredConfirmations = [...confirmations.keys()].filter((e) => !storedSet.has(e));
    if (unstoredConfirmations.length) problems.push(`${unstoredConfirmations.length} confirmations for registrations not stored`);

    const duplicates = stored.length - storedSet.size;
    log(`${opts.dialect}: ${opts.kills} kills in ${Math.round((Date.now() - started) / 1000)} s`);
    return {
      database: opts.dialect === "sqlite" ? "SQLite" : "PostgreSQL",
      kills: opts.kills,
      requests,
      acknowledged: acknowledged.size,
      retried,
      committedUnacknowledged,
      stored: stored.length,
      duplicates,
      lost,
      integrityChecks,
      integrityFailures,
      outboxMessages: outbox.length,
      mailsReceived: smtp.received.length,
      distinctMessageIds: byId.size,
      confirmedOnce,
      resent: smtp.received.length - byId.size,
      problems,
    };
  } finally {
    await inspector.close();
    await smtp.close();
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runCrash() {
  if (!fs.existsSync("build/server/index.js")) {
    console.error("No build found: run `npm run build` first.");
    process.exit(1);
  }
  const kills = Number(process.env.KILLS ?? 50);
  const common = {
    kills,
    concurrency: Number(process.env.CONCURRENCY ?? 6),
    maxKillMs: Number(process.env.MAX_KILL_MS ?? 1500),
    // Thousands of mails are queued by the end; they go out at tens per second.
    drainTimeoutMs: Number(process.env.DRAIN_SECONDS ?? 900) * 1000,
    log: (line: string) => console.log(line),
  };
  const reports = [await runCrashHarness({ ...common, dialect: "sqlite" })];
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) reports.push(await runCrashHarness({ ...common, dialect: "postgres", adminUrl }));

  console.log(`\nSIGKILL at a random moment (0–${common.maxKillMs} ms after listening) under ${common.concurrency} concurrent registration clients\n`);
  console.log("| database | kills | requests | acknowledged | cut off, retried | committed but unacknowledged | stored | duplicates | lost | integrity ok | outbox | mails received | distinct Message-IDs | resent copies | confirmed once |");
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of reports) {
    const integrity = r.database === "SQLite" ? `${r.integrityChecks - r.integrityFailures}/${r.integrityChecks}` : "n/a";
    console.log(
      `| ${r.database} | ${r.kills} | ${r.requests} | ${r.acknowledged} | ${r.retried} | ${r.committedUnacknowledged} | ${r.stored} | ${r.duplicates} | ${r.lost} | ${integrity} | ${r.outboxMessages} | ${r.mailsReceived} | ${r.distinctMessageIds} | ${r.resent} | ${r.confirmedOnce}/${r.stored} |`,
    );
  }
  const problems = reports.flatMap((r) => r.problems.map((p) => `${r.database}: ${p}`));
  if (problems.length) {
    console.log(`\n${problems.length} problems:\n${problems.slice(0, 50).join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log("\nNo acknowledged registration lost, none stored twice, every queued message received under one Message-ID.");
  }
}
