// Thumbnail mode of `npm run bench`: what resized programme thumbnails cost
// (decision 0106). A staff member uploads a large animated GIF (the costliest
// image to resize); then, on SQLite:
//   - the first request for each width (decoded, resized, kept in the database);
//   - the median of later requests for the same width (read from the database);
//   - a crowd: CROWD requests at once for a width nobody asked for yet, and the
//     time a small static thumbnail takes meanwhile.
//
//   npm run bench -- --thumbnails          (CROWD=12, REPEATS=30)
import { spawnSync } from "node:child_process";
import sharp from "sharp";
import { requireBuild, sqliteDatabase, startServer } from "./lib.ts";

const EMAIL = "bench-thumbnails@example.org";
const PASSWORD = "Bench thumbnails 2026 quietly";

export type ThumbnailRow = { figure: string; ms: number };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - t0;
}

/** 1600 × 1600, 19 frames of noise: about the largest GIF a staff member may upload (5 MB). */
async function largeAnimatedGif(): Promise<Buffer> {
  const frames = await Promise.all(
    Array.from({ length: 19 }, (_, i) => sharp({ create: { width: 1600, height: 1600, channels: 3, background: { r: 40 + i * 8, g: 90, b: 160 } } }).png().toBuffer()),
  );
  return sharp(frames, { join: { animated: true } }).gif({ colours: 16 }).toBuffer();
}

async function upload(base: string, auth: Record<string, string>, title: string, bytes: Buffer, type: string): Promise<string> {
  const form = new FormData();
  const fields = { title, subtitle: "Bench program for thumbnails", duration: "1 Day", status: "Open", cardPoints: '["<p>One point</p>"]', learningSections: '[{"title":"Basics","content":"<p>Text</p>"}]' };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("thumbnail", new Blob([new Uint8Array(bytes)], { type }), type === "image/gif" ? "big.gif" : "small.png");
  const res = await fetch(`${base}/api/hypnotherapy`, { method: "POST", headers: auth, body: form });
  const body = (await res.json()) as { data?: { thumbnail: string }; message?: string };
  if (res.status !== 201 || !body.data) throw new Error(`upload answered ${res.status}: ${body.message}`);
  return body.data.thumbnail;
}

export async function runThumbnails(): Promise<void> {
  requireBuild();
  const crowd = Number(process.env.CROWD ?? 12);
  const repeats = Number(process.env.REPEATS ?? 30);
  const db = sqliteDatabase();
  const server = await startServer({ ...db.env, SESSION_JOBS_SECONDS: "86400" }, Number(process.env.BENCH_PORT ?? 4390));
  const rows: ThumbnailRow[] = [];
  try {
    const made = spawnSync(process.execPath, ["scripts/admin.ts", "create", "--email", EMAIL], { input: `${PASSWORD}\n`, env: { ...process.env, ...db.env }, encoding: "utf8" });
    if (made.status !== 0) throw new Error(`admin:create failed: ${made.stderr}`);
    const login = await fetch(`${server.base}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const gif = await largeAnimatedGif();
    const big = await upload(server.base, auth, "Bench Large Animated Thumbnail", gif, "image/gif");
    const small = await upload(server.base, auth, "Bench Small Static Thumbnail", await sharp({ create: { width: 800, height: 450, channels: 3, background: "#5a2a8c" } }).png().toBuffer(), "image/png");
    console.log(`\nUploaded an animated GIF of 1600 × 1600 px, 19 frames, ${(gif.byteLength / 1e6).toFixed(2)} MB.`);

    for (const w of [320, 1280]) {
      rows.push({ figure: `first ?w=${w} of the GIF (resized and kept)`, ms: await timed(`${server.base}/uploads/${big}?w=${w}`) });
      const later: number[] = [];
      for (let i = 0; i < repeats; i++) later.push(await timed(`${server.base}/uploads/${big}?w=${w}`));
      rows.push({ figure: `later ?w=${w} of the GIF, median of ${repeats}`, ms: median(later) });
    }
    // A crowd for a width nobody asked for yet, and a small static thumbnail asked meanwhile.
    const crowdDone = Promise.all(Array.from({ length: crowd }, () => timed(`${server.base}/uploads/${big}?w=640`)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const meanwhile = await timed(`${server.base}/uploads/${small}?w=320`);
    const crowdTimes = await crowdDone;
    rows.push({ figure: `${crowd} at once: first ?w=640 of the GIF, slowest`, ms: Math.max(...crowdTimes) });
    rows.push({ figure: "a small static ?w=320 asked during that crowd", ms: meanwhile });
  } finally {
    await server.stop();
    await db.dispose();
  }
  console.log("\nThumbnails (SQLite), milliseconds:");
  console.table(rows.map((r) => ({ figure: r.figure, ms: Math.round(r.ms * 10) / 10 })));
}
