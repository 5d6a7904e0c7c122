import type { ReactNode } from "react";

export type DataColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Extra classes for this column's cells, e.g. "whitespace-nowrap". */
  className?: string;
  /**
   * "anywhere": a word longer than the column may break (an email address, a
   * long name), so the column never forces the table wider than its box; give
   * it a minimum width to keep ordinary words whole. Default: words break only
   * where the table has no room left, and the table scrolls sideways instead.
   */
  wrap?: "anywhere";
  /**
   * "end": the column stays in view at the box's right edge while the rest of
   * a table too wide for its box scrolls under it (the Actions column), so a
   * row's buttons never need a sideways scroll to reach.
   */
  pin?: "end";
};

/** A pinned column's cells (640 px and wider, where the rows are a table): on the row's own background, a line on their left. */
export const pinnedEndCell = "sm:sticky sm:right-0 sm:z-[1] sm:shadow-[inset_1px_0_0_var(--color-plum-100)]";

type Props<Row> = {
  /** Names the table for screen readers (visually hidden). */
  caption: string;
  columns: ReadonlyArray<DataColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** A search or page change is loading: the rows are dimmed and marked busy. */
  busy?: boolean;
};

/**
 * A staff list's table. At 640 px and wider it is a table that scrolls
 * sideways inside its own box when it does not fit (a pinned column staying
 * in view); below that every row turns into a card in which each value is
 * preceded by its column's name.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey, busy = false }: Props<Row>) {
  return (
    // `relative`: the cells' visually hidden texts (absolutely positioned) stay inside the scrolling box
    // instead of widening the page.
    <div className="relative mt-4 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-plum-100 max-sm:overflow-visible max-sm:bg-transparent max-sm:shadow-none max-sm:ring-0">
      <table aria-busy={busy || undefined} className={`w-full text-left text-sm max-sm:block ${busy ? "opacity-60" : ""}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-plum-50 text-plum-900 max-sm:sr-only">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={`px-4 py-3 whitespace-nowrap ${c.pin === "end" ? `${pinnedEndCell} sm:bg-plum-50` : ""}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className="border-t border-plum-100 align-top max-sm:block max-sm:rounded-2xl max-sm:border-0 max-sm:bg-white max-sm:p-3 max-sm:shadow-sm max-sm:ring-1 max-sm:ring-plum-100"
            >
              {columns.map((c) => (
                <td
                  key={c.header}
                  data-label={c.header}
                  className={`px-4 py-3 ${c.wrap === "anywhere" ? "wrap-anywhere" : "break-words"} ${c.pin === "end" ? `${pinnedEndCell} sm:bg-white` : ""} max-sm:flex max-sm:gap-3 max-sm:px-1 max-sm:py-1 max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:font-semibold max-sm:before:content-[attr(data-label)] ${c.className ?? ""}`}
                >
                  {/* A card's value may shrink and break anywhere (a long email address), never widen the page. */}
                  <div className="min-w-0 max-sm:grow max-sm:[overflow-wrap:anywhere]">{c.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
