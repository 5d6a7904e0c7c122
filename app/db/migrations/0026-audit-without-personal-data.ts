import { sql, type Kysely } from "kysely";

/**
 * The audit trail keeps no personal data that an erasure, a staff delete or
 * the retention job could not reach (decision 0056). Entries written before
 * lose it here:
 * - a registrant's own cancel or erasure request: their email and address;
 * - a deleted Family Constellation booking: the booker's name and email (the
 *   booking's id, session and status stay);
 * - a list read or an export: the search as typed (whether there was one stays).
 * Nothing else of an entry changes. There is nothing to restore on the way down.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update audit_events set actor_email = null, ip = null where actor_id is null and action in ('cancel', 'erasure-request')`.execute(db);
  const { rows } = await sql<{ id: string; action: string; detail: string | null }>`
    select id, action, detail from audit_events
    where detail like ${'%"search"%'} or (action = 'delete' and target_type = 'family-booking')`.execute(db);
  for (const row of rows) {
    const detail = parsed(row.detail);
    if (!detail) continue;
    let changed = false;
    if ("search" in detail) {
      detail.searched = typeof detail.search === "string" && detail.search !== "";
      delete detail.search;
      changed = true;
    }
    if (row.action === "delete") {
      for (const key of ["fullName", "email"]) {
        if (key in detail) {
          delete detail[key];
          changed = true;
        }
      }
    }
    if (changed) await sql`update audit_events set detail = ${JSON.stringify(detail)} where id = ${row.id}`.execute(db);
  }
}

function parsed(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function down(): Promise<void> {}
