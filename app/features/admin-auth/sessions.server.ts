import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";

/**
 * Staff sessions (decisions D6, S2 and 0016): a random 256-bit secret goes to
 * the browser (cookie) or the API client (Bearer token); the database keeps
 * only its SHA-256, with the account, the kind, the expiry and a revocation
 * time. Every request looks the hash up, so signing out, a password reset or
 * deleting the row ends the session on every app instance at once.
 */
export type SessionKind = "browser" | "api";

export const SESSION_DAY_SECONDS = 24 * 60 * 60;
/** D6: one day, or 30 days with 'Remember me'. */
export function sessionSeconds(remember: boolean): number {
  return (remember ? 30 : 1) * SESSION_DAY_SECONDS;
}

export type StaffSession = {
  accountId: string;
  email: string;
  kind: SessionKind;
  idHash: string;
  expiresAt: string;
};

/** A new staff secret (a session's, a token's, a known browser's): 256 random bits, 43 base64url characters. */
export function newStaffSecret(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** Whether a value has the shape of our secrets; anything else is not worth a query. */
export function isStaffSecret(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

export function hashSecret(secret: string): string {
  return crypto.createHash("sha256").update(secret, "utf8").digest("base64url");
}

/** A new session: a new secret each time (never reused across sign-ins). Returns the secret, shown once. */
export async function createSession(
  db: Kysely<DB>,
  accountId: string,
  kind: SessionKind,
  lifetimeSeconds: number,
  now = new Date(),
): Promise<{ secret: string; expiresAt: string }> {
  const secret = newStaffSecret();
  const expiresAt = new Date(now.getTime() + lifetimeSeconds * 1000).toISOString();
  await db
    .insertInto("staff_sessions")
    .values({ id_hash: hashSecret(secret), account_id: accountId, kind, created_at: now.toISOString(), expires_at: expiresAt, revoked_at: null })
    .execute();
  return { secret, expiresAt };
}

/** The live session a secret opens, or null (unknown, forged, expired, revoked, or of the other kind). */
export async function findSession(db: Kysely<DB>, secret: string, kind: SessionKind, now = new Date()): Promise<StaffSession | null> {
  if (!isStaffSecret(secret)) return null;
  const idHash = hashSecret(secret);
  const row = await db
    .selectFrom("staff_sessions as s")
    .innerJoin("staff_accounts as a", "a.id", "s.account_id")
    .select(["s.account_id", "s.expires_at", "a.email"])
    .where("s.id_hash", "=", idHash)
    .where("s.kind", "=", kind)
    .where("s.revoked_at", "is", null)
    .where("s.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row ? { accountId: row.account_id, email: row.email, kind, idHash, expiresAt: row.expires_at } : null;
}

export async function revokeSession(db: Kysely<DB>, idHash: string, now = new Date()): Promise<void> {
  await db.updateTable("staff_sessions").set({ revoked_at: now.toISOString() }).where("id_hash", "=", idHash).where("revoked_at", "is", null).execute();
}

/** Sessions that ended more than a day ago are dead rows; any instance may sweep them. */
export async function deleteEndedSessions(db: Kysely<DB>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SESSION_DAY_SECONDS * 1000).toISOString();
  const r = await db
    .deleteFrom("staff_sessions")
    .where((eb) => eb.or([eb("expires_at", "<", cutoff), eb("revoked_at", "<", cutoff)]))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ---- The browser's cookie -------------------------------------------------

/**
 * `__Host-` and Secure whenever the site's public address is https (production
 * behind TLS); over plain http (a laptop, the end-to-end tests) a Secure cookie
 * would never come back, so the cookie is then plain `staff_session`. Both
 * forms are httpOnly, SameSite=Strict, Path=/ and without Domain.
 */
export function cookieName(secure: boolean): string {
  return secure ? "__Host-staff_session" : "staff_session";
}

export function sessionCookie(secure: boolean, secret: string, maxAgeSeconds: number): string {
  return staffCookie(cookieName(secure), secure, secret, maxAgeSeconds);
}

/** A staff-area cookie as the session's: httpOnly, SameSite=Strict, Path=/, no Domain, Secure over https. */
export function staffCookie(name: string, secure: boolean, value: string, maxAgeSeconds: number): string {
  return [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Strict", `Max-Age=${maxAgeSeconds}`, ...(secure ? ["Secure"] : [])].join("; ");
}

export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie(secure, "", 0);
}

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export function bearerToken(header: string | null): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return m ? m[1]! : null;
}
