import { lazy, Suspense, useEffect, useState } from "react";
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
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

export function preloadToasts(): Promise<Sonner> {
  library ??= import("sonner");
  return library;
}

const LazyToaster = lazy(async () => {
  const { Toaster } = await preloadToasts();
  function MountedToaster() {
    useEffect(() => markReady(), []);
    // In the toast layer, which follows the topmost modal dialog (see lib/toast-layer.ts).
    return createPortal(<Toaster position="top-center" duration={4000} closeButton richColors />, toastLayer());
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
  const lib = await preloadToasts();
  await ready;
  return lib;
}

export const toast = {
  async loading(message: string, options?: ExternalToast) {
    return (await sonner()).toast.loading(message, options);
  },
  async success(message: string, options?: ExternalToast) {
    return (await sonner()).toast.success(message, options);
  },
  async error(message: string, options?: ExternalToast) {
    return (await sonner()).toast.error(message, options);
  },
};
