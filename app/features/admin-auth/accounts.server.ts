import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { recordAudit } from "../audit/audit.server.ts";
import { hashPassword, passwordProblem } from "./password.server.ts";

export type StaffAccount = { id: string; email: string };

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblem(email: string): string | null {
  const e = normaliseEmail(email);
  if (!e) return "An email address is required.";
  if (e.length > 254 || !EMAIL.test(e)) return "That is not a valid email address.";
  return null;
}

export async function countStaffAccounts(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom("staff_accounts").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findStaffAccount(db: Kysely<DB>, email: string) {
  return db.selectFrom("staff_accounts").selectAll().where("email", "=", normaliseEmail(email)).executeTakeFirst();
}

export class AccountError extends Error {}

/** Creates an administrator. Refuses a taken address, an invalid one, or a weak password. */
export async function createStaffAccount(db: Kysely<DB>, email: string, password: string): Promise<StaffAccount> {
  const problem = emailProblem(email) ?? passwordProblem(password);
  if (problem) throw new AccountError(problem);
  const normalised = normaliseEmail(email);
  if (await findStaffAccount(db, normalised)) {
    throw new AccountError(`An account for ${normalised} already exists. Use \`npm run admin:password -- --email ${normalised}\` to set a new password.`);
  }
  const now = new Date().toISOString();
  const account = { id: crypto.randomUUID(), email: normalised };
  const password_hash = await hashPassword(password);
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("staff_accounts").values({ ...account, password_hash, created_at: now, password_changed_at: now }).execute();
      // Who can read every registration is worth a line in the trail (decision 0105).
      await recordAudit(trx, {
        action: "create",
        actor: { id: null, email: null },
        target: { type: "staff-account", id: account.id },
        detail: { via: "admin:create", email: normalised, summary: `Administrator ${normalised} created` },
      });
    });
  } catch {
    // Two creations of one address at once: the unique index decides.
    throw new AccountError(`An account for ${normalised} already exists.`);
  }
  return account;
}

/** Sets a new password, ends every session and token of the account, and forgets its known browsers. */
export async function setStaffPassword(db: Kysely<DB>, email: string, password: string): Promise<StaffAccount> {
  const problem = passwordProblem(password);
  if (problem) throw new AccountError(problem);
  const account = await findStaffAccount(db, email);
  if (!account) throw new AccountError(`No account exists for ${normaliseEmail(email)}. Use \`npm run admin:create\` to create one.`);
  const password_hash = await hashPassword(password);
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("staff_accounts").set({ password_hash, password_changed_at: now }).where("id", "=", account.id).execute();
    await trx.updateTable("staff_sessions").set({ revoked_at: now }).where("account_id", "=", account.id).where("revoked_at", "is", null).execute();
    // A reset is for a lost or leaked password: no browser keeps a count of its own from before it (decision 0102).
    await trx.deleteFrom("staff_devices").where("account_id", "=", account.id).execute();
    await recordAudit(trx, {
      action: "password-change",
      actor: { id: null, email: null },
      target: { type: "staff-account", id: account.id },
      detail: { via: "admin:password", email: account.email, summary: `Password of ${account.email} set on the server; its sessions ended` },
    });
  });
  return { id: account.id, email: account.email };
}

/**
 * Removes an administrator who should no longer have access (someone leaving the team): the account, its
 * sessions and tokens, and its known browsers go in one transaction, so no request can sign in or carry on
 * between them. The audit trail keeps what they did under their address; the removal itself is recorded.
 */
export async function removeStaffAccount(db: Kysely<DB>, email: string): Promise<StaffAccount & { remaining: number }> {
  const normalised = normaliseEmail(email);
  return db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom("staff_accounts").select(["id", "email"]).where("email", "=", normalised).executeTakeFirst();
    if (!account) throw new AccountError(`No account exists for ${normalised}.`);
    await trx.deleteFrom("staff_sessions").where("account_id", "=", account.id).execute();
    await trx.deleteFrom("staff_devices").where("account_id", "=", account.id).execute();
    await trx.deleteFrom("staff_accounts").where("id", "=", account.id).execute();
    await recordAudit(trx, {
      action: "delete",
      actor: { id: null, email: null },
      target: { type: "staff-account", id: account.id },
      detail: { via: "admin:remove", email: account.email, summary: `Administrator ${account.email} removed` },
    });
    return { id: account.id, email: account.email, remaining: await countStaffAccounts(trx) };
  });
}
