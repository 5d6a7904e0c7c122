import { useCallback, useEffect, useRef, useState } from "react";

/**
 * The state a form dialog keeps: `formKey` changes each time it opens (a new,
 * empty form), `busy` while a submission is in flight, and `done` once the
 * server accepted it.
 *
 * The spec closes the confirmation by itself after `autoCloseMs` (3–5 s). That
 * time limit is kept only for a form sent with a pointer (a click or a tap on
 * its button), and any key or pointer press in the dialog after that stops it:
 * a keyboard or screen-reader user, who sends the form with a key (a screen
 * reader's "click" comes without a pointer press), keeps the confirmation open
 * until they close it, so it is never taken away mid-sentence (WCAG 2.2.1).
 * Spread `interactionProps` on an element that holds the dialog's content.
 */
export function useDialogForm<T>(open: boolean, onClose: () => void, autoCloseMs: number) {
  const [busy, setBusy] = useState(false);
  const [done, setDoneState] = useState<T | null>(null);
  const [autoClosing, setAutoClosing] = useState(false);
  // State adjusted while rendering, not in an effect.
  const [formKey, setFormKey] = useState(open ? 1 : 0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setDoneState(null);
      setAutoClosing(false);
      setFormKey((n) => n + 1);
    }
  }
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  /** How the visitor last acted in the dialog, and how the form in flight was sent (a key pressed meanwhile does not count). */
  const lastInput = useRef<"pointer" | "keyboard" | null>(null);
  const sentWith = useRef<"pointer" | "keyboard" | null>(null);

  const markBusy = useCallback((value: boolean) => {
    if (value) sentWith.current = lastInput.current;
    setBusy(value);
  }, []);
  const setDone = useCallback((value: T | null) => {
    setAutoClosing(value !== null && sentWith.current === "pointer");
    setDoneState(value);
  }, []);

  useEffect(() => {
    if (done === null || !autoClosing) return;
    const timer = setTimeout(() => onCloseRef.current(), autoCloseMs);
    return () => clearTimeout(timer);
  }, [done, autoClosing, autoCloseMs]);

  const interactionProps = {
    onPointerDownCapture: () => {
      lastInput.current = "pointer";
      setAutoClosing(false);
    },
    onKeyDownCapture: () => {
      lastInput.current = "keyboard";
      setAutoClosing(false);
    },
  };
  return { busy, setBusy: markBusy, done, setDone, formKey, autoClosing, interactionProps };
}
