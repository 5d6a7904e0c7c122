import { AlertCircle, Loader2 } from "lucide-react";
import { useState } from "react";
import { apiRequest } from "~/lib/api-client";
import { normaliseProgramme, type ProgrammeCard as Card } from "./normalise";
import { ProgrammeCard, type ProgrammeCardVariant, type ProgrammeLevelPath } from "./programme-card";

/** What a failed list call says when the server gave no message (part 1 §8; part 2 §8 for the hypnotherapy list). */
export const FETCH_FAILED = "Failed to fetch programs";
export const HYPNOTHERAPY_FETCH_FAILED = "Failed to fetch hypnotherapy programs";

/** What differs between the DECODE list (spec part 1 §2.7) and the ICH list (part 2 §2.5). */
export type ProgrammeListKind = {
  /** The public list call, relative to /api. */
  apiPath: string;
  /** Where a card's button goes, followed by the programme id. */
  levelPath: ProgrammeLevelPath;
  card: ProgrammeCardVariant;
  /** A spinner with 'Loading programs...', or skeleton cards. */
  loading: "spinner" | "skeleton";
  errorTitle: string;
  /** The failure's text when the server gave none. */
  fetchFailed: string;
  emptyTitle: string;
  emptyText: string;
};

export const decodeListKind: ProgrammeListKind = {
  apiPath: "/decode/user?page=1&limit=50",
  levelPath: "/decode/level/",
  card: "full",
  loading: "spinner",
  errorTitle: "Error Loading Programs",
  fetchFailed: FETCH_FAILED,
  emptyTitle: "No programs found",
  emptyText: "Check back later for upcoming decode programs.",
};

export const ichListKind: ProgrammeListKind = {
  apiPath: "/hypnotherapy/user?page=1&limit=50",
  levelPath: "/ich/level/",
  card: "summary",
  loading: "skeleton",
  errorTitle: "Error loading programs",
  fetchFailed: HYPNOTHERAPY_FETCH_FAILED,
  emptyTitle: "No programs available",
  emptyText: "Check back later for upcoming hypnotherapy programs.",
};

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

/** The list call of a kind, as the page's first data: the programmes, or the error message. Never rejects. */
export async function fetchProgrammes(kind: ProgrammeListKind): Promise<{ programs: Record<string, unknown>[] | null; error: string | null }> {
  try {
    return { programs: programmesFromAnswer(await apiRequest("GET", kind.apiPath)), error: null };
  } catch (error) {
    return { programs: null, error: error instanceof Error && error.message ? error.message : kind.fetchFailed };
  }
}

/** Placeholder cards in the shape of the real ones, while a list loads. */
export function ProgrammeSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading programs" data-testid="programme-skeletons">
      <ul className="space-y-8" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="grid animate-pulse overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-plum-100 motion-reduce:animate-none lg:grid-cols-2">
            <div className="space-y-4 p-6 md:p-8">
              <div className="h-8 w-3/4 rounded-full bg-plum-100" />
              <div className="h-4 w-full rounded-full bg-plum-50" />
              <div className="h-4 w-2/3 rounded-full bg-plum-50" />
              <div className="space-y-3 pt-3">
                {[0, 1, 2, 3].map((j) => (
                  <div key={j} className="h-4 w-1/2 rounded-full bg-plum-50" />
                ))}
              </div>
              <div className="h-12 w-40 rounded-full bg-plum-100" />
            </div>
            <div className="bg-plum-50 p-4 md:p-6">
              <div className="aspect-video w-full rounded-2xl bg-plum-100" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The programme cards, newest-first from the server and shown in reverse
 * (spec part 1 §2.7, §4.6; part 2 §2.5): loading, loaded (or empty), error
 * with 'Try again', which fetches the list again in the browser.
 */
export function ProgrammeList({
  initial,
  initialError,
  kind = decodeListKind,
}: {
  initial: Record<string, unknown>[] | null;
  initialError?: string;
  kind?: ProgrammeListKind;
}) {
  const [state, setState] = useState<State>(() =>
    initial ? { status: "loaded", cards: initial.map(normaliseProgramme).toReversed() } : { status: "error", message: initialError ?? kind.fetchFailed },
  );

  async function refetch() {
    setState({ status: "loading" });
    const { programs, error } = await fetchProgrammes(kind);
    // On failure the list is cleared and the message shown.
    setState(programs ? { status: "loaded", cards: programs.map(normaliseProgramme).toReversed() } : { status: "error", message: error ?? kind.fetchFailed });
  }

  if (state.status === "loading") {
    if (kind.loading === "skeleton") return <ProgrammeSkeletons />;
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
        <h3 className="mt-3 text-2xl text-plum-900">{kind.errorTitle}</h3>
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
        <h3 className="text-2xl text-plum-900">{kind.emptyTitle}</h3>
        <p className="mt-2 text-muted">{kind.emptyText}</p>
      </div>
    );
  }
  return (
    <ul className="space-y-8">
      {state.cards.map((card) => (
        <li key={card.id}>
          <ProgrammeCard card={card} basePath={kind.levelPath} variant={kind.card} />
        </li>
      ))}
    </ul>
  );
}
