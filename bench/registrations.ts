// Submission mode of `npm run bench`: registrations (POST /api/registration) and
// Family Constellation bookings (POST /api/familyConsitalation/register) at 100
// concurrent clients (autocannon) against a fresh server on SQLite and, when
// TEST_DATABASE_URL is set, on a fresh PostgreSQL database; then compares what
// is stored with the 201s acknowledged (they must be equal).
//
//   npm run bench -- --registrations          (CONNECTIONS=100, AMOUNT=1000)
import fs from "node:fs";
import autocannon from "autocannon";
import { openDatabase, requireBuild, spawnNode, startServer, stopChild, wantedDatabases, type BenchDatabase } from "./lib.ts";

const REGISTRATION_SESSION = "s-decode-1-b"; // a seeded session without a seat limit
const BOOKING_SESSION = "s-fc-new-york"; // a seeded Family Constellation session; its limit is lifted below
const dob = `${new Date().getUTCFullYear() - 35}-05-05`;
/** Submissions of each form sent before the measured run, and not counted. */
const WARM_UP = 300;

export type SubmissionRow = {
  database: string;
  form: "registration" | "booking";
  clients: number;
  sent: number;
  rps: number;
  p99: number;
  /**
   * The server's CPU time (user + system, all its threads) per counted submission, ms, from the
   * first request until the last of their mails has been sent; null where /proc is not there.
   */
  cpuMs: number | null;
  /** Submissions over the time until the last of their mails was sent (the rate the site can keep up). */
  rpsWithMail: number;
  acknowledged: number;
  stored: number;
  non2xx: number;
  errors: number;
};

/** A process's CPU time so far (user + system, ms), from /proc; null elsewhere. */
function cpuTime(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
/** USER_HZ: 100 on Linux. */
const CLOCK_TICKS = 100;

/** Until no mail is left to send (at most five minutes); the time it was reached. */
async function outboxDrained(db: BenchDatabase): Promise<number> {
  const deadline = performance.now() + 300_000;
  for (;;) {
    const pending = await db.scalar("select count(*) as n from outbox where status = 'pending'");
    if (pending === 0) return performance.now();
    if (performance.now() > deadline) throw new Error(`${pending} mails still unsent five minutes after the run`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function load(db: BenchDatabase, url: string, body: (n: number) => unknown, opts: { amount?: number; serverPid?: number } = {}) {
  const { amount = Number(process.env.AMOUNT ?? 1000), serverPid } = opts;
  const connections = Number(process.env.CONNECTIONS ?? 100);
  // A fixed number of requests, not a duration: every request sent is answered
  // and counted, so "acknowledged" and "stored" can be compared exactly.
  let n = 0;
  let acknowledged = 0;
  const cpuBefore = cpuTime(serverPid);
  const started = performance.now();
  let lastAnswer = started;
  const result = await autocannon({
    url,
    connections,
    amount,
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [
      {
        setupRequest: (req) => ({ ...req, body: JSON.stringify(body(n++)) }),
        onResponse: (status) => {
          if (status === 201) acknowledged += 1;
          lastAnswer = performance.now();
        },
      },
    ],
  });
  // Until the last answer: autocannon notices it is done only at its next one-second tick.
  const seconds = (lastAnswer - started) / 1000;
  // The mail worker sends in the background and can fall behind the answers: a rate or a CPU time
  // taken at the last answer would leave out the mails still queued, so both are also taken once
  // the outbox is empty (polled every 25 ms).
  const mailsSent = await outboxDrained(db);
  const cpuAfter = cpuTime(serverPid);
  return {
    clients: connections,
    sent: amount,
    // Answers over the time to the last answer, timed here: autocannon's per-second average of a
    // run of a few seconds can only be 1000/4, 1000/5 … (250, 200) for 1000 requests, and it ends a
    // run (its `duration`) only at the tick after the last answer (3000 answers: 599, 499, 428/s
    // and nothing between).
    rps: Math.round(result.requests.total / seconds),
    rpsWithMail: Math.round(result.requests.total / ((mailsSent - started) / 1000)),
    p99: result.latency.p99,
    // Steadier than the rate on a shared machine: what the server spent, not how long it took (mails included).
    cpuMs: cpuBefore !== null && cpuAfter !== null ? Math.round(((cpuAfter - cpuBefore) / amount) * 100) / 100 : null,
    acknowledged,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * The mail server the submissions' mails go to (`bench/smtp-sink.ts`), in a process of its own on
 * autocannon's core: the site sends over SMTP as in production. Without it the server would write
 * each mail to a file (the no-SMTP fallback), about 0.2–0.8 ms of kernel time a file here.
 */
async function startSmtpSink(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawnNode(["bench/smtp-sink.ts"], 0);
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /smtp:\/\/\S+/.exec(out);
      if (m) resolve(m[0]);
    });
    child.once("exit", (code) => reject(new Error(`the SMTP sink exited (${code})`)));
  });
  return {
    url,
    stop: () => stopChild(child),
  };
}

/** Both forms on one database: a fresh server, a registration run, then a booking run. */
export async function measureSubmissions(db: BenchDatabase, port: number): Promise<SubmissionRow[]> {
  // BENCH_MAIL=outbox: the no-SMTP fallback (one file a mail) instead of the SMTP sink.
  const smtp = process.env.BENCH_MAIL === "outbox" ? null : await startSmtpSink();
  // On one core of its own, as for the page rates it is compared with (and a steadier p99: a server
  // sharing both cores with autocannon and its own helper threads gave tails of seconds).
  const server = await startServer(
    { ...db.env, FORM_RATE_LIMIT: "100000000", SESSION_JOBS_SECONDS: "86400", ...(smtp ? { SMTP_URL: smtp.url } : {}) },
    port,
    { pin: true },
  ).catch(async (error: unknown) => {
    await smtp?.stop();
    throw error;
  });
  try {
    const registration = (prefix: string) => (n: number) => ({
      firstName: "Bench", lastName: `Client ${n}`, email: `${prefix}${n}@example.com`, mobileNo: "5551234567", dob,
      occupation: "Tester", city: "x", termsandcondition: true, levelName: "Level 1", upcomingEventId: REGISTRATION_SESSION,
    });
    const booking = (prefix: string) => (n: number) => ({
      programId: BOOKING_SESSION, fullName: `Bench Booker ${n}`, email: `${prefix}${n}@example.com`, phone: "(512) 555-0142",
      termsAndCondition: true, communicationPreferences: false,
    });
    // Bookings need a session that does not fill: the seat limit is the seats test's business (issue 8, issue 10 point 4).
    await db.exec(`update events set capacity = null where id = '${BOOKING_SESSION}'`);
    // A warm-up of each form first, not counted (other e-mails): a fresh server compiles its code and
    // prepares its statements on the first few hundred requests, a second or more of a 1,000-request run.
    await load(db, `${server.base}/api/registration`, registration("warmup"), { amount: WARM_UP });
    await load(db, `${server.base}/api/familyConsitalation/register`, booking("warmup"), { amount: WARM_UP });
    const reg = await load(db, `${server.base}/api/registration`, registration("bench"), { serverPid: server.child.pid });
    const regStored = await db.scalar("select count(*) as n from registrations where event_id = $1 and email like 'bench%'", REGISTRATION_SESSION);
    const booked = await load(db, `${server.base}/api/familyConsitalation/register`, booking("booker"), { serverPid: server.child.pid });
    const bookStored = await db.scalar("select count(*) as n from family_bookings where event_id = $1 and email like 'booker%'", BOOKING_SESSION);
    return [
      { database: db.name, form: "registration", ...reg, stored: regStored },
      { database: db.name, form: "booking", ...booked, stored: bookStored },
    ];
  } finally {
    await server.stop();
    await smtp?.stop();
  }
}

export async function runRegistrations() {
  requireBuild();
  const rows: SubmissionRow[] = [];
  const port = Number(process.env.BENCH_PORT ?? 4392);
  for (const kind of wantedDatabases()) {
    const db = await openDatabase(kind);
    try {
      rows.push(...(await measureSubmissions(db, port)));
    } finally {
      await db.dispose();
    }
  }
  console.log(`\nSubmissions at ${rows[0]?.clients} concurrent clients, ${rows[0]?.sent} requests each run\n`);
  console.log("| database | form | submissions/s | p99 ms | submissions/s, mails sent | server CPU ms each, mails included | acknowledged (201) | stored | equal | non-2xx | errors |");
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(`| ${r.database} | ${r.form} | ${r.rps} | ${r.p99} | ${r.rpsWithMail} | ${r.cpuMs ?? "–"} | ${r.acknowledged} | ${r.stored} | ${r.acknowledged === r.stored ? "yes" : "NO"} | ${r.non2xx} | ${r.errors} |`);
  }
}
