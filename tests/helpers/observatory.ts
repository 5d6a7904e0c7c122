/**
 * The response-header tests of the MDN HTTP Observatory, with the score
 * modifiers its scoring methodology publishes (developer.mozilla.org,
 * "HTTP Observatory scoring methodology"), applied to one response. Written for
 * our tests from that published table; where the Observatory looks further
 * than one response (the HTTP → HTTPS redirect, the HSTS preload list) the
 * result says so and counts nothing.
 *
 * Every score starts at 100; bonuses count only when the score without them is
 * at least 90.
 */
export type ObservatoryTest = { test: string; result: string; modifier: number };

type Policy = Map<string, string[]>;

function parseCsp(header: string): Policy | null {
  const policy: Policy = new Map();
  for (const part of header.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (!name) continue;
    const key = name.toLowerCase();
    if (policy.has(key)) return null; // a repeated directive makes the policy invalid
    policy.set(key, values);
  }
  return policy;
}

function csp(headers: Headers): ObservatoryTest {
  const t = (result: string, modifier: number) => ({ test: "content-security-policy", result, modifier });
  const header = headers.get("content-security-policy");
  if (!header) return t("csp-not-implemented", -25);
  const p = parseCsp(header);
  if (!p) return t("csp-header-invalid", -25);
  const fallback = (d: string) => p.get(d) ?? p.get("default-src");
  const script = fallback("script-src");
  const object = fallback("object-src");
  const style = fallback("style-src") ?? [];
  if (!script || !object) return t("csp-implemented-with-unsafe-inline", -20); // script-src and object-src must be restricted
  const hasNonceOrHash = script.some((v) => /^'(nonce|sha256|sha384|sha512)-/.test(v));
  const broad = (values: string[]) => values.some((v) => v === "*" || v === "http:" || v === "https:" || v === "data:" || v.startsWith("http://"));
  if ((script.includes("'unsafe-inline'") && !hasNonceOrHash) || broad(script) || broad(object)) return t("csp-implemented-with-unsafe-inline", -20);
  if (script.includes("'unsafe-eval'")) return t("csp-implemented-with-unsafe-eval", -10);
  const passive = [...(fallback("img-src") ?? []), ...(fallback("media-src") ?? [])];
  if (passive.some((v) => v === "http:" || v.startsWith("http://"))) return t("csp-implemented-with-insecure-scheme-in-passive-content-only", -10);
  if (style.includes("'unsafe-inline'") || broad(style)) return t("csp-implemented-with-unsafe-inline-in-style-src-only", 0);
  if ((p.get("default-src") ?? []).join(" ") === "'none'") return t("csp-implemented-with-no-unsafe-default-src-none", 10);
  return t("csp-implemented-with-no-unsafe", 5);
}

function cookies(setCookies: string[], hstsSent: boolean): ObservatoryTest {
  const t = (result: string, modifier: number) => ({ test: "cookies", result, modifier });
  if (setCookies.length === 0) return t("cookies-not-found", 0);
  const attrs = setCookies.map((c) => {
    const [pair, ...rest] = c.split(";");
    const name = (pair ?? "").split("=")[0]!.trim();
    const flags = rest.map((r) => r.trim().toLowerCase());
    return {
      session: /sess|login|auth|token/i.test(name),
      secure: flags.includes("secure"),
      httpOnly: flags.includes("httponly"),
      sameSite: flags.find((f) => f.startsWith("samesite="))?.slice(9),
    };
  });
  if (attrs.some((a) => a.sameSite !== undefined && !["strict", "lax", "none"].includes(a.sameSite))) return t("cookies-samesite-flag-invalid", -20);
  if (attrs.some((a) => a.session && !a.secure)) return t(hstsSent ? "cookies-session-without-secure-flag-but-protected-by-hsts" : "cookies-session-without-secure-flag", hstsSent ? -10 : -40);
  if (attrs.some((a) => a.session && !a.httpOnly)) return t("cookies-session-without-httponly-flag", -30);
  if (attrs.some((a) => !a.secure)) return t(hstsSent ? "cookies-without-secure-flag-but-protected-by-hsts" : "cookies-without-secure-flag", hstsSent ? -5 : -20);
  if (attrs.every((a) => a.sameSite)) return t("cookies-secure-with-httponly-sessions-and-samesite", 5);
  return t("cookies-secure-with-httponly-sessions", 0);
}

function cors(headers: Headers): ObservatoryTest {
  const t = (result: string, modifier: number) => ({ test: "cross-origin-resource-sharing", result, modifier });
  const origin = headers.get("access-control-allow-origin");
  if (!origin) return t("cross-origin-resource-sharing-not-implemented", 0);
  if (origin.trim() === "*" && headers.get("access-control-allow-credentials") === "true") return t("cross-origin-resource-sharing-implemented-with-universal-access", -50);
  return t("cross-origin-resource-sharing-implemented-with-restricted-access", 0);
}

function referrer(headers: Headers): ObservatoryTest {
  const t = (result: string, modifier: number) => ({ test: "referrer-policy", result, modifier });
  const header = headers.get("referrer-policy");
  if (!header) return t("referrer-policy-not-implemented", 0);
  const values = header.toLowerCase().split(",").map((v) => v.trim());
  const last = values[values.length - 1]!;
  const valid = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin", "no-referrer-when-downgrade", "origin", "origin-when-cross-origin", "unsafe-url"];
  if (!valid.includes(last)) return t("referrer-policy-header-invalid", -5);
  if (["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"].includes(last)) return t("referrer-policy-private", 5);
  if (last === "no-referrer-when-downgrade") return t("referrer-policy-no-referrer-when-downgrade", 0);
  return t("referrer-policy-unsafe", -5);
}

function hsts(headers: Headers): ObservatoryTest {
  const t = (result: string, modifier: number) => ({ test: "strict-transport-security", result, modifier });
  const header = headers.get("strict-transport-security");
  if (!header) return t("hsts-not-implemented", -20);
  const maxAge = /max-age=(\d+)/i.exec(header)?.[1];
  if (maxAge === undefined) return t("hsts-header-invalid", -20);
  // Six months; the +5 of 'hsts-preloaded' needs the domain on browsers' preload list, which no header can show.
  return Number(maxAge) >= 15_768_000 ? t("hsts-implemented-max-age-at-least-six-months", 0) : t("hsts-implemented-max-age-less-than-six-months", -10);
}

function sri(headers: Headers, body: string, origin: string): ObservatoryTest {
  const t = (result: string, modifier: number) => ({ test: "subresource-integrity", result, modifier });
  if (!/text\/html/.test(headers.get("content-type") ?? "")) return t("sri-not-implemented-response-not-html", 0);
  const scripts = [...body.matchAll(/<script\b[^>]*\ssrc=["']?([^"'\s>]+)[^>]*>/gi)].map((m) => ({ tag: m[0], src: m[1]! }));
  if (scripts.length === 0) return t("sri-not-implemented-but-no-scripts-loaded", 0);
  const external = scripts.filter((s) => /^(https?:)?\/\//i.test(s.src) && !s.src.startsWith(origin));
  const withIntegrity = scripts.filter((s) => /\sintegrity=/i.test(s.tag));
  if (external.some((s) => !s.src.startsWith("https:"))) return t(withIntegrity.length ? "sri-implemented-but-external-scripts-not-loaded-securely" : "sri-not-implemented-and-external-scripts-not-loaded-securely", withIntegrity.length ? -20 : -50);
  if (withIntegrity.length === scripts.length) return t("sri-implemented-and-all-scripts-loaded-securely", 5);
  if (external.length && external.some((s) => !/\sintegrity=/i.test(s.tag))) return t("sri-not-implemented-but-external-scripts-loaded-securely", -5);
  return t("sri-not-implemented-but-all-scripts-loaded-from-secure-origin", 0);
}

function xcto(headers: Headers): ObservatoryTest {
  const t = (result: string, modifier: number) => ({ test: "x-content-type-options", result, modifier });
  const header = headers.get("x-content-type-options");
  if (!header) return t("x-content-type-options-not-implemented", -5);
  return header.trim().toLowerCase() === "nosniff" ? t("x-content-type-options-nosniff", 0) : t("x-content-type-options-header-invalid", -5);
}

function xfo(headers: Headers): ObservatoryTest {
  const t = (result: string, modifier: number) => ({ test: "x-frame-options", result, modifier });
  const policy = parseCsp(headers.get("content-security-policy") ?? "");
  const ancestors = policy?.get("frame-ancestors");
  if (ancestors && !ancestors.includes("*")) return t("x-frame-options-implemented-via-csp", 5);
  const header = headers.get("x-frame-options")?.trim().toUpperCase();
  if (!header) return t("x-frame-options-not-implemented", -20);
  return header === "DENY" || header === "SAMEORIGIN" ? t("x-frame-options-sameorigin-or-deny", 0) : t("x-frame-options-header-invalid", -20);
}

function corp(headers: Headers): ObservatoryTest {
  const t = (result: string, modifier: number) => ({ test: "cross-origin-resource-policy", result, modifier });
  const header = headers.get("cross-origin-resource-policy")?.trim().toLowerCase();
  if (!header) return t("cross-origin-resource-policy-not-implemented", 0);
  return ["same-site", "same-origin", "cross-origin"].includes(header) ? t(`cross-origin-resource-policy-implemented-with-${header}`, 0) : t("cross-origin-resource-policy-header-invalid", -5);
}

/** The score of one HTTPS response, with each test's result. */
export function observatoryScore(headers: Headers, body: string, origin: string): { score: number; tests: ObservatoryTest[] } {
  const tests = [
    csp(headers),
    cookies(headers.getSetCookie(), Boolean(headers.get("strict-transport-security"))),
    cors(headers),
    referrer(headers),
    hsts(headers),
    sri(headers, body, origin),
    xcto(headers),
    xfo(headers),
    corp(headers),
  ];
  const penalties = tests.filter((t) => t.modifier < 0).reduce((s, t) => s + t.modifier, 0);
  const bonuses = tests.filter((t) => t.modifier > 0).reduce((s, t) => s + t.modifier, 0);
  const base = 100 + penalties;
  return { score: Math.max(0, base >= 90 ? base + bonuses : base), tests };
}
