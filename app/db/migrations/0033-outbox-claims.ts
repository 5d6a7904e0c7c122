import type { Kysely } from "kysely";

/**
 * Which worker's claim holds an outbox row (decision 0104): a random id per
 * claimed batch. The lease (`locked_until`) moves as it is renewed; the claim
 * does not, so a worker renews, marks sent or reschedules only rows it still
 * holds, and never one another worker took over after its lease ran out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox").addColumn("claimed_by", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox").dropColumn("claimed_by").execute();
}
