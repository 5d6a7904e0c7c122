import { useEffect, useRef, type MouseEvent } from "react";

/**
 * A list's page links keep the keyboard user's place. The link pressed may not
 * exist on the next page (Next on the last page, a number that becomes the
 * current page's label), and the focus would then drop to the page's body, so
 * the next Tab starts again at "Skip to main content". When that happens after
 * a press in the paging, the paging's summary ('Showing 11 to 20 of 45
 * results', 'Page 2 of 3') takes the focus: it says where the list now is, and
 * Tab goes on from there.
 *
 * Spread `pagingProps` on the navigation and `summaryProps` on the summary.
 */
export function usePagingFocus(page: number) {
  const pressed = useRef(false);
  const summary = useRef<HTMLElement | null>(null);
  const shown = useRef(page);
  // After each render: once a new page is shown after a press here.
  useEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    if (!pressed.current) return;
    pressed.current = false;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    summary.current?.focus();
  });
  return {
    pagingProps: {
      onClickCapture: (event: MouseEvent<HTMLElement>) => {
        if ((event.target as Element).closest("a[href]")) pressed.current = true;
      },
    },
    summaryProps: {
      ref: (el: HTMLElement | null) => {
        summary.current = el;
      },
      tabIndex: -1,
    },
  };
}
