import { useEffect, useRef, useState } from "react";

/**
 * The state a form dialog keeps: `formKey` changes each time it opens (a new,
 * empty form), `busy` while a submission is in flight, and `done` once the
 * server accepted it; the dialog then closes itself after `autoCloseMs`.
 */
export function useDialogForm<T>(open: boolean, onClose: () => void, autoCloseMs: number) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<T | null>(null);
  // State adjusted while rendering, not in an effect.
  const [formKey, setFormKey] = useState(open ? 1 : 0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setDone(null);
      setFormKey((n) => n + 1);
    }
  }
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  useEffect(() => {
    if (done === null) return;
    const timer = setTimeout(() => onCloseRef.current(), autoCloseMs);
    return () => clearTimeout(timer);
  }, [done, autoCloseMs]);
  return { busy, setBusy, done, setDone, formKey };
}
