import { describe, expect, it } from "vitest";
import { END_BEFORE_START, INVALID_DATE, listHref, pageNumbers, pageWindow, paginationOf, parseListQuery, SEARCH_CONTROL_CHARACTERS } from "~/lib/list-query";

describe("staff list query (D9)", () => {
  it("reads the spec's names with defaults", () => {
    const { query, errors } = parseListQuery(new URLSearchParams("search=%20Ann%20&page=3&startDate=2026-01-01&endDate=2026-01-31"));
    expect(errors).toEqual({});
    expect(query).toEqual({ search: "Ann", page: 3, limit: 10, startDate: "2026-01-01", endDate: "2026-01-31" });
    expect(parseListQuery(new URLSearchParams("")).query).toEqual({ search: "", page: 1, limit: 10, startDate: null, endDate: null });
  });

  it("names each unusable value and falls back to the default for it", () => {
    const { query, errors } = parseListQuery(new URLSearchParams("page=0&limit=500&startDate=2026-02-30&endDate=yesterday"));
    expect(errors).toEqual({ page: "Page must be a whole number from 1", limit: "Limit must be a whole number from 1 to 100", startDate: INVALID_DATE, endDate: INVALID_DATE });
    expect(query).toMatchObject({ page: 1, limit: 10, startDate: null, endDate: null });
    expect(parseListQuery(new URLSearchParams("startDate=2026-03-02&endDate=2026-03-01")).errors).toEqual({ endDate: END_BEFORE_START });
    expect(parseListQuery(new URLSearchParams(`search=${"x".repeat(300)}`)).query.search).toHaveLength(200);
  });

  it("refuses a search with control characters (PostgreSQL refuses NUL in text) and lists without it", () => {
    for (const bad of ["ann\u0000", "\u001b[31m", "tab\tinside"]) {
      const { query, errors } = parseListQuery(new URLSearchParams({ search: bad }));
      expect(errors).toEqual({ search: SEARCH_CONTROL_CHARACTERS });
      expect(query.search).toBe("");
    }
    expect(parseListQuery(new URLSearchParams({ search: "Ann Díaz 😀" })).errors).toEqual({});
  });

  it("builds short links that keep the list's state", () => {
    expect(listHref({ search: "ann", page: 1, limit: 10 }, { page: 2 })).toBe("?search=ann&page=2");
    expect(listHref({ search: "", page: 4 }, { page: 1 })).toBe("?");
    expect(listHref({ search: "a b" }, { view: "r1" })).toBe("?search=a+b&view=r1");
  });

  it("pages and the pagination object of the spec", () => {
    expect(pageWindow(0, 5, 10)).toEqual({ page: 1, totalPages: 1, offset: 0 });
    expect(pageWindow(25, 9, 10)).toEqual({ page: 3, totalPages: 3, offset: 20 });
    expect(paginationOf("totalRegistrations", 25, 2, 10)).toEqual({ currentPage: 2, totalPages: 3, totalRegistrations: 25, limit: 10, nextPage: 3, prevPage: 1 });
    expect(paginationOf("total", 3, 1, 10)).toEqual({ currentPage: 1, totalPages: 1, total: 3, limit: 10, nextPage: null, prevPage: null });
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(6, 20)).toEqual([4, 5, 6, 7, 8]);
    expect(pageNumbers(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });
});
