import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { valid } from "../helpers/registration";
import { startSite, type RunningSite } from "../helpers/site";

/**
 * Decision D14: every text a visitor sees is American English. This renders each
 * public page and checks what is visible in it (text, alt/title/aria-label/
 * placeholder attributes, meta descriptions and titles, JSON-LD) and the caption
 * files for British forms. Code identifiers, comments and docs are not scanned.
 */
const britishForms = [
  "programmes?", "behaviours?", "behavioural",
  "organis(?:e|es|ed|ing|ation|ations|er|ers)", "centres?", "centred",
  "enrol", "enrols", "enrolment", "enrolments",
  "colours?", "coloured", "colourful", "recognis(?:e|es|ed|ing)", "practis(?:e|es|ed|ing)",
  "speciali[s](?:e|es|ed|ing|ation|ations)", "anonymis(?:e|es|ed|ing)", "judgement",
  "enquir(?:e|es|y|ies)", "favour(?:s|ite|ites|able)?", "honours?", "licence", "counsellors?", "counselling",
  "travell(?:ed|ing|er|ers)", "cancell(?:ed|ing)", "catalogues?", "analys(?:e|es|ed|ing)",
  "realis(?:e|es|ed|ing)", "apologis(?:e|es|ed|ing)", "prioritis(?:e|es|ed|ing)", "personalis(?:e|es|ed|ing)",
  "utilis(?:e|es|ed|ing)", "minimis(?:e|es|ed|ing)", "maximis(?:e|es|ed|ing)", "optimis(?:e|es|ed|ing)",
  "familiaris(?:e|es|ed|ing)", "whilst", "amongst", "defence", "grey", "ageing", "theatres?", "metres?",
  "fibres?", "fulfil", "fulfils", "fulfilment", "neighbours?", "neighbourhoods?", "labour", "humour", "sceptical",
  "learnt", "mum", "paediatric\\w*", "programme-?\\w*",
];
const britishPattern = new RegExp(`\\b(?:${britishForms.join("|")})\\b`, "gi");

/** What a visitor can see or hear read out from a server-rendered page. */
export function visibleText(html: string): string {
  const jsonLd = [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const attributes = [...html.matchAll(/\s(?:alt|title|aria-label|placeholder|content)="([^"]*)"/g)].map((m) => m[1]);
  const text = html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ");
  return [text, ...attributes, ...jsonLd].join("\n");
}

export function britishWords(text: string): string[] {
  return [...new Set(text.match(britishPattern) ?? [])];
}

const pages = [
  "/", "/about", "/decode", "/contact-us", "/privacy-policy", "/schedule", "/ich", "/ich/levels", "/ich/level/1",
  "/tasso", "/family-constellation", "/decode/level/decode-1", "/level/1", "/coming-soon", "/no-such-page",
  // Every level page (their posters' alt text, the required level beside the enroll button).
  "/decode/level/decode-2", "/decode/level/decode-3", "/decode/level/decode-4", "/decode/level/decode-5", "/ich/level/ich-2", "/ich/level/ich-6",
];

describe("the visible copy uses American spelling (D14)", () => {
  it("the scanner finds British forms and lets American ones and code through", () => {
    expect(britishWords("Our Programmes help organisations; enrol at the centre.")).toEqual(["Programmes", "organisations", "enrol", "centre"]);
    expect(britishWords("Our Programs help organizations; enroll at the center. Behavior, colors.")).toEqual([]);
    expect(visibleText('<p class="programme-card">Hi</p><img alt="A programme" src="/media/programme.webp">')).not.toContain("programme-card");
    expect(britishWords(visibleText('<img alt="A programme" src="/media/programme.webp">'))).toEqual(["programme"]);
  });

  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite("sqlite");
  });
  afterAll(async () => {
    await s?.stop();
  });

  for (const page of pages) {
    it(`${page} shows no British spelling`, async () => {
      const res = await fetch(`${s.url}${page}`);
      const html = await res.text();
      expect(html.length).toBeGreaterThan(1000);
      expect(britishWords(visibleText(html))).toEqual([]);
    });
  }

  it("a registrant's private page and the mails of a cancellation use American spelling", async () => {
    const res = await fetch(`${s.url}/api/registration`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...valid, email: "spelling@example.com" }),
    });
    expect(res.status).toBe(201);
    const confirmation = await s.db.selectFrom("outbox").select("text_body").where("to_address", "=", "spelling@example.com").executeTakeFirstOrThrow();
    const link = new RegExp(`${s.config.site.publicUrl}(/my-registration/[A-Za-z0-9_-]{43})`).exec(confirmation.text_body)![1]!;
    const cancel = await fetch(`${s.url}${link}`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: s.url }, body: "intent=cancel" });
    expect(cancel.status).toBe(302);
    const page = await (await fetch(`${s.url}${link}?cancelled=1`)).text();
    expect(visibleText(page)).toContain("Your registration is canceled");
    expect(britishWords(visibleText(page))).toEqual([]);
    const mails = await s.db.selectFrom("outbox").select(["subject", "text_body"]).execute();
    expect(mails.some((m) => m.subject.startsWith("Registration canceled"))).toBe(true);
    expect(britishWords(mails.map((m) => `${m.subject}\n${m.text_body}`).join("\n"))).toEqual([]);
  });

  it("the public programme API and the caption files use American spelling", async () => {
    // The values a page may show; keys are the wire contract (the spec's own
    // 'organiser', say) and codes such as ids, kinds and availability are not copy.
    const codes = new Set(["_id", "id", "kind", "thumbnail", "videoUrl", "availability", "timeZone", "eventType", "programType", "programId"]);
    const shown: string[] = [];
    const walk = (value: unknown, key = ""): void => {
      if (typeof value === "string") {
        if (!codes.has(key)) shown.push(value);
      } else if (Array.isArray(value)) value.forEach((v) => walk(v, key));
      else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, k);
    };
    for (const call of ["/api/decode/user?limit=50", "/api/hypnotherapy/user?limit=50"]) walk(await (await fetch(`${s.url}${call}`)).json());
    expect(shown.length).toBeGreaterThan(50);
    expect(britishWords(shown.join("\n"))).toEqual([]);
    const dir = path.resolve("public/captions");
    for (const file of fs.readdirSync(dir)) {
      expect({ file, words: britishWords(fs.readFileSync(path.join(dir, file), "utf8")) }).toEqual({ file, words: [] });
    }
  });
});
