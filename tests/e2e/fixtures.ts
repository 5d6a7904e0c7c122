import { DatabaseSync } from "node:sqlite";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

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

/** axe-core with the WCAG 2.0–2.2 A and AA rules: expects no violation. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary).toEqual([]);
}

/** Waits until React has hydrated the page (the layout marks <html> once it has). */
export async function hydrated(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}
