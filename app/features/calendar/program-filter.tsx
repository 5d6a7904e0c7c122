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
            className={`inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold ring-1 transition-colors ${
              active ? "bg-plum-800 text-white ring-plum-800" : "bg-white text-plum-800 ring-plum-200 hover:bg-plum-50"
            }`}
          >
            {f.label}
          </Link>
        );
      })}
    </div>
  );
}
