import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import type { ExternalToast } from "sonner";
import { announce, prepareAnnouncer } from "~/lib/announce";
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
  let api: Sonner["toast"];
  let useToastPosition: typeof import("./toast-position").useToastPosition;
  let useToastsHeldWhileFocused: typeof import("./toast-position").useToastsHeldWhileFocused;
  try {
    // The placement comes with the library, in its chunk: pages pay for neither until a toast is asked for.
    [{ Toaster, toast: api }, { useToastPosition, useToastsHeldWhileFocused }] = await Promise.all([loadLibrary(), import("./toast-position")]);
  } catch (error) {
    // A chunk that did not load (a dropped connection) costs the toasts only: the forms still
    // send, and their own messages still show in the page. Thrown, it would replace the page with an error.
    markFailed(error);
    return { default: () => null };
  }
  function MountedToaster() {
    useEffect(() => {
      // Screen readers hear each toast from `announce` (lib/announce.ts), whose region is in place before
      // the words; the toaster's own live region, inserted with its first toast, would read some twice.
      toastLayer().querySelector("section[aria-live]")?.setAttribute("aria-live", "off");
      markReady();
    }, []);
    const position = useToastPosition();
    useToastsHeldWhileFocused(api);
    // In the toast layer, which follows the topmost modal dialog (see lib/toast-layer.ts).
    return createPortal(<Toaster position={position} duration={4000} closeButton richColors />, toastLayer());
  }
  return { default: MountedToaster };
});

/**
 * Rendered once by each page that can toast (pages without forms do not pay for
 * it); mounts the toaster when the first toast is asked for.
 */
export function ToastHost() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    prepareAnnouncer();
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

/** A toast is seen where it is drawn and heard from the announcer (even when its library did not load). */
function said(message: string, options?: ExternalToast): void {
  announce(typeof options?.description === "string" ? `${message} ${options.description}` : message);
}

export const toast = {
  loading(message: string, options?: ExternalToast) {
    said(message, options);
    return show((lib) => lib.toast.loading(message, options));
  },
  success(message: string, options?: ExternalToast) {
    said(message, options);
    return show((lib) => lib.toast.success(message, options));
  },
  error(message: string, options?: ExternalToast) {
    said(message, options);
    return show((lib) => lib.toast.error(message, options));
  },
};
