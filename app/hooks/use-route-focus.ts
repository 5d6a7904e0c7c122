import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side navigation to another page, focus moves to the new page's
 * main heading (its h1, else <main>), made focusable from script only
 * (tabindex=-1): a screen reader announces the new page and the next Tab starts
 * from its top, not from the link or menu button of the page before. Also when
 * the hook's own layout arrives by such a navigation. Not on the first load,
 * and not when only the search or the hash changes (a filter, the skip link,
 * an in-page anchor keep their own focus).
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (previous.current === null) {
      previous.current = pathname;
      // Mounted by a client-side navigation (the staff area's layout after signing in): a new page all the
      // same. On the first load the root marks the page hydrated after this runs, so it is left alone.
      if (wasHydrated()) focusMainHeading();
      return;
    }
    if (previous.current === pathname) return;
    previous.current = pathname;
    focusMainHeading();
  }, [pathname]);
}

/** The page was hydrated before this moment (the root sets the mark after every other first effect). */
export function wasHydrated(): boolean {
  return document.documentElement.dataset.hydrated === "true";
}

/**
 * Focus the page's main heading (its h1, else <main>), made focusable from
 * script only: for a page that turned into another on the same address (an
 * offer confirmed), and for focus whose element is gone.
 */
export function focusMainHeading(options: FocusOptions = { preventScroll: true }): void {
  const main = document.getElementById("main");
  const target = main?.querySelector<HTMLElement>("h1") ?? main;
  if (!target) return;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus(options);
}

/**
 * Calls `focus` when `answer` becomes a new truthy value after the page has
 * loaded: a page that turned into its answer (canceled, confirmed) on the same
 * address. Not on the first load, even of an address that carries the answer
 * (a reload): scripts arrive after the first paint, and a visitor may already
 * be tabbing through the page.
 */
export function useFocusWhenAnswered(answer: string | boolean | null | undefined, focus: () => void): void {
  const previous = useRef(answer);
  useEffect(() => {
    if (previous.current === answer) return;
    previous.current = answer;
    if (answer) focus();
  }, [answer, focus]);
}
