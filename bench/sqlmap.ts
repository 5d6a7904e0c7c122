// sqlmap mode of `npm run bench` (issue 10 point 7): runs the Debian package's
// sqlmap (`apt-get install -y sqlmap`) in batch mode against every public and
// staff endpoint of a production server on a fresh SQLite folder (and on a
// fresh PostgreSQL database with TEST_DATABASE_URL): query parameters, JSON
// bodies and path segments (marked `*`); staff endpoints with a Bearer token
// from POST /api/admin/login for an account made by scripts/admin.ts. Prints a
// line per endpoint and whether sqlmap found an injection anywhere.
//
//   npm run bench -- --sqlmap          (LEVEL=2, RISK=1, ONLY=<substring of a path>)
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startServer } from "./lib.ts";

const PASSWORD = "sqlmap bench staff password 2026";
const EMAIL = "sqlmap@example.org";

type Target = { name: string; url: string; data?: string; method?: string; staff?: boolean };

function targets(base: string, ids: { registration: string; contact: string; family: string }): Target[] {
  const json = (o: object) => JSON.stringify(o);
  const dob = `${new Date().getUTCFullYear() - 35}-05-05`;
  const registration = { firstName: "Sql", lastName: "Map", email: "sqlmap1@example.com", mobileNo: "5551234567", dob, occupation: "Tester", city: "x", termsandcondition: true, levelName: "Level 1", upcomingEventId: "s-decode-1-b" };
  const programme = {
    title: "Sqlmap Program",
    subtitle: "A program sqlmap writes",
    duration: "2 Days",
    status: "Open",
    cardPoints: ["<p>x</p>"],
    learningSections: [{ title: "x", content: "<p>x</p>" }],
    upcomingEvents: [],
  };
  return [
    // Public reads.
    { name: "GET /api/events/open", url: `${base}/api/events/open?page=1&limit=10&search=x&program=decode-1` },
    { name: "GET /api/events/open/upcoming", url: `${base}/api/events/open/upcoming?limit=5` },
    { name: "GET /api/events/open/date-range", url: `${base}/api/events/open/date-range?startDate=2026-01-01&endDate=2027-12-31` },
    { name: "GET /api/events/open/type/{type}", url: `${base}/api/events/open/type/decode*` },
    { name: "GET /api/events/open/{id}", url: `${base}/api/events/open/s-decode-1-a*` },
    { name: "GET /api/decode/user", url: `${base}/api/decode/user?search=x&page=1` },
    { name: "GET /api/decode/user/{id}", url: `${base}/api/decode/user/decode-1*` },
    { name: "GET /api/hypnotherapy/user", url: `${base}/api/hypnotherapy/user?search=x&page=1` },
    { name: "GET /api/hypnotherapy/user/{id}", url: `${base}/api/hypnotherapy/user/ich-1*` },
    { name: "GET /api/familyEvent/user", url: `${base}/api/familyEvent/user?page=1` },
    { name: "GET /api/familyEvent/user/{id}", url: `${base}/api/familyEvent/user/x*` },
    { name: "GET /schedule", url: `${base}/schedule?program=decode-1&view=list&page=1` },
    { name: "GET /register/{sessionId}", url: `${base}/register/s-decode-1-a*` },
    { name: "GET /my-registration/{token}", url: `${base}/my-registration/abc*` },
    { name: "GET /uploads/{name}", url: `${base}/uploads/x.png*?w=320` },
    // Public writes (JSON bodies).
    { name: "POST /api/contact", url: `${base}/api/contact`, data: json({ name: "Sql Map", email: "sqlmap@example.com", phone: "5551234567", subject: "Hello", message: "A message from sqlmap." }) },
    { name: "POST /api/registration", url: `${base}/api/registration`, data: json(registration) },
    { name: "POST /api/ich/ich-registration", url: `${base}/api/ich/ich-registration`, data: json({ ...registration, email: "sqlmap2@example.com", levelName: "ICH Level 1", level: "Level 1", upcomingEventId: "s-ich-1-a" }) },
    { name: "POST /api/familyConstellation/register", url: `${base}/api/familyConstellation/register`, data: json({ name: "Sql Map", email: "sqlmap3@example.com", phone: "5551234567", eventId: "x", message: "x" }) },
    { name: "POST /api/prerequisite-check", url: `${base}/api/prerequisite-check`, data: json({ upcomingEventId: "s-decode-2-a", email: "sqlmap@example.com" }) },
    { name: "POST /api/admin/login", url: `${base}/api/admin/login`, data: json({ email: "nobody@example.org", password: "not the password at all" }) },
    // Staff (Bearer token).
    { name: "GET /api/registration", url: `${base}/api/registration?search=x&page=1&startDate=2026-01-01&endDate=2027-12-31`, staff: true },
    { name: "GET /api/registration/{id}", url: `${base}/api/registration/${ids.registration}*`, staff: true },
    { name: "GET /api/registration/download-csv", url: `${base}/api/registration/download-csv?search=x&startDate=2026-01-01&endDate=2027-12-31`, staff: true },
    { name: "GET /api/ich", url: `${base}/api/ich?search=x&page=1`, staff: true },
    { name: "GET /api/ich/{id}", url: `${base}/api/ich/x*`, staff: true },
    { name: "GET /api/ich/download-csv", url: `${base}/api/ich/download-csv?startDate=2026-01-01&endDate=2027-12-31`, staff: true },
    { name: "GET /api/contacts", url: `${base}/api/contacts?search=x&page=1&startDate=2026-01-01`, staff: true },
    { name: "GET /api/contacts/{id}", url: `${base}/api/contacts/${ids.contact}*`, staff: true },
    { name: "GET /api/contacts/download-csv", url: `${base}/api/contacts/download-csv?startDate=2026-01-01&endDate=2027-12-31`, staff: true },
    { name: "GET /api/family-consultation", url: `${base}/api/family-consultation?search=x&page=1`, staff: true },
    { name: "GET /api/family-consultation/{id}", url: `${base}/api/family-consultation/${ids.family}*`, staff: true },
    { name: "GET /api/family-consultation/download-csv", url: `${base}/api/family-consultation/download-csv?startDate=2026-01-01`, staff: true },
    { name: "GET /api/admin/audit", url: `${base}/api/admin/audit?page=1&action=create&search=x`, staff: true },
    { name: "GET /api/admin/registrations/{id}/photos/{photo}", url: `${base}/api/admin/registrations/${ids.registration}*/photos/profile`, staff: true },
    { name: "GET /api/decode", url: `${base}/api/decode?search=x&page=1`, staff: true },
    { name: "GET /api/hypnotherapy", url: `${base}/api/hypnotherapy?search=x&page=1`, staff: true },
    { name: "GET /api/decode/{id}", url: `${base}/api/decode/decode-1*`, staff: true },
    { name: "POST /api/hypnotherapy", url: `${base}/api/hypnotherapy`, data: json(programme), staff: true },
    { name: "PUT /api/decode/{id}", url: `${base}/api/decode/decode-5`, method: "PUT", data: json({ ...programme, title: "Sqlmap Level" }), staff: true },
    { name: "GET /api/familyEvent", url: `${base}/api/familyEvent?page=1&search=x`, staff: true },
    { name: "POST /api/familyEvent", url: `${base}/api/familyEvent`, data: json({ eventName: "Sqlmap", startDate: "2027-01-01T10:00", endDate: "2027-01-01T12:00", timeZone: "America/Chicago", location: "Austin", capacity: "10" }), staff: true },
  ];
}

async function runOne(database: string, env: Record<string, string>) {
  // The staff account, made the way an operator makes one.
  const made = spawnSync(process.execPath, ["scripts/admin.ts", "create", "--email", EMAIL], { env: { ...process.env, ...env }, input: `${PASSWORD}\n`, encoding: "utf8" });
  if (made.status !== 0) throw new Error(`admin:create failed: ${made.stderr}`);
  // sqlmap sends thousands of requests: no limit may answer 429 in place of the endpoint.
  const server = await startServer(
    { LOG_LEVEL: "fatal", FORM_RATE_LIMIT: "100000000", ADMIN_LOGIN_ACCOUNT_LIMIT: "100000000", ADMIN_LOGIN_ADDRESS_LIMIT: "100000000", ...env },
    0,
  );
  const base = server.base;
  const found: string[] = [];
  try {
    const login = await fetch(`${base}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
    const token = ((await login.json()) as { token?: string }).token;
    if (!token) throw new Error(`login failed: ${login.status}`);
    const auth = { authorization: `Bearer ${token}` };
    // Some real rows, so the {id} paths reach the database with ids that exist.
    const reg = (await (await fetch(`${base}/api/registration`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ firstName: "Real", lastName: "Row", email: "real@example.com", mobileNo: "5551234567", dob: "1990-01-01", occupation: "x", city: "x", termsandcondition: true, levelName: "Level 1", upcomingEventId: "s-decode-1-b" }) })).json()) as { data?: { _id: string } };
    const contact = (await (await fetch(`${base}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Real Row", email: "real@example.com", phone: "5551234567", subject: "Hi", message: "A real message." }) })).json()) as { data?: { _id: string } };
    const ids = { registration: reg.data?._id ?? "x", contact: contact.data?._id ?? "x", family: "x" };
    const only = process.env.ONLY;
    const list = targets(base, ids).filter((t) => !only || t.name.includes(only));
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "sqlmap-out-"));
    for (const t of list) {
      const args = [
        "-u", t.url,
        "--batch",
        `--level=${process.env.LEVEL ?? 2}`,
        `--risk=${process.env.RISK ?? 1}`,
        "--threads=4",
        "--flush-session",
        "--disable-coloring",
        `--output-dir=${outDir}`,
        // Our 4xx answers carry messages; a 5xx would be the finding to see.
        "--ignore-code=400,401,404,405,409,413,415,422,429",
      ];
      if (t.data) args.push(`--data=${t.data}`);
      if (t.method) args.push(`--method=${t.method}`);
      if (t.staff) args.push(`--headers=authorization: ${auth.authorization}`);
      const started = Date.now();
      const run = spawnSync("sqlmap", args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
      const out = `${run.stdout}${run.stderr}`;
      const vulnerable = /identified the following injection point|is vulnerable|parameter '.*' (?:appears to be|is) '.*' injectable/i.test(out);
      const clean = /do not appear to be injectable|does not seem to be injectable/i.test(out);
      const verdict = vulnerable ? "INJECTABLE" : clean ? "nothing found" : "no verdict";
      if (vulnerable) found.push(`${database} ${t.name}`);
      if (!vulnerable && !clean) found.push(`${database} ${t.name}: no verdict (${out.split("\n").filter((l) => /\[(CRITICAL|ERROR)\]/.test(l)).slice(0, 2).join(" ")})`);
      console.log(`| ${database} | ${t.name} | ${verdict} | ${Math.round((Date.now() - started) / 1000)} s |`);
    }
    fs.rmSync(outDir, { recursive: true, force: true });
  } finally {
    await server.stop();
  }
  return found;
}

export async function runSqlmap() {
  try {
    execFileSync("sqlmap", ["--version"], { stdio: "ignore" });
  } catch {
    console.error("sqlmap is not installed: apt-get install -y sqlmap");
    process.exit(1);
  }
  if (!fs.existsSync("build/server/index.js")) {
    console.error("No build found: run `npm run build` first.");
    process.exit(1);
  }
  console.log(`sqlmap ${execFileSync("sqlmap", ["--version"], { encoding: "utf8" }).trim().split("\n")[0]}, --batch --level=${process.env.LEVEL ?? 2} --risk=${process.env.RISK ?? 1}\n`);
  console.log("| database | endpoint | result | time |");
  console.log("|---|---|---|---|");
  const found: string[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-sqlmap-"));
  try {
    found.push(...(await runOne("SQLite", { DATA_DIR: dataDir })));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const name = `site_sqlmap_${Date.now().toString(36)}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-sqlmap-"));
    try {
      found.push(...(await runOne("PostgreSQL", { DATA_DIR: pgDir, DATABASE_URL: url.toString() })));
    } finally {
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      fs.rmSync(pgDir, { recursive: true, force: true });
    }
  }
  if (found.length) {
    console.log(`\nsqlmap reported:\n${found.join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log("\nsqlmap found no injectable parameter on any endpoint.");
  }
}
