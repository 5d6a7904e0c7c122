import type { Kysely } from "kysely";
import { instant } from "./types.ts";

/**
 * Staff cancel a session (issue 11 point 3, decision 0032): its status becomes
 * 'Cancelled' (beside 'Open' and 'Closed'), and when and by whom are kept. The
 * cancellation itself is also a `session_notices` row of kind 'cancel', so it
 * counts in the session's calendar SEQUENCE (decision 0024).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("events").addColumn("cancelled_at", instant(db)).execute();
  await db.schema.alterTable("events").addColumn("cancelled_by", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("events").dropColumn("cancelled_by").execute();
  await db.schema.alterTable("events").dropColumn("cancelled_at").execute();
}
