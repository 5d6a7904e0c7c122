import type { Kysely } from "kysely";
import { instant } from "./types.ts";

/**
 * Staff area (issue 9): administrator accounts, their sessions and Bearer
 * tokens (both stored only as SHA-256 hashes of the secret), and the audit
 * trail, which the application only ever inserts into.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("staff_accounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    // Lower-cased and trimmed: one account per address whatever its case.
    .addColumn("email", "text", (c) => c.notNull().unique())
    // scrypt$N$r$p$salt$hash (features/admin-auth/password.server.ts)
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", instant(db), (c) => c.notNull())
    .addColumn("password_changed_at", instant(db), (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("staff_sessions")
    // base64url SHA-256 of the cookie value or Bearer token: a copy of the table opens nothing.
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("staff_accounts.id").onDelete("cascade"))
    // browser (cookie) | api (Bearer token)
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("created_at", instant(db), (c) => c.notNull())
    .addColumn("expires_at", instant(db), (c) => c.notNull())
    .addColumn("revoked_at", instant(db))
    .execute();
  await db.schema.createIndex("staff_sessions_account_idx").on("staff_sessions").column("account_id").execute();
  await db.schema.createIndex("staff_sessions_expires_idx").on("staff_sessions").column("expires_at").execute();

  await db.schema
    .createTable("audit_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("at", instant(db), (c) => c.notNull())
    // Null for an attempt by someone not signed in (a failed sign-in).
    .addColumn("actor_id", "text")
    // The account's address, or the address typed in a failed attempt.
    .addColumn("actor_email", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_type", "text")
    .addColumn("target_id", "text")
    .addColumn("ip", "text")
    // JSON object with anything else worth keeping (never a password).
    .addColumn("detail", "text")
    .execute();
  await db.schema.createIndex("audit_events_at_idx").on("audit_events").column("at").execute();
  await db.schema.createIndex("audit_events_action_idx").on("audit_events").columns(["action", "at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audit_events").execute();
  await db.schema.dropTable("staff_sessions").execute();
  await db.schema.dropTable("staff_accounts").execute();
}
