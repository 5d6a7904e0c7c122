import { ChevronLeft, ChevronRight, Play } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import type { ResponsiveImage } from "~/content/media";
import { visibleIndices, wrapIndex } from "./carousel-logic";
import { ResponsivePicture } from "./responsive-picture";

export type Testimonial = {
  id: string;
  name: string;
  role: string;
  quote: string;
  video: string;
  captions?: string;
  thumbnail: ResponsiveImage;
};

const WIDE_QUERY = "(min-width: 640px)";

function useWide(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mq = window.matchMedia(WIDE_QUERY);
      mq.addEventListener("change", notify);
      return () => mq.removeEventListener("change", notify);
    },
    () => window.matchMedia(WIDE_QUERY).matches,
    () => true,
  );
}

/**
 * 'What People Say' (spec part 1 §4.3): previous and next wrap around; one card
 * under 640 px, otherwise previous, current and next; 3:4 cards; a click plays
 * the card's video inline, and changing the current card stops it.
 */
export function TestimonialCarousel({ items }: { items: Testimonial[] }) {
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState<string | null>(null);
  const wide = useWide();
  const count = items.length;

  if (count === 0) return null;
  const shown = visibleIndices(current, count, wide);
  const go = (delta: number) => {
    setPlaying(null);
    setCurrent((c) => wrapIndex(c + delta, count));
  };
  const active = items[wrapIndex(current, count)]!;

  return (
    <div className="relative" aria-roledescription="carousel" aria-label="Testimonials" role="region">
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {`Testimonial ${wrapIndex(current, count) + 1} of ${count}: ${active.name}, ${active.role}`}
      </p>
      <ul className="flex items-center justify-center gap-4 md:gap-6">
        {shown.map((i) => {
          const t = items[i]!;
          const isCurrent = i === wrapIndex(current, count);
          const isPlaying = playing === t.id && isCurrent;
          return (
            <li
              key={t.id}
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-current={isCurrent ? "true" : undefined}
              data-testid="testimonial-card"
              className={`relative aspect-[3/4] w-full max-w-72 shrink-0 overflow-hidden rounded-3xl bg-brand-gradient shadow-xl transition-all duration-300 sm:w-56 md:w-64 ${
                isCurrent ? "" : "hidden scale-90 opacity-60 sm:block"
              }`}
            >
              {isPlaying ? (
                // The captions track is added whenever the testimonial has one.
                // oxlint-disable-next-line jsx-a11y/media-has-caption
                <video
                  src={t.video}
                  autoPlay
                  controls
                  playsInline
                  aria-label={`Testimonial from ${t.name}`}
                  className="absolute inset-0 size-full bg-plum-950 object-cover"
                  onEnded={() => setPlaying(null)}
                  onError={() => console.error("Video failed to load", t.video)}
                >
                  {t.captions ? <track kind="captions" src={t.captions} srcLang="en" label="English" /> : null}
                </video>
              ) : (
                <>
                  <button
                    type="button"
                    tabIndex={isCurrent ? 0 : -1}
                    onClick={() => (isCurrent ? setPlaying(t.id) : go(i === wrapIndex(current - 1, count) ? -1 : 1))}
                    aria-label={isCurrent ? `Play testimonial from ${t.name}` : `Show testimonial from ${t.name}`}
                    className="group absolute inset-0"
                  >
                    <ResponsivePicture image={t.thumbnail} sizes="(min-width: 768px) 256px, 288px" decorative className="absolute inset-0 size-full origin-top scale-[1.6] object-cover" />
                    {/* Scaled from the top so the poster's own title stays out of the card. */}
                    <span className="absolute inset-0 bg-gradient-to-t from-plum-950 from-35% via-plum-950/80 via-55% to-plum-950/10" aria-hidden="true" />
                    {isCurrent ? (
                      <span aria-hidden="true" className="absolute top-1/3 left-1/2 grid size-14 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-plum-800 shadow-lg transition-transform group-hover:scale-105">
                        <Play className="ml-0.5 size-6 fill-current" />
                      </span>
                    ) : null}
                  </button>
                  {/* The words sit over the button but let clicks through to it. */}
                  <blockquote className="pointer-events-none absolute inset-x-0 bottom-0 p-5 text-white">
                    <p className="font-serif text-lg leading-snug">&ldquo;{t.quote}&rdquo;</p>
                    <footer className="mt-3 text-sm">
                      <cite className="block font-semibold not-italic">{t.name}</cite>
                      <span className="block text-plum-100">{t.role}</span>
                    </footer>
                  </blockquote>
                </>
              )}
            </li>
          );
        })}
      </ul>
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" onClick={() => go(-1)} aria-label="Previous testimonial" className="grid size-12 place-items-center rounded-full bg-white text-plum-800 shadow ring-1 ring-plum-100 hover:bg-plum-50">
          <ChevronLeft aria-hidden="true" className="size-6" />
        </button>
        <button type="button" onClick={() => go(1)} aria-label="Next testimonial" className="grid size-12 place-items-center rounded-full bg-white text-plum-800 shadow ring-1 ring-plum-100 hover:bg-plum-50">
          <ChevronRight aria-hidden="true" className="size-6" />
        </button>
      </div>
    </div>
  );
}
