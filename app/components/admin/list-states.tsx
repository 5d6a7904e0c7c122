import { AlertTriangle, Inbox, RotateCw } from "lucide-react";
import { isRouteErrorResponse, Link, useLocation, useNavigation, useRevalidator } from "react-router";

/**
 * The states of a staff list besides its rows (spec part 2 §2.9, §4, §8):
 * empty, 'Error Loading Data' with Retry, and the pending flag used while a
 * search or page change loads.
 */

/** 'No registrations found' with its hint 'Try adjusting your search criteria' (the hint only when a search or filter is on). */
export function ListEmpty({ title, hint }: { title: string; hint?: string | null }) {
  return (
    <div role="status" className="mt-4 flex flex-col items-center gap-2 rounded-2xl bg-white px-6 py-12 text-center ring-1 ring-plum-100">
      <Inbox aria-hidden="true" className="size-10 text-plum-300" />
      <p className="text-lg font-semibold text-plum-900">{title}</p>
      {hint ? <p className="text-muted">{hint}</p> : null}
    </div>
  );
}

/** The spec's texts for a list that could not load (part 2 §8, admin lists). */
export function listErrorMessage(error: unknown, fallback: string): string {
  if (isRouteErrorResponse(error)) {
    if (error.status >= 500 || !error.data || typeof error.data !== "object") return `Server Error: ${error.status} - ${error.statusText || "Error"}`;
    const message = (error.data as { message?: unknown }).message;
    return typeof message === "string" && message ? message : fallback;
  }
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return "Network error. Please check if the server is running.";
  if (error instanceof DOMException && error.name === "TimeoutError") return "Request timeout. Please check your connection and try again.";
  return fallback;
}

/** 'Error Loading Data' with the reason and a Retry that loads the same URL again (a link before JavaScript). */
export function ErrorLoadingData({ message }: { message: string }) {
  const location = useLocation();
  const revalidator = useRevalidator();
  const busy = revalidator.state === "loading";
  return (
    <div role="alert" className="mt-4 flex flex-col items-start gap-3 rounded-2xl bg-white p-6 ring-1 ring-danger/40">
      <p className="flex items-center gap-2 text-lg font-semibold text-danger">
        <AlertTriangle aria-hidden="true" className="size-6" />
        Error Loading Data
      </p>
      <p className="text-ink">{message}</p>
      <Link
        to={`${location.pathname}${location.search}`}
        onClick={(e) => {
          e.preventDefault();
          if (!busy) void revalidator.revalidate();
        }}
        aria-disabled={busy || undefined}
        className="inline-flex min-h-11 items-center gap-2 rounded-full bg-plum-800 px-5 font-semibold text-white hover:bg-plum-700"
      >
        <RotateCw aria-hidden="true" className={`size-4 ${busy ? "animate-spin" : ""}`} />
        Retry
      </Link>
    </div>
  );
}

/** True while the current list's own URL (a search, a page) is loading. */
export function useListPending(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && navigation.location?.pathname === location.pathname;
}
