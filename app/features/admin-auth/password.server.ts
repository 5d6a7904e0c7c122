import crypto from "node:crypto";
import { promisify } from "node:util";
import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MIN_LENGTH } from "./schema.ts";

const scryptRaw = promisify(crypto.scrypt) as (
  password: string | Buffer,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * scrypt runs on libuv's thread pool (4 threads by default), which also reads
 * files and compresses. At most two hashes run at once in a process, the rest
 * wait their turn: a burst of sign-ins (each within the rate limits) can then
 * never hold every thread, so pages and files keep being served meanwhile.
 */
const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function scrypt(password: string | Buffer, salt: Buffer, keylen: number, cost: crypto.ScryptOptions): Promise<Buffer> {
  // A finishing hash hands its slot straight to the next in line, so the count never overshoots.
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await scryptRaw(password, salt, keylen, cost);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/**
 * OWASP Password Storage Cheat Sheet, scrypt: N = 2^17, r = 8, p = 1 (128 MiB,
 * a few hundred milliseconds a hash). The parameters are stored with each hash,
 * so raising them later needs no migration: `needsRehash` tells when to.
 */
export const SCRYPT_PARAMS = { logN: 17, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

export { PASSWORD_MIN_LENGTH };
/** Long enough for any passphrase or manager-generated password; bounds the work a request can ask for. */
export const PASSWORD_MAX_LENGTH = 256;

type Params = { logN: number; r: number; p: number };

function options({ logN, r, p }: Params): crypto.ScryptOptions {
  // 128 * N * r bytes, plus room: Node's default cap (32 MiB) is below OWASP's cost.
  return { N: 2 ** logN, r, p, maxmem: 128 * 2 ** logN * r * 2 };
}

/** A self-describing hash: `scrypt$logN$r$p$salt$key`, salt and key in base64url. */
export async function hashPassword(password: string, params: Params = SCRYPT_PARAMS): Promise<string> {
  const salt = crypto.randomBytes(SCRYPT_PARAMS.saltLength);
  const key = await scrypt(password.normalize("NFC"), salt, SCRYPT_PARAMS.keyLength, options(params));
  return ["scrypt", params.logN, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

function parse(stored: string): (Params & { salt: Buffer; key: Buffer }) | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [logN, r, p] = parts.slice(1, 4).map(Number);
  if (!Number.isInteger(logN) || !Number.isInteger(r) || !Number.isInteger(p)) return null;
  return { logN: logN!, r: r!, p: p!, salt: Buffer.from(parts[4]!, "base64url"), key: Buffer.from(parts[5]!, "base64url") };
}

/** Compares in constant time; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.key.length === 0) return false;
  const key = await scrypt(password.normalize("NFC"), parsed.salt, parsed.key.length, options(parsed));
  return crypto.timingSafeEqual(key, parsed.key);
}

export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.logN < SCRYPT_PARAMS.logN || parsed.r < SCRYPT_PARAMS.r;
}

/**
 * A hash of a random password, made once: a sign-in for an address with no
 * account is checked against it, so it takes as long as a real one and the
 * answer cannot tell which addresses have accounts.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(crypto.randomBytes(24).toString("base64url"));
  return decoy;
}

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  // zxcvbn-ts's list of the most common leaked passwords (about 49,000), lower-cased.
  common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return common;
}

/** Why a new password is refused, or null when it is acceptable. Never echoes the password. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
  if (length > PASSWORD_MAX_LENGTH) return `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
  const lower = password.normalize("NFC").toLowerCase();
  const list = commonPasswords();
  // A common password as it is, or with digits and symbols added at its end ('password1234!').
  const stem = lower.replace(/[\d\W_]+$/u, "");
  if (list.has(lower) || (stem.length >= 4 && list.has(stem)) || /^(.)\1+$/u.test(lower)) {
    return "This password is on a list of common passwords. Choose a different one.";
  }
  return null;
}

/** A strong random password for `--generate`: 24 characters, about 143 bits. */
export function generatePassword(): string {
  return crypto.randomBytes(18).toString("base64url");
}
