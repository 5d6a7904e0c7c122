import { chromium } from "playwright-core";
const base = "http://127.0.0.1:5440";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
for (const width of [1280, 375]) {
  const ctx = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 900 } });
  const page = await ctx.newPage();
  await page.goto(base + "/admin/login?next=%2Fadmin%2Faudit");
  await page.screenshot({ path: `/tmp/shot-login-${width}.png`, fullPage: true });
  await page.getByLabel("Email").fill("boss@example.org");
  await page.getByLabel("Password").fill("wrong wrong wrong");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("alert").waitFor();
  await page.screenshot({ path: `/tmp/shot-login-err-${width}.png`, fullPage: true });
  await page.getByLabel("Password").fill("a very good passphrase 42");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/admin/audit");
  await page.screenshot({ path: `/tmp/shot-audit-${width}.png`, fullPage: true });
  await page.goto(base + "/admin/contacts");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.screenshot({ path: `/tmp/shot-contacts-${width}.png`, fullPage: true });
  if (width < 600) {
    await page.getByRole("button", { name: "Menu" }).click();
    await page.screenshot({ path: `/tmp/shot-menu-${width}.png`, fullPage: true });
  }
  await ctx.close();
}
await browser.close();
