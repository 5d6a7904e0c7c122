/**
 * A flag as the wire carries it (decision 0007): true for `true`, the number 1,
 * and the texts "true", "on", "1" and "yes" in any case, spaces around them
 * ignored; anything else (absent, "", "false", "0") is false. Every flag of
 * the public forms and API reads this way, the waiting list's included.
 */
export function isWireTrue(v: unknown): boolean {
  return v === true || v === 1 || (typeof v === "string" && ["true", "on", "1", "yes"].includes(v.trim().toLowerCase()));
}
