import { sql, type Kysely } from "kysely";
import { isPostgres } from "./types.ts";

/**
 * SQLite's full-text index of the staff search (0017) keeps a deleted row's
 * words in its segments until they are merged, so an erased or deleted
 * registrant's name stayed readable in the file. Its 'secure-delete' option
 * removes them from the index at once (decision 0056). The option is stored
 * with the index. (PostgreSQL keeps a deleted row until VACUUM reuses its
 * space, which autovacuum does on its own.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`insert into registration_search_fts (registration_search_fts, rank) values ('secure-delete', 1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`insert into registration_search_fts (registration_search_fts, rank) values ('secure-delete', 0)`.execute(db);
}
