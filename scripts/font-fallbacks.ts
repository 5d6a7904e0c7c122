// Computes the metric overrides of the fallback @font-face rules in app/app.css
// (decision 0008): each local fallback font is scaled (size-adjust) so a line of
// English text is as wide as in the web font, and its line metrics are the web
// font's, divided by that scale. Widths are measured in the system Chromium.
// Usage: node scripts/font-fallbacks.ts
import fs from "node:fs";
import { chromium } from "playwright-core";

const sample =
  "Experience transformative training, workshops, and healing pathways with Mindful Path Institute. " +
  "Our trainings combine clinical hypnotherapy, regression therapy and practical tools for everyday life. " +
  "Who can benefit? Executives, Parents & Teachers, Healthcare Practitioners. Meet Our USA Team.";

// Line metrics of the web fonts (hhea, equal to OS/2 typo; USE_TYPO_METRICS is set), per em.
const webFonts = {
  fraunces: {
    file: "node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2",
    ascent: 1956 / 2000,
    descent: 510 / 2000,
    fallbacks: ["Liberation Serif", "DejaVu Serif"],
  },
  sourceSans: {
    file: "node_modules/@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2",
    ascent: 1024 / 1000,
    descent: 400 / 1000,
    fallbacks: ["Liberation Sans", "DejaVu Sans"],
  },
};
// Fonts this machine lacks, as a width relative to one it has (average
// character widths from published metrics: Georgia 913 vs Times New Roman 832
// per 2048 units; Arial and Times New Roman are metric-equal to Liberation Sans and Serif).
const relative = { Georgia: { to: "Liberation Serif", factor: 913 / 832 } };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const page = await browser.newPage();
const widths: Record<string, number> = await page.evaluate(
  async ({ text, faces, locals }) => {
    const ctx = document.createElement("canvas").getContext("2d")!;
    const measure = (family: string) => {
      ctx.font = `400 100px "${family}"`;
      return ctx.measureText(text).width;
    };
    const out: Record<string, number> = {};
    for (const [name, base64] of Object.entries(faces)) {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const face = new FontFace(name, bytes, { weight: "100 900" });
      document.fonts.add(await face.load());
      out[name] = measure(name);
    }
    for (const family of locals) out[family] = measure(family);
    return out;
  },
  {
    text: sample,
    faces: Object.fromEntries(Object.entries(webFonts).map(([k, f]) => [k, fs.readFileSync(f.file).toString("base64")])),
    locals: Object.values(webFonts).flatMap((f) => f.fallbacks),
  },
);
await browser.close();
for (const [name, r] of Object.entries(relative)) widths[name] = widths[r.to]! * r.factor;

const pct = (n: number) => `${(n * 100).toFixed(2)}%`;
for (const [key, font] of Object.entries(webFonts)) {
  const locals = key === "fraunces" ? ["Georgia", ...font.fallbacks] : font.fallbacks;
  for (const local of locals) {
    const sizeAdjust = widths[key]! / widths[local]!;
    console.log(
      `${key} over ${local}: size-adjust: ${pct(sizeAdjust)}; ascent-override: ${pct(font.ascent / sizeAdjust)}; descent-override: ${pct(font.descent / sizeAdjust)}; line-gap-override: 0%;`,
    );
  }
}
