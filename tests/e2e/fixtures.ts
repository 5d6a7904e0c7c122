import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { DatabaseSync } from "node:sqlite";
import path from "node:path";
import { inflateSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

/** Read-only access to the e2e server's SQLite database, to check what was stored. */
export function queryDb<T = Record<string, unknown>>(sql: string, ...params: Array<string | number>): T[] {
  const file = path.join(process.env.E2E_DATA_DIR!, "site.db");
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Runs one write on the running server's SQLite database (waiting up to 10 s for its lock): a row put back before a test, seats taken as a visitor would. */
export function writeDb(sql: string, ...params: Array<string | number | null>): void {
  const db = new DatabaseSync(path.join(process.env.E2E_DATA_DIR!, "site.db"), { timeout: 10_000 });
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/**
 * axe-core with the WCAG 2.0–2.2 A and AA rules, run in the page itself
 * (`axe.run`, the builder's "legacy" mode). The default mode runs axe in every
 * frame and then again in a blank page it opens to merge the results: twice
 * the time (1.8–3.0 s against 0.8–1.6 s a run here), on some 200 runs a suite.
 * What it adds is cross-origin frames, and ours are only the video players'
 * (YouTube's document, not ours); the <iframe> elements themselves are checked
 * either way.
 */
export function axeBuilder(page: Page) {
  return (
    new AxeBuilder({ page })
      // Full node details for violations only (what these tests read): 20–50 % less
      // time a run here. Set before withTags: `options()` replaces the rule selection.
      .options({ resultTypes: ["violations"] })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .setLegacyMode(true)
  );
}

/** axe-core with the WCAG 2.0–2.2 A and AA rules: expects no violation (outside `exclude`, CSS selectors). */
export async function expectNoAxeViolations(page: Page, exclude: string[] = []) {
  await toastsSettled(page);
  const builder = axeBuilder(page);
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
}

/**
 * Controls under 24 × 24 px (WCAG 2.2's 2.5.8 minimum), without the spacing
 * exception axe's target-size rule allows: a small target that passes only
 * because nothing is near it today fails once something is. A link inside a
 * sentence is exempt, as the criterion says, and a box or radio counts its
 * label, which takes its clicks. Each is named with its size.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [tabindex="0"]',
    );
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      // Half a pixel of rounding allowed (a 24 px box can measure 23.99 under a transform).
      if (box.width === 0 || box.height === 0 || (box.width >= 23.5 && box.height >= 23.5)) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || el.closest(".sr-only")) continue;
      // Not a target at all: it takes no clicks (a toast beyond the stack's visible three is faded out, scaled
      // to 80 %, and pointer-events: none until the ones in front of it go).
      if (style.pointerEvents === "none") continue;
      // A box or radio whose label is 24 px: a click on the label is a click on it.
      const labels = el instanceof HTMLInputElement ? [...(el.labels ?? [])] : [];
      if (labels.some((l) => l.getBoundingClientRect().width >= 23.5 && l.getBoundingClientRect().height >= 23.5)) continue;
      // Inline in a sentence: its block has more text than the link itself.
      const ownText = (el.textContent ?? "").trim().length;
      const blockText = (el.parentElement?.textContent ?? "").trim().length;
      if (style.display === "inline" && blockText > ownText + 3) continue;
      const name = (el.getAttribute("aria-label") ?? el.textContent ?? el.id).trim().slice(0, 40);
      found.add(`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return [...found];
  });
}

/**
 * Intercepts the site's scripts: the chunk whose code contains `marker` (a
 * string only that chunk holds) fails ("fail": a connection reset), never
 * arrives ("stall"), or arrives once `release` settles (a promise). The others
 * pass unchanged.
 */
export async function interceptChunk(page: Page, marker: string, outcome: "fail" | "stall" | Promise<void>) {
  await page.route("**/assets/*.js", async (route) => {
    try {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes(marker)) {
        if (outcome === "fail") return await route.abort("connectionreset");
        if (outcome === "stall") return;
        await outcome;
      }
      await route.fulfill({ response, body });
    } catch (error) {
      // A script still on its way when the test ends (a chunk the page asked for late, the toasts' placement
      // after a stalled library): its route and its fetched response are gone with the page, which is no failure of the test's. Anything
      // else is one.
      if (!/Test ended|Target page, context or browser has been closed|Route is already handled|Response has been disposed/i.test(String(error))) throw error;
    }
  });
}

/**
 * Holds the page's timers of 4 s or more (the toasts' 4 s, the confirmation's 5 s
 * auto-close) until `window.releaseLongTimers()`, which starts them then: on a
 * loaded machine an axe run can outlast them. Shorter timers (React, axe) run as usual.
 */
export async function holdLongTimers(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { releaseLongTimers: () => void };
    const realSet = window.setTimeout.bind(window);
    const realClear = window.clearTimeout.bind(window);
    const held = new Map<number, () => void>();
    let holding = true;
    w.releaseLongTimers = () => {
      holding = false;
      for (const [id, run] of held) {
        realClear(id);
        realSet(run, 0);
      }
      held.clear();
    };
    window.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
      if (!holding || typeof ms !== "number" || ms < 4000 || typeof handler !== "function") return realSet(handler, ms, ...args);
      const id = realSet(() => {}, 3_600_000);
      held.set(id, () => (handler as (...a: unknown[]) => void)(...args));
      return id;
    }) as typeof window.setTimeout;
    window.clearTimeout = ((id?: number) => {
      if (id !== undefined) held.delete(id);
      realClear(id);
    }) as typeof window.clearTimeout;
  });
}

/** Starts the timers `holdLongTimers` held, and lets new ones run. */
export async function releaseLongTimers(page: Page) {
  await page.evaluate(() => (window as unknown as { releaseLongTimers: () => void }).releaseLongTimers());
}

/**
 * Toasts fade in and out, and the header changes colour on hover and focus
 * (a pointer left over it from the last click starts that on the next page);
 * axe measures colours as they are at that instant, so an element half-way
 * through a transition reads as low contrast. Waits until no CSS transition
 * runs anywhere, no toast asked for is still to come (`data-toasts-pending`:
 * the first loads its library, a chunk that can take longer than a few
 * frames) and no toast is still mounting or animating. (Endless
 * animations, such as a skeleton's pulse, are not waited for.) A private
 * page whose cancel question closed failed so once: the page got shorter,
 * scrolled back to the top, and the header turned plum while axe ran.
 */
export async function toastsSettled(page: Page) {
  // Two frames first: a change the test just waited for can move the page's
  // scroll (a shorter page) and the header's colour follows the scroll event a
  // frame later. Checked at once, that transition had not started yet.
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            // A toast asked for but not yet shown (its library still loading, say).
            document.documentElement.hasAttribute("data-toasts-pending") ||
            document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === "running") ||
            [...document.querySelectorAll("[data-sonner-toast]")].some(
              // A toast not yet mounted is about to start its entry transition.
              (t) => t.getAttribute("data-mounted") !== "true" || t.getAnimations({ subtree: true }).some((a) => a.playState === "running"),
            ),
        ),
      // Every 50 ms, not expect.poll's 100, 250, 500, then 1,000 ms: this runs before each of some 150 axe runs.
      { timeout: 10_000, intervals: [50] },
    )
    .toBe(false);
}

/**
 * Waits until React has hydrated the page (the layout marks <html> once it has).
 * Checked at every frame in the page: a locator assertion retries at 0, 20, 50,
 * 100, 100 ms and then every 500 ms, and saw the mark a median 167 ms late here
 * (9 ms this way), on some 150 waits a suite. Generous by default: on shared
 * CPUs hydration can take well over the 7 s an assertion waits.
 */
export async function hydrated(page: Page, timeout = 30_000) {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), null, { polling: "raf", timeout });
}

/** Decodes a Playwright screenshot (8-bit RGB or RGBA PNG, not interlaced) into pixels. */
export function decodePng(png: Buffer): { width: number; height: number; rgb: (x: number, y: number) => [number, number, number] } {
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const chunks: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[12] !== 0) throw new Error("only 8-bit, non-interlaced PNGs");
      channels = ({ 2: 3, 6: 4 } as Record<number, number>)[body[9]!] ?? 0;
      if (!channels) throw new Error(`unsupported PNG colour type ${body[9]}`);
    } else if (type === "IDAT") chunks.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= channels ? out[y * stride + i - channels]! : 0;
      const b = y > 0 ? out[(y - 1) * stride + i]! : 0;
      const c = y > 0 && i >= channels ? out[(y - 1) * stride + i - channels]! : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      out[y * stride + i] = (x + predictor) & 0xff;
    }
  }
  return {
    width,
    height,
    rgb: (x, y) => {
      const i = y * stride + x * channels;
      return [out[i]!, out[i + 1]!, out[i + 2]!];
    },
  };
}

/** WCAG contrast ratio of two sRGB colours. */
export function contrastRatio(a: [number, number, number], b: [number, number, number]): number {
  const lum = ([r, g, bl]: [number, number, number]) => {
    const lin = (v: number) => {
      const s = v / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(bl);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Focuses `control` from the keyboard and checks, on screenshots taken before
 * and after, that a focus indicator encloses it that a user can see: walking
 * out from its centre to the left, right, top and bottom, each walk crosses a
 * band at least 2 px thick whose pixels changed by at least 3:1 (WCAG 2.4.11
 * and 2.4.13). A ring clipped by a rounded container or too faint fails.
 */
export async function expectVisibleFocusRing(page: Page, control: Locator, margin = 160) {
  await control.evaluate((el) => el.scrollIntoView({ block: "center", inline: "center" }));
  await page.mouse.move(0, page.viewportSize()!.height - 1);
  await page.waitForTimeout(400);
  const box = (await control.boundingBox())!;
  const viewport = page.viewportSize()!;
  const clip = {
    x: Math.max(0, Math.floor(box.x - margin)),
    y: Math.max(0, Math.floor(box.y - margin)),
    width: 0,
    height: 0,
  };
  clip.width = Math.min(viewport.width, Math.ceil(box.x + box.width + margin)) - clip.x;
  clip.height = Math.min(viewport.height, Math.ceil(box.y + box.height + margin)) - clip.y;
  const before = decodePng(await page.screenshot({ clip, animations: "disabled" }));
  await page.keyboard.press("Shift");
  await control.focus();
  expect(await control.evaluate((el) => el.matches(":focus-visible"))).toBe(true);
  await page.waitForTimeout(100);
  const after = decodePng(await page.screenshot({ clip, animations: "disabled" }));

  const cx = Math.round(box.x + box.width / 2 - clip.x);
  const cy = Math.round(box.y + box.height / 2 - clip.y);
  const walks: Record<string, [number, number]> = { left: [-1, 0], right: [1, 0], top: [0, -1], bottom: [0, 1] };
  const thickest: Record<string, number> = {};
  for (const [side, [dx, dy]] of Object.entries(walks)) {
    let run = 0;
    let best = 0;
    for (let x = cx, y = cy; x >= 0 && y >= 0 && x < before.width && y < before.height; x += dx, y += dy) {
      run = contrastRatio(before.rgb(x, y), after.rgb(x, y)) >= 3 ? run + 1 : 0;
      best = Math.max(best, run);
    }
    thickest[side] = best;
  }
  for (const side of Object.keys(walks)) {
    expect(thickest[side], `${side} of the focus ring (px changed by 3:1 or more: ${JSON.stringify(thickest)})`).toBeGreaterThanOrEqual(2);
  }
}

/**
 * The newest mail the e2e server wrote to its outbox folder (no SMTP_URL
 * there) for `to`: `raw` as written, `text` with quoted-printable decoded
 * (for the bodies; headers read from `raw`). Waits for it.
 */
export async function mailTo(to: string, subjectPrefix: string): Promise<{ raw: string; text: string }> {
  const dir = path.join(process.env.E2E_DATA_DIR!, "outbox");
  let found = { raw: "", text: "" };
  await expect
    .poll(
      () => {
        if (!fs.existsSync(dir)) return false;
        for (const name of fs.readdirSync(dir).filter((n) => n.endsWith(".eml")).toSorted().toReversed()) {
          const raw = fs.readFileSync(path.join(dir, name), "utf8");
          const unfolded = raw.replace(/\r?\n[ \t]+/g, " ");
          if (!new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}\\s*$`, "mi").test(unfolded)) continue;
          if (!new RegExp(`^Subject: ${subjectPrefix}`, "mi").test(unfolded)) continue;
          found = {
            raw,
            text: raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
          };
          return true;
        }
        return false;
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBe(true);
  return found;
}

/**
 * Makes a staff account in the e2e server's database with the operator's own
 * script (`npm run admin:create`). Playwright may run a file's `beforeAll`
 * again in the same worker for a later group of its tests (fully parallel):
 * the module, and so the account, stay, and "already exists" is fine.
 */
export function createStaffAccount(email: string, password: string) {
  const r = spawnSync(process.execPath, ["scripts/admin.ts", "create", "--email", email], {
    input: `${password}\n`,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR!, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (r.status !== 0 && !/already exists/i.test(r.stderr)) throw new Error(`admin:create failed: ${r.stderr}`);
}

/**
 * A toast showing `text`. Each toast's words are also written to a hidden status region for screen readers
 * (app/lib/announce.ts), so a page-wide getByText would find both.
 */
export function toastWith(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/**
 * A Family Constellation session of its own for one test, in a city nobody else uses, written straight into
 * the e2e server's database (which has its own data folder); `prefix` names the spec that made it.
 */
export function addFamilySessionRow(
  prefix: string,
  capacity: number,
  { town = "Bookerville", daysAhead = 120 }: { town?: string; daysAhead?: number } = {},
): { id: string; city: string } {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const id = `s-fc-${prefix}-${tag}`;
  const city = `${town} ${tag}`;
  const start = new Date(Date.now() + daysAhead * 86_400_000 + Math.floor(Math.random() * 86_400_000));
  const db = new DatabaseSync(path.join(process.env.E2E_DATA_DIR!, "site.db"));
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    const now = new Date().toISOString();
    db.prepare(
      `INSERT INTO events (id, programme_id, kind, title, starts_at, ends_at, time_zone, city, venue, time_slot, capacity, price_cents, currency, organiser, organiser_email, facilitator, status, no_enrol, created_at, updated_at)
       VALUES (?, NULL, 'family', 'Family Constellation', ?, ?, 'America/Chicago', ?, 'Riverside Hall', 'Afternoon', ?, 15000, 'USD', 'Mindful Path Institute', 'fc@mindfulpath.example', 'Daniel Brooks', 'Open', 0, ?, ?)`,
    ).run(id, start.toISOString(), new Date(start.getTime() + 5 * 3_600_000).toISOString(), city, capacity, now, now);
  } finally {
    db.close();
  }
  return { id, city };
}
