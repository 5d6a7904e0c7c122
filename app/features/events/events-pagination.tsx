import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { pageWindow, showingText } from "./admin-format";
import { usePagingFocus } from "~/hooks/use-paging-focus";

type Props = { page: number; totalPages: number; total: number; pageSize: number; hrefFor: (page: number) => string };

const base = "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full px-4 font-semibold";

/** 'Showing x to y of z results', Previous, up to 5 numbered pages and Next (spec §2.10, §9); only beyond one page. */
export function EventsPagination({ page, totalPages, total, pageSize, hrefFor }: Props) {
  const { pagingProps, summaryProps } = usePagingFocus(page);
  if (totalPages <= 1) return null;
  // With their chevrons, as the other staff lists' paging has them.
  const edge = (label: ReactNode, target: number, enabled: boolean) =>
    enabled ? (
      <Link to={hrefFor(target)} className={`${base} border border-plum-200 bg-white text-plum-800 hover:bg-plum-50`}>
        {label}
      </Link>
    ) : (
      <span aria-disabled="true" className={`${base} border border-plum-100 bg-white text-muted opacity-60`}>
        {label}
      </span>
    );
  return (
    <nav aria-label="Event pages" {...pagingProps} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p {...summaryProps} className="text-sm text-muted">{showingText(page, pageSize, total)}</p>
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          {edge(
            <>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </>,
            page - 1,
            page > 1,
          )}
        </li>
        {pageWindow(page, totalPages).map((n) => (
          <li key={n}>
            <Link
              to={hrefFor(n)}
              aria-label={`Page ${n}`}
              aria-current={n === page ? "page" : undefined}
              className={`${base} ${n === page ? "bg-plum-800 text-white" : "border border-plum-200 bg-white text-plum-800 hover:bg-plum-50"}`}
            >
              {n}
            </Link>
          </li>
        ))}
        <li>
          {edge(
            <>
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </>,
            page + 1,
            page < totalPages,
          )}
        </li>
      </ul>
    </nav>
  );
}
