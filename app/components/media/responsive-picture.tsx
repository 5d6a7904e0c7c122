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
  return (
    <picture>
      {image.avif ? <source type="image/avif" srcSet={image.avif} sizes={sizes} /> : null}
      {image.webp ? <source type="image/webp" srcSet={image.webp} sizes={sizes} /> : null}
      <img
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
