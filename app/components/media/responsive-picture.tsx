import { useEffect, useRef } from "react";
import type { ResponsiveImage } from "~/content/media";

type Props = {
  image: ResponsiveImage;
  sizes: string;
  className?: string;
  /** Above the fold: load eagerly with high priority. */
  priority?: boolean;
  /** Decorative in context (the caption or button says it all). */
  decorative?: boolean;
  onError?: () => void;
};

/** AVIF, then WebP, then JPEG, with intrinsic width and height so nothing shifts. */
export function ResponsivePicture({ image, sizes, className, priority, decorative, onError }: Props) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // An image that failed before React hydrated fired its error event unheard.
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc) onError?.();
    // Only the first check matters: later failures arrive as events.
    // oxlint-disable-next-line react/exhaustive-deps
  }, []);
  return (
    <picture>
      {image.avif ? <source type="image/avif" srcSet={image.avif} sizes={sizes} /> : null}
      {image.webp ? <source type="image/webp" srcSet={image.webp} sizes={sizes} /> : null}
      <img
        ref={ref}
        src={image.fallback}
        alt={decorative ? "" : image.alt}
        width={image.width}
        height={image.height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding="async"
        className={className}
        onError={onError}
      />
    </picture>
  );
}
