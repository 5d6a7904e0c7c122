import type { AppServices, RequestInfo } from "~/context.server";
import { recordAudit } from "~/features/audit/audit.server";
import { accountKeyOf, spendSignInAttempt } from "./login.server";
import { hashPassword, PASSWORD_MAX_LENGTH, passwordProblem, verifyPassword } from "./password.server";
import { createSession, hashSecret, type StaffSession } from "./sessions.server";

export type PasswordChangeField = "current" | "next" | "repeat";
export type PasswordChangeInput = Record<PasswordChangeField, string>;

export const PASSWORD_CHANGED = "Your password was changed. You stay signed in here; every other sign-in and API token of this account has ended.";
export const CURRENT_PASSWORD_WRONG = "The current password is incorrect.";
export const PASSWORD_CHANGED_MEANWHILE = "Your password was changed elsewhere while this page was open. Sign in again with the new one.";

export type PasswordChangeOutcome =
  | { status: "changed"; session: StaffSession; secret: string; maxAgeSeconds: number; endedSessions: number }
  | { status: "invalid"; errors: Partial<Record<PasswordChangeField, string>> }
  | { status: "limited"; message: string; retryAfterSeconds: number }
  | { status: "gone"; message: string };

/** The form's own rules, checked before the current password is (no attempt is spent on a form that cannot be saved). */
export function passwordChangeProblems(input: PasswordChangeInput): Partial<Record<PasswordChangeField, string>> {
  const errors: Partial<Record<PasswordChangeField, string>> = {};
  if (!input.current) errors.current = "Please enter your current password.";
  if (!input.next) errors.next = "Please enter a new password.";
  else {
    const problem = passwordProblem(input.next);
    if (problem) errors.next = problem;
    else if (input.current && input.next.normalize("NFC") === input.current.normalize("NFC")) errors.next = "The new password must be different from the current one.";
  }
  if (!errors.next && input.repeat !== input.next) errors.repeat = input.repeat ? "The two new passwords do not match." : "Please enter the new password again.";
  return errors;
}

/**
 * A signed-in staff member sets a new password for their own account. The
 * current password is asked for (a browser left signed in is not enough), and
 * each wrong one counts as a failed sign-in of the account and the address
 * (the same limits), refused by this session's count rather than the
 * account's (decision 0102). One transaction: the new hash, only if the stored one is
 * still the one checked; every other session and API token of the account
 * ended; this browser's session replaced by a new one with the same expiry
 * (a new secret after a change of credentials); the audit entry.
 */
export async function changeOwnPassword(
  services: Pick<AppServices, "db" | "loginLimiters">,
  request: Pick<RequestInfo, "ip">,
  session: StaffSession,
  input: PasswordChangeInput,
  now = new Date(),
): Promise<PasswordChangeOutcome> {
  const errors = passwordChangeProblems(input);
  if (Object.keys(errors).length) return { status: "invalid", errors };
  const { db } = services;
  const actor = { id: session.accountId, email: session.email };
  // Refused by this session's count (and the address's), not the account's: strangers who spent the account's
  // sign-in attempts do not stop its owner, signed in, from changing the password (decision 0102). A wrong
  // current password still counts against the account's sign-in.
  const sessionKey = `session:${session.idHash}`;
  const limited = await spendSignInAttempt(services, request, session.email, "password-change", sessionKey);
  if (limited) return { status: "limited", ...limited };

  const account = await db.selectFrom("staff_accounts").select(["id", "password_hash"]).where("id", "=", session.accountId).executeTakeFirst();
  if (!account) return { status: "gone", message: PASSWORD_CHANGED_MEANWHILE };
  const candidate = input.current.length > PASSWORD_MAX_LENGTH * 4 ? "" : input.current;
  if (!candidate || !(await verifyPassword(candidate, account.password_hash))) {
    await recordAudit(db, { action: "sign-in-failed", actor, ip: request.ip, detail: { via: "password-change" } });
    return { status: "invalid", errors: { current: CURRENT_PASSWORD_WRONG } };
  }
  await services.loginLimiters.account.delete(accountKeyOf(session.email)).catch(() => {});
  await services.loginLimiters.account.delete(sessionKey).catch(() => {});

  const password_hash = await hashPassword(input.next);
  const at = now.toISOString();
  const remainingSeconds = Math.max(60, Math.floor((Date.parse(session.expiresAt) - now.getTime()) / 1000));
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("staff_accounts")
      .set({ password_hash, password_changed_at: at })
      .where("id", "=", account.id)
      .where("password_hash", "=", account.password_hash)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return { status: "gone", message: PASSWORD_CHANGED_MEANWHILE } as const;
    const ended = await trx
      .updateTable("staff_sessions")
      .set({ revoked_at: at })
      .where("account_id", "=", account.id)
      .where("revoked_at", "is", null)
      .where("id_hash", "!=", session.idHash)
      .where("expires_at", ">", at)
      .executeTakeFirst();
    await trx.updateTable("staff_sessions").set({ revoked_at: at }).where("id_hash", "=", session.idHash).execute();
    const { secret, expiresAt } = await createSession(trx, account.id, "browser", remainingSeconds, now);
    const endedSessions = Number(ended.numUpdatedRows);
    await recordAudit(trx, { action: "password-change", actor, ip: request.ip, detail: { endedSessions } }, now);
    const renewed: StaffSession = { ...session, idHash: hashSecret(secret), expiresAt };
    return { status: "changed", session: renewed, secret, maxAgeSeconds: remainingSeconds, endedSessions } as const;
  });
}
