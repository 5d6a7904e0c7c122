// `npm run admin:create -- --email someone@example.org [--generate]`,
// `npm run admin:password -- --email someone@example.org [--generate]` and
// `npm run admin:remove -- --email someone@example.org`: create an
// administrator, set a new password for one (which ends all of its sessions),
// or remove one with its sessions, tokens and known browsers. Same settings as `npm start`: DATABASE_URL, else the SQLite
// file in DATA_DIR. The password is read from a hidden prompt on a terminal,
// from standard input otherwise (`echo "$PW" | npm run admin:create -- …`),
// or made with --generate and printed once. It is never logged.
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../app/config.server.ts";
import { migrateToLatest, openDatabase } from "../app/db/db.server.ts";
import { AccountError, createStaffAccount, emailProblem, removeStaffAccount, setStaffPassword } from "../app/features/admin-auth/accounts.server.ts";
import { generatePassword, passwordProblem, PASSWORD_MIN_LENGTH } from "../app/features/admin-auth/password.server.ts";

const usage = [
  "Usage: npm run admin:create -- --email someone@example.org [--generate]",
  "       npm run admin:password -- --email someone@example.org [--generate]",
  "       npm run admin:remove -- --email someone@example.org",
].join("\n");

const command = process.argv[2];
function readArgs() {
  try {
    return parseArgs({ args: process.argv.slice(3), options: { email: { type: "string" }, generate: { type: "boolean", default: false } } });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${usage}`);
    process.exit(2);
  }
}
const args = readArgs();
if ((command !== "create" && command !== "password" && command !== "remove") || !args.values.email) {
  console.error(usage);
  process.exit(2);
}
const email = args.values.email;
const emailError = emailProblem(email);
if (emailError) {
  console.error(emailError);
  process.exit(2);
}

/** A line typed without echo; pasting works (it arrives as one chunk). */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stderr.write(question);
    let value = "";
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      process.stderr.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") return done();
        if (ch === "\u0003" || ch === "\u0004") return done(new Error("Cancelled."));
        if (ch === "\u007f" || ch === "\b") value = [...value].slice(0, -1).join("");
        else if (ch >= " ") value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // One trailing line break (echo, a here-string) is not part of the password.
  return Buffer.concat(chunks).toString("utf8").replace(/\r?\n$/, "");
}

async function obtainPassword(): Promise<{ password: string; generated: boolean }> {
  if (args.values.generate) return { password: generatePassword(), generated: true };
  if (process.stdin.isTTY) {
    console.error(`Choose a password of at least ${PASSWORD_MIN_LENGTH} characters (pasting is fine; it is not shown).`);
    for (;;) {
      const first = await promptHidden("Password: ");
      const problem = passwordProblem(first);
      if (problem) {
        console.error(problem);
        continue;
      }
      const second = await promptHidden("Repeat the password: ");
      if (first === second) return { password: first, generated: false };
      console.error("The two passwords differ. Try again.");
    }
  }
  return { password: await readStdin(), generated: false };
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

/** Runs `work` on the migrated database, then closes it; an error is said in one line and the exit code is 1. */
async function onDatabase(work: (db: ReturnType<typeof openDatabase>) => Promise<void>): Promise<void> {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    await work(database);
  } catch (error) {
    console.error(error instanceof AccountError ? error.message : `Failed: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (command === "remove") {
  // No password to ask for: the account, its sessions, tokens and known browsers go at once.
  await onDatabase(async (database) => {
    const removed = await removeStaffAccount(database.db, email);
    console.error(`Removed the administrator ${removed.email} and ended its sessions and tokens (${database.description}).`);
    if (removed.remaining === 0) console.error("No administrator is left: `npm run admin:create -- --email …` makes one.");
  });
} else {
  let password: string;
  let generated: boolean;
  try {
    ({ password, generated } = await obtainPassword());
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }

  // Refused before the database is opened: nothing to undo, and a quick answer.
  const problem = passwordProblem(password);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }

  await onDatabase(async (database) => {
    const account =
      command === "create" ? await createStaffAccount(database.db, email, password) : await setStaffPassword(database.db, email, password);
    console.error(
      command === "create"
        ? `Created the administrator ${account.email} (${database.description}).`
        : `Set a new password for ${account.email} and ended its sessions (${database.description}).`,
    );
    // The generated password alone on standard output, so a script can capture it.
    if (generated) console.log(password);
  });
}
