// Upload-flood mode of `npm run bench` (decision 0114): many registrations with a 16 MB body sent at
// once, on a fresh SQLite folder: from one address with its form allowance spent, then unspent, then
// each from an address of its own (so the memory budget, not the per-address limit, decides). Reports the server's peak memory (VmHWM), how long the last answer took,
// the answers by status, and the slowest `/livez` answer meanwhile.
//
//   npm run bench -- --upload-flood          (UPLOADS=150)
import fs from "node:fs";
import http from "node:http";
import { requireBuild, sqliteDatabase, startServer } from "./lib.ts";

type FloodRow = { allowance: string; from: string; uploads: number; answers: string; lastAnswerS: number; peakRssMb: number; rssAfterMb: number; slowestLivezMs: number };

const BODY_BYTES = 16 * 1024 * 1024 - 64 * 1024;

/** One multipart registration whose one text part fills BODY_BYTES. */
function upload(base: string, address: string, text: Buffer): Promise<number> {
  const boundary = "----flood";
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="firstName"\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve) => {
    const req = http.request(`${base}/api/ich/ich-registration`, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(head.length + text.length + tail.length), "x-forwarded-for": address },
    });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", () => resolve(0));
    req.write(head);
    req.write(text);
    req.end(tail);
  });
}

const kib = (pid: number, field: "VmRSS" | "VmHWM") => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) : 0;
};

async function flood(spent: boolean, uploads: number, spread: boolean): Promise<FloodRow> {
  const db = sqliteDatabase();
  const server = await startServer({ ...db.env, FORM_RATE_LIMIT: "3", FORM_RATE_WINDOW_SECONDS: "600", TRUST_PROXY: "1", SESSION_JOBS_SECONDS: "86400" }, 0);
  try {
    const address = "198.51.100.77";
    if (spent) {
      for (let n = 0; n < 3; n++) {
        await fetch(`${server.base}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": address },
          body: JSON.stringify({ firstName: "Ann", lastName: "Lee", email: `flood${n}@example.com`, phoneNumber: "+1 555 123 4567", country: "US", zipCode: "10001", message: "Tell me more.", acceptPrivacyPolicy: true }),
        });
      }
    }
    const pid = server.child.pid!;
    const text = Buffer.alloc(BODY_BYTES, "a");
    let slowest = 0;
    const probing = { on: true };
    const probe = (async () => {
      while (probing.on) {
        const t = performance.now();
        await fetch(`${server.base}/livez`).catch(() => {});
        slowest = Math.max(slowest, performance.now() - t);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: uploads }, (_, i) => upload(server.base, spread ? `10.77.${i >> 8}.${i & 255}` : address, text)));
    const lastAnswerS = (performance.now() - started) / 1000;
    probing.on = false;
    await probe;
    const counts = new Map<number, number>();
    for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
    return {
      allowance: spent ? "spent" : "unspent",
      from: spread ? "one address each" : "one address",
      uploads,
      answers: [...counts].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${n}×${s}`).join(", "),
      lastAnswerS: Math.round(lastAnswerS * 10) / 10,
      peakRssMb: Math.round(kib(pid, "VmHWM") / 1024),
      rssAfterMb: Math.round(kib(pid, "VmRSS") / 1024),
      slowestLivezMs: Math.round(slowest),
    };
  } finally {
    await server.stop();
    await db.dispose();
  }
}

export async function runUploadFlood(): Promise<void> {
  requireBuild();
  const uploads = Number(process.env.UPLOADS ?? 150);
  const rows = [await flood(true, uploads, false), await flood(false, uploads, false), await flood(false, uploads, true)];
  console.log(`\n${uploads} registrations of ${Math.round(BODY_BYTES / 1024 / 1024)} MB at once (one server process):`);
  console.table(rows);
}
