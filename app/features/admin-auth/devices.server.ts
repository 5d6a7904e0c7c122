import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { hashSecret, isStaffSecret, newStaffSecret, SESSION_DAY_SECONDS, staffCookie } from "./sessions.server";

/**
 * Known browsers (decision 0102). A browser that signed in to an account gets
 * a second cookie, with a random 256-bit secret of its own; the database keeps
 * only its SHA-256. When that browser tries to sign in to the same account
 * again, its attempts are counted against the browser instead of the account:
 * anyone can spend an account's attempts (five wrong passwords from anywhere),
 * but that no longer locks out its owner on the browser they use. The cookie
 * opens nothing by itself; it only chooses which count an attempt spends.
 */
export const DEVICE_SECONDS = 365 * SESSION_DAY_SECONDS;

export function deviceCookieName(secure: boolean): string {
  return secure ? "__Host-staff_device" : "staff_device";
}

export function deviceCookie(secure: boolean, secret: string): string {
  return staffCookie(deviceCookieName(secure), secure, secret, DEVICE_SECONDS);
}

/** A new known browser for the account. Returns the cookie's secret. */
export async function createDevice(db: Kysely<DB>, accountId: string, now = new Date()): Promise<string> {
  const secret = newStaffSecret();
  await db
    .insertInto("staff_devices")
    .values({
      id_hash: hashSecret(secret),
      account_id: accountId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + DEVICE_SECONDS * 1000).toISOString(),
    })
    .execute();
  return secret;
}

/** The hash of a live known browser of the account with this (normalised) email, or null. */
export async function findDevice(db: Kysely<DB>, secret: string | null, email: string, now = new Date()): Promise<string | null> {
  if (!secret || !isStaffSecret(secret)) return null;
  const idHash = hashSecret(secret);
  const row = await db
    .selectFrom("staff_devices as d")
    .innerJoin("staff_accounts as a", "a.id", "d.account_id")
    .select("d.id_hash")
    .where("d.id_hash", "=", idHash)
    .where("a.email", "=", email)
    .where("d.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row?.id_hash ?? null;
}

/** Expired known browsers are dead rows; any instance may sweep them. */
export async function deleteExpiredDevices(db: Kysely<DB>, now = new Date()): Promise<number> {
  const r = await db.deleteFrom("staff_devices").where("expires_at", "<", now.toISOString()).executeTakeFirst();
  return Number(r.numDeletedRows);
}
