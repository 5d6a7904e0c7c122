import { X } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import type { ResponsiveImage } from "~/content/media";
import { useModalDialog } from "~/hooks/use-modal-dialog";
import { VideoPlayer, type VideoPlayerHandle } from "./video-player";

export const AUTOPLAY_DELAY_MS = 100;

type Props = {
  open: boolean;
  onClose: () => void;
  title: string;
  src: string;
  poster?: ResponsiveImage;
  captions?: string;
  /** "modal": a centred card (audience videos); "overlay": full screen (DECODE hero). */
  variant?: "modal" | "overlay";
  children?: ReactNode;
};

/**
 * A video in a modal dialog (spec part 1 §4.2 and the DECODE overlay of §2.7).
 * Page scrolling is locked while it is open; playback is attempted 100 ms after
 * opening (if the browser refuses, the thumbnail returns and the dialog stays);
 * the close button, a backdrop click and Escape pause, rewind and close it, and
 * focus goes back to what opened it.
 */
export function VideoDialog({ open, onClose, title, src, poster, captions, variant = "modal", children }: Props) {
  const playerRef = useRef<VideoPlayerHandle>(null);
  const { dialogProps } = useModalDialog(open, onClose);

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => {
      playerRef.current?.play().catch((error: unknown) => console.error("Auto-play failed", error));
    }, AUTOPLAY_DELAY_MS);
    // Closing unmounts the player, which stops and rewinds it.
    return () => clearTimeout(timer);
  }, [open]);

  const overlay = variant === "overlay";
  return (
    // The dialog handles Escape itself (cancel); the click handler is the backdrop's.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      {...dialogProps}
      aria-label={title}
      className={
        overlay
          ? "video-dialog m-0 h-dvh max-h-none w-screen max-w-none overflow-y-auto bg-plum-950 p-0 text-white backdrop:bg-plum-950"
          : "video-dialog m-auto w-[min(56rem,calc(100vw-2rem))] max-w-none overflow-visible bg-transparent p-0 backdrop:bg-plum-950/80"
      }
    >
      {/* Around the player the overlay is backdrop too; keyboard users have Escape and the close button. */}
      {/* oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div
        // At least the screen's height, not exactly it: on a short screen (400 % zoom) the player kept
        // shrinking to nothing; now the overlay scrolls instead, the player at its own size.
        className={overlay ? "mx-auto flex min-h-full max-w-6xl flex-col justify-center gap-5 px-4 py-16 md:px-8" : "relative"}
        onClick={(e) => {
          // In the overlay the padding around the player is backdrop too.
          if (overlay && e.target === e.currentTarget) onClose();
        }}
      >
        <button
          type="button"
          onClick={onClose}
          aria-label="Close video"
          className={`z-20 grid size-11 place-items-center rounded-full bg-white text-plum-900 shadow-lg hover:bg-plum-50 ${
            overlay ? "fixed top-4 right-4" : "absolute -top-5 -right-2 sm:-right-5"
          }`}
        >
          <X aria-hidden="true" className="size-6" />
        </button>
        {open ? (
          <VideoPlayer ref={playerRef} src={src} title={title} poster={poster} captions={captions} allowFullscreen variant={overlay ? "bare" : "card"} sizes="(min-width: 1024px) 900px, 100vw" />
        ) : null}
        {children}
      </div>
    </dialog>
  );
}
