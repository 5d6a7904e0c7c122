// Throughput mode of `npm run bench`: load a running server with autocannon, as
// a browser would ask (Accept-Encoding: gzip, deflate, br, zstd), and print one
// table: requests per second, p99 latency and bytes per response for each path.
//
//   npm run bench -- --throughput http://127.0.0.1:3000
//   PATHS=/,/decode CONNECTIONS=50 DURATION=10 npm run bench -- --throughput http://127.0.0.1:3000
//
// The default paths are /, /decode and the site's hashed CSS file (found in the
// home page), so a page is measured beside a static file served by the same server.
import autocannon from "autocannon";

const BROWSER_ENCODING = "gzip, deflate, br, zstd";

export async function runThroughput(base: string) {
  const connections = Number(process.env.CONNECTIONS ?? 50);
  const duration = Number(process.env.DURATION ?? 10);
  const paths = process.env.PATHS ? process.env.PATHS.split(",") : await defaultPaths(base);

  const rows: Array<{ path: string; rps: number; p99: number; bytes: number; non2xx: number; errors: number }> = [];
  for (const p of paths) {
    // A short warm-up, so the first figures are not the JIT's.
    await autocannon({ url: base + p, connections: 5, duration: 1, headers: { "accept-encoding": BROWSER_ENCODING } });
    const r = await autocannon({
      url: base + p,
      connections,
      duration,
      headers: { "accept-encoding": BROWSER_ENCODING, accept: "text/html,*/*" },
    });
    rows.push({
      path: p,
      rps: Math.round(r.requests.average),
      p99: r.latency.p99,
      bytes: Math.round(r.throughput.average / Math.max(1, r.requests.average)),
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
    });
  }

  console.log(`\nThroughput at ${connections} connections, ${duration} s each, Accept-Encoding: ${BROWSER_ENCODING}\n`);
  console.log("| path | requests/s | p99 ms | bytes/response | non-2xx | errors |");
  console.log("|---|---|---|---|---|---|");
  for (const r of rows) console.log(`| ${r.path} | ${r.rps} | ${r.p99} | ${r.bytes} | ${r.non2xx} | ${r.errors} |`);
}

async function defaultPaths(base: string): Promise<string[]> {
  const html = await (await fetch(`${base}/`)).text();
  const css = /\/assets\/[\w.-]+\.css/.exec(html)?.[0];
  return ["/", "/decode", ...(css ? [css] : [])];
}
