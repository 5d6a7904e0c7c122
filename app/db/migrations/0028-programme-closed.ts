import { sql, type Kysely } from "kysely";

/**
 * Whether the session's programme is Closed (decision 0061): a programme's
 * status closes enrolment in every one of its sessions (decision 0005, "Closed
 * means enrolment is closed"), while each session keeps the status staff gave
 * it, so reopening the programme reopens exactly the sessions that were open.
 * Kept by the programme save for all of the programme's sessions, so every read
 * of a session row (seat checks, public lists, the registration page, waiting-list
 * offers) sees it without a join.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("events").addColumn("programme_closed", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await sql`update events set programme_closed = 1 where programme_id in (select id from programmes where status = 'Closed')`.execute(db);
  // The Family Constellation event's name is fixed (spec part 2 §3); the API used to store any name.
  await sql`update events set title = 'Family Constellation' where kind = 'family' and title <> 'Family Constellation'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("events").dropColumn("programme_closed").execute();
}
