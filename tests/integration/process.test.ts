import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { serveNodeFlags } from "../../bench/lib.ts";

/** Starts `node server.ts` as `npm start` does (after the build, with its Node flags) and waits for its start-up line. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [...serveNodeFlags(), "server.ts"], {
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!.replace("localhost", "127.0.0.1"));
    });
    void exited.then((code) => reject(new Error(`exited ${code}: ${err}`)));
  });
  return { child, url, exited, output: () => ({ out, err }) };
}

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill("SIGKILL");
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "site-proc-"));
  dirs.push(d);
  return d;
};

describe("the server process", () => {
  it("creates, migrates and seeds its database on first start and prints the URL", async () => {
    const dataDir = path.join(tempDir(), "nested", "data");
    const s = startServer({ DATA_DIR: dataDir });
    children.push(s.child);
    const url = await s.url;
    expect(fs.existsSync(path.join(dataDir, "site.db"))).toBe(true);
    const health = await fetch(`${url}/healthz`);
    expect(await health.json()).toEqual({ status: "ok", database: "ok" });
    // Personal data: the folder, the database and its journal are the server's account's alone, whatever the umask it was started with.
    const mode = (file: string) => fs.statSync(path.join(dataDir, file)).mode & 0o777;
    expect(mode(".")).toBe(0o700);
    for (const file of fs.readdirSync(dataDir).filter((f) => f.startsWith("site.db"))) expect(mode(file)).toBe(0o600);
    // A mail copy (no SMTP here), written after a contact message.
    const sent = await fetch(`${url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({ firstName: "Ada", lastName: "Byron", email: "ada@example.org", country: "US", zipCode: "10001", phoneNumber: "5551234567", acceptPrivacyPolicy: true }),
    });
    expect(sent.status).toBe(201);
    await expect.poll(() => (fs.existsSync(path.join(dataDir, "outbox")) ? fs.readdirSync(path.join(dataDir, "outbox")).length : 0), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(mode("outbox")).toBe(0o700);
    for (const file of fs.readdirSync(path.join(dataDir, "outbox"))) expect(mode(path.join("outbox", file))).toBe(0o600);
    s.child.kill("SIGTERM");
    expect(await s.exited).toBe(0);
  });

  it("finishes an in-flight request after SIGTERM, then exits 0", async () => {
    const s = startServer({ DATA_DIR: tempDir() });
    children.push(s.child);
    const url = new URL(await s.url);
    const body = JSON.stringify({
      firstName: "Ann", lastName: "Lee", email: "ann@example.com", phoneNumber: "+1 555 123 4567",
      country: "US", zipCode: "10001", acceptPrivacyPolicy: true,
    });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        { host: url.hostname, port: url.port, path: "/api/contact", method: "POST",
          headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) } },
        (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode!, text }));
        },
      );
      req.on("error", reject);
      // Half the body now; the rest after the signal.
      req.write(body.slice(0, 20));
      setTimeout(() => {
        s.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(20)), 300);
      }, 200);
    });
    const answer = await response;
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.text).success).toBe(true);
    expect(await s.exited).toBe(0);
    expect(s.output().out).toContain("SIGTERM received");
  });

  it("never writes a booker's private link to the request log: the page, its calendar file and its cancel are logged as /my-booking/[token] (decision 0087)", async () => {
    const dataDir = tempDir();
    // PORT=0 would make the calendar files' URL http://localhost:0, which they refuse: a public address of its own.
    const s = startServer({ DATA_DIR: dataDir, LOG_LEVEL: "info", PUBLIC_URL: "https://site.example" });
    children.push(s.child);
    const url = await s.url;
    const booked = await fetch(`${url}/api/familyConsitalation/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({ programId: "s-fc-austin", fullName: "Log Reader", email: "log.reader@example.com", phone: "5125550142", termsAndCondition: true }),
    });
    expect(booked.status).toBe(201);
    const outbox = path.join(dataDir, "outbox");
    let token = "";
    await expect
      .poll(
        () => {
          for (const name of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
            // Quoted-printable, soft line breaks joined.
            const raw = fs.readFileSync(path.join(outbox, name), "utf8").replace(/=\r?\n/g, "");
            const found = /\/my-booking\/([A-Za-z0-9_-]{43})/.exec(raw);
            if (found) token = found[1]!;
          }
          return token;
        },
        { timeout: 60_000 },
      )
      .not.toBe("");
    expect((await fetch(`${url}/my-booking/${token}`)).status).toBe(200);
    expect((await fetch(`${url}/my-booking/${token}/calendar.ics`)).status).toBe(200);
    const cancel = await fetch(`${url}/my-booking/${token}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
      body: "intent=cancel",
    });
    expect(cancel.status).toBe(302);
    s.child.kill("SIGTERM");
    expect(await s.exited).toBe(0);
    const { out, err } = s.output();
    expect(out).toContain('"path":"/my-booking/[token]"');
    expect(out).toContain('"path":"/my-booking/[token]/calendar.ics"');
    expect(out + err).not.toContain(token);
  }, 120_000);

  it("answers a write to an address that only reads with 405 and Allow, logged as a warning, not an error", async () => {
    const s = startServer({ DATA_DIR: tempDir() });
    children.push(s.child);
    const url = await s.url;
    const post = (p: string, method: "POST" | "PUT" = "POST") =>
      fetch(`${url}${p}`, { method, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=b" });
    for (const p of ["/robots.txt", "/sitemap.xml"]) {
      const res = await post(p);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD");
      expect(await res.text()).toBe("This address only answers GET.");
    }
    const page = await post("/about");
    expect(page.status).toBe(405);
    expect(page.headers.get("allow")).toBe("GET, HEAD");
    expect(page.headers.get("content-type")).toContain("text/html");
    const api = await post("/api/events/open", "PUT");
    expect(api.status).toBe(405);
    expect(api.headers.get("allow")).toBe("GET, HEAD");
    s.child.kill("SIGTERM");
    expect(await s.exited).toBe(0);
    const lines = s.output().out.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as { level: number; msg: string; status?: number });
    // pino: 40 warn, 50 error. Each refusal is one request line at warn, and nothing is logged as an error.
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.filter((l) => l.msg === "request" && l.level === 40).length).toBeGreaterThanOrEqual(4);
  });

  it.each([
    [{ PORT: "not-a-port" }, "PORT"],
    [{ DATABASE_URL: "mysql://nope" }, "DATABASE_URL"],
    [{ CONTACT_EMAIL: "not an address" }, "CONTACT_EMAIL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
  ])("refuses to start with a bad setting %j, naming it", async (env, name) => {
    const s = startServer({ DATA_DIR: tempDir(), ...env });
    children.push(s.child);
    s.url.catch(() => {});
    expect(await s.exited).toBe(1);
    expect(s.output().err).toContain("Invalid configuration");
    expect(s.output().err).toContain(`${name}:`);
  });
});
