import { sql, type Kysely } from "kysely";
import { isPostgres } from "./types.ts";

/**
 * Registrations and bookings move the content version (0008) only when a
 * public page can change: a row added or removed, or its status or session
 * changed (the seats left). Before, any update did, so every reminder (which
 * records what it told, decision 0048), attendance mark, erasure or staff edit
 * of a name emptied every instance's page cache. No public page shows anything
 * else of these rows.
 */
const TABLES = ["registrations", "family_bookings"] as const;

/** Recreates the two tables' update triggers so that they fire on `update` (null: any column) or `update of <columns>`. */
async function recreate(db: Kysely<unknown>, columns: string | null): Promise<void> {
  const update = sql.raw(columns ? `update of ${columns}` : "update");
  for (const table of TABLES) {
    const t = sql.raw(table);
    if (isPostgres(db)) {
      const name = sql.raw(`${table}_content_version`);
      await sql`drop trigger ${name} on ${t}`.execute(db);
      await sql`
        create constraint trigger ${name}
        after insert or delete or ${update} on ${t}
        deferrable initially deferred
        for each row execute function bump_content_version()`.execute(db);
    } else {
      const name = sql.raw(`${table}_content_version_update`);
      await sql`drop trigger ${name}`.execute(db);
      await sql`
        create trigger ${name} after ${update} on ${t}
        begin update content_version set version = version + 1 where id = 1; end`.execute(db);
    }
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await recreate(db, "status, event_id");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await recreate(db, null);
}
