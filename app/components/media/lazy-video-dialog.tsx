import { lazy, Suspense, type ComponentProps } from "react";
import type { VideoDialog } from "./video-dialog";

const Dialog = lazy(() => import("./video-dialog").then((m) => ({ default: m.VideoDialog })));

/** The video dialog, fetched the first time a page renders one (when a visitor presses play). */
export function LazyVideoDialog(props: ComponentProps<typeof VideoDialog>) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
