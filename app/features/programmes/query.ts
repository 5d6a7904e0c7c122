import { z } from "zod";
import { plainPagingNumbers } from "~/lib/list-query";

/** The list query of spec part 1 §7.2: search, page, limit (defaults '', 1, 10). */
export const listQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(100, "Search must be at most 100 characters")
    // A NUL or other control character is no word anyone types, and PostgreSQL refuses NUL in text.
    .regex(/^[^\p{Cc}\p{Cs}]*$/u, "Search must not contain control characters")
    .default(""),
  page: z.coerce.number({ error: "Page must be a whole number" }).int("Page must be a whole number").min(1, "Page must be 1 or more").max(10_000, "Page is too large").default(1),
  limit: z.coerce.number({ error: "Limit must be a whole number" }).int("Limit must be a whole number").min(1, "Limit must be between 1 and 50").max(50, "Limit must be between 1 and 50").default(10),
});

export type ListQuery = z.output<typeof listQuerySchema>;

export function listQueryFrom(params: URLSearchParams) {
  const raw: Record<string, string> = {};
  for (const key of ["search", "page", "limit"]) {
    const v = params.get(key);
    if (v !== null && v !== "") raw[key] = v;
  }
  return listQuerySchema.safeParse(plainPagingNumbers(raw));
}
