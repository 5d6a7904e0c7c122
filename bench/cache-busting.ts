// Cache-busting mode of `npm run bench` (decision 0114): a running server's public pages asked with a new
// query string each time (`/?x=<random>`, which nothing reads), beside the same pages asked as they are.
// A query string is kept by the page cache only from its second request on; before, each made-up one was
// rendered, compressed at the highest levels and stored.
//
//   npm run bench -- --cache-busting http://127.0.0.1:3000      (PAGES=/,/schedule, 20 connections, 10 s each)
import autocannon from "autocannon";

type BustRow = { page: string; asked: string; requestsPerSecond: number; p99Ms: number; non2xx: number };

async function measure(base: string, page: string, random: boolean): Promise<BustRow> {
  const result = await autocannon({
    url: base,
    connections: 20,
    duration: 10,
    headers: { "accept-encoding": "br" },
    requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: random ? `${page}?x=${Math.random().toString(36).slice(2)}` : page }) }],
  });
  return { page, asked: random ? "new query string each time" : "as it is", requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99, non2xx: result.non2xx };
}

export async function runCacheBusting(base: string): Promise<void> {
  const pages = process.env.PAGES ? process.env.PAGES.split(",") : ["/", "/schedule"];
  const rows: BustRow[] = [];
  for (const page of pages) {
    rows.push(await measure(base, page, true));
    rows.push(await measure(base, page, false));
  }
  console.log(`\nPublic pages asked anonymously, 20 connections, 10 s each (${base}):`);
  console.table(rows);
}
