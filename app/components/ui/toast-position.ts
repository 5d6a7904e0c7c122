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
