import { useEffect, useRef, type ReactNode } from "react";
import { Link, useLocation } from "react-router";

/**
 * The question of a step asked once more (delete, remove, erase, approve): it
 * takes the focus when it appears, so the keyboard and a screen reader land
 * on it, and the page scrolls to it instead of leaving it out of view.
 */
export function ConfirmQuestion({ className, children }: { className?: string; children: ReactNode }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <p ref={ref} tabIndex={-1} className={`outline-none ${className ?? ""}`}>
      {children}
    </p>
  );
}

type StepLinkProps = { confirmKey: string; className: string; "aria-label"?: string; children: ReactNode };

/** The link that asks the question (`?confirm=<key>`); the focus comes back to it when the step is left with `KeepLink`. */
export function ConfirmTrigger({ confirmKey, className, children, ...rest }: StepLinkProps) {
  return (
    <Link to={`?confirm=${encodeURIComponent(confirmKey)}`} preventScrollReset data-confirm-trigger={confirmKey} className={className} aria-label={rest["aria-label"]}>
      {children}
    </Link>
  );
}

/** Leaves the question unanswered ('Keep', 'Keep waiting'): the link that asked it takes the focus again, not the page's body. */
export function KeepLink({ confirmKey, className, children }: StepLinkProps) {
  return (
    <Link to="?" preventScrollReset state={{ returnTo: confirmKey }} className={className}>
      {children}
    </Link>
  );
}

/** On a page with confirm steps: after `KeepLink`, focuses the trigger it names. */
export function useFocusReturnedTrigger(): void {
  const location = useLocation();
  useEffect(() => {
    const key = (location.state as { returnTo?: unknown } | null)?.returnTo;
    if (typeof key !== "string") return;
    document.querySelector<HTMLElement>(`[data-confirm-trigger="${CSS.escape(key)}"]`)?.focus();
    // Once: a reload, or Back to this entry later, must not move the focus again (the router keeps its state in `usr`).
    const entry = window.history.state as Record<string, unknown> | null;
    if (entry && typeof entry === "object") window.history.replaceState({ ...entry, usr: null }, "");
  }, [location]);
}
