import { useEffect, useState } from "react";

const NARROW = "(max-width: 639px)";

/**
 * Where the toasts go. On a wide screen, at the top, clear of a dialog's
 * controls. On a phone a toast spans the screen's width, so at the top it hid
 * a dialog's close button, and at the bottom it would hide the submit button:
 * it goes to the half of the screen the keyboard focus is not in, so the
 * focused control is never under it (WCAG 2.4.11; decision 0071). The top when
 * nothing has the focus.
 */
export function useToastPosition(): "top-center" | "bottom-center" {
  const [position, setPosition] = useState<"top-center" | "bottom-center">("top-center");
  useEffect(() => {
    const narrow = window.matchMedia(NARROW);
    const place = () => {
      const focused = document.activeElement;
      // The focus inside a toast (Tab from the dialog's last control reaches it): the toast stays where it is.
      // Moved, it would re-render and sonner would hand the focus back, so Tab never got past it.
      if (focused?.closest("[data-toast-layer]")) return;
      if (!narrow.matches || !focused || focused === document.body) {
        setPosition("top-center");
        return;
      }
      const box = focused.getBoundingClientRect();
      setPosition(box.top + box.height / 2 < window.innerHeight / 2 ? "bottom-center" : "top-center");
    };
    place();
    document.addEventListener("focusin", place);
    narrow.addEventListener("change", place);
    return () => {
      document.removeEventListener("focusin", place);
      narrow.removeEventListener("change", place);
    };
  }, []);
  return position;
}

type ToastApi = typeof import("sonner").toast;

/**
 * A toast holds still while the keyboard focus is in it. Sonner pauses its
 * toasts while the pointer is over them, not while the focus is: a toast Tabbed
 * into went on counting down, and when it went, sonner handed the focus back to
 * where it had come from. While the focus is in the toast layer each toast's
 * time is set to endless; when the focus leaves, each gets its own time again,
 * counted afresh (WCAG 2.2.1; decision 0091). A loading toast has no time.
 */
export function useToastsHeldWhileFocused(api: ToastApi): void {
  useEffect(() => {
    const held = new Map<string | number, number | undefined>();
    const again = (type: string | undefined, title: string, id: string | number, duration: number | undefined) => {
      if (type === "success") api.success(title, { id, duration });
      else if (type === "error") api.error(title, { id, duration });
    };
    const active = () => api.getToasts().filter((t) => !("dismiss" in t && t.dismiss));
    const restoreAll = () => {
      for (const t of active()) {
        if (!held.has(t.id) || !("type" in t) || typeof t.title !== "string") continue;
        again(t.type, t.title, t.id, held.get(t.id));
      }
      held.clear();
    };
    const inToaster = (target: EventTarget | null) => target instanceof Element && target.closest("[data-sonner-toaster]") !== null;
    const hold = (event: FocusEvent) => {
      // The focus is somewhere else now, however it left (a focused toast removed sends no focusout in every browser).
      if (!inToaster(event.target)) {
        if (held.size > 0) restoreAll();
        return;
      }
      for (const t of active()) {
        if (held.has(t.id) || !("type" in t) || typeof t.title !== "string" || t.duration === Infinity) continue;
        if (t.type !== "success" && t.type !== "error") continue;
        held.set(t.id, t.duration);
        again(t.type, t.title, t.id, Infinity);
      }
    };
    const release = (event: FocusEvent) => {
      if (held.size > 0 && !inToaster(event.relatedTarget)) restoreAll();
    };
    document.addEventListener("focusin", hold);
    document.addEventListener("focusout", release);
    return () => {
      document.removeEventListener("focusin", hold);
      document.removeEventListener("focusout", release);
      // The toaster goes (another page): the toasts it held get their times back, or the next toaster would
      // show them without end.
      restoreAll();
    };
  }, [api]);
}
