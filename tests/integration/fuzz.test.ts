import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { createStaffAccount } from "~/features/admin-auth/accounts.server";
import { createSession } from "~/features/admin-auth/sessions.server";
import { dialects } from "../helpers/databases";
import { startSite, type RunningSite } from "../helpers/site";

/**
 * Issue 10, point 6: property-based fuzzing of every API operation (from the
 * OpenAPI document, public and staff, signed in) and every page that takes a
 * form post (from the route table), with random and oversized strings, wrong
 * types, invalid UTF-8, control characters, `__proto__` and `constructor`
 * keys, deep nesting, huge multipart parts and malformed percent-encoding.
 * Whatever arrives, the answer is a 4xx with a message (JSON under /api), never
 * a 5xx, and nothing is stored. On failure fast-check prints the seed and the
 * shrunk request; `FUZZ_RUNS` raises the number of random requests, and
 * `FUZZ_SEED` replays a printed seed.
 */

type Op = { method: string; path: string; api: boolean };
type Entry = { path?: string; index?: boolean; file: string; children?: Entry[] };

function flatten(entries: Entry[], parent = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((e) => {
    const full = [parent, e.path ?? ""].filter(Boolean).join("/");
    return [...(e.path !== undefined || e.index ? [{ path: full, file: e.file }] : []), ...flatten(e.children ?? [], full)];
  });
}

/** Page routes that take a form post (those whose module exports an action; staff screens included). */
const PAGE_POSTS = flatten(routes as unknown as Entry[])
  .filter((r) => /^routes\/(_public|admin)\//.test(r.file) && !/logout/.test(r.file))
  .filter((r) => /export (async )?function action\b|export const action\b/.test(fs.readFileSync(join("app", r.file), "utf8")))
  .map((r) => `/${r.path}`.replace(/\/$/, "") || "/");

/** Real values for path parameters, so validation past the lookup is reached too. */
const PARAMS: Record<string, string[]> = {
  id: ["s-fc-austin", "ich-1", "decode-1", "no-such-id"],
  sessionId: ["s-decode-1-a", "s-fc-austin"],
  type: ["hyp", "fc", "decode", "??"],
  photo: ["profile", "id-front", "x"],
  token: ["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
  levelNumber: ["1", "9"],
  section: ["nothing"],
};

const WATCHED = ["registrations", "family_bookings", "contact_messages", "programmes", "events", "files", "staff_accounts", "outbox"] as const;

const RUNS = Number(process.env.FUZZ_RUNS ?? 250);

// ---- what a request can hold -------------------------------------------------

const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("\u0000", "\u001b[31m", "\r\n\r\n", "\uFEFF", "\uD800", "<script>alert(1)</script>", "' OR 1=1 --", "%", "%E0%A4%A", "../../etc/passwd", "😀".repeat(50)),
  fc.string({ minLength: 5000, maxLength: 70000 }).map((s) => s.padEnd(5000, "x")),
);
const scalar = fc.oneof(nasty, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.bigInt().map(String));
const keyName = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "email", "firstName", "upcomingEventId", "eventId", "capacity", "startDate", "status", "page", "limit", "search", "title"),
  fc.string({ maxLength: 12 }),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, scalar, tie("array"), tie("object")),
  array: fc.array(tie("value"), { maxLength: 4 }),
  object: fc.dictionary(keyName, tie("value"), { maxKeys: 6 }),
})).value;

/** Bodies nobody's form would send: raw text, bytes that are not UTF-8, nesting past any limit. */
const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
const rawBody = fc.oneof(
  fc.constantFrom('{"a":', "{'single':1}", "null", "[]", "1e999999", deep(5000), `{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}`),
  fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.concat([Buffer.from([0xc3, 0x28, 0xff, 0xfe]), Buffer.from(b)])),
);

type Req = { op: Op; path: string; query: string; kind: "json" | "form" | "multipart" | "raw" | "none"; value?: unknown; raw?: Uint8Array | string; huge?: boolean };

const queryString = fc.oneof(
  fc.constant(""),
  fc.dictionary(keyName, nasty, { maxKeys: 4 }).map((d) => `?${new URLSearchParams(Object.entries(d).map(([k, v]) => [k, String(v)]))}`),
  fc.constantFrom("?page=%", "?search=%E0%A4%A", "?limit=-1&page=1e9", "?startDate=2026-02-30&endDate=x", "?search=%00%ff"),
);

/** A real id where the call only reads or validates; never for a DELETE, which would rightly delete it. */
const paramValues = (param: string, method: string) => (method === "DELETE" ? ["no-such-id"] : (PARAMS[param] ?? ["x"]));

function concretePath(template: string, method: string): fc.Arbitrary<string> {
  const params = [...template.matchAll(/[:{](\w+)\??}?/g)].map((m) => m[1]!);
  if (params.length === 0) return fc.constant(template);
  return fc
    .tuple(...params.map((p) => fc.oneof(fc.constantFrom(...paramValues(p, method)), nasty.map((s) => encodeURIComponent(s.slice(0, 60).toWellFormed()) || "x"), fc.constantFrom("%", "%E0%A4%A", "%00", ".."))))
    .map((values) => {
      let i = 0;
      return template.replace(/[:{](\w+)\??}?/g, () => values[i++ % values.length]!);
    });
}

function requestFor(op: Op): fc.Arbitrary<Req> {
  const kinds = op.method === "GET" || op.method === "DELETE" ? (["none", "json"] as const) : (["json", "form", "multipart", "raw"] as const);
  return fc.record({
    op: fc.constant(op),
    path: concretePath(op.path, op.method),
    query: queryString,
    kind: fc.constantFrom(...kinds),
    value: fc.oneof(json, fc.dictionary(keyName, scalar, { maxKeys: 8 })),
    raw: rawBody,
    huge: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
  });
}

/** One request on a new connection that is closed afterwards (node:http, no keep-alive agent). */
async function sendAlone(url: string, method: string, headers: Record<string, string>, body: BodyInit | undefined): Promise<Response> {
  const encoded = body === undefined ? null : new Response(body);
  const bytes = encoded ? Buffer.from(await encoded.arrayBuffer()) : Buffer.alloc(0);
  const type = encoded?.headers.get("content-type");
  return new Promise((resolve, reject) => {
    const r = http.request(url, { method, agent: false, headers: { ...headers, ...(type ? { "content-type": type } : {}), "content-length": String(bytes.length), connection: "close" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve(new Response(Buffer.concat(chunks), { status: res.statusCode, headers: { "content-type": String(res.headers["content-type"] ?? "") } })));
      res.on("error", reject);
    });
    // The server may answer and close before the whole body is sent: that is an answer, not an error.
    r.on("error", reject);
    r.end(bytes);
  });
}

// ---- the site under test -------------------------------------------------------

describe.each(dialects)("fuzzing every form and API endpoint on %s", { timeout: 300_000 }, (dialect) => {
  let s: RunningSite;
  let ops: Op[];
  let staff: { cookie: string; bearer: string };

  beforeAll(async () => {
    s = await startSite(dialect, { FORM_RATE_LIMIT: "1000000", ADMIN_LOGIN_ACCOUNT_LIMIT: "1000000", ADMIN_LOGIN_ADDRESS_LIMIT: "1000000" });
    const account = await createStaffAccount(s.db, "fuzz@example.org", "Granite lantern 58 drifting");
    staff = {
      cookie: (await createSession(s.db, account.id, "browser", 3600)).secret,
      bearer: (await createSession(s.db, account.id, "api", 3600)).secret,
    };
    const doc = (await (await fetch(`${s.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    ops = [
      ...Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((m) => ["get", "post", "put", "patch", "delete"].includes(m))
          .map((m) => ({ method: m.toUpperCase(), path, api: true })),
      ),
      ...PAGE_POSTS.map((path) => ({ method: "POST", path, api: false })),
    ]
      // Signing out would end the session the rest of the run uses.
      .filter((op) => !op.path.endsWith("/logout"));
  });

  afterAll(async () => {
    await s?.stop();
  });

  async function counts() {
    const out: Record<string, number> = {};
    for (const t of WATCHED) {
      const row = await s.db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      out[t] = Number(row.n);
    }
    return out;
  }

  /** Sends one request as a signed-in staff member would (cookie, token and the site's own Origin): every check past sign-in is reached. */
  async function send(req: Req): Promise<{ status: number; type: string; text: string }> {
    const headers: Record<string, string> = {
      origin: s.url,
      cookie: `staff_session=${staff.cookie}`,
      authorization: `Bearer ${staff.bearer}`,
      accept: req.op.api ? "application/json" : "text/html",
    };
    let body: BodyInit | undefined;
    if (req.op.method === "GET") {
      // No body on a GET: the path and the query carry the fuzz.
    } else if (req.kind === "json") {
      headers["content-type"] = "application/json";
      body = JSON.stringify(req.value) ?? "null";
    } else if (req.kind === "form") {
      headers["content-type"] = "application/x-www-form-urlencoded";
      const v = req.value && typeof req.value === "object" ? (req.value as Record<string, unknown>) : { value: req.value };
      // Keys and values as they come, percent-encoding left broken where the fuzz broke it.
      body = Object.entries(v)
        .map(([k, x]) => `${k}=${typeof x === "string" ? x : JSON.stringify(x)}`)
        .join("&");
    } else if (req.kind === "multipart") {
      const f = new FormData();
      const v = req.value && typeof req.value === "object" ? (req.value as Record<string, unknown>) : { value: req.value };
      for (const [k, x] of Object.entries(v)) f.append(k, typeof x === "string" ? x : JSON.stringify(x) ?? "");
      const part = req.huge ? crypto.randomBytes(6 * 1024 * 1024) : crypto.randomBytes(64);
      f.append("profileImage", new Blob([new Uint8Array(part)], { type: "image/jpeg" }), "../../evil.jpg");
      f.append("thumbnail", new Blob(["<svg onload=alert(1)>"], { type: "image/png" }), "x.svg");
      body = f;
    } else if (req.kind === "raw") {
      headers["content-type"] = req.op.api ? "application/json" : "application/x-www-form-urlencoded";
      body = typeof req.raw === "string" ? req.raw : new Uint8Array(req.raw ?? []);
    }
    const t0 = performance.now();
    const url = `${s.url}${req.path}${req.query}`;
    const fail = (error: unknown): never => {
      // A reset or a hang is as much a failure as a 500: say which request did it.
      throw new Error(`${req.op.method} ${req.path}${req.query} (${req.kind}${req.huge ? ", huge part" : ""}) got no answer: ${String(error)} ${String((error as { cause?: unknown }).cause ?? "")}`);
    };
    // A request with a body goes on a connection of its own: the server may refuse it before reading it all
    // (too large, wrong type) and then close the connection, and a client that had already queued the next
    // request on it would see it closed under it (a keep-alive race of the client, not an answer of the server).
    const res = body !== undefined ? await sendAlone(url, req.op.method, headers, body).catch(fail) : await fetch(url, { method: req.op.method, headers, body, redirect: "manual", signal: AbortSignal.timeout(30_000) }).catch(fail);
    const ms = performance.now() - t0;
    if (process.env.FUZZ_DEBUG && (ms > 500 || (req.op.method !== "GET" && res.status < 400))) console.log("NOTE", res.status, Math.round(ms), req.op.method, req.path, req.kind, req.huge, JSON.stringify(req.value)?.slice(0, 300));
    return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
  }

  /** What is wrong with an answer: a 5xx, or an API refusal without a JSON message. */
  function problems(req: Req, res: { status: number; type: string; text: string }): string[] {
    const where = `${req.op.method} ${req.path}${req.query} (${req.kind})`;
    if (res.status >= 500) return [`${where} answered ${res.status}: ${res.text.slice(0, 300)}`];
    // 431 and 414 come from Node's HTTP parser for a request line or headers past its limit, before any handler.
    if (!req.path.startsWith("/api/") || res.status < 400 || [405, 414, 431].includes(res.status)) return [];
    if (!/application\/json/.test(res.type)) return [`${where} answered ${res.status} as ${res.type || "no type"}, not JSON`];
    let message: unknown;
    try {
      message = (JSON.parse(res.text) as { message?: unknown }).message;
    } catch {
      return [`${where} answered ${res.status} with a body that is not JSON: ${res.text.slice(0, 200)}`];
    }
    return typeof message === "string" && message ? [] : [`${where} answered ${res.status} without a message: ${res.text.slice(0, 200)}`];
  }

  it("every operation refuses each kind of bad input with a 4xx and stores nothing", async () => {
    const before = await counts();
    // Each kind of input, on every operation, at least once.
    const fixed: Array<Pick<Req, "kind" | "value" | "raw" | "huge" | "query">> = [
      { kind: "json", value: { __proto__: { polluted: true }, constructor: { prototype: { admin: true } } }, query: "" },
      { kind: "raw", raw: deep(10_000), query: "" },
      { kind: "raw", raw: Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1, 0xf0, 0x28, 0x8c, 0xbc]), query: "" },
      { kind: "form", value: { "%E0%A4%A": "%", email: "%ZZ", firstName: "\u0000\u0007" }, query: "?page=%" },
      { kind: "multipart", value: { firstName: "x".repeat(100_000), email: ["not", "a", "string"] }, huge: true, query: "" },
      { kind: "json", value: ["an", "array", 1, null], query: "?limit=999999999999999999999" },
      { kind: "json", value: { email: 42, capacity: { nested: [[[[]]]] }, startDate: true, status: "\u202eesolc" }, query: "" },
      // A NUL where a query would use it, the rest well-formed: PostgreSQL refuses any statement that carries one.
      { kind: "json", value: { email: "zz\u0000@example.org", password: "Granite lantern 58 drifting", id: "\u0000" }, query: "?q=%00&search=%00" },
      { kind: "form", value: { intent: "delete", id: "\u0000", email: "zz\u0000@example.org", password: "x" }, query: "" },
      { kind: "form", value: { intent: "status", id: "%00", status: "Read" }, query: "" },
      { kind: "multipart", value: { email: "zz\u0000@example.org", upcomingEventId: "s-decode-1-a\u0000" }, query: "" },
    ];
    const allOps = ops;
    for (const op of allOps) {
      const path = op.path.replace(/[:{](\w+)\??}?/g, (_, p: string) => paramValues(p, op.method)[0]!);
      for (const f of fixed) {
        if ((op.method === "GET" || op.method === "DELETE") && f.kind !== "json") continue;
        const req: Req = { op, path, ...f };
        expect(problems(req, await send(req))).toEqual([]);
      }
    }
    // Then random requests over every operation.
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...allOps).chain((op) => requestFor(op)),
        async (req) => {
          expect(problems(req, await send(req))).toEqual([]);
        },
      ),
      // Shrinking re-sends hundreds of requests: the first counterexample, with its seed, is enough.
      { numRuns: RUNS, endOnFailure: true, ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}) },
    );
    expect(await counts()).toEqual(before);
  });
});
