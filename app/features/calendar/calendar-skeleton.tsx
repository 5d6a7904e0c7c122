/** Placeholder rows in the shape of the table (and of the cards on a phone) while the list loads. */
export function CalendarSkeleton({ rows = 5 }: { rows?: number }) {
  const bar = (w: string, tone = "bg-plum-50") => <div className={`h-4 rounded-full ${tone} ${w}`} />;
  return (
    <div role="status" aria-label="Loading events" data-testid="calendar-skeleton" className="animate-pulse motion-reduce:animate-none">
      <div aria-hidden="true">
        <ul className="space-y-4 sm:hidden">
          {Array.from({ length: rows }, (_, i) => (
            <li key={i} className="space-y-3 rounded-2xl bg-white p-5 ring-1 ring-plum-100">
              {bar("w-3/4", "bg-plum-100")}
              {bar("w-1/2")}
              {bar("w-2/3")}
              <div className="h-11 w-32 rounded-full bg-plum-100" />
            </li>
          ))}
        </ul>
        <div className="hidden overflow-hidden rounded-2xl bg-white ring-1 ring-plum-100 sm:block">
          <div className="h-12 bg-plum-50" />
          {Array.from({ length: rows }, (_, i) => (
            <div key={i} className="grid grid-cols-[2fr_1.5fr_1.2fr_1.2fr_1fr_1fr_1fr] items-center gap-4 border-t border-plum-100 px-4 py-5">
              {bar("w-4/5", "bg-plum-100")}
              {bar("w-3/4")}
              {bar("w-2/3")}
              {bar("w-2/3")}
              {bar("w-1/2")}
              {bar("w-1/2")}
              <div className="h-10 w-full rounded-full bg-plum-100" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
