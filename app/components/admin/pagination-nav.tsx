import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { pageNumbers } from "~/lib/list-query";
import { usePagingFocus } from "~/hooks/use-paging-focus";

type Props = {
  page: number;
  totalPages: number;
  total: number;
  limit: number;
  /** The link to a page of the same list, e.g. (n) => listHref(query, { page: n }). */
  hrefFor: (page: number) => string;
  /** The navigation landmark's name, e.g. 'Registration pages'. */
  label: string;
};

const shape = "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full border px-4 font-semibold";
const button = `${shape} border-plum-200 bg-white text-plum-800 hover:bg-plum-50`;
/** The current page: its own colours (mixed with the others', CSS order would decide which wins). */
const currentButton = `${shape} border-plum-800 bg-plum-800 text-white`;

/**
 * Paging of a staff list: 'Showing x to y of z results', Previous, up to five
 * numbered pages and Next (spec part 2 §2.10, §9). Plain links, so it works
 * before JavaScript and each page has its own URL. Nothing shows for one page.
 */
export function PaginationNav({ page, totalPages, total, limit, hrefFor, label }: Props) {
  const { pagingProps, summaryProps } = usePagingFocus(page);
  if (totalPages <= 1) return null;
  const first = (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <nav aria-label={label} {...pagingProps} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p {...summaryProps} className="text-sm text-muted">
        {`Showing ${first} to ${last} of ${total} results`}
      </p>
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className={button}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={`${button} cursor-not-allowed opacity-50`}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </span>
          )}
        </li>
        {pageNumbers(page, totalPages).map((n) => (
          <li key={n}>
            {n === page ? (
              <span aria-current="page" className={currentButton}>
                <span className="sr-only">Page </span>
                {n}
              </span>
            ) : (
              <Link to={hrefFor(n)} className={button}>
                <span className="sr-only">Page </span>
                {n}
              </Link>
            )}
          </li>
        ))}
        <li>
          {page < totalPages ? (
            <Link to={hrefFor(page + 1)} className={button}>
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          ) : (
            <span aria-disabled="true" className={`${button} cursor-not-allowed opacity-50`}>
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
