/**
 * Staff lists (issue 9, points 5 and 11; D9): what a list shows is kept in the
 * URL with the spec's own query names, so a reload, the back button or a
 * shared link shows the same page, and the page loader and its JSON API twin
 * read it the same way. Isomorphic: the list components build their links
 * with it, the loaders and API handlers parse with it.
 *
 *   ?search=&page=&limit=&startDate=YYYY-MM-DD&endDate=YYYY-MM-DD
 */

export type ListQuery = {
  /** Trimmed, at most 200 characters; "" for none. */
  search: string;
  /** 1-based; a loader clamps it to the last page. */
  page: number;
  limit: number;
  /** Inclusive calendar days (YYYY-MM-DD), null for an open end. */
  startDate: string | null;
  endDate: string | null;
};

export type ListQueryErrors = Partial<Record<"search" | "page" | "limit" | "startDate" | "endDate", string>>;

export const SEARCH_MAX = 200;
export const INVALID_DATE = "Please enter a valid date (YYYY-MM-DD)";
export const END_BEFORE_START = "End date must be on or after the start date";

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDay(value: string): boolean {
  const m = isoDay.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

function positiveInt(raw: string | null): number | null {
  if (raw === null || raw === "") return null;
  if (!/^\d{1,6}$/.test(raw.trim())) return Number.NaN;
  const n = Number(raw.trim());
  return n >= 1 ? n : Number.NaN;
}

/**
 * The list query of a URL, with a message per value that cannot be used. The
 * unusable values are replaced by their defaults in `query`: a page loader
 * shows the list anyway, an API call answers 400 with `errors`.
 */
const CONTROL_CHARACTERS = /\p{Cc}|\p{Cs}/u;
export const SEARCH_CONTROL_CHARACTERS = "Search must not contain control characters";

export function parseListQuery(
  params: URLSearchParams,
  options: { defaultLimit?: number; maxLimit?: number } = {},
): { query: ListQuery; errors: ListQueryErrors } {
  const { defaultLimit = 10, maxLimit = 100 } = options;
  const errors: ListQueryErrors = {};
  const page = positiveInt(params.get("page"));
  if (Number.isNaN(page)) errors.page = "Page must be a whole number from 1";
  const limit = positiveInt(params.get("limit"));
  if (Number.isNaN(limit) || (limit !== null && limit > maxLimit)) errors.limit = `Limit must be a whole number from 1 to ${maxLimit}`;
  const day = (name: "startDate" | "endDate") => {
    const raw = (params.get(name) ?? "").trim();
    if (!raw) return null;
    if (isIsoDay(raw)) return raw;
    errors[name] = INVALID_DATE;
    return null;
  };
  // Cut by characters, not UTF-16 units: a cut through an emoji would leave half of it, read as a control character.
  const rawSearch = Array.from((params.get("search") ?? "").trim()).slice(0, SEARCH_MAX).join("");
  // A NUL or other control character is no word anyone types, and PostgreSQL refuses NUL in text.
  if (CONTROL_CHARACTERS.test(rawSearch)) errors.search = SEARCH_CONTROL_CHARACTERS;
  const startDate = day("startDate");
  const endDate = day("endDate");
  if (startDate && endDate && endDate < startDate) errors.endDate = END_BEFORE_START;
  return {
    query: {
      search: errors.search ? "" : rawSearch,
      page: errors.page || page === null ? 1 : page,
      limit: errors.limit || limit === null ? defaultLimit : limit,
      startDate,
      endDate: errors.endDate ? null : endDate,
    },
    errors,
  };
}

/**
 * A link to the same list with some values changed: `?search=ann&page=2`.
 * Defaults are left out (page 1, empty values), so the URLs stay short; any
 * other parameter of `current` (a `view=` dialog, say) is dropped unless kept.
 */
export function listHref(
  current: Partial<ListQuery>,
  patch: Partial<ListQuery> & Record<string, string | number | null | undefined> = {},
  defaultLimit = 10,
): string {
  const merged: Record<string, string | number | null | undefined> = { ...current, ...patch };
  const p = new URLSearchParams();
  for (const [key, value] of Object.entries(merged)) {
    if (value === null || value === undefined || value === "") continue;
    if (key === "page" && Number(value) === 1) continue;
    if (key === "limit" && Number(value) === defaultLimit) continue;
    p.set(key, String(value));
  }
  const s = p.toString();
  return s ? `?${s}` : "?";
}

/** Spec part 2 §3 'Pagination object', with the total under the name each list's clients read. */
export type Pagination<TotalKey extends string = "total"> = {
  currentPage: number;
  totalPages: number;
  limit: number;
  nextPage: number | null;
  prevPage: number | null;
} & Record<TotalKey, number>;

/** The last page is 1 even for an empty list; a page past the end shows the last one. */
export function pageWindow(total: number, requestedPage: number, limit: number) {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const page = Math.min(Math.max(1, requestedPage), totalPages);
  return { page, totalPages, offset: (page - 1) * limit };
}

export function paginationOf<TotalKey extends string>(totalKey: TotalKey, total: number, page: number, limit: number): Pagination<TotalKey> {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return {
    currentPage: page,
    totalPages,
    [totalKey]: total,
    limit,
    nextPage: page < totalPages ? page + 1 : null,
    prevPage: page > 1 ? page - 1 : null,
  } as Pagination<TotalKey>;
}

/** Up to `count` page numbers around the current one (spec part 2 §9: up to 5 buttons). */
export function pageNumbers(page: number, totalPages: number, count = 5): number[] {
  const start = Math.max(1, Math.min(page - Math.floor(count / 2), totalPages - count + 1));
  const end = Math.min(totalPages, start + count - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/**
 * Paging numbers in plain decimal notation only: Number() would read "1e1", "0x2" or " 3 " as numbers
 * too. Anything else is replaced by a value the list's schema refuses with its own message
 * ("Page must be a whole number"); "-1" and "2.5" stay, for their more precise messages.
 */
export function plainPagingNumbers(raw: Record<string, string>): Record<string, string> {
  for (const key of ["page", "limit"]) if (raw[key] !== undefined && !/^-?\d+(?:\.\d+)?$/.test(raw[key])) raw[key] = "not a number";
  return raw;
}
