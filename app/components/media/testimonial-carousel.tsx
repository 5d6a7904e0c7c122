import { ChevronLeft, ChevronRight, Play, Quote } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { ResponsiveImage } from "~/content/media";
import { visibleIndices, wrapIndex } from "./carousel-logic";
import { ResponsivePicture } from "./responsive-picture";
import { VideoPlayer, type VideoPlayerHandle } from "./video-player";

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
 * the card's video inline, in the shared player (letterboxed, never cropped),
 * and changing the current card stops it. With one testimonial only that one is
 * shown, without navigation: its words beside its video card.
 */
export function TestimonialCarousel({ items }: { items: Testimonial[] }) {
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState<string | null>(null);
  const wide = useWide();
  const count = items.length;

  if (count === 0) return null;
  if (count === 1) return <SingleTestimonial t={items[0]!} playing={playing !== null} setPlaying={(on) => setPlaying(on ? items[0]!.id : null)} />;

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
          return (
            <li
              key={t.id}
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-current={isCurrent ? "true" : undefined}
              className={`w-full max-w-72 shrink-0 transition-all duration-300 sm:w-56 md:w-64 ${isCurrent ? "" : "hidden scale-90 opacity-60 sm:block"}`}
            >
              <TestimonialCard
                t={t}
                isCurrent={isCurrent}
                playing={playing === t.id && isCurrent}
                onActivate={() => (isCurrent ? setPlaying(t.id) : go(i === wrapIndex(current - 1, count) ? -1 : 1))}
                onEnded={() => setPlaying(null)}
                withQuote
              />
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

/** One testimonial: its words, large, beside its video card (stacked on a phone). */
function SingleTestimonial({ t, playing, setPlaying }: { t: Testimonial; playing: boolean; setPlaying: (on: boolean) => void }) {
  return (
    <figure className="mx-auto grid max-w-4xl items-center gap-8 md:grid-cols-[minmax(0,1fr)_16rem] md:gap-12 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-16">
      <div>
        <Quote aria-hidden="true" className="size-10 text-plum-400" />
        <blockquote className="mt-4 font-serif text-2xl leading-snug text-plum-900 md:text-3xl">
          <p>{t.quote}</p>
        </blockquote>
        <figcaption className="mt-6">
          <cite className="block font-semibold text-ink not-italic">{t.name}</cite>
          <span className="block text-muted">{t.role}</span>
        </figcaption>
      </div>
      <div className="mx-auto w-full max-w-72">
        <TestimonialCard t={t} isCurrent playing={playing} onActivate={() => setPlaying(true)} onEnded={() => setPlaying(false)} />
      </div>
    </figure>
  );
}

type CardProps = {
  t: Testimonial;
  isCurrent: boolean;
  playing: boolean;
  onActivate: () => void;
  onEnded: () => void;
  /** The words over the card (the carousel); a single testimonial shows them beside it. */
  withQuote?: boolean;
};

/**
 * A 3:4 card: the thumbnail with a play button, then the shared player filling
 * the card (the widescreen video letterboxed). Focus follows: from the card's
 * button to the player's controls, and back when the video ends.
 */
function TestimonialCard({ t, isCurrent, playing, onActivate, onEnded, withQuote = false }: CardProps) {
  const cardRef = useRef<HTMLDivElement>(null);
  const playerRef = useRef<VideoPlayerHandle>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const focusButtonNext = useRef(false);

  useEffect(() => {
    if (playing) {
      playerRef.current?.play({ focusControls: focusButtonNext.current }).catch((error: unknown) => console.error("Playback failed", error));
      focusButtonNext.current = false;
    } else if (focusButtonNext.current) {
      focusButtonNext.current = false;
      buttonRef.current?.focus();
    }
  }, [playing]);

  // Whether keyboard focus is in this card as it swaps between button and player
  // (after a mouse click the focus is left alone, so the controls can hide).
  const noteFocus = () => {
    focusButtonNext.current = Boolean(cardRef.current?.contains(document.activeElement) && document.activeElement?.matches(":focus-visible"));
  };

  return (
    <div
      ref={cardRef}
      data-testid="testimonial-card"
      className={`focus-frame relative aspect-[3/4] w-full overflow-hidden rounded-3xl shadow-xl ${playing ? "bg-black" : "bg-brand-gradient"}`}
    >
      {playing ? (
        <VideoPlayer
          ref={playerRef}
          src={t.video}
          title={`Testimonial from ${t.name}`}
          poster={t.thumbnail}
          captions={t.captions}
          variant="bare"
          fit="fill"
          sizes="288px"
          onEnded={() => {
            noteFocus();
            onEnded();
          }}
        />
      ) : (
        <>
          <button
            ref={buttonRef}
            type="button"
            tabIndex={isCurrent ? 0 : -1}
            onClick={() => {
              noteFocus();
              onActivate();
            }}
            aria-label={isCurrent ? `Play testimonial from ${t.name}` : `Show testimonial from ${t.name}`}
            className="group focus-frame-target absolute inset-0"
          >
            <ResponsivePicture image={t.thumbnail} sizes="(min-width: 768px) 256px, 288px" decorative className="absolute inset-0 size-full object-cover" />
            <span
              className={`absolute inset-0 bg-gradient-to-t ${withQuote ? "from-plum-950 from-35% via-plum-950/80 via-55% to-plum-950/10" : "from-plum-950/50 via-transparent to-transparent"}`}
              aria-hidden="true"
            />
            {isCurrent ? (
              <span aria-hidden="true" className={`absolute left-1/2 grid size-14 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-plum-800 shadow-lg transition-transform group-hover:scale-105 ${withQuote ? "top-1/3" : "top-1/2"}`}>
                <Play className="ml-0.5 size-6 fill-current" />
              </span>
            ) : null}
          </button>
          {withQuote ? (
            // The words sit over the button but let clicks through to it.
            <blockquote className="pointer-events-none absolute inset-x-0 bottom-0 p-5 text-white">
              <p className="font-serif text-lg leading-snug">&ldquo;{t.quote}&rdquo;</p>
              <footer className="mt-3 text-sm">
                <cite className="block font-semibold not-italic">{t.name}</cite>
                <span className="block text-plum-100">{t.role}</span>
              </footer>
            </blockquote>
          ) : null}
        </>
      )}
    </div>
  );
}
