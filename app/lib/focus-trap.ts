const focusable =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, audio[controls], video[controls], [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** The visible, focusable elements inside `container`, in tab order. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(focusable)].filter(
    (el) => !el.closest("[hidden]") && el.getClientRects().length > 0,
  );
}

/**
 * Keeps Tab and Shift+Tab cycling inside a dialog. A modal <dialog> already makes
 * the page behind it inert, but Tab past its last control would reach the browser's
 * own toolbar; this wraps it to the first control instead.
 */
export function trapTabKey(event: React.KeyboardEvent<HTMLElement>) {
  if (event.key !== "Tab") return;
  const items = focusableIn(event.currentTarget);
  if (items.length === 0) {
    event.preventDefault();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
