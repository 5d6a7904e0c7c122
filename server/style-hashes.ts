import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";

/**
 * The style sheets that libraries insert at run time as `<style>` elements,
 * allowed by the Content-Security-Policy by their hashes, so that `style-src`
 * needs no 'unsafe-inline' (decision 0036). The page's own styles are one
 * hashed file, and no server-rendered element carries a `style` attribute.
 *
 * - sonner (the toasts) inserts its fixed CSS once, from a string literal in
 *   its module: that literal is read here and hashed, so an upgrade of sonner
 *   is followed without anyone editing a hash. The end-to-end tests fail on any
 *   CSP violation, so a change in how sonner ships its CSS cannot go unseen.
 * - Tiptap (the staff editor) is told not to insert its own (`injectCSS:
 *   false`); its few base rules are in app.css.
 */
export function libraryStyleHashes(): string[] {
  const require = createRequire(import.meta.url);
  const file = require.resolve("sonner").replace(/index\.js$/, "index.mjs");
  const source = fs.readFileSync(fs.existsSync(file) ? file : require.resolve("sonner"), "utf8");
  const hash = (css: string) => `'sha256-${crypto.createHash("sha256").update(css, "utf8").digest("base64")}'`;
  // sonner first appends an empty <style> and then its text: the empty sheet is checked too.
  const hashes: string[] = [hash("")];
  for (const m of source.matchAll(/__insertCSS\(("(?:[^"\\]|\\.)*")\)/g)) {
    const css = JSON.parse(m[1]!) as string;
    hashes.push(hash(css));
  }
  return [...new Set(hashes)];
}
