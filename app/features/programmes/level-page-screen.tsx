import { AlertCircle, Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { focusMainHeading } from "~/hooks/use-route-focus";
import { useSite } from "~/hooks/use-site";
import { ANNOUNCE_DELAY_MS } from "~/lib/announce";
import { applyFormatSeed, type FormatSeed } from "~/lib/bounded-cache";
import { LevelPage } from "./level-page";
import type { LevelJsonLd, LevelPageResult } from "./level-page.server";
import { ERROR_TITLE, LEVEL_NOT_FOUND, LOADING_TEXT, PROGRAM_NOT_FOUND, TRY_AGAIN } from "./level-rules";

/** A level route's data: the result from the server, or (a later visit in the browser) its promise. */
export type LevelRouteData = {
  result: LevelPageResult | null;
  jsonLd?: LevelJsonLd;
  pending: Promise<{ result: LevelPageResult }> | null;
  /** What the first paint's dates need in the browser (decision 0088); later visits do without. */
  formatSeed?: FormatSeed | null;
};

function Band({ children }: { children: React.ReactNode }) {
  return (
    <>
      <div className="bg-hero pt-[var(--header-height)]" />
      <div className="container-page py-20 md:py-28">{children}</div>
    </>
  );
}

function Loading() {
  // The status region is in the page before its words: a region inserted with its text already in it is
  // often not read out.
  const [said, setSaid] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSaid(true), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Band>
      <p role="status" className="flex items-center justify-center gap-3 text-lg text-muted">
        <Loader2 aria-hidden="true" className="size-6 animate-spin text-plum-600 motion-reduce:animate-none" />
        {said ? LOADING_TEXT : null}
      </p>
    </Band>
  );
}

function Failed() {
  return (
    <Band>
      <div role="alert" className="mx-auto max-w-lg rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-plum-100">
        <AlertCircle aria-hidden="true" className="mx-auto size-10 text-danger" />
        <h1 className="mt-4 text-3xl text-plum-900">{ERROR_TITLE}</h1>
        <p className="mt-2 text-muted">The program could not be read just now.</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 inline-flex min-h-12 items-center rounded-full bg-brand-gradient px-8 font-semibold text-white shadow-md hover:opacity-95"
        >
          {TRY_AGAIN}
        </button>
      </div>
    </Band>
  );
}

function NotFound({ what }: { what: "level" | "program" }) {
  const t = what === "level" ? LEVEL_NOT_FOUND : PROGRAM_NOT_FOUND;
  return (
    <>
      <PageHero title={t.title}>
        <p>{t.text}</p>
      </PageHero>
      <div className="container-page flex flex-wrap gap-3 py-14">
        <Link to="/decode" className="inline-flex min-h-12 items-center rounded-full bg-brand-gradient px-7 font-semibold text-white shadow-md hover:opacity-95">
          DECODE levels
        </Link>
        <Link to="/ich" className="inline-flex min-h-12 items-center rounded-full border border-plum-200 bg-white px-7 font-semibold text-plum-800 hover:bg-plum-50">
          Hypnotherapy programs
        </Link>
        <Link to="/schedule" className="inline-flex min-h-12 items-center rounded-full border border-plum-200 bg-white px-7 font-semibold text-plum-800 hover:bg-plum-50">
          Event Calendar
        </Link>
      </div>
    </>
  );
}

function Result({ result }: { result: LevelPageResult }) {
  if (result.state === "ok") return <LevelPage key={result.view.canonicalPath} view={result.view} />;
  if (result.state === "not-found") return <NotFound what={result.what} />;
  return <Failed />;
}

/**
 * A level route's screen: the page, or one of its states (spec part 2 §2.2):
 * 'Loading program details...' while a later visit loads, 'Error loading
 * program' with 'Try again', 'Level Not Found' and 'Program Not Found'.
 */
export function LevelPageScreen({ data }: { data: LevelRouteData }) {
  applyFormatSeed(data.formatSeed);
  // A later visit's answer comes as a promise: kept, once it settles, with the
  // promise it belongs to, so another page's answer is never shown meanwhile.
  const [settled, setSettled] = useState<{ from: Promise<unknown>; result: LevelPageResult } | null>(null);
  useEffect(() => {
    const pending = data.pending;
    if (!pending) return;
    let live = true;
    void pending.then(({ result }) => {
      if (live) setSettled({ from: pending, result });
    });
    return () => {
      live = false;
    };
  }, [data.pending]);
  // One place in the tree for the page whether its answer came as a value (the
  // server's render, a re-read after clearing the calendar's state or after a
  // registration) or as a promise (a later visit): the page, and an open dialog,
  // stay mounted when one follows the other. No Suspense boundary, so the
  // server's first paint is the page itself.
  const result = data.result ?? (settled && settled.from === data.pending ? settled.result : null);
  const { site } = useSite();
  // A later visit's answer arrives after the route's head tags were made (from the 'Loading' state): the
  // title is set here once it is known, and the focus goes to the new page's heading, which did not exist
  // when the navigation moved it (useRouteFocus).
  useEffect(() => {
    if (!settled || settled.from !== data.pending) return;
    const title = titleOf(settled.result);
    if (title) document.title = `${title} | ${site.orgName}`;
    focusMainHeading();
  }, [settled, data.pending, site.orgName]);
  return result ? <Result result={result} /> : <Loading />;
}

/** The head title of a level route's answer, as `levelMeta` writes it; null keeps the route's own. */
function titleOf(result: LevelPageResult): string | null {
  if (result.state === "ok") return result.view.title;
  if (result.state === "not-found") return result.what === "level" ? LEVEL_NOT_FOUND.title : PROGRAM_NOT_FOUND.title;
  return null;
}
