import { z } from "zod";
import { listQuerySchema } from "~/features/programmes/query";
import { CALENDAR_DEFAULT_LIMIT, CALENDAR_MAX_LIMIT } from "./limits";
import { plainPagingNumbers } from "~/lib/list-query";

export { CALENDAR_DEFAULT_LIMIT, CALENDAR_MAX_LIMIT };

/**
 * The calendar's list query (spec part 2 §7 'GET events list'): search, page,
 * limit, with the limit defaulting to 50 (§9 'calendar list default limit 50').
 */
export const eventListQuerySchema = listQuerySchema.extend({
  limit: z.coerce
    .number({ error: "Limit must be a whole number" })
    .int("Limit must be a whole number")
    .min(1, `Limit must be between 1 and ${CALENDAR_MAX_LIMIT}`)
    .max(CALENDAR_MAX_LIMIT, `Limit must be between 1 and ${CALENDAR_MAX_LIMIT}`)
    .default(CALENDAR_DEFAULT_LIMIT),
});

export type EventListQuery = z.output<typeof eventListQuerySchema>;

/** The kinds a session may have, and every name a client may use for one in /type/{type}. */
export const eventTypeAliases = {
  decode: "decode",
  hypnotherapy: "hypnotherapy",
  hyp: "hypnotherapy",
  ich: "hypnotherapy",
  family: "family",
  fc: "family",
  tasso: "tasso",
  other: "other",
} as const;

export type CalendarKind = (typeof eventTypeAliases)[keyof typeof eventTypeAliases];

export const eventTypeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine((t): t is keyof typeof eventTypeAliases => Object.hasOwn(eventTypeAliases, t), {
    error: `Type must be one of ${Object.keys(eventTypeAliases).join(", ")}`,
  })
  .transform((t) => eventTypeAliases[t as keyof typeof eventTypeAliases]);

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

function realDay(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** A calendar day, 'YYYY-MM-DD', read at each session's venue (D13). */
const day = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .refine((v) => dayPattern.test(v) && realDay(v), { error: `${field} must be a date like 2026-03-05` });

/** The longest range one call may ask for: a year and a day (a leap year and both ends). */
export const MAX_RANGE_DAYS = 367;

export const dateRangeQuerySchema = eventListQuerySchema
  .extend({ startDate: day("Start date"), endDate: day("End date") })
  .superRefine((q, ctx) => {
    if (q.endDate < q.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: "End date must be after or equal to start date" });
    else if ((Date.parse(q.endDate) - Date.parse(q.startDate)) / 86_400_000 >= MAX_RANGE_DAYS)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: `The range must be at most ${MAX_RANGE_DAYS} days` });
  });

export type DateRangeQuery = z.output<typeof dateRangeQuerySchema>;

/** The query values that are set (empty text counts as absent, so defaults apply). */
export function queryValues(params: URLSearchParams, keys: readonly string[]): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const v = params.get(key);
    if (v !== null && v !== "") raw[key] = v;
  }
  return plainPagingNumbers(raw);
}
