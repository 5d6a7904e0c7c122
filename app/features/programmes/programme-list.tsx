import { AlertCircle, Loader2 } from "lucide-react";
import { useState } from "react";
import { apiRequest } from "~/lib/api-client";
import { normaliseProgramme, type ProgrammeCard as Card } from "./normalise";
import { ProgrammeCard } from "./programme-card";

export const FETCH_FAILED = "Failed to fetch programs";

type State = { status: "loading" } | { status: "loaded"; cards: Card[] } | { status: "error"; message: string };

/** Reads a list answer as programs, or data, or the plain array (spec part 1 §7.2). */
export function programmesFromAnswer(answer: unknown): Record<string, unknown>[] {
  if (Array.isArray(answer)) return answer as Record<string, unknown>[];
  if (answer && typeof answer === "object") {
    const a = answer as { programs?: unknown; data?: unknown };
    if (Array.isArray(a.programs)) return a.programs as Record<string, unknown>[];
    if (Array.isArray(a.data)) return a.data as Record<string, unknown>[];
  }
  return [];
}

/**
 * The programme cards, newest-first from the server and shown in reverse
 * (spec part 1 §2.7, §4.6): loading, loaded (or empty), error with 'Try again'.
 */
export function ProgrammeList({ initial, initialError }: { initial: Record<string, unknown>[] | null; initialError?: string }) {
  const [state, setState] = useState<State>(() =>
    initial ? { status: "loaded", cards: initial.map(normaliseProgramme).toReversed() } : { status: "error", message: initialError ?? FETCH_FAILED },
  );

  async function refetch() {
    setState({ status: "loading" });
    try {
      const answer = await apiRequest("GET", "/decode/user?page=1&limit=50");
      setState({ status: "loaded", cards: programmesFromAnswer(answer).map(normaliseProgramme).toReversed() });
    } catch (error) {
      // On failure the list is cleared and the message shown.
      setState({ status: "error", message: error instanceof Error && error.message ? error.message : FETCH_FAILED });
    }
  }

  if (state.status === "loading") {
    return (
      <div role="status" className="flex items-center justify-center gap-3 rounded-3xl bg-white p-12 text-lg text-muted ring-1 ring-plum-100">
        <Loader2 aria-hidden="true" className="size-6 animate-spin text-plum-600" />
        Loading programs...
      </div>
    );
  }
  if (state.status === "error") {
    return (
      <div role="alert" className="rounded-3xl bg-white p-10 text-center ring-1 ring-red-200">
        <AlertCircle aria-hidden="true" className="mx-auto size-10 text-danger" />
        <h3 className="mt-3 text-2xl text-plum-900">Error Loading Programs</h3>
        <p className="mt-2 text-muted">{state.message}</p>
        <button type="button" onClick={refetch} className="mt-6 inline-flex min-h-12 items-center rounded-full bg-brand-gradient px-7 font-semibold text-white shadow-md hover:opacity-95">
          Try again
        </button>
      </div>
    );
  }
  if (state.cards.length === 0) {
    return (
      <div className="rounded-3xl bg-white p-10 text-center ring-1 ring-plum-100">
        <h3 className="text-2xl text-plum-900">No programs found</h3>
        <p className="mt-2 text-muted">Check back later for upcoming decode programs.</p>
      </div>
    );
  }
  return (
    <ul className="space-y-8">
      {state.cards.map((card) => (
        <li key={card.id}>
          <ProgrammeCard card={card} basePath="/decode/level/" />
        </li>
      ))}
    </ul>
  );
}
