import crypto from "node:crypto";
import { RateLimiterRes } from "rate-limiter-flexible";
import type { AppServices, RequestInfo } from "~/context.server";
import { recordAudit } from "~/features/audit/audit.server";
import { emailProblem, findStaffAccount, normaliseEmail, type StaffAccount } from "./accounts.server";
import { decoyHash, PASSWORD_MAX_LENGTH, verifyPassword } from "./password.server";
import { createSession, sessionSeconds, type SessionKind } from "./sessions.server";
import { createDevice, findDevice } from "./devices.server";
import type { LoginField } from "./schema";
import { addressKey } from "~/lib/address-key";

export const LOGIN_REFUSED = "The email or password is incorrect.";

export type LoginOutcome =
  | {
      status: "signed-in";
      account: StaffAccount;
      secret: string;
      expiresAt: string;
      maxAgeSeconds: number;
      /** A browser's first sign-in to the account: the secret of its known-browser cookie (decision 0102). */
      newDevice: string | null;
    }
  | { status: "invalid"; errors: Partial<Record<LoginField, string>> }
  | { status: "refused"; message: string }
  | { status: "limited"; message: string; retryAfterSeconds: number };

export type LoginInput = {
  email: string;
  password: string;
  remember: boolean;
  /** The browser's known-browser cookie, when it sent one (decision 0102). */
  device?: string | null;
};

function limitedMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/**
 * Spends one attempt of a limiter. Null while attempts are left; else the
 * seconds to wait, and whether this is the window's first refusal (refused
 * attempts are still counted, so only one has exactly one point too many).
 */
async function spend(limiter: AppServices["loginLimiters"]["account"], key: string): Promise<{ wait: number; first: boolean } | null> {
  try {
    await limiter.consume(key, 1);
    return null;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      return { wait: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)), first: rejection.consumedPoints === limiter.points + 1 };
    }
    throw rejection;
  }
}

/**
 * Counts one password attempt for an account (by its normalised email) against
 * the client's address and the account, before anything is hashed: a sign-in,
 * or a staff member's current password checked when they change it. With
 * `ownKey` (a known browser's count, or the session's for a password change:
 * decision 0102) the attempt still counts against the account, but only that
 * narrower count, and the address's, can refuse it: strangers who spent the
 * account's attempts do not lock out its owner. Null while attempts are left;
 * else the refusal to give. The first refusal of a window goes into the audit
 * trail.
 */
export async function spendSignInAttempt(
  services: Pick<AppServices, "db" | "loginLimiters">,
  request: Pick<RequestInfo, "ip">,
  email: string,
  via: SessionKind | "password-change",
  ownKey?: string,
): Promise<{ message: string; retryAfterSeconds: number } | null> {
  const { address, account } = services.loginLimiters;
  const byAddress = await spend(address, addressKey(request.ip));
  const byAccount = await spend(account, accountKeyOf(email));
  const refusals = [byAddress, ownKey ? await spend(account, ownKey) : byAccount].filter((r) => r !== null);
  if (refusals.length === 0) return null;
  const wait = Math.max(...refusals.map((r) => r.wait));
  // Once per address and per account a window: an anonymous client that goes
  // on trying (with a new email each time) does not add a row an attempt.
  if (refusals.some((r) => r.first)) {
    await recordAudit(services.db, { action: "sign-in-limited", actor: { id: null, email }, ip: request.ip, detail: { via } });
  }
  return { message: limitedMessage(wait), retryAfterSeconds: wait };
}

/** The limiter key of a known browser's attempts (decision 0102). */
export function deviceKeyOf(idHash: string): string {
  return `device:${idHash}`;
}

/** The sign-in limiter's key of an account: the SHA-256 of its normalised address, whether or not the account exists. */
export function accountKeyOf(email: string): string {
  return crypto.createHash("sha256").update(email).digest("base64url");
}

/**
 * One sign-in attempt (browser form or POST /api/admin/login). The attempt is
 * counted against the address and the account before any password is hashed;
 * an address with no account is checked against a decoy hash, so the answer
 * and its timing are the same whether the account exists or not. Every
 * outcome but a malformed form goes into the audit trail.
 */
export async function signIn(
  services: Pick<AppServices, "db" | "loginLimiters">,
  request: Pick<RequestInfo, "ip">,
  input: LoginInput,
  kind: SessionKind,
): Promise<LoginOutcome> {
  const errors: Partial<Record<LoginField, string>> = {};
  if (!input.email.trim()) errors.email = "Please enter your email address.";
  else if (emailProblem(input.email)) errors.email = "Please enter a valid email address.";
  if (!input.password) errors.password = "Please enter your password.";
  if (Object.keys(errors).length) return { status: "invalid", errors };

  const email = normaliseEmail(input.email);
  const { db } = services;
  // A browser that signed in to this account before spends its own attempts, not the account's (decision 0102).
  const device = kind === "browser" ? await findDevice(db, input.device ?? null, email) : null;
  const limited = await spendSignInAttempt(services, request, email, kind, device ? deviceKeyOf(device) : undefined);
  if (limited) return { status: "limited", ...limited };

  const account = await findStaffAccount(db, email);
  // Too long to be ours: still hashed (against the decoy), so it takes as long as any other refusal.
  const candidate = input.password.length > PASSWORD_MAX_LENGTH * 4 ? "" : input.password;
  const matches = await verifyPassword(candidate, account?.password_hash ?? (await decoyHash()));
  if (!account || !matches || !candidate) {
    await recordAudit(db, {
      action: "sign-in-failed",
      actor: account ? { id: account.id, email: account.email } : { id: null, email },
      ip: request.ip,
      detail: { via: kind },
    });
    return { status: "refused", message: LOGIN_REFUSED };
  }

  // The right password: this account's count (and this browser's) starts again; the address keeps its count.
  await services.loginLimiters.account.delete(accountKeyOf(email)).catch(() => {});
  if (device) await services.loginLimiters.account.delete(deviceKeyOf(device)).catch(() => {});
  const newDevice = kind === "browser" && !device ? await createDevice(db, account.id) : null;
  const maxAgeSeconds = sessionSeconds(input.remember);
  const { secret, expiresAt } = await createSession(db, account.id, kind, maxAgeSeconds);
  const actor = { id: account.id, email: account.email };
  await recordAudit(db, { action: kind === "api" ? "token-issued" : "sign-in", actor, ip: request.ip, detail: { remember: input.remember } });
  return { status: "signed-in", account: actor, secret, expiresAt, maxAgeSeconds, newDevice };
}
