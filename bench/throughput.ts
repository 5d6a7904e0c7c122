// Throughput mode of `npm run bench`: load a running server with autocannon, as
// a browser would ask (Accept-Encoding: gzip, deflate, br, zstd), and print one
// table: requests per second, p99 latency and bytes per response for each path.
//
//   npm run bench -- --throughput http://127.0.0.1:3000
//   PATHS=/,/decode CONNECTIONS=50 DURATION=10 npm run bench -- --throughput http://127.0.0.1:3000
//
// The default paths are the public pages issue 10 names, `GET /api/events/open`
// `/healthz` (one database round trip, issue 8's reference for the API) and the
// site's hashed CSS file (found in the home page): the pages are measured beside
// a static file served by the same server, their ceiling.
import autocannon from "autocannon";

const BROWSER_ENCODING = "gzip, deflate, br, zstd";

export type ThroughputRow = { path: string; rps: number; p99: number; bytes: number; non2xx: number; errors: number };

export const PUBLIC_PATHS = ["/", "/decode", "/schedule", "/decode/level/decode-1", "/family-constellation", "/api/events/open"];

export async function measureThroughput(base: string, paths?: string[]): Promise<ThroughputRow[]> {
  const connections = Number(process.env.CONNECTIONS ?? 50);
  const duration = Number(process.env.DURATION ?? 10);
  const list = paths ?? (process.env.PATHS ? process.env.PATHS.split(",") : [...PUBLIC_PATHS, "/healthz", await staticPath(base)]);
  const rows: ThroughputRow[] = [];
  for (const p of list) {
    const accept = p.startsWith("/api/") ? "application/json" : "text/html,*/*";
    // A short warm-up, so the first figures are not the JIT's.
    await autocannon({ url: base + p, connections: 5, duration: 1, headers: { "accept-encoding": BROWSER_ENCODING, accept } });
    const r = await autocannon({ url: base + p, connections, duration, headers: { "accept-encoding": BROWSER_ENCODING, accept } });
    rows.push({
      path: p,
      rps: Math.round(r.requests.average),
      p99: r.latency.p99,
      bytes: Math.round(r.throughput.average / Math.max(1, r.requests.average)),
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
    });
  }
  return rows;
}

export async function runThroughput(base: string) {
  const rows = await measureThroughput(base);
  console.log(`\nThroughput at ${process.env.CONNECTIONS ?? 50} connections, ${process.env.DURATION ?? 10} s each, Accept-Encoding: ${BROWSER_ENCODING}\n`);
  console.log("| path | requests/s | p99 ms | bytes/response | non-2xx | errors |");
  console.log("|---|---|---|---|---|---|");
  for (const r of rows) console.log(`| ${r.path} | ${r.rps} | ${r.p99} | ${r.bytes} | ${r.non2xx} | ${r.errors} |`);
}

/** The site's hashed stylesheet, as linked from the home page: a static file with a long cache life. */
export async function staticPath(base: string): Promise<string> {
  const html = await (await fetch(`${base}/`)).text();
  const css = /\/assets\/[\w.-]+\.css/.exec(html)?.[0];
  if (!css) throw new Error("the home page links no hashed stylesheet");
  return css;
}
