import crypto from "node:crypto";

/**
 * The secret of a private page's link (a registration's, decision 0019; a
 * Family Constellation booking's, decision 0087; a waiting-list offer's):
 * 256 random bits as base64url. The database keeps only its SHA-256, so a
 * copy of the database opens no page.
 */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newAccessToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, hash: hashAccessToken(token) };
}

export function hashAccessToken(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether `token` has a link token's shape: anything else opens nothing, without a database read. */
export function isAccessToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/** Who a person's own action from their private page is recorded as: nobody by name (decision 0056). */
export const BY_LINK_HOLDER = { id: null, email: null } as const;
