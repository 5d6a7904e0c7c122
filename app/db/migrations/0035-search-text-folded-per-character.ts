import { sql, type Kysely } from "kysely";
import { isPostgres } from "./types.ts";

/**
 * SQLite's lower() now maps one character at a time, as PostgreSQL's does
 * (decision 0112). The staff search's stored text (0017) was lowered with
 * Unicode's context rules, which differ only for a word-final "Σ" (stored as
 * "ς") and "İ" (stored as "i" and a combining dot): those rows are lowered
 * again from their registrations, through the same trigger expression, and
 * the full-text index follows by its own triggers. PostgreSQL has nothing to
 * redo.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`
    update registration_search
    set body = (
      select lower(r.first_name || ' ' || r.last_name || ' ' || r.email || ' ' || r.level_name || ' ' || coalesce(r.level, '') || ' ' || r.session_label || ' ' || r.mobile_no)
      from registrations r where r.id = registration_search.registration_id
    )
    where instr(body, char(962)) > 0 or instr(body, char(105, 775)) > 0`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: the text is what the lower() of the day gives.
}
