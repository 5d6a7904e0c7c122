import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NUL_REFUSED } from "~/lib/http.server";
import { dialects } from "../helpers/databases";
import { startSite, type RunningSite } from "../helpers/site";

const valid = {
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@example.com",
  phoneNumber: "+1 555 123 4567",
  country: "US",
  zipCode: "10001",
  message: "Hello",
  acceptPrivacyPolicy: "on",
};

/** Sends raw bytes and returns the status, the answer, and whether the socket was reset. */
function raw(url: string, request: string | Buffer, body?: Buffer): Promise<{ status: number; text: string; reset: boolean }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let text = "";
    let reset = false;
    socket.on("data", (d) => (text += d.toString("latin1")));
    socket.on("error", () => (reset = true));
    socket.on("close", () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text, reset }));
    // No half-close: every request says "Connection: close", so the server ends the exchange.
    socket.write(request);
    if (body) socket.write(body);
    socket.setTimeout(5000, () => socket.destroy());
  });
}

/** A chunked body of `size` bytes, written in 16 KB chunks. */
function chunked(size: number): Buffer {
  const parts: Buffer[] = [];
  for (let sent = 0; sent < size; sent += 16384) {
    const n = Math.min(16384, size - sent);
    parts.push(Buffer.from(`${n.toString(16)}\r\n`), Buffer.alloc(n, "a"), Buffer.from("\r\n"));
  }
  parts.push(Buffer.from("0\r\n\r\n"));
  return Buffer.concat(parts);
}

describe("malformed requests are the client's errors, never 500 (issue 6)", () => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite("sqlite", { NODE_ENV: "production" }, { clientDir: "build/client" });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it.each(["/%ZZ", "/%", "/%E0%A4%A", "/decode/level/%ZZ", "/assets/%ZZ", "/about/%C0%AF", "/media/%ZZ", "/%00", "/schedule?type=%00", "/no-such%0Apage", "/decode/level/a%0D%0Ab"])(
    "GET %s answers the layout's 400 page",
    async (p) => {
      const res = await fetch(`${s.url}${p}`);
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain("Bad request");
      expect(html).toContain("Register Now"); // the header of the layout
    },
  );

  it.each(["/api/decode/user/%FF", "/api/decode/user/%C0%AF", "/api/%ZZ", "/api/events/open?search=a%00b",
    // A line break or separator: React Router's `*` does not match one, so these had the HTML not-found page.
    "/api/x%0Ay", "/api/admin/photos/%0D%0A%0D%0A", "/api/events/open/a%E2%80%A8b", "/api/contacts/%09"])("GET %s answers JSON 400", async (p) => {
    const res = await fetch(`${s.url}${p}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it("POST to a malformed address answers 400", async () => {
    const res = await fetch(`${s.url}/%ZZ`, { method: "POST", body: "a=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(400);
  });

  it("answers a missing hashed asset 404, not the page", async () => {
    const res = await fetch(`${s.url}/assets/nope-123.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).not.toContain("text/html");
  });

  it.each([
    ["a Host header that is not a host", "GET / HTTP/1.1\r\nHost: a b/c\r\nConnection: close\r\n\r\n"],
    ["a method the Fetch API forbids", "TRACE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"],
    ["an unknown method on an API path", "PROPFIND /api/contact HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"],
    ["an Origin that is not a URL", "POST /contact-us HTTP/1.1\r\nHost: x\r\nOrigin: ::\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"],
    ["a body on GET", "GET /contact-us HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc"],
    ["a .data request for a bad route list", "GET /contact-us.data?_routes=%ZZ,x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"],
    ["a range past the end of a file", "GET /favicon.svg HTTP/1.1\r\nHost: x\r\nRange: bytes=99999-\r\nConnection: close\r\n\r\n"],
  ])("answers %s with a 4xx or a page, never 5xx", async (_name, request) => {
    const r = await raw(s.url, request);
    expect(r.text.slice(0, 40)).toMatch(/^HTTP\/1\.1 /);
    expect(r.status).toBeGreaterThanOrEqual(200);
    expect(r.status).toBeLessThan(500);
  });

  it.each([
    ["a header line without a colon", "GET / HTTP/1.1\r\nHost: x\r\nNo colon here\r\nConnection: close\r\n\r\n"],
    ["two Content-Lengths", "POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{}"],
    ["a Content-Length past any number", "POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\nConnection: close\r\n\r\n{}"],
    ["a control character in the path", "GET /a\x01b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"],
    ["Content-Length beside Transfer-Encoding", "POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n"],
  ])("answers a request Node cannot parse (%s) with 400, not a closed connection", async (_name, request) => {
    const r = await raw(s.url, request);
    expect(r.text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(r.reset).toBe(false);
  });

  it.each([
    ["the API's JSON", "POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n", "2\r\n{}\r\nZZ\r\n"],
    ["a page's form", "POST /contact-us HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n", "2\r\nab\r\nZZ\r\n"],
  ])("answers a chunked body that turns out malformed while %s is read with 400, not a closed connection", async (_name, head, body) => {
    // The head arrives first, so the route is running when the parser meets the bad chunk size.
    const r = await new Promise<{ text: string; reset: boolean }>((resolve) => {
      const socket = net.connect(Number(new URL(s.url).port), "127.0.0.1");
      let text = "";
      let reset = false;
      socket.on("data", (d) => (text += d.toString("latin1")));
      socket.on("error", () => (reset = true));
      socket.on("close", () => resolve({ text, reset }));
      socket.write(head);
      setTimeout(() => socket.write(body), 100);
      socket.setTimeout(5000, () => socket.destroy());
    });
    expect(r.text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(r.reset).toBe(false);
  });

  it.each(["x:99999", "[1:2:3]", "[::1]:99999", "[::1]:0x1"])("reads a page for a Host header the URL parser refuses (%s), signed-in cookie or not", async (host) => {
    // A cookie keeps the request away from the page cache, so the router builds its URL from this Host.
    for (const cookie of ["", "Cookie: a=b\r\n"]) {
      const r = await raw(s.url, `GET /decode HTTP/1.1\r\nHost: ${host}\r\n${cookie}Connection: close\r\n\r\n`);
      expect({ host, cookie, status: r.status }).toEqual({ host, cookie, status: 200 });
    }
  });

  it.each([
    // Each spelling below is /api/events/open.data to React Router, which the API refuses as 404 JSON.
    "/%61pi/events/open.data",
    "/x/%2e%2e/api/events/open.data",
    "/x/../api/events/open.data",
    "/api/events/open%2Edata",
  ])("judges %s by the path React Router reads: the API's refusal of .data", async (p) => {
    const r = await raw(s.url, `GET ${p} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(r.status).toBe(404);
    expect(r.text).toContain('{"success":false,"message":"Not found"}');
  });

  it("reads //host/path as a path of this site, not another host's", async () => {
    // Resolved against the origin, `//x/api/events/open` was x's /api/events/open: the API's list, past every guard.
    const r = await raw(s.url, "GET //x/api/events/open HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(r.status).toBe(404);
    expect(r.text).not.toContain('"success":true');
  });

  it("answers OPTIONS on an escaped API path as the API's OPTIONS, and a request for * with 400", async () => {
    const options = await raw(s.url, "OPTIONS /%61pi/contact HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(options.status).toBe(204);
    expect(options.text).toMatch(/\r\nAllow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n/i);
    expect((await raw(s.url, "OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).status).toBe(400);
  });

  it("serves a request in absolute form by its path", async () => {
    const r = await raw(s.url, "GET http://elsewhere.example/api/events/open HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(r.status).toBe(200);
    expect(r.text).toContain('"success":true');
  });

  it("answers headers past Node's limit with 431 that the client reads, even while it still sends a large body", async () => {
    // A 20 KB address and a 6 MB upload: Node's parser refuses the headers before any handler runs.
    const body = Buffer.alloc(6 * 1024 * 1024, 0x61);
    const answer = await new Promise<{ status: number } | { error: string }>((resolve) => {
      const req = http.request(`${s.url}/contact-us?q=${"x".repeat(20_000)}`, {
        method: "POST",
        agent: false,
        headers: { "content-type": "application/octet-stream", "content-length": String(body.length), connection: "close" },
      });
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
      });
      req.on("error", (error) => resolve({ error: String(error) }));
      req.end(body);
    });
    expect(answer).toEqual({ status: 431 });
  });

  /** Sends `body` on a connection of its own and waits for it to close: the answer's status, and every error the client saw. */
  function upload(p: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; errors: string[] }> {
    return new Promise((resolve) => {
      let status = 0;
      const errors: string[] = [];
      const req = http.request(`${s.url}${p}`, {
        method: "POST",
        agent: false,
        headers: { ...headers, "content-length": String(body.length), connection: "close" },
      });
      req.on("response", (res) => {
        status = res.statusCode ?? 0;
        res.resume();
      });
      req.on("error", (error: NodeJS.ErrnoException) => errors.push(error.code ?? String(error)));
      req.on("close", () => resolve({ status, errors }));
      req.end(body);
    });
  }

  it.each([
    ["a page refuses by its type", "/contact-us", { "content-type": "multipart/form-data; boundary=x" }, 415],
    ["the API refuses by its origin", "/api/contact", { "content-type": "application/json", origin: "https://evil.example" }, 403],
    ["a staff page sends to sign-in", "/admin/family-events", { "content-type": "multipart/form-data; boundary=x" }, 302],
  ])("a 6 MB upload no one reads (%s) is drained: the client reads the answer, with no reset or broken pipe", async (_name, p, headers, status) => {
    for (let i = 0; i < 3; i++) {
      expect(await upload(p, headers, Buffer.alloc(6 * 1024 * 1024, 0x61))).toEqual({ status, errors: [] });
    }
  });

  it("a body declared longer than the server would ever read is answered at once, and the connection closed", async () => {
    const answer = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const req = http.request(`${s.url}/contact-us`, {
        method: "POST",
        agent: false,
        headers: { "content-type": "text/plain", "content-length": String(100 * 1024 * 1024) },
      });
      req.on("response", (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
        req.destroy();
      });
      req.on("error", reject);
      req.write(Buffer.alloc(1024, 0x61));
    });
    expect(answer).toEqual({ status: 415, connection: "close" });
  });

  it("a chunked body that goes on past the drain limit gets its answer before the connection is dropped", async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const status = await new Promise<number>((resolve) => {
      let got = 0;
      // Kept alive, as a browser's connection is. (A client that asked for "Connection: close" has its connection
      // closed by Node as soon as the answer is written, while it still sends: the reset can lose the answer.)
      const agent = new http.Agent({ keepAlive: true });
      const req = http.request(`${s.url}/contact-us`, { method: "POST", agent, headers: { "content-type": "text/plain", "transfer-encoding": "chunked" } });
      req.on("response", (res) => {
        got = res.statusCode ?? 0;
        res.resume();
      });
      req.on("error", () => {}); // the drop, after the answer
      req.on("close", () => {
        agent.destroy();
        resolve(got);
      });
      // 80 MB, more than the 64 MB the server reads and throws away, and never the last chunk.
      let sent = 0;
      const more = () => {
        while (sent < 80 && req.write(chunk)) sent++;
        if (sent < 80) req.once("drain", () => { sent++; more(); });
      };
      more();
    });
    expect(status).toBe(415);
  });

  it("after a refused body on a kept-alive connection, the next request on it is answered", async () => {
    const body = Buffer.alloc(1024 * 1024, 0x61);
    const r = await raw(
      s.url,
      `POST /contact-us HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n`,
      Buffer.concat([body, Buffer.from("GET /livez HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")]),
    );
    expect(r.reset).toBe(false);
    expect(r.status).toBe(415);
    expect(r.text).toMatch(/HTTP\/1\.1 200 OK[\s\S]*\{"status":"ok"\}/);
  });
});

describe("behind a proxy (TRUST_PROXY=true), a forwarded scheme that is not http or https", () => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite("sqlite", { NODE_ENV: "production", TRUST_PROXY: "true" }, { clientDir: "build/client" });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it.each(["1", "a b", "javascript", "https,http"])("X-Forwarded-Proto: %s still reads the page", async (proto) => {
    const r = await raw(s.url, `GET /decode HTTP/1.1\r\nHost: x\r\nX-Forwarded-Proto: ${proto}\r\nCookie: a=b\r\nConnection: close\r\n\r\n`);
    expect({ proto, status: r.status }).toEqual({ proto, status: 200 });
  });
});

describe("precompressed static files and page validators (issue 6, points 18–21)", () => {
  let s: RunningSite;
  let css: string;
  beforeAll(async () => {
    s = await startSite("sqlite", { NODE_ENV: "production" }, { clientDir: "build/client" });
    css = fs.readdirSync("build/client/assets").find((f) => f.endsWith(".css"))!;
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("writes a brotli and a gzip file beside each hashed script and style at build time", () => {
    const assets = fs.readdirSync("build/client/assets");
    const scripts = assets.filter((f) => /\.(js|css)$/.test(f) && fs.statSync(path.join("build/client/assets", f)).size > 4096);
    expect(scripts.length).toBeGreaterThan(3);
    for (const f of scripts) {
      expect(assets).toContain(`${f}.br`);
      expect(assets).toContain(`${f}.gz`);
    }
  });

  it.each([
    ["br", "gzip, deflate, br, zstd"],
    ["gzip", "gzip, deflate"],
  ])("serves the build-time %s file for a browser's Accept-Encoding", async (encoding, accept) => {
    const res = await fetch(`${s.url}/assets/${css}`, { headers: { "Accept-Encoding": accept } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe(encoding);
    expect(res.headers.get("content-type")).toMatch(/^text\/css/);
    expect(res.headers.get("vary")).toMatch(/Accept-Encoding/i);
    expect(res.headers.get("cache-control")).toContain("immutable");
    // The bytes are the file written at build time, byte for byte.
    const onDisk = fs.readFileSync(`build/client/assets/${css}.${encoding === "br" ? "br" : "gz"}`);
    expect(Number(res.headers.get("content-length"))).toBe(onDisk.byteLength);
  });

  it("sends the plain file to a client that accepts no encoding", async () => {
    const res = await fetch(`${s.url}/assets/${css}`, { headers: { "Accept-Encoding": "identity" } });
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(`build/client/assets/${css}`))).toBe(true);
  });

  it("compresses a page in one piece: the gzip stream holds a single final block, not a flush per chunk", async () => {
    const body = await new Promise<Buffer>((resolve, reject) => {
      http.get(`${s.url}/`, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (d: Buffer) => parts.push(d));
        res.on("end", () => resolve(Buffer.concat(parts)));
      }).on("error", reject);
    });
    const html = zlib.gunzipSync(body);
    // A sync flush writes the marker 00 00 ff ff; a page compressed once has none.
    const flushes = body.toString("latin1").split("\u0000\u0000\u00ff\u00ff").length - 1;
    expect(flushes).toBe(0);
    // And it is about what compressing the whole page once gives.
    expect(body.byteLength).toBeLessThan(zlib.gzipSync(html, { level: 6 }).byteLength * 1.05);
  });

  it("gives an anonymous page a weak ETag that ignores the CSP nonce, and answers 304 to it", async () => {
    const first = await fetch(`${s.url}/about`);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    await first.text();
    const second = await fetch(`${s.url}/about`);
    expect(second.headers.get("etag")).toBe(etag);
    expect(second.headers.get("content-security-policy")).not.toBe(first.headers.get("content-security-policy"));
    await second.text();
    const revalidated = await fetch(`${s.url}/about`, { headers: { "If-None-Match": etag! } });
    expect(revalidated.status).toBe(304);
    // The cached copy keeps its own CSP (and nonce): a new one would block its scripts.
    expect(revalidated.headers.get("content-security-policy")).toBeNull();
    const other = await fetch(`${s.url}/decode`, { headers: { "If-None-Match": etag! } });
    expect(other.status).toBe(200);
  });

  it("sends no ETag with an answer that is not an anonymous page or public read", async () => {
    const notFound = await fetch(`${s.url}/no-such-page`);
    expect(notFound.headers.get("etag")).toBeNull();
    // The API's public reads are cached with the pages and carry a validator (decision 0018); a refusal does not.
    const read = await fetch(`${s.url}/api/decode/user`);
    expect(read.headers.get("etag")).toMatch(/^W\//);
    const refused = await fetch(`${s.url}/api/ich`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("etag")).toBeNull();
    const withToken = await fetch(`${s.url}/api/events/open`, { headers: { authorization: "Bearer nothing" } });
    expect(withToken.headers.get("etag")).toBeNull();
  });

  it("sends page requests straight to the page handler and files to the file handler", async () => {
    expect((await fetch(`${s.url}/favicon.svg`)).headers.get("content-type")).toMatch(/image\/svg/);
    const page = await fetch(`${s.url}/favicon.svg.html`);
    expect(page.status).toBe(404);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
  });
});

describe.each(dialects)("form hardening on %s (issue 6, points 2–6)", (dialect) => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite(dialect, { FORM_RATE_LIMIT: "3", PUBLIC_URL: "https://www.site.example" });
  });
  afterAll(async () => {
    await s?.stop();
  });
  beforeEach(async () => {
    await s.db.deleteFrom("contact_messages").execute();
    await s.site.services.formLimiter.delete("127.0.0.1");
  });
  const count = async () =>
    Number((await s.db.selectFrom("contact_messages").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  const form = (values: Record<string, string>) => new URLSearchParams(values).toString();

  it("the no-JavaScript form's 429 carries Retry-After, for the document and the data request", async () => {
    for (let i = 0; i < 3; i++) {
      const ok = await fetch(`${s.url}/contact-us`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: form({ ...valid, email: `a${i}@example.com` }),
      });
      expect(ok.status).toBe(200);
    }
    for (const p of ["/contact-us", "/contact-us.data"]) {
      const limited = await fetch(`${s.url}${p}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: form(valid),
      });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(await count()).toBe(3);
  });

  it.each([
    ["/api/contact", "application/json", JSON.stringify({ ...valid, message: "x".repeat(1024 * 1024) })],
    ["/contact-us", "application/x-www-form-urlencoded", form({ ...valid, message: "x".repeat(1024 * 1024) })],
  ])("a chunked body over the limit to %s gets 413, not a reset", async (p, type) => {
    const body = chunked(1024 * 1024);
    const r = await raw(
      s.url,
      `POST ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
      body,
    );
    expect(r.reset).toBe(false);
    expect(r.status).toBe(413);
    expect(await count()).toBe(0);
  });

  it("refuses a form-encoded post from another site to the JSON API, and stores nothing", async () => {
    const res = await fetch(`${s.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body: form(valid),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ success: false });
    const page = await fetch(`${s.url}/contact-us`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site" },
      body: form(valid),
    });
    expect(page.status).toBe(403);
    expect(await count()).toBe(0);
  });

  it("refuses an Origin that only begins like ours (another host or port), or a same-site Sec-Fetch-Site, and stores nothing", async () => {
    const lookalikes = ["https://www.site.example.evil.example", "https://www.site.example:8443", `${s.url}.evil.example`, `${s.url}0`];
    for (const origin of lookalikes) {
      for (const target of ["/api/contact", "/contact-us"]) {
        const res = await fetch(`${s.url}${target}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin }, body: form(valid) });
        expect({ origin, target, status: res.status }).toEqual({ origin, target, status: 403 });
      }
    }
    // Without an Origin, a browser's word that the post came from a sibling site (another subdomain) is refused too.
    for (const target of ["/api/contact", "/contact-us"]) {
      const res = await fetch(`${s.url}${target}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-site" }, body: form(valid) });
      expect({ target, status: res.status }).toEqual({ target, status: 403 });
    }
    expect(await count()).toBe(0);
  });

  it("accepts a genuine no-JavaScript post behind an HTTPS proxy (Origin = PUBLIC_URL)", async () => {
    const res = await fetch(`${s.url}/contact-us`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://www.site.example",
        "X-Forwarded-Proto": "https",
        "Sec-Fetch-Site": "same-origin",
      },
      body: form(valid),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Message sent successfully!");
    expect(await count()).toBe(1);
  });

  it("answers HEAD with the Content-Type a GET has, whether or not the page is cached", async () => {
    for (const p of ["/privacy-policy", "/privacy-policy", "/register/s-decode-1-a"]) {
      const res = await fetch(`${s.url}${p}`, { method: "HEAD" });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    }
  });

  it.each(["PUT", "PATCH", "DELETE"])("%s /contact-us answers 405 with Allow and stores nothing", async (method) => {
    const init: RequestInit = { method, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form(valid) };
    const res = await fetch(`${s.url}/contact-us`, init);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, POST");
    expect(await count()).toBe(0);
  });

  it.each([
    ["firstName", "Ann\u0008", "Invalid first name"],
    ["lastName", "Lee\u0007", "Invalid last name"],
    ["zipCode", "100\u001b01", "Invalid zip code"],
  ])("refuses a control character in %s with 400 and stores nothing", async (field, value, message) => {
    const res = await fetch(`${s.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...valid, acceptPrivacyPolicy: true, [field]: value }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ [field]: message });
    const page = await fetch(`${s.url}/contact-us`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form({ ...valid, [field]: value }),
    });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(message);
    expect(await count()).toBe(0);
  });

  it.each(["firstName", "zipCode", "message"])("refuses a NUL in %s before any field is read: 400 with its message, nothing stored", async (field) => {
    // No field takes one, and PostgreSQL refuses any statement that carries one (app/lib/http.server.ts).
    const res = await fetch(`${s.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...valid, acceptPrivacyPolicy: true, [field]: "10\u000001" }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, message: NUL_REFUSED });
    const page = await fetch(`${s.url}/contact-us`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form({ ...valid, [field]: "10\u000001" }),
    });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(NUL_REFUSED);
    expect(await count()).toBe(0);
  });
});
