import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type RunningSite } from "../helpers/site";

describe("HTTP shell", () => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite("sqlite", { NODE_ENV: "production", PUBLIC_URL: "https://site.example" });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("reports health with a database check", async () => {
    const res = await fetch(`${s.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("sends a nonce-based CSP and the other security headers", async () => {
    const res = await fetch(`${s.url}/contact-us`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const scriptSrc = csp.split(";").find((d) => d.startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("unsafe-eval");
    // Styles too (decision 0036): the stylesheet, and the toasts' fixed sheet by its hash.
    const styleSrc = csp.split(";").find((d) => d.startsWith("style-src")) ?? "";
    expect(styleSrc).toMatch(/^style-src 'self'( 'sha256-[\w+/=]+')+$/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const html = await res.text();
    // Every inline script carries this response's nonce.
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs] of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    // A second response gets a different nonce.
    const again = (await fetch(`${s.url}/contact-us`)).headers.get("content-security-policy");
    expect(again).not.toBe(csp);
  });

  it("compresses HTML", async () => {
    const res = await fetch(`${s.url}/contact-us`, { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
  });

  it("answers unknown pages with a real 404 inside the layout", async () => {
    const res = await fetch(`${s.url}/no-such-page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Page not found");
    expect(html).toContain("Register Now");
  });

  it.each([
    "/", "/about", "/contact-us", "/decode", "/decode/level/1", "/schedule", "/tasso", "/family-constellation",
    "/ich", "/ich/levels", "/ich/level/1", "/level/1", "/level-one", "/level-two", "/level-three", "/level-four",
    "/privacy-policy", "/coming-soon", "/admin/login",
  ])("serves %s", async (path) => {
    const res = await fetch(`${s.url}${path}`);
    expect(res.status).toBe(200);
  });

  it.each([
    ["/all-registration", "/admin/registrations"],
    ["/all-registration-site.usa", "/admin/registrations"],
    ["/all-contacts.site.usa", "/admin/contacts"],
    ["/all-FamilyConsultationTable.usa", "/admin/family-consultations"],
    ["/all-ICTable.usa", "/admin/ich-registrations"],
    ["/admin-familyconstellation", "/admin/family-events"],
    ["/admin-Hypnotherapy", "/admin/hypnotherapy"],
    ["/admin-decode", "/admin/decode"],
  ])("redirects the legacy admin path %s to %s (S3)", async (from, to) => {
    const res = await fetch(`${s.url}${from}`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get("location")!, s.url).pathname).toBe(to);
  });
});
