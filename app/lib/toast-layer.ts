/**
 * Where toasts are drawn. A modal <dialog> sits in the browser's top layer,
 * above every z-index, and makes the rest of the page inert: a toaster left in
 * <body> would be dimmed under the dialog's backdrop and hidden from screen
 * readers. So the toaster lives in one element that moves into the topmost
 * open modal dialog while one is open, and back to <body> when none is.
 * `useModalDialog` calls `placeToastLayer()` whenever a dialog opens or closes.
 */
let layer: HTMLDivElement | null = null;

/** The toaster's container (created on first use, in the browser only). */
export function toastLayer(): HTMLDivElement {
  if (!layer) {
    layer = document.createElement("div");
    layer.setAttribute("data-toast-layer", "");
  }
  placeToastLayer();
  return layer;
}

/** The topmost open modal dialog, where everything outside is inert; null when none is open. */
export function topmostModal(): HTMLDialogElement | null {
  return [...document.querySelectorAll("dialog")].filter(isModal).at(-1) ?? null;
}

function isModal(dialog: HTMLDialogElement): boolean {
  if (!dialog.open) return false;
  try {
    return dialog.matches(":modal");
  } catch {
    return true;
  }
}

/** Moves the toaster into the topmost open modal dialog, or back to <body>. */
export function placeToastLayer(): void {
  if (!layer || typeof document === "undefined") return;
  const target = topmostModal() ?? document.body;
  if (layer.parentElement !== target) target.appendChild(layer);
}
