/**
 * Brings `target` to the middle of the nearest area that scrolls it (a form
 * dialog's body), and scrolls nothing else. `scrollIntoView` scrolls every
 * ancestor that can scroll, the dialog box and the locked page behind it
 * included, so a form dialog's header slid out of its box. A form on a page
 * of its own has no such area: the page scrolls, as `scrollIntoView` would.
 */
export function revealInScrollArea(target: HTMLElement): void {
  let area = target.parentElement;
  while (area && area !== document.body && area !== document.documentElement) {
    const { overflowY } = getComputedStyle(area);
    if ((overflowY === "auto" || overflowY === "scroll") && area.scrollHeight > area.clientHeight) break;
    area = area.parentElement;
  }
  if (!area || area === document.body || area === document.documentElement) {
    target.scrollIntoView({ block: "center" });
    return;
  }
  const box = area.getBoundingClientRect();
  const rect = target.getBoundingClientRect();
  area.scrollTop += rect.top - box.top - (area.clientHeight - rect.height) / 2;
}
