import { ImageOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { ModalDialog } from "~/components/ui/modal-dialog";
import { useHydrated } from "~/hooks/use-hydrated";

type Props = {
  /** A private file's URL (served only to signed-in staff). */
  src: string | null;
  /** 'Profile image', 'ID photo (front)': the caption and the image's text alternative. */
  label: string;
};

/** The spec's placeholder for a photo that fails to load; a photo never sent says so instead of sounding lost. */
function NotFound({ text }: { text: string }) {
  return (
    <span className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-1 rounded-xl bg-plum-50 text-sm font-semibold text-muted">
      <ImageOff aria-hidden="true" className="size-7" />
      {text}
    </span>
  );
}

/**
 * A photo in a details dialog (spec part 2 §2.9 'ID Photos'): a thumbnail that
 * enlarges in its own dialog on click (a plain link to the file before
 * JavaScript); 'Image not found' when it fails to load (the spec's placeholder)
 * and 'No photo uploaded' when the registrant sent none (the photos are optional).
 */
export function PhotoThumbnail({ src, label }: Props) {
  const hydrated = useHydrated();
  const [failed, setFailed] = useState(false);
  const [zoomed, setZoomed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const el = img.current;
    if (el && el.complete && el.naturalWidth === 0) setFailed(true);
  }, []);

  return (
    <figure className="min-w-0">
      {!src ? (
        <NotFound text="No photo uploaded" />
      ) : failed ? (
        <NotFound text="Image not found" />
      ) : (
        <a
          href={src}
          target="_blank"
          rel="noopener"
          onClick={(e) => {
            if (!hydrated) return;
            e.preventDefault();
            setZoomed(true);
          }}
          className="block overflow-hidden rounded-xl ring-1 ring-plum-100"
        >
          <img
            ref={img}
            src={src}
            alt={`${label} (enlarge)`}
            loading="lazy"
            onError={() => setFailed(true)}
            className="aspect-[4/3] w-full bg-plum-50 object-contain"
          />
        </a>
      )}
      <figcaption className="mt-1.5 text-sm font-semibold text-muted">{label}</figcaption>
      {src && hydrated ? (
        <ModalDialog open={zoomed} onClose={() => setZoomed(false)} title={label} closeLabel={`Close ${label.toLowerCase()}`} widthClass="w-[min(64rem,calc(100vw-1rem))]">
          {failed ? <NotFound text="Image not found" /> : <img src={src} alt={label} onError={() => setFailed(true)} className="mx-auto max-h-[75dvh] w-auto max-w-full rounded-xl object-contain" />}
        </ModalDialog>
      ) : null}
    </figure>
  );
}
