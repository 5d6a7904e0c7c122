import { useEffect, useRef } from "react";
import { trapTabKey } from "~/lib/focus-trap";
import { prepareAnnouncer } from "~/lib/announce";
import { placeToastLayer } from "~/lib/toast-layer";
import { focusMainHeading } from "./use-route-focus";
import { useScrollLock } from "./use-scroll-lock";

/**
 * A native modal <dialog> driven by `open`: shown with showModal() (the page
 * behind becomes inert), page scrolling locked, Tab wrapped inside, Escape and a
 * click on the backdrop call `onClose`, and focus returns to what opened it.
 * Toasts shown meanwhile are drawn inside the dialog, above its backdrop.
 * Spread `dialogProps` on the <dialog>.
 *
 * `onOpenedBefore`: a dialog the browser itself opened before the page was
 * hydrated (a button with `command="show-modal"`, see `~/lib/native-command`)
 * is found open at the first effect; it is then kept open and handed to the
 * caller, who sets `open`, instead of being closed under the visitor's eyes.
 */
export function useModalDialog(open: boolean, onClose: () => void, onOpenedBefore?: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const openedWithoutOpener = useRef(false);
  /** null until the first effect has looked; true while a dialog the browser opened is being handed over. */
  const adopting = useRef<boolean | null>(null);
  useScrollLock(open);

  // Before the effect below, which would otherwise close it.
  useEffect(() => {
    if (adopting.current !== null) return;
    adopting.current = Boolean(ref.current?.open && !open && onOpenedBefore);
    if (adopting.current) {
      onOpenedBefore?.();
      placeToastLayer();
    }
  }, [open, onOpenedBefore]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (adopting.current) {
      // The caller's `open` arrives with the next render.
      if (open) adopting.current = false;
      return;
    }
    if (open && !dialog.open) {
      // Opened from an address (a shared ?view= link, a reload) nothing had the focus: the page's heading gets it back.
      const active = document.activeElement as HTMLElement | null;
      returnFocus.current = active && active !== document.body && active !== document.documentElement ? active : null;
      openedWithoutOpener.current = returnFocus.current === null;
      dialog.showModal();
      placeToastLayer();
      prepareAnnouncer(dialog);
    } else if (!open && dialog.open) {
      dialog.close();
      placeToastLayer();
      // What opened it may be gone with what the dialog did (a canceled session's row has no Cancel button): then the page's heading.
      // (A dialog the browser opened before hydration recorded no opener: close() has already put the focus back on it.)
      const back = returnFocus.current;
      if (back?.isConnected) {
        back.focus();
        // The opener may have moved off the screen meanwhile (a card grew with the session just added): bring it into view.
        back.scrollIntoView({ block: "nearest" });
      } else if (back || openedWithoutOpener.current) focusMainHeading();
    }
  }, [open]);

  // A dialog removed while open takes the toasts' layer with it: put it back.
  useEffect(() => () => queueMicrotask(placeToastLayer), []);

  // A dialog opened from inside this one (a photo enlarged from a details
  // dialog) sits inside it in React's tree: its events bubble here and are its own.
  const dialogProps = {
    ref,
    onKeyDown: (e: React.KeyboardEvent<HTMLDialogElement>) => {
      if ((e.target as Element).closest("dialog") === e.currentTarget) trapTabKey(e);
    },
    onCancel: (e: React.SyntheticEvent<HTMLDialogElement>) => {
      if (e.target !== e.currentTarget) return;
      e.preventDefault();
      onClose();
    },
    onClick: (e: React.MouseEvent<HTMLDialogElement>) => {
      // A click on the dialog element itself (not its content) is a click on the backdrop.
      if (e.target === e.currentTarget) onClose();
    },
  };
  return { ref, dialogProps };
}
