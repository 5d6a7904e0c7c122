import { Link } from "react-router";
import { calendarSearch, programFilters, type ProgramFilter as Filter } from "./calendar-data";

/** The filter by programme (All, DECODE, Hypnotherapy, Family Constellation, TASSO), kept in the URL. */
export function ProgramFilter({ current }: { current: Filter }) {
  return (
    <div role="group" aria-labelledby="program-filter-label" className="flex flex-wrap items-center gap-2">
      <span id="program-filter-label" className="mr-1 text-sm font-semibold text-muted">
        Program:
      </span>
      {programFilters.map((f) => {
        const active = f.value === current;
        return (
          <Link
            key={f.value}
            to={{ pathname: "/schedule", search: calendarSearch(f.value) }}
            preventScrollReset
            aria-current={active ? "true" : undefined}
            // Forced colors draw no ring (a box-shadow) and replace the fill: a transparent border outlines each
            // option there, and the system's highlight marks the chosen one.
            className={`inline-flex min-h-10 items-center rounded-full border border-transparent px-4 text-sm font-semibold ring-1 transition-colors ${
              active
                ? "bg-plum-800 text-white ring-plum-800 forced-colors:bg-[Highlight] forced-colors:text-[HighlightText] forced-colors:forced-color-adjust-none"
                : "bg-white text-plum-800 ring-plum-200 hover:bg-plum-50"
            }`}
          >
            {f.label}
          </Link>
        );
      })}
    </div>
  );
}
