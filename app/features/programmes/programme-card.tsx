import { Check, Clock } from "lucide-react";
import { Link } from "react-router";
import { VideoPlayer } from "~/components/media/video-player";
import { videos, type ResponsiveImage } from "~/content/media";
import { DEFAULT_THUMBNAIL, type ProgrammeCard as Card } from "./normalise";

/** The local-storage key under which the chosen programme's title travels to its page. */
export const LEVEL_STORAGE_KEY = "level";

function posterFor(card: Card): ResponsiveImage {
  if (card.thumbnailUrl === DEFAULT_THUMBNAIL) return videos.programme.poster;
  return { avif: "", webp: "", fallback: card.thumbnailUrl, width: 1280, height: 720, alt: "" };
}

/** One DECODE programme card (spec part 1 §2.7, §3.3). */
export function ProgrammeCard({ card, basePath }: { card: Card; basePath: "/decode/level/" | "/ich/level/" }) {
  return (
    <article aria-labelledby={`programme-${card.id}`} className="grid overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-plum-100 lg:grid-cols-2">
      <div className="flex flex-col p-6 md:p-8">
        {card.subtitle1 ? <p className="text-sm font-semibold tracking-[0.15em] text-plum-600 uppercase">{card.subtitle1}</p> : null}
        <h3 id={`programme-${card.id}`} className="mt-1 text-2xl text-plum-900 md:text-3xl">
          {card.title}
        </h3>
        {card.subtitle ? <p className="mt-3 text-muted">{card.subtitle}</p> : null}
        {card.cardPoints.length ? (
          <ul className="mt-5 space-y-2">
            {card.cardPoints.map((p, i) => (
              <li key={`${i}-${p}`} className="flex gap-3">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-plum-600" />
                <span>{p}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-6 flex items-center gap-2 text-sm font-semibold text-ink">
          <Clock aria-hidden="true" className="size-4 text-plum-600" />
          Duration: {card.duration ?? "TBD"}
        </p>
        <div className="mt-6">
          <Link
            to={`${basePath}${encodeURIComponent(card.id)}`}
            onClick={() => {
              try {
                localStorage.setItem(LEVEL_STORAGE_KEY, card.title);
              } catch {
                // Storage may be unavailable (private mode); the page works without it.
              }
            }}
            aria-describedby={`programme-${card.id}`}
            className="inline-flex min-h-12 items-center rounded-full bg-brand-gradient px-7 font-semibold text-white shadow-md hover:opacity-95"
          >
            {card.buttonText ?? "Enroll Now"}
          </Link>
        </div>
      </div>
      <div className="bg-plum-50 p-4 md:p-6 lg:flex lg:items-center">
        <VideoPlayer
          src={card.videoUrl ?? videos.programme.src}
          poster={posterFor(card)}
          title={`${card.title}: preview`}
          captions={card.videoUrl ? undefined : videos.programme.captions}
          allowFullscreen
          sizes="(min-width: 1024px) 560px, 100vw"
          className="w-full"
        />
      </div>
    </article>
  );
}
