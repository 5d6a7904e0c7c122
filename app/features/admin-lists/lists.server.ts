/**
 * SQL pieces shared by the staff lists (registrations, ICH, contacts, family
 * consultations): the search condition, the date range of a list or an export,
 * and the page window. The same SQL runs on SQLite and PostgreSQL.
 */
import { sql, type Expression, type SqlBool } from "kysely";
import { DEFAULT_TIME_ZONE, parseEventInstant } from "~/features/events/format";
import type { ListQuery } from "~/lib/list-query";
import { searchFold } from "~/lib/search-fold";

export function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern (used with `escape '\\'`) that finds the search, folded as the stored side's `lower()`, anywhere in a text. */
export function likePattern(search: string): string {
  return `%${escapeLike(searchFold(search))}%`;
}

/** At most this many words of a search are used. */
const MAX_TERMS = 6;

/** The words of a search, lower-cased: each must appear somewhere. */
export function searchTerms(search: string): string[] {
  return searchFold(search).split(/\s+/).filter(Boolean).slice(0, MAX_TERMS);
}

/**
 * Every word of `search` must appear (case-insensitively, anywhere) in at least
 * one of `columns`: 'ann chicago' finds Ann registered in Chicago. Column names
 * are the caller's constants, never user input. Null when there is nothing to search.
 */
export function searchCondition(columns: readonly string[], search: string): Expression<SqlBool> | null {
  const terms = searchTerms(search);
  if (terms.length === 0 || columns.length === 0) return null;
  const perTerm = terms.map((term) => {
    const like = `%${escapeLike(term)}%`;
    const anyColumn = columns.map((c) => sql<SqlBool>`lower(coalesce(${sql.ref(c)}, '')) like ${like} escape '\\'`);
    return sql<SqlBool>`(${sql.join(anyColumn, sql` or `)})`;
  });
  return sql<SqlBool>`(${sql.join(perTerm, sql` and `)})`;
}

/**
 * The instants that bound a range of calendar days, read in the organisation's
 * time zone (a day in New York, not in UTC): `from` inclusive, `until` exclusive
 * (the midnight after the end day). Null for an open end.
 */
export function dayRange(query: Pick<ListQuery, "startDate" | "endDate">, timeZone = DEFAULT_TIME_ZONE) {
  const from = query.startDate ? parseEventInstant(query.startDate, timeZone)?.toISOString() ?? null : null;
  let until: string | null = null;
  if (query.endDate) {
    const [y, m, d] = query.endDate.split("-").map(Number) as [number, number, number];
    const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString();
    // After 9999-12-31 there is no day to stop before (its ISO text has no four-digit year): open end.
    until = /^\d{4}-/.test(next) ? parseEventInstant(next.slice(0, 10), timeZone)?.toISOString() ?? null : null;
  }
  return { from, until };
}

/** The condition "`column` lies in the day range", or null when both ends are open. ISO text compares in time order on both databases. */
export function dayRangeCondition(column: string, query: Pick<ListQuery, "startDate" | "endDate">, timeZone = DEFAULT_TIME_ZONE): Expression<SqlBool> | null {
  const { from, until } = dayRange(query, timeZone);
  const parts = [
    ...(from ? [sql<SqlBool>`${sql.ref(column)} >= ${from}`] : []),
    ...(until ? [sql<SqlBool>`${sql.ref(column)} < ${until}`] : []),
  ];
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : null;
}

/**
 * The keyset step of an export read newest first: rows strictly before the last
 * (`at`, `id`) seen. The leading `at <= …` is what lets both databases start the
 * index scan there; an OR alone is only a filter, and every batch would scan
 * again from the newest row (quadratic on a long export).
 */
export function olderThan(atColumn: string, idColumn: string, after: { at: string; id: string }): Expression<SqlBool> {
  const at = sql.ref(atColumn);
  const id = sql.ref(idColumn);
  return sql<SqlBool>`(${at} <= ${after.at} and (${at} < ${after.at} or ${id} < ${after.id}))`;
}
