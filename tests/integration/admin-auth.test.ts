import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import routes from "~/routes";
import { createStaffAccount, removeStaffAccount, setStaffPassword } from "~/features/admin-auth/accounts.server";
import { createSession, hashSecret } from "~/features/admin-auth/sessions.server";
import { dialects } from "../helpers/databases";
import { startSite, type RunningSite } from "../helpers/site";

/**
 * Authorisation matrix (issue 9, points 2, 3 and 13). The staff pages come from
 * the route table itself (every route under /admin but the sign-in page) and
 * the staff API from the route table (everything under /api/admin but the
 * sign-in call) and from the OpenAPI document (every operation that declares a
 * security requirement): a new staff route is covered without editing this file.
 */
type Entry = { path?: string; index?: boolean; file: string; children?: Entry[] };

function flatten(entries: Entry[], parent = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((e) => {
    const full = [parent, e.path ?? ""].filter(Boolean).join("/");
    return [...(e.path !== undefined || e.index ? [{ path: full, file: e.file }] : []), ...flatten(e.children ?? [], full)];
  });
}

const table = flatten(routes as unknown as Entry[]);
const concrete = (path: string) => `/${path.replace(/:[^/]+/g, "x").replace(/\*/g, "x")}`;

const PUBLIC_STAFF_ROUTES = new Set(["admin/login", "api/admin/login"]);
const staffPages = [...new Set(table.filter((r) => /^admin(\/|$)/.test(r.path) && !PUBLIC_STAFF_ROUTES.has(r.path)).map((r) => concrete(r.path)))];
const staffApiFromTable = [...new Set(table.filter((r) => /^api\/admin(\/|$)/.test(r.path) && !PUBLIC_STAFF_ROUTES.has(r.path)).map((r) => concrete(r.path)))];

const PASSWORD = "Lantern orchard 73 quietly";
const forged = () => crypto.randomBytes(32).toString("base64url");

// Sign-ins hash at full scrypt cost (128 MiB, a few hundred ms; seconds on a busy machine).
describe.each(dialects)("staff authorisation on %s", { timeout: 120_000 }, (dialect) => {
  let s: RunningSite;
  let accountId: string;
  let staffApi: Array<{ method: string; path: string }>;
  let valid: { cookie: string; token: string };
  let refused: Record<string, { cookie?: string; bearer?: string }>;

  const cookieHeader = (secret: string) => `staff_session=${secret}`;

  async function formSignIn(password = PASSWORD, extra = "") {
    return fetch(`${s.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `email=boss%40example.org&password=${encodeURIComponent(password)}${extra}`,
    });
  }
  const secretOf = (res: Response) => /staff_session=([^;]*)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? "";

  async function apiSignIn() {
    const res = await fetch(`${s.url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "boss@example.org", password: PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`POST /api/admin/login answered ${res.status}`);
    return ((await res.json()) as { token: string }).token;
  }

  beforeAll(async () => {
    s = await startSite(dialect, { ADMIN_LOGIN_ACCOUNT_LIMIT: "1000", ADMIN_LOGIN_ADDRESS_LIMIT: "1000" });
    accountId = (await createStaffAccount(s.db, "Boss@Example.org", PASSWORD)).id;

    const doc = (await (await fetch(`${s.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    const secured = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => (op.security ?? []).length > 0)
        .map(([method, _op]) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, "x") })),
    );
    staffApi = [...secured, ...staffApiFromTable.flatMap((path) => ["GET", "POST"].map((method) => ({ method, path })))];

    // Valid credentials (the positive control), then one of each kind the server must refuse.
    valid = { cookie: secretOf(await formSignIn()), token: await apiSignIn() };
    const expiredCookie = await createSession(s.db, accountId, "browser", 60);
    const expiredToken = await createSession(s.db, accountId, "api", 60);
    await s.db
      .updateTable("staff_sessions")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id_hash", "in", [hashSecret(expiredCookie.secret), hashSecret(expiredToken.secret)])
      .execute();
    const signedOutCookie = secretOf(await formSignIn());
    const out = await fetch(`${s.url}/admin/logout`, { method: "POST", redirect: "manual", headers: { cookie: cookieHeader(signedOutCookie) } });
    if (out.status !== 302 || !/staff_session=;.*Max-Age=0/.test(out.headers.get("set-cookie") ?? "")) throw new Error("sign-out did not clear the cookie");
    const signedOutToken = await apiSignIn();
    const apiOut = await fetch(`${s.url}/api/admin/logout`, { method: "POST", headers: { authorization: `Bearer ${signedOutToken}` } });
    if (apiOut.status !== 200) throw new Error(`POST /api/admin/logout answered ${apiOut.status}`);

    refused = {
      "no session": {},
      "an expired session": { cookie: expiredCookie.secret },
      "an expired token": { bearer: expiredToken.secret },
      "a signed-out session": { cookie: signedOutCookie },
      "a signed-out token": { bearer: signedOutToken },
      "a forged cookie": { cookie: forged() },
      "a forged token": { bearer: forged() },
      "a token sent as the cookie": { cookie: valid.token },
      "a session cookie sent as a token": { bearer: valid.cookie },
    };
  }, 240_000);
  afterAll(async () => {
    await s?.stop();
  });

  const headersFor = (c: { cookie?: string; bearer?: string }) => ({
    ...(c.cookie ? { cookie: cookieHeader(c.cookie) } : {}),
    ...(c.bearer ? { authorization: `Bearer ${c.bearer}` } : {}),
  });

  it("finds the staff routes in the route table", () => {
    expect(staffPages).toEqual(expect.arrayContaining(["/admin", "/admin/audit", "/admin/logout", "/admin/x"]));
    expect(staffApi.map((r) => r.path)).toEqual(expect.arrayContaining(["/api/admin/audit", "/api/admin/logout"]));
  });

  it("refuses every staff page, its data and its action without a valid session", async () => {
    const problems: string[] = [];
    for (const [label, creds] of Object.entries(refused)) {
      for (const page of staffPages) {
        for (const [method, url] of [["GET", page], ["GET", `${page === "/admin" ? "/admin/_root" : page}.data`], ["POST", page]] as const) {
          const res = await fetch(`${s.url}${url}`, {
            method,
            redirect: "manual",
            headers: { ...headersFor(creds), ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
            ...(method === "POST" ? { body: "x=1" } : {}),
          });
          const body = await res.text();
          const where = `${method} ${url} with ${label}`;
          if (body.includes("boss@example.org")) problems.push(`${where}: shows the staff member`);
          if (url.endsWith(".data")) {
            // A client navigation's data request: React Router's redirect, to sign in.
            if (res.status !== 202 || !body.includes("/admin/login?next=")) problems.push(`${where}: ${res.status}, not a redirect to sign in`);
          } else {
            const location = new URL(res.headers.get("location") ?? "/", s.url);
            if (res.status !== 302 || location.pathname !== "/admin/login" || location.searchParams.get("next") !== page) {
              problems.push(`${where}: ${res.status} ${res.headers.get("location")}`);
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("refuses every staff API call with 401 JSON without a valid session or token", async () => {
    const problems: string[] = [];
    for (const [label, creds] of Object.entries(refused)) {
      for (const { method, path } of staffApi) {
        const res = await fetch(`${s.url}${path}`, {
          method,
          headers: { ...headersFor(creds), ...(method !== "GET" ? { "content-type": "application/json" } : {}) },
          ...(method !== "GET" ? { body: "{}" } : {}),
        });
        const body = (await res.json().catch(() => null)) as { success?: boolean } | null;
        if (res.status !== 401 || body?.success !== false) problems.push(`${method} ${path} with ${label}: ${res.status}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("opens the same pages and calls with a valid session or token (the matrix can fail)", async () => {
    const problems: string[] = [];
    for (const page of staffPages.filter((p) => p !== "/admin/logout")) {
      const res = await fetch(`${s.url}${page}`, { redirect: "manual", headers: { cookie: cookieHeader(valid.cookie) } });
      if ((res.headers.get("location") ?? "").includes("/admin/login")) problems.push(`${page}: sent to sign in`);
      if (res.headers.get("cache-control") !== "private, no-store") problems.push(`${page}: cacheable`);
    }
    const shell = await (await fetch(`${s.url}/admin/audit`, { headers: { cookie: cookieHeader(valid.cookie) } })).text();
    expect(shell).toContain("boss@example.org");
    // Not the API's sign-out: it would end the credentials.
    for (const { method, path } of staffApi.filter((c) => !(c.method === "POST" && c.path.endsWith("/logout")))) {
      const credentials: Array<Record<string, string>> = [{ authorization: `Bearer ${valid.token}` }, { cookie: cookieHeader(valid.cookie) }];
      for (const headers of credentials) {
        const res = await fetch(`${s.url}${path}`, {
          method,
          headers: { ...headers, ...(method !== "GET" ? { "content-type": "application/json" } : {}) },
          ...(method !== "GET" ? { body: "{}" } : {}),
        });
        if (res.status === 401 || res.status >= 500) problems.push(`${method} ${path} with ${Object.keys(headers)[0]}: ${res.status}`);
      }
    }
    expect(problems).toEqual([]);
    expect((await fetch(`${s.url}/api/admin/audit`, { headers: { authorization: `Bearer ${valid.token}` } })).status).toBe(200);
  });

  it("refuses state-changing requests from another origin, even with a valid session", async () => {
    const cookie = secretOf(await formSignIn());
    const crossSite: Array<Record<string, string>> = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }];
    for (const headers of crossSite) {
      const page = await fetch(`${s.url}/admin/logout`, { method: "POST", redirect: "manual", headers: { ...headers, cookie: cookieHeader(cookie) } });
      expect(page.status).toBe(403);
      const api = await fetch(`${s.url}/api/admin/logout`, { method: "POST", headers: { ...headers, cookie: cookieHeader(cookie) } });
      expect(api.status).toBe(403);
    }
    // The session survived both attempts.
    const still = await fetch(`${s.url}/admin/audit`, { redirect: "manual", headers: { cookie: cookieHeader(cookie) } });
    expect(still.status).toBe(200);
  });

  it("signing out through the API with a browser's cookie clears the cookie too; with a token, sets none", async () => {
    const cookie = secretOf(await formSignIn());
    const out = await fetch(`${s.url}/api/admin/logout`, { method: "POST", headers: { origin: s.url, cookie: cookieHeader(cookie) } });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().find((c) => c.startsWith("staff_session="))).toMatch(/^staff_session=; .*Max-Age=0/);
    const token = ((await (await fetch(`${s.url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "boss@example.org", password: PASSWORD }) })).json()) as { token: string }).token;
    const tokenOut = await fetch(`${s.url}/api/admin/logout`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
    expect(tokenOut.status).toBe(200);
    expect(tokenOut.headers.getSetCookie()).toEqual([]);
  });

  it("issues a new session id at each sign-in, stored only hashed, with the cookie's attributes", async () => {
    const a = await formSignIn();
    const b = await formSignIn(PASSWORD, "&remember=on");
    expect(a.status).toBe(302);
    expect(a.headers.get("location")).toBe("/admin/registrations");
    const cookieA = a.headers.getSetCookie().find((c) => c.startsWith("staff_session=")) ?? "";
    expect(cookieA).toMatch(/^staff_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=86400$/);
    expect(b.headers.getSetCookie().find((c) => c.startsWith("staff_session="))).toContain("Max-Age=2592000");
    expect(secretOf(a)).not.toBe(secretOf(b));
    const stored = await s.db.selectFrom("staff_sessions").select(["id_hash", "expires_at"]).where("id_hash", "=", hashSecret(secretOf(b))).executeTakeFirstOrThrow();
    expect(Date.parse(stored.expires_at) - Date.now()).toBeGreaterThan(29 * 86400_000);
    const all = await s.db.selectFrom("staff_sessions").select("id_hash").execute();
    expect(all.map((r) => r.id_hash)).not.toContain(secretOf(a));
    expect(all.map((r) => r.id_hash)).not.toContain(valid.token);
  });

  it("follows only same-site paths after sign-in", async () => {
    const signInTo = async (next: string) =>
      (await fetch(`${s.url}/admin/login?next=${encodeURIComponent(next)}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `email=boss%40example.org&password=${encodeURIComponent(PASSWORD)}`,
      })).headers.get("location");
    expect(await signInTo("/admin/audit?q=boss")).toBe("/admin/audit?q=boss");
    // The other refusals of safeNext are in tests/unit/admin-safe-next.test.ts.
    expect(await signInTo("//evil.example/x")).toBe("/admin/registrations");
    // Normalised to `//evil.example/x` by the URL parser: still another host.
    expect(await signInTo("/.//evil.example/x")).toBe("/admin/registrations");
  });

  it("records sign-ins and failed attempts in the audit trail, with the address", async () => {
    expect((await formSignIn("wrong password entirely")).status).toBe(401);
    const rows = await s.db.selectFrom("audit_events").selectAll().where("actor_email", "=", "boss@example.org").execute();
    const actions = rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["sign-in", "sign-in-failed", "sign-out", "token-issued"]));
    expect(rows.every((r) => r.ip === "127.0.0.1")).toBe(true);
    expect(JSON.stringify(rows)).not.toContain("wrong password");
    const page = await (await fetch(`${s.url}/admin/audit?action=sign-in-failed`, { headers: { cookie: cookieHeader(valid.cookie) } })).text();
    expect(page).toContain("Sign-in failed");
    expect(page).toContain("1 entry");
  });

  it("a removed administrator's session and token stop at once; the audit screen shows the removal (decision 0105)", async () => {
    const leaver = await createStaffAccount(s.db, "leaver@example.org", PASSWORD);
    const cookie = await createSession(s.db, leaver.id, "browser", 3600);
    const token = await createSession(s.db, leaver.id, "api", 3600);
    expect((await fetch(`${s.url}/admin/registrations`, { redirect: "manual", headers: { cookie: cookieHeader(cookie.secret) } })).status).toBe(200);
    await removeStaffAccount(s.db, "leaver@example.org");
    const page = await fetch(`${s.url}/admin/registrations`, { redirect: "manual", headers: { cookie: cookieHeader(cookie.secret) } });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/admin\/login/);
    expect((await fetch(`${s.url}/api/admin/audit`, { headers: { authorization: `Bearer ${token.secret}` } })).status).toBe(401);
    const audit = await (await fetch(`${s.url}/admin/audit?action=delete`, { headers: { cookie: cookieHeader(valid.cookie) } })).text();
    expect(audit).toContain("The server&#x27;s operator");
    expect(audit).toContain("Administrator leaver@example.org removed");
  });
});

describe("staff sign-in limits", { timeout: 120_000 }, () => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite("sqlite", { ADMIN_LOGIN_ACCOUNT_LIMIT: "3", ADMIN_LOGIN_ADDRESS_LIMIT: "7", ADMIN_LOGIN_WINDOW_SECONDS: "900" });
    await createStaffAccount(s.db, "boss@example.org", PASSWORD);
  });
  afterAll(async () => {
    await s?.stop();
  });
  const login = (email: string, password: string) =>
    fetch(`${s.url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });

  it("answers the same whether the account exists or not", async () => {
    const known = await login("boss@example.org", "not the password at all");
    const unknown = await login("nobody@example.org", "not the password at all");
    expect(known.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await known.json()).toEqual(await unknown.json());
  });

  it("limits attempts per account, even with the right password, then per address; with a clear message", async () => {
    await s.db.deleteFrom("rate_limits").execute();
    for (let i = 0; i < 3; i++) expect((await login("boss@example.org", `wrong guess number ${i}`)).status).toBe(401);
    const limited = await login("boss@example.org", PASSWORD);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { message: string }).message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
    // Unknown accounts are limited the same way.
    for (let i = 0; i < 3; i++) expect((await login("ghost@example.org", `wrong guess number ${i}`)).status).toBe(401);
    // Seven attempts from this address so far (4 + 3): the address is now limited, whatever the account.
    const byAddress = await login("third@example.org", "whatever it may be");
    expect(byAddress.status).toBe(429);
    const audit = await s.db.selectFrom("audit_events").select("action").where("action", "=", "sign-in-limited").execute();
    expect(audit.length).toBe(2);
    // The browser form says the same.
    const form = await fetch(`${s.url}/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `email=boss%40example.org&password=${encodeURIComponent(PASSWORD)}`,
    });
    expect(form.status).toBe(429);
    expect(await form.text()).toContain("Too many sign-in attempts.");
    // Trying on, with a new email each time, adds no audit row: one per address and per account a window.
    for (let i = 0; i < 5; i++) expect((await login(`new${i}@example.org`, "whatever it may be")).status).toBe(429);
    const after = await s.db.selectFrom("audit_events").select("action").where("action", "=", "sign-in-limited").execute();
    expect(after.length).toBe(2);
  });
});

describe.each(dialects)("known browsers keep their own sign-in count (decision 0102) on %s", { timeout: 120_000 }, (dialect) => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite(dialect, { ADMIN_LOGIN_ACCOUNT_LIMIT: "3", ADMIN_LOGIN_ADDRESS_LIMIT: "1000", ADMIN_LOGIN_WINDOW_SECONDS: "900" });
    await createStaffAccount(s.db, "boss@example.org", PASSWORD);
    await createStaffAccount(s.db, "other@example.org", PASSWORD);
  });
  afterAll(async () => {
    await s?.stop();
  });
  beforeEach(async () => {
    await s.db.deleteFrom("rate_limits").execute();
  });

  const formSignIn = (email: string, password: string, device = "") =>
    fetch(`${s.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", ...(device ? { cookie: `staff_device=${device}` } : {}) },
      body: new URLSearchParams({ email, password }).toString(),
    });
  const apiSignIn = (email: string, password: string) =>
    fetch(`${s.url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  const cookieOf = (res: Response, name: string) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${name}=`))
      ?.split(";")[0]!
      .slice(name.length + 1) ?? null;
  /** Strangers spend the account's attempts: three wrong passwords through the API. */
  const lockOut = async (email: string) => {
    for (let i = 0; i < 3; i++) expect((await apiSignIn(email, `a stranger's guess ${i}`)).status).toBe(401);
    expect((await apiSignIn(email, PASSWORD)).status).toBe(429);
  };
  async function knownBrowser(email: string) {
    const res = await formSignIn(email, PASSWORD);
    expect(res.status).toBe(302);
    const device = cookieOf(res, "staff_device");
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers.getSetCookie().find((c) => c.startsWith("staff_device="))).toMatch(/; Path=\/; HttpOnly; SameSite=Strict; Max-Age=31536000$/);
    return device!;
  }

  it("a browser that signed in before still signs in while strangers have spent the account's attempts; others stay refused", async () => {
    const device = await knownBrowser("boss@example.org");
    const stored = await s.db.selectFrom("staff_devices").select(["id_hash", "account_id"]).execute();
    expect(stored.map((r) => r.id_hash)).toContain(hashSecret(device));
    await lockOut("boss@example.org");
    // Without the cookie, or with a made-up one, or with another account's: refused, the right password too.
    expect((await formSignIn("boss@example.org", PASSWORD)).status).toBe(429);
    expect((await formSignIn("boss@example.org", PASSWORD, crypto.randomBytes(32).toString("base64url"))).status).toBe(429);
    const othersDevice = await knownBrowser("other@example.org");
    expect((await formSignIn("boss@example.org", PASSWORD, othersDevice)).status).toBe(429);
    // The owner's browser: signed in, and no second cookie for a browser already known.
    const res = await formSignIn("boss@example.org", PASSWORD, device);
    expect(res.status).toBe(302);
    expect(cookieOf(res, "staff_session")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookieOf(res, "staff_device")).toBeNull();
    expect(await s.db.selectFrom("staff_devices").select("id_hash").execute()).toHaveLength(2);
  });

  it("a known browser's wrong passwords are limited on that browser, and still count against the account", async () => {
    const device = await knownBrowser("boss@example.org");
    for (let i = 0; i < 3; i++) expect((await formSignIn("boss@example.org", `my own typo ${i}`, device)).status).toBe(401);
    const limited = await formSignIn("boss@example.org", PASSWORD, device);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Too many sign-in attempts.");
    expect((await apiSignIn("boss@example.org", PASSWORD)).status).toBe(429);
  });

  it("lets a signed-in owner change the password while strangers have spent the account's attempts", async () => {
    const signedIn = await formSignIn("boss@example.org", PASSWORD);
    const session = cookieOf(signedIn, "staff_session")!;
    const device = cookieOf(signedIn, "staff_device")!;
    // After the sign-in: a right password starts the account's count again.
    await lockOut("boss@example.org");
    const next = "Amber lantern meadow 42 quietly";
    const res = await fetch(`${s.url}/admin/account`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `staff_session=${session}; staff_device=${device}`, origin: s.url },
      body: new URLSearchParams({ currentPassword: PASSWORD, newPassword: next, repeatPassword: next }).toString(),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Your password was changed.");
    // Put back for the other tests.
    await setStaffPassword(s.db, "boss@example.org", PASSWORD);
  });

  it("forgets an account's known browsers when its password is reset", async () => {
    const device = await knownBrowser("boss@example.org");
    await setStaffPassword(s.db, "boss@example.org", PASSWORD);
    expect(await s.db.selectFrom("staff_devices as d").innerJoin("staff_accounts as a", "a.id", "d.account_id").where("a.email", "=", "boss@example.org").select("d.id_hash").execute()).toEqual([]);
    await lockOut("boss@example.org");
    expect((await formSignIn("boss@example.org", PASSWORD, device)).status).toBe(429);
  });
});

describe.each(dialects)("staff sign-in limits per address and account, behind a proxy (TRUST_PROXY), on %s", { timeout: 120_000 }, (dialect) => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite(dialect, { TRUST_PROXY: "1", ADMIN_LOGIN_ACCOUNT_LIMIT: "3", ADMIN_LOGIN_ADDRESS_LIMIT: "3", ADMIN_LOGIN_WINDOW_SECONDS: "900" });
    await createStaffAccount(s.db, "boss@example.org", PASSWORD);
  });
  afterAll(async () => {
    await s?.stop();
  });
  const loginFrom = (address: string, n: number) =>
    fetch(`${s.url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify({ email: `guess${n}@example.org`, password: "whatever it may be" }),
    });

  it("counts an IPv6 /64 as one address (decision 0072): new addresses of the same network get no new attempts", async () => {
    for (let n = 1; n <= 3; n++) expect((await loginFrom(`2001:db8:7:7::${n}`, n)).status).toBe(401);
    const limited = await loginFrom("2001:db8:7:7:a:b:c:d", 4);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { message: string }).message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
    // Another network is another address.
    expect((await loginFrom("2001:db8:7:8::1", 5)).status).toBe(401);
  });

  it("the right password starts the account's count again: its earlier failures do not lock it out later", async () => {
    // Each attempt from an address of its own, so only the account's count (3) is at work.
    const attempt = (n: number, password: string) =>
      fetch(`${s.url}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${n}` },
        body: JSON.stringify({ email: "boss@example.org", password }),
      });
    for (let n = 1; n <= 2; n++) expect((await attempt(n, `wrong guess number ${n}`)).status).toBe(401);
    expect((await attempt(3, PASSWORD)).status).toBe(200);
    for (let n = 4; n <= 5; n++) expect((await attempt(n, `wrong guess number ${n}`)).status).toBe(401);
    expect((await attempt(6, PASSWORD)).status).toBe(200);
    // Three failures in a row are still limited, the right password too.
    for (let n = 7; n <= 9; n++) expect((await attempt(n, `wrong guess number ${n}`)).status).toBe(401);
    expect((await attempt(10, PASSWORD)).status).toBe(429);
  });
});

describe("staff cookie in production over https", { timeout: 120_000 }, () => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite("sqlite", { NODE_ENV: "production", PUBLIC_URL: "https://site.example" });
    await createStaffAccount(s.db, "boss@example.org", PASSWORD);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("is __Host- prefixed and Secure, and opens the staff area", async () => {
    const res = await fetch(`${s.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `email=boss%40example.org&password=${encodeURIComponent(PASSWORD)}`,
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__Host-staff_session=")) ?? "";
    // The known-browser cookie (decision 0102) has the same attributes, under its own __Host- name.
    expect(res.headers.getSetCookie().find((c) => c.startsWith("__Host-staff_device="))).toMatch(/^__Host-staff_device=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=31536000; Secure$/);
    expect(cookie).toMatch(/^__Host-staff_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=86400; Secure$/);
    const secret = /=([^;]+)/.exec(cookie)![1]!;
    expect((await fetch(`${s.url}/admin/audit`, { redirect: "manual", headers: { cookie: `__Host-staff_session=${secret}` } })).status).toBe(200);
    // The plain name is not accepted here.
    expect((await fetch(`${s.url}/admin/audit`, { redirect: "manual", headers: { cookie: `staff_session=${secret}` } })).status).toBe(302);
  });
});
