import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import type { ExternalToast } from "sonner";
import { toastLayer } from "~/lib/toast-layer";

/**
 * Toasts (sonner), loaded on first use: most visits never show one, so the
 * library stays out of the pages' JavaScript until a form needs it.
 * `preloadToasts()` starts the download early (a form calls it on first input).
 */
type Sonner = typeof import("sonner");

let library: Promise<Sonner> | null = null;
let requestMount: (() => void) | null = null;
let mountRequested = false;
let markReady: () => void = () => {};
let markFailed: (error: unknown) => void = () => {};
/** Settles once the toaster is in the page; rejects if its library could not load (no toasts then, for this page's life). */
const ready = new Promise<void>((resolve, reject) => {
  markReady = resolve;
  markFailed = reject;
});
ready.catch(() => {});

function loadLibrary(): Promise<Sonner> {
  library ??= import("sonner");
  return library;
}

/** Starts the library's download early; a failure shows only when a toast is asked for. */
export function preloadToasts(): void {
  loadLibrary().catch(() => {});
}

const LazyToaster = lazy(async (): Promise<{ default: () => ReactNode }> => {
  let Toaster: Sonner["Toaster"];
  try {
    ({ Toaster } = await loadLibrary());
  } catch (error) {
    // A chunk that did not load (a dropped connection) costs the toasts only: the forms still
    // send, and their own messages still show in the page. Thrown, it would replace the page with an error.
    markFailed(error);
    return { default: () => null };
  }
  function MountedToaster() {
    useEffect(() => markReady(), []);
    const position = useToastPosition();
    // In the toast layer, which follows the topmost modal dialog (see lib/toast-layer.ts).
    return createPortal(<Toaster position={position} duration={4000} closeButton richColors />, toastLayer());
  }
  return { default: MountedToaster };
});

const NARROW = "(max-width: 639px)";

/**
 * Where the toasts go. On a wide screen, at the top, clear of a dialog's
 * controls. On a phone a toast spans the screen's width, so at the top it hid
 * a dialog's close button, and at the bottom it would hide the submit button:
 * it goes to the half of the screen the keyboard focus is not in, so the
 * focused control is never under it (WCAG 2.4.11; decision 0071). The top when
 * nothing has the focus.
 */
function useToastPosition(): "top-center" | "bottom-center" {
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

/**
 * Rendered once by each page that can toast (pages without forms do not pay for
 * it); mounts the toaster when the first toast is asked for.
 */
export function ToastHost() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    requestMount = () => setMounted(true);
    // oxlint-disable-next-line react/set-state-in-effect -- a toast asked for before this mounted
    if (mountRequested) setMounted(true);
    return () => {
      requestMount = null;
    };
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}

async function sonner(): Promise<Sonner> {
  mountRequested = true;
  requestMount?.();
  const lib = await loadLibrary();
  await ready;
  return lib;
}

/**
 * Toasts asked for and not yet in the page: `data-toasts-pending` on <html>
 * while any is (the library may still be loading). Like `data-hydrated`, a mark
 * the end-to-end tests wait on: axe must not measure a toast fading in.
 */
let pending = 0;
function markPending(delta: number) {
  pending += delta;
  if (pending > 0) document.documentElement.dataset.toastsPending = String(pending);
  else delete document.documentElement.dataset.toastsPending;
}

/** Never rejects: without its library a toast is not shown (undefined), and the form goes on. */
async function show<T>(make: (lib: Sonner) => T): Promise<T | undefined> {
  markPending(1);
  try {
    return make(await sonner());
  } catch {
    return undefined;
  } finally {
    // Sonner adds the toast to the page in a timer of its own: this one, queued after it, runs once it is there.
    setTimeout(() => markPending(-1));
  }
}

export const toast = {
  loading: (message: string, options?: ExternalToast) => show((lib) => lib.toast.loading(message, options)),
  success: (message: string, options?: ExternalToast) => show((lib) => lib.toast.success(message, options)),
  error: (message: string, options?: ExternalToast) => show((lib) => lib.toast.error(message, options)),
};
