import type { EventRow } from "~/db/schema";

/**
 * What a mail told a registrant or booker about their session: the fields a
 * schedule change moves (migration 0014's trigger watches the same five).
 * Kept on their row (`told_session`, migration 0023) by every mail that states
 * them, so a later update can say what changed for that person (decision 0048).
 */
export type ToldSession = Pick<EventRow, "starts_at" | "ends_at" | "time_zone" | "venue" | "city">;

/** The `told_session` value for a mail stating `event`'s details. */
export function toldSession(event: ToldSession): string {
  return JSON.stringify({ starts_at: event.starts_at, ends_at: event.ends_at, time_zone: event.time_zone, venue: event.venue, city: event.city });
}

/** The details a row's `told_session` holds, or null when it holds none (rows from before migration 0023). */
export function parseToldSession(text: string | null): ToldSession | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<Record<keyof ToldSession, unknown>>;
    const str = (x: unknown) => (typeof x === "string" ? x : null);
    const [starts_at, ends_at, time_zone, city] = [str(v.starts_at), str(v.ends_at), str(v.time_zone), str(v.city)];
    if (starts_at === null || ends_at === null || time_zone === null || city === null) return null;
    return { starts_at, ends_at, time_zone, city, venue: str(v.venue) };
  } catch {
    return null;
  }
}
