import fs from "node:fs";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { createStaffAccount } from "~/features/admin-auth/accounts.server";
import { createSession } from "~/features/admin-auth/sessions.server";
import { testBrowserPath } from "../helpers/browser-path";
import { dialects } from "../helpers/databases";
import { addSession, valid } from "../helpers/registration";
import { startSite, type RunningSite } from "../helpers/site";
import tlds from "tlds" with { type: "json" };
import { hasAddressInName, setDomainEndings } from "~/lib/validation";

// The server's own list of domain endings (set at its start), so this file's check says what it refuses.
setDomainEndings(tlds);

/**
 * Issue 10, point 7 (in part): a stored-XSS corpus of 120 payloads goes into
 * every text field a visitor can fill that staff or mail later show (contact
 * messages, registrations, Family Constellation bookings) and into the
 * programme fields staff write that the public pages show. Every page, mail and
 * CSV that shows them is then checked: no payload's markup survives as markup,
 * and in a real browser (with the CSP switched off, so the markup alone is
 * tested, not the second line of defence) no payload runs. And every
 * state-changing request from another site is refused, staff signed in or not,
 * and changes nothing.
 */

// ---- the corpus ----------------------------------------------------------------

/** Forty ways markup has run script, each calling `window.__xss(n)` with its own n. */
const VECTORS: Array<(run: string) => string> = [
  (x) => `<script>${x}</script>`,
  (x) => `<ScRiPt>${x}</sCrIpT>`,
  (x) => `<img src=x onerror=${x}>`,
  (x) => `<img src="x" onerror="${x}">`,
  (x) => `<svg onload=${x}>`,
  (x) => `<svg><script>${x}</script></svg>`,
  (x) => `<iframe srcdoc="&lt;script&gt;${x}&lt;/script&gt;"></iframe>`,
  (x) => `<a href="javascript:${x}">open</a>`,
  (x) => `<a href=" javascript:${x}">open</a>`,
  (x) => `<details open ontoggle=${x}>`,
  (x) => `<body onload=${x}>`,
  (x) => `<input autofocus onfocus=${x}>`,
  (x) => `<video><source onerror=${x}></video>`,
  (x) => `<audio src=x onerror=${x}>`,
  (x) => `<object data="javascript:${x}"></object>`,
  (x) => `<embed src="javascript:${x}">`,
  (x) => `<base href="javascript:${x}//">`,
  (x) => `<meta http-equiv="refresh" content="0;url=javascript:${x}">`,
  (x) => `<form action="javascript:${x}"><button>go</button></form>`,
  (x) => `<math><mtext><table><mglyph><style><img src=x onerror=${x}>`,
  (x) => `<noscript><p title="</noscript><img src=x onerror=${x}>">`,
  (x) => `<template><img src=x onerror=${x}></template>`,
  (x) => `<style>@import "javascript:${x}";</style>`,
  (x) => `<div style="background:url(javascript:${x})">`,
  (x) => `<marquee onstart=${x}>`,
  (x) => `<x onpointerover=${x}>hover</x>`,
  (x) => `<select autofocus onfocus=${x}>`,
  (x) => `<textarea autofocus onfocus=${x}>`,
  (x) => `<button formaction=javascript:${x}>x</button>`,
  (x) => `<img srcset=",,,,x" onerror=${x}>`,
  (x) => `<svg><animate onbegin=${x} attributeName=x dur=1s>`,
  (x) => `<svg><a xlink:href="javascript:${x}"><text x=20 y=20>x</text></a></svg>`,
  (x) => `<scr<script>ipt>${x}</scr</script>ipt>`,
  (x) => `<!--<img src="--><img src=x onerror=${x}//">`,
  (x) => `<img src=x:y onerror&#61;${x}>`,
  (x) => `<link rel=stylesheet href="javascript:${x}">`,
  (x) => `<table background="javascript:${x}">`,
  (x) => `<isindex action=javascript:${x} type=image>`,
  (x) => `{{constructor.constructor('${x}')()}}`,
  (x) => `\${${x}}<b onmouseover=${x}>`,
];
/** Each vector alone, after an attribute breaker, and after closing the raw-text elements a value could sit in. */
const PREFIXES = ["", `"'>`, "</textarea></title></script>"];

const CORPUS: string[] = PREFIXES.flatMap((prefix, p) => VECTORS.map((vector, v) => prefix + vector(`window.__xss(${p * VECTORS.length + v})`)));

/** The part of a payload that would be live markup: from its first '<' to its call. */
function liveMarkup(payload: string): string | null {
  const lt = payload.indexOf("<");
  if (lt === -1) return null;
  const call = payload.indexOf("window.__xss(", lt);
  return call === -1 ? null : payload.slice(lt, payload.indexOf(")", call) + 1);
}

/** Payloads whose markup appears, as markup, in `html`. */
function liveIn(html: string): string[] {
  return CORPUS.filter((p) => {
    const live = liveMarkup(p);
    return live !== null && html.includes(live);
  });
}

// ---- the routes ------------------------------------------------------------------

type Entry = { path?: string; index?: boolean; file: string; children?: Entry[] };
function flatten(entries: Entry[], parent = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((e) => {
    const full = [parent, e.path ?? ""].filter(Boolean).join("/");
    return [...(e.path !== undefined || e.index ? [{ path: full, file: e.file }] : []), ...flatten(e.children ?? [], full)];
  });
}
/** Page routes with a form action (from the route table itself). */
const PAGE_POSTS = flatten(routes as unknown as Entry[])
  .filter((r) => /^routes\/(_public|admin)\//.test(r.file))
  .filter((r) => /export (async )?function action\b|export const action\b/.test(fs.readFileSync(join("app", r.file), "utf8")))
  .map((r) => `/${r.path.replace(/:(\w+)\??/g, "x")}`.replace(/\/$/, "") || "/");

const WATCHED = ["registrations", "family_bookings", "contact_messages", "programmes", "events", "files", "staff_accounts", "staff_sessions", "outbox"] as const;

const chromiumPath = testBrowserPath();

describe.each(dialects)("security checks on %s", { timeout: 300_000 }, (dialect) => {
  let s: RunningSite;
  let cookie: string;
  let bearer: string;
  let browser: Browser | null = null;
  const ids = { contacts: [] as string[], registrations: [] as string[], bookings: [] as string[], programme: "" };

  const staffHeaders = () => ({ cookie: `staff_session=${cookie}`, authorization: `Bearer ${bearer}`, origin: s.url });

  beforeAll(async () => {
    s = await startSite(dialect, { FORM_RATE_LIMIT: "1000000" });
    const account = await createStaffAccount(s.db, "guard@example.org", "Granite lantern 58 drifting");
    cookie = (await createSession(s.db, account.id, "browser", 3600)).secret;
    bearer = (await createSession(s.db, account.id, "api", 3600)).secret;
    if (fs.existsSync(chromiumPath)) {
      browser = await chromium.launch({
        executablePath: chromiumPath,
        args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
      });
    }
  });

  afterAll(async () => {
    await browser?.close();
    await s?.stop();
  });

  async function counts() {
    const out: Record<string, number> = {};
    for (const t of WATCHED) out[t] = Number((await s.db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    return out;
  }

  /** The answer's status, with its body in the failure message. */
  async function expectStatus(res: Response, status: number, where = res.url) {
    const body = res.status === status ? "" : (await res.clone().text()).slice(0, 500);
    expect({ where, status: res.status, body }).toEqual({ where, status, body: "" });
  }

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${s.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

  it("stores the corpus through the public forms and the staff API: each payload is kept as text or refused whole", async () => {
    const decodeSession = await addSession(s, { kind: "decode" });
    const familySession = await addSession(s, { kind: "family", title: "Family Constellation Evening" });
    for (const [i, payload] of CORPUS.entries()) {
      const cut = payload.length <= 100 ? payload : payload.slice(-100);
      // A name with a web or email address in it is refused whole (decision 0072): names carry the payload with its
      // addresses broken up (the markup kept), the other fields carry it as it is.
      const short = hasAddressInName(cut) ? cut.replace(/:\/\/|@/g, " ").replace(/\bwww\./gi, "www ").replace(/\./g, " ") : cut;
      expect(hasAddressInName(short)).toBe(false);
      const contact = await post("/api/contact", {
        firstName: short,
        lastName: "Stone",
        email: `xss.${i}@example.com`,
        phoneNumber: "+1 555 123 4567",
        country: "US",
        zipCode: "10001",
        message: `Hello ${payload}`,
        acceptPrivacyPolicy: true,
      });
      await expectStatus(contact, 201);
      const registration = await post("/api/registration", {
        ...valid,
        firstName: short,
        occupation: short,
        currentAddress: payload,
        email: `xss.reg.${i}@example.com`,
        upcomingEventId: decodeSession,
        programId: undefined,
      });
      await expectStatus(registration, 201);
      const booking = await post("/api/familyConsitalation/register", {
        programId: familySession,
        fullName: hasAddressInName(payload) ? short : payload,
        email: `xss.fc.${i}@example.com`,
        phone: "5551234567",
        termsAndCondition: true,
        communicationPreferences: false,
      });
      await expectStatus(booking, 201);
    }
    // In corpus order: the i-th id holds the i-th payload.
    const inOrder = async (table: "contact_messages" | "registrations" | "family_bookings", email: (i: number) => string) => {
      const rows = await s.db.selectFrom(table).select(["id", "email"]).execute();
      const byEmail = new Map(rows.map((r) => [r.email, r.id]));
      return CORPUS.map((_, i) => byEmail.get(email(i))).filter((id): id is string => typeof id === "string");
    };
    ids.contacts = await inOrder("contact_messages", (i) => `xss.${i}@example.com`);
    ids.registrations = await inOrder("registrations", (i) => `xss.reg.${i}@example.com`);
    ids.bookings = await inOrder("family_bookings", (i) => `xss.fc.${i}@example.com`);
    expect([ids.contacts.length, ids.registrations.length, ids.bookings.length]).toEqual([CORPUS.length, CORPUS.length, CORPUS.length]);
    // Stored as typed: the text is kept, only shown escaped.
    const stored = await s.db.selectFrom("registrations").select("current_address").where("email", "=", "xss.reg.2@example.com").executeTakeFirstOrThrow();
    expect(stored.current_address).toBe(CORPUS[2]);

    // Staff write a programme whose public fields carry the corpus (titles where they fit, rich text everywhere).
    const titled = CORPUS.filter((p) => p.length <= 100);
    const res = await fetch(`${s.url}/api/hypnotherapy`, {
      method: "POST",
      headers: { ...staffHeaders(), "content-type": "application/json" },
      body: JSON.stringify({
        title: titled[3],
        subtitle: titled[4],
        duration: "5 Days",
        status: "Open",
        cardPoints: CORPUS.slice(0, 40),
        // At most 30 sections: the other 80 payloads, a few to a section.
        learningSections: Array.from({ length: 30 }, (_, k) => ({
          title: titled[k % titled.length],
          content: CORPUS.slice(40)
            .filter((_p, j) => j % 30 === k)
            .map((p) => `<p>${p}</p>${p}`)
            .join(""),
        })),
        upcomingEvents: [],
      }),
    });
    await expectStatus(res, 201);
    ids.programme = ((await res.json()) as { data: { _id: string } }).data._id;
  });

  async function html(path: string, staff = true) {
    const res = await fetch(`${s.url}${path}`, { headers: staff ? { cookie: `staff_session=${cookie}` } : {} });
    await expectStatus(res, 200, path);
    return res.text();
  }

  it("staff lists and every detail view show each payload as text", async () => {
    const pages = [
      ...[1, 2].map((p) => `/admin/contacts?limit=100&page=${p}`),
      ...[1, 2].map((p) => `/admin/registrations?limit=100&page=${p}`),
      ...[1, 2].map((p) => `/admin/family-consultations?limit=100&page=${p}`),
      // Each payload's detail view in one of the three lists (a third each, so every payload is seen once in a dialog).
      ...ids.contacts.filter((_, i) => i % 3 === 0).map((id) => `/admin/contacts?view=${id}`),
      ...ids.registrations.filter((_, i) => i % 3 === 1).map((id) => `/admin/registrations?view=${id}`),
      ...ids.bookings.filter((_, i) => i % 3 === 2).map((id) => `/admin/family-consultations?view=${id}`),
    ];
    let seen = 0;
    for (const path of pages) {
      const body = await html(path);
      if (body.includes("window.__xss(")) seen += 1;
      expect({ path, live: liveIn(body) }).toEqual({ path, live: [] });
    }
    // The payloads are really there, as text: the check above looked at them.
    expect(seen).toBe(pages.length);
  });

  it("the public programme pages show staff-written markup only as the editor's safe formats", async () => {
    for (const path of [`/ich/level/${ids.programme}`, "/ich", "/sitemap.xml"]) {
      const body = await html(path, false);
      expect({ path, live: liveIn(body) }).toEqual({ path, live: [] });
      // No element of the corpus's kinds survives the sanitiser, in the page or its JSON-LD (where '<' is written \u003c).
      expect(body).not.toMatch(/<(iframe|object|embed|base|meta http-equiv|svg[^>]*onload|img[^>]*onerror|form action="javascript)/i);
      expect(body).not.toMatch(/<a[^>]+href="\s*javascript:/i);
    }
  });

  it("every mail the corpus caused escapes it", async () => {
    const mails = await s.db.selectFrom("outbox").select(["subject", "html_body", "text_body"]).execute();
    expect(mails.length).toBeGreaterThanOrEqual(CORPUS.length * 3);
    let withPayload = 0;
    for (const m of mails) {
      if (m.html_body?.includes("window.__xss(")) withPayload += 1;
      expect({ mail: m.subject, live: liveIn(m.html_body ?? "") }).toEqual({ mail: m.subject, live: [] });
      // A subject is a header: no line breaks that could start another one.
      expect(m.subject).not.toMatch(/[\r\n]/);
    }
    expect(withPayload).toBeGreaterThanOrEqual(CORPUS.length);
  });

  it("the CSV downloads hold each payload as one quoted text cell, formulas defused", async () => {
    const formulas = ["=HYPERLINK(\"https://evil.example\",\"x\")", "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0"];
    for (const [i, f] of formulas.entries()) {
      // A name with an address (or an @) in it is refused (decision 0072): such a formula goes in the message only, and
      // the name gets another formula.
      const name = hasAddressInName(f) ? "=SUM(1+1)*cmd|' /C calc'!A0" : f;
      const r = await post("/api/contact", { firstName: name, lastName: name, email: `formula.${i}@example.com`, phoneNumber: "+1 555 123 4567", country: "US", zipCode: "10001", message: f, acceptPrivacyPolicy: true });
      await expectStatus(r, 201);
    }
    for (const path of ["/api/contacts/download-csv", "/api/registration/download-csv", "/api/family-consultation/download-csv"]) {
      const res = await fetch(`${s.url}${path}`, { headers: { authorization: `Bearer ${bearer}` } });
      await expectStatus(res, 200, path);
      expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
      const csv = await res.text();
      expect(csv).toContain("window.__xss(");
      // No cell starts with a formula character.
      const formulaCells: string[] = [];
      for (const line of csv.split("\r\n")) {
        for (const cell of line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []) {
          const text = cell.replace(/,$/, "").replace(/^"|"$/g, "");
          if (/^[=+\-@\t\r]/.test(text)) formulaCells.push(`${path}: ${text.slice(0, 80)}`);
        }
      }
      expect(formulaCells).toEqual([]);
    }
  });

  it("in a browser, no payload runs on any page or mail that shows it", async (ctx) => {
    // The browser is mandatory under CI (as for the e2e suite); elsewhere its absence skips only this check.
    if (!browser && process.env.CI === "true") throw new Error(`${chromiumPath} is missing: the browser check is mandatory under CI=true`);
    if (!browser) return ctx.skip();
    const context = await browser.newContext({ bypassCSP: true });
    await context.addCookies([{ name: "staff_session", value: cookie, url: s.url }]);
    await context.addInitScript(() => {
      (window as unknown as { __ran: number[] }).__ran = [];
      (window as unknown as { __xss: (n: number) => void }).__xss = (n) => (window as unknown as { __ran: number[] }).__ran.push(n);
    });
    const page = await context.newPage();
    const ran: number[] = [];
    const handlers: string[] = [];
    async function check(where: string) {
      await page.waitForTimeout(300); // onerror, onload, autofocus and ontoggle fire in this time
      ran.push(...(await page.evaluate(() => (window as unknown as { __ran: number[] }).__ran)));
      // No element carries a payload's handler or javascript: URL, run or not.
      const found = await page.evaluate(() =>
        [...document.querySelectorAll("*")].flatMap((el) =>
          [...el.attributes]
            .filter((a) => (/^on/i.test(a.name) || /^(href|src|action|formaction|data|background|xlink:href)$/i.test(a.name)) && a.value.includes("__xss"))
            .map((a) => `${el.tagName} ${a.name}`),
        ),
      );
      handlers.push(...found.map((f) => `${where}: ${f}`));
    }
    for (const path of [
      "/admin/contacts?limit=100",
      "/admin/registrations?limit=100",
      "/admin/family-consultations?limit=100",
      `/admin/contacts?view=${ids.contacts[0]}`,
      `/admin/registrations?view=${ids.registrations[1]}`,
      `/admin/family-consultations?view=${ids.bookings[2]}`,
      `/ich/level/${ids.programme}`,
      "/ich",
    ]) {
      await page.goto(`${s.url}${path}`);
      await check(path);
    }
    for (const m of await s.db.selectFrom("outbox").select(["subject", "html_body"]).where("html_body", "like", "%__xss%").limit(30).execute()) {
      await page.setContent(m.html_body ?? "");
      await check(`mail '${m.subject}'`);
    }
    await context.close();
    expect(ran).toEqual([]);
    expect(handlers).toEqual([]);
  });

  it("refuses every state-changing request from another site, signed in or not, and changes nothing", async () => {
    const doc = (await (await fetch(`${s.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const ops = [
      ...Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((m) => ["post", "put", "patch", "delete"].includes(m))
          .map((m) => ({ method: m.toUpperCase(), path: path.replace(/\{(\w+)\}/g, (_, p: string) => (p === "id" ? (ids.registrations[0] ?? "x") : "x")) })),
      ),
      ...PAGE_POSTS.map((path) => ({ method: "POST", path })),
    ];
    expect(ops.length).toBeGreaterThan(20);
    const before = await counts();
    const refusals: string[] = [];
    for (const op of ops) {
      const crossSite: Array<Record<string, string>> = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }];
      for (const cross of crossSite) {
        for (const signedIn of [true, false]) {
          const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
          for (const [k, v] of Object.entries(cross)) if (v) headers[k] = v;
          if (signedIn) Object.assign(headers, { cookie: `staff_session=${cookie}` });
          const res = await fetch(`${s.url}${op.path}`, { method: op.method, headers, body: "intent=delete&id=x&email=a%40b.c", redirect: "manual" });
          if (res.status !== 403) refusals.push(`${op.method} ${op.path} ${JSON.stringify(cross)} signed in: ${signedIn} → ${res.status}`);
        }
      }
    }
    expect(refusals).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});
