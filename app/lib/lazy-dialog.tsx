import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";

/**
 * A dialog whose code loads on first use (decision 0010, and 0030 for the
 * booking dialog): its form, validation and toasts stay out of a page's
 * JavaScript until a visitor shows an interest (`preload`, on pointer over or
 * focus of the button that opens it) or opens it. Once opened it stays mounted,
 * so closing keeps its state and returns focus. If the code cannot be fetched
 * (offline, a new deployment), `fallbackHref` — the page that holds the same
 * form without JavaScript — is opened instead.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>, fallbackHref: (props: P) => string | null) {
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null; // a later attempt may succeed
      throw error;
    }));

  const Inner = lazy(async (): Promise<{ default: ComponentType<P> }> => {
    try {
      return { default: await preload() };
    } catch {
      function GoToPage(props: P) {
        const href = fallbackHref(props);
        useEffect(() => {
          if (href) window.location.assign(href);
        }, [href]);
        return null;
      }
      return { default: GoToPage };
    }
  });

  function LazyDialog(props: P) {
    const [wanted, setWanted] = useState(props.open);
    if (props.open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Inner {...props} />
      </Suspense>
    );
  }

  return { LazyDialog, preload };
}
