import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { DEFAULT_TIME_ZONE } from "./format";
import { startOfTodayAt } from "./schema";

/**
 * The next moment a public page changes by the clock alone, with nothing
 * written (decision 0103): the next session start (it leaves the upcoming
 * lists, and its enrollment closes as "past") or the next midnight where the
 * organisation is (today's date in forms, the year in the footer). The page
 * cache keeps no copy past it.
 */
export async function nextClockChange(db: Kysely<DB>, now = new Date()): Promise<number> {
  const row = await db
    .selectFrom("events")
    .select((eb) => eb.fn.min("starts_at").as("next"))
    .where("starts_at", ">", now.toISOString())
    .executeTakeFirst();
  const next = row?.next as string | Date | null | undefined;
  const nextStart = next ? new Date(next).getTime() : Number.POSITIVE_INFINITY;
  return Math.min(nextStart, nextMidnightAt(DEFAULT_TIME_ZONE, now));
}

/** The start of tomorrow in `timeZone`, as epoch milliseconds. */
export function nextMidnightAt(timeZone: string, now: Date): number {
  // A day is 23 to 25 hours long: 36 hours after today's start is always within tomorrow.
  const today = startOfTodayAt(timeZone, now).getTime();
  return startOfTodayAt(timeZone, new Date(today + 36 * 3_600_000)).getTime();
}
