// Renders pages in the system Chromium at the given widths and saves PNGs.
// Usage: node scripts/screenshot.ts <baseUrl> <outDir> <path> [path...]  (WIDTHS=375,1280)
import { chromium } from "playwright-core";

const [base, outDir, ...paths] = process.argv.slice(2);
if (!base || !outDir || paths.length === 0) {
  console.error("Usage: node scripts/screenshot.ts <baseUrl> <outDir> <path> [path...]");
  process.exit(2);
}
const widths = (process.env.WIDTHS ?? "375,1280").split(",").map(Number);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 812 : 900 } });
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    // Scroll through the page so lazy images load, then back to the top.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 60));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(400);
    const name = `${outDir}/${p.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${width}.png`;
    await page.screenshot({ path: name, fullPage: process.env.FULL !== "0" });
    console.log(name);
  }
  await page.close();
}
await browser.close();
