import { topmostModal } from "./toast-layer";

/**
 * Words for screen readers that appear nowhere else in the place the focus is
 * (a toast after a save). A live region is read out when its text changes,
 * and only if the region was already in the page: one inserted together with
 * its text (as the toast library's was, on a page's first toast, and again
 * whenever its layer moved out of a closing dialog) is often not read. So an
 * empty status region is put in place beforehand, in <body> when a page that
 * can toast hydrates and in each modal dialog when it opens (a modal dialog
 * makes the rest of the page inert), and `announce` writes into the topmost
 * one after a short pause (the dialog a save closes is closed by then).
 */
export const ANNOUNCE_DELAY_MS = 150;
/** The words stay this long, then the region is emptied (not found again when reading the page later). */
const KEEP_MS = 8000;
const ATTR = "data-announcer";

/** The empty status region of `container`, created when it has none. */
export function prepareAnnouncer(container: HTMLElement = document.body): HTMLElement {
  const existing = [...container.children].find((el) => el.hasAttribute(ATTR));
  if (existing instanceof HTMLElement) return existing;
  const region = document.createElement("div");
  region.setAttribute(ATTR, "");
  region.setAttribute("role", "status");
  region.className = "sr-only";
  container.appendChild(region);
  return region;
}

let clearing: ReturnType<typeof setTimeout> | undefined;

export function announce(message: string): void {
  if (typeof document === "undefined") return;
  for (const region of document.querySelectorAll<HTMLElement>(`[${ATTR}]`)) region.textContent = "";
  setTimeout(() => {
    const region = prepareAnnouncer(topmostModal() ?? document.body);
    region.textContent = message;
    clearTimeout(clearing);
    clearing = setTimeout(() => {
      region.textContent = "";
    }, KEEP_MS);
  }, ANNOUNCE_DELAY_MS);
}
