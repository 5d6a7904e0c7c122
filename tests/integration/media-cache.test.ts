import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaVersion } from "../../server/build/media-version";
import { startSite, type RunningSite } from "../helpers/site";

/**
 * The demo posters, videos and captions are named by fixed paths, so they
 * carry the build's digest of their folders (`?v=`) and are kept a year under
 * it; the same file asked for any other way is kept an hour, as every other
 * file of the public folder (decision 0098).
 */
describe("the demo media's cacheable addresses", () => {
  let s: RunningSite;
  const version = mediaVersion("public");
  beforeAll(async () => {
    s = await startSite("sqlite", {}, { clientDir: "build/client" });
  });
  afterAll(async () => {
    await s?.stop();
  });

  /** Every /media/ and /captions/ address in a page's HTML (src, srcset, poster, track). */
  const addressesIn = (html: string) => [...new Set([...html.matchAll(/\/(?:media|captions)\/[^"'\s,]+/g)].map((m) => m[0].replace(/&amp;/g, "&")))];

  it("names each demo file on the public pages with the digest of the files the build was made from", async () => {
    const seen: string[] = [];
    for (const page of ["/", "/decode", "/ich", "/tasso", "/family-constellation"]) {
      const html = await (await fetch(`${s.url}${page}`)).text();
      seen.push(...addressesIn(html));
    }
    expect(seen.length).toBeGreaterThan(20);
    expect(seen.some((a) => a.includes(".mp4"))).toBe(true);
    for (const address of seen) {
      expect(address).toMatch(new RegExp(`^/(?:media|captions)/[\\w.-]+\\?v=${version}$`));
      expect(fs.existsSync(path.join("public", address.split("?")[0]!))).toBe(true);
    }
  });

  it.each([
    ["/media/intro-640.avif", "image/avif"],
    ["/media/intro.mp4", "video/mp4"],
    ["/captions/intro.vtt", "text/vtt"],
  ])("keeps %s a year under the current digest, an hour otherwise", async (file, type) => {
    const current = await fetch(`${s.url}${file}?v=${version}`, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(current.status).toBe(200);
    expect(current.headers.get("content-type")).toContain(type);
    expect(current.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(current.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = Buffer.from(await current.arrayBuffer());
    expect(bytes.equals(fs.readFileSync(path.join("public", file)))).toBe(true);

    for (const other of [file, `${file}?v=0000000000`, `${file}?v=${version}&x=1`]) {
      const res = await fetch(`${s.url}${other}`);
      expect({ other, status: res.status, cache: res.headers.get("cache-control") }).toEqual({ other, status: 200, cache: "public, max-age=3600" });
      await res.arrayBuffer();
    }
  });

  it("keeps other public files an hour even with the digest, however their path is spelled", async () => {
    for (const address of ["/favicon.svg", "/media/..%2Ffavicon.svg", "/captions/..%2Fog-image.png", "/media/%2E%2E/site.webmanifest"]) {
      const res = await fetch(`${s.url}${address}?v=${version}`);
      expect({ address, status: res.status, cache: res.headers.get("cache-control") }).toEqual({ address, status: 200, cache: "public, max-age=3600" });
      await res.arrayBuffer();
    }
    // A spelling that still names a demo file is that file: kept a year.
    const encoded = await fetch(`${s.url}/media/intro%2D640.avif?v=${version}`);
    expect(encoded.status).toBe(200);
    expect(encoded.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});
