import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Expression, type SqlBool } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~/db/db.server";
import { auditSearch } from "~/features/audit/audit.server";
import { bookingSearch } from "~/features/bookings/consultations.server";
import { contactSearch } from "~/features/contact/contact-admin.server";
import { createPostgresDatabase, postgresUrl } from "../helpers/databases";

/**
 * The trigram indexes of migration 0036 answer the searches the staff lists
 * send, with the very expressions they send (decision 0113). An index on a
 * slightly different expression is never used, silently; this asks
 * PostgreSQL's planner, with sequential scans priced out, which index it picks.
 */
describe.skipIf(!postgresUrl)("staff list searches on PostgreSQL use their indexes", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "list-indexes-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("contacts, Family Constellation bookings and the audit trail", async () => {
    const pgDb = await createPostgresDatabase();
    const handle = openDatabase({ dataDir, databaseUrl: pgDb.url });
    try {
      await migrateToLatest(handle.db);
      const plan = async (table: "contact_messages" | "family_bookings" | "audit_events", where: Expression<SqlBool>) =>
        handle.db.transaction().execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          const compiled = sql`select 1 from ${sql.raw(table === "family_bookings" ? "family_bookings b" : table)} where ${where}`.compile(trx);
          const rows = await trx.executeQuery<{ "QUERY PLAN": string }>({ ...compiled, sql: `explain ${compiled.sql}` });
          return rows.rows.map((r) => r["QUERY PLAN"]).join("\n");
        });
      const contacts = await plan("contact_messages", contactSearch("rivera")!);
      for (const c of ["first_name", "last_name", "email", "phone_number", "country", "status"]) expect(contacts).toContain(`contact_messages_${c}_trgm_idx`);
      const bookings = await plan("family_bookings", bookingSearch("rivera", true)!);
      for (const c of ["full_name", "email", "phone"]) expect(bookings).toContain(`family_bookings_${c}_trgm_idx`);
      const audit = await plan("audit_events", auditSearch("rivera")!);
      for (const c of ["actor_email", "target_id", "target_type", "ip"]) expect(audit).toContain(`audit_events_${c}_trgm_idx`);
    } finally {
      await handle.close();
      await pgDb.drop();
    }
  });
});
