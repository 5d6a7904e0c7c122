import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { deferModuleScript, hydrateAfterPaint } from "~/lib/hydrate-after-paint.server";

// The shape React Router's <Scripts/> writes (react-router 8), with a character outside ASCII on each side of the head.
const head =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Café Ω</title>' +
  '<link rel="preload" href="/assets/font.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n1"/>' +
  '<link rel="modulepreload" href="/assets/react-b.js" nonce="n1"/>' +
  '<link nonce="n1" rel="stylesheet" href="/assets/root.css"/></head>';
const moduleScript =
  ';\nimport * as route0 from "/assets/root-c.js";\nimport * as route1 from "/assets/home-d.js";\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client-a.js");';
const body =
  '<body><main><h1>Ünïcode ✓</h1></main>' +
  '<script nonce="n1">window.__reactRouterContext = {"x":1};</script>' +
  `<script nonce="n1" type="module" async="">${moduleScript}</script>` +
  '<script nonce="n1">window.__reactRouterContext.streamController.enqueue("[]");</script></body></html>';

async function through(html: string, size: number): Promise<string> {
  const bytes = Buffer.from(html, "utf8");
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return text(Readable.from(chunks).pipe(hydrateAfterPaint()));
}

describe("hydration after the first paint (decision 0035)", () => {
  it("takes the module preloads out of the head and keeps everything else", async () => {
    const out = await through(head + body, 100_000);
    expect(out).not.toContain("modulepreload\" href");
    expect(out).toContain('<link rel="preload" href="/assets/font.woff2"');
    expect(out).toContain('<link nonce="n1" rel="stylesheet" href="/assets/root.css"/></head>');
    expect(out).toContain("<h1>Ünïcode ✓</h1>");
    expect(out).toContain('<script nonce="n1">window.__reactRouterContext = {"x":1};</script>');
  });

  it("makes the module script wait for a paint, then ask for the same modules and import the routes before the entry", async () => {
    const out = await through(head + body, 100_000);
    const script = out.slice(out.indexOf('type="module" async="">') + 23, out.indexOf("</script>", out.indexOf('type="module"')));
    expect(script).not.toMatch(/^\s*import \* as/m);
    const wait = script.indexOf("requestAnimationFrame");
    const preload = script.indexOf('["/assets/entry.client-a.js","/assets/react-b.js"]');
    const routes = script.indexOf('const [route0,route1]=await Promise.all([import("/assets/root-c.js"),import("/assets/home-d.js")]);');
    const modules = script.indexOf("window.__reactRouterRouteModules");
    const entry = script.indexOf('import("/assets/entry.client-a.js");');
    expect([wait, preload, routes, modules, entry].every((i) => i >= 0)).toBe(true);
    expect(wait < preload && preload < routes && routes < modules && modules < entry).toBe(true);
    // It is still valid JavaScript for a module (top-level await is allowed there).
    expect(() => new Function(`return async () => {${script}}`)).not.toThrow();
  });

  it.each([1, 2, 5, 17, 64, 1000])("gives the same document whatever the chunk size (%i bytes)", async (size) => {
    expect(await through(head + body, size)).toBe(await through(head + body, 100_000));
  });

  it("passes a document it does not recognise through unchanged", async () => {
    const other = '<html><head><title>x</title></head><body><script nonce="z">let a = 1;</script><p>ü</p></body></html>';
    expect(await through(other, 3)).toBe(other);
    expect(await through("<p>no head ✓</p>", 4)).toBe("<p>no head ✓</p>");
  });

  it("leaves a module script without static imports alone", () => {
    expect(deferModuleScript('window.__reactRouterRouteModules = {};import("/e.js");', [])).toBeNull();
  });
});
