import { Check, Clock } from "lucide-react";
import { Link } from "react-router";
import { VideoPlayer } from "~/components/media/video-player";
import { decodeLevelImages, videos, type ResponsiveImage } from "~/content/media";
import { cutText, summarisePoints } from "./card-summary";
import { DEFAULT_THUMBNAIL, type ProgrammeCard as Card } from "./normalise";

/** The local-storage key under which the chosen programme's title travels to its page. */
export const LEVEL_STORAGE_KEY = "level";

/** The length the ICH card's video overlay announces (spec part 2 §9). */
export const VIDEO_OVERLAY_TEXT = "15 mins";

export type ProgrammeLevelPath = "/decode/level/" | "/ich/level/";

/**
 * 'full' is the DECODE card (spec part 1 §2.7, §3.3): every point, the whole
 * subtitle, the programme's button text. 'summary' is the ICH card (part 2
 * §2.5): subtitle cut at 80 characters, at most 5 points then '+N more points',
 * 'Enroll Now', and the video's length over its thumbnail.
 */
export type ProgrammeCardVariant = "full" | "summary";

/** An uploaded thumbnail; else the demo picture of the level; else the shared programme poster. */
function posterFor(card: Pick<Card, "id" | "thumbnailUrl">): ResponsiveImage {
  if (card.thumbnailUrl !== DEFAULT_THUMBNAIL) {
    // Thumbnails staff upload are served resized on request (decision 0023): a card needs no more than 960 px.
    const stored = /^\/uploads\/[0-9a-f-]{36}\.(?:png|jpg|gif|webp)$/.test(card.thumbnailUrl);
    return { avif: "", webp: "", fallback: stored ? `${card.thumbnailUrl}?w=960` : card.thumbnailUrl, width: 1280, height: 720, alt: "" };
  }
  return Object.hasOwn(decodeLevelImages, card.id) ? decodeLevelImages[card.id as keyof typeof decodeLevelImages] : videos.programme.poster;
}

/** "DECODE Level 1: Decode Your Mind" → "Decode Your Mind": the words after the last colon, else the whole title. */
function shortTitle(title: string): string {
  return title.split(":").pop()!.trim() || title;
}

/** Stores the title under `level` as the link is followed; the link itself works without JavaScript. */
function rememberLevel(title: string) {
  try {
    localStorage.setItem(LEVEL_STORAGE_KEY, title);
  } catch {
    // Storage may be unavailable (private mode); the page works without it.
  }
}

function Subtitle({ text, variant }: { text: string; variant: ProgrammeCardVariant }) {
  if (!text) return null;
  if (variant === "full") return <p className="mt-3 text-muted">{text}</p>;
  const { shown, full, cut } = cutText(text);
  if (!cut) return <p className="mt-3 text-muted">{full}</p>;
  // Sighted readers see the cut text (the whole on hover); screen readers hear the whole.
  return (
    <p className="mt-3 text-muted" title={full} data-testid="programme-subtitle">
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{full}</span>
    </p>
  );
}

function Points({ points, variant }: { points: string[]; variant: ProgrammeCardVariant }) {
  if (!points.length) return null;
  const { shown, moreLabel } = variant === "summary" ? summarisePoints(points) : { shown: points, moreLabel: null };
  return (
    <>
      <ul className="mt-5 space-y-2">
        {shown.map((p, i) => (
          <li key={`${i}-${p}`} className="flex gap-3">
            <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-plum-600" />
            <span>{p}</span>
          </li>
        ))}
      </ul>
      {moreLabel ? <p className="mt-2 pl-8 text-sm font-semibold text-plum-700">{moreLabel}</p> : null}
    </>
  );
}

/** One programme card of the DECODE or ICH list. */
export function ProgrammeCard({ card, basePath, variant = "full" }: { card: Card; basePath: ProgrammeLevelPath; variant?: ProgrammeCardVariant }) {
  const headingId = `programme-${card.id}`;
  const buttonText = variant === "summary" ? "Enroll Now" : (card.buttonText ?? "Enroll Now");
  const player = (
    <VideoPlayer
      src={card.videoUrl ?? videos.programme.src}
      poster={posterFor(card)}
      // The summary card's overlay is drawn for the eye; its words travel in the player's name.
      title={variant === "summary" ? `${card.title}: preview, ${VIDEO_OVERLAY_TEXT}` : `${card.title}: preview`}
      caption={shortTitle(card.title)}
      captions={card.videoUrl ? undefined : videos.programme.captions}
      allowFullscreen
      sizes="(min-width: 1024px) 560px, 100vw"
      className="w-full"
    />
  );
  return (
    <article aria-labelledby={headingId} className="grid overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-plum-100 lg:grid-cols-2">
      <div className="flex flex-col p-6 md:p-8">
        {card.subtitle1 ? <p className="text-sm font-semibold tracking-[0.15em] text-plum-600 uppercase">{card.subtitle1}</p> : null}
        <h3 id={headingId} className="mt-1 text-2xl text-plum-900 md:text-3xl">
          {card.title}
        </h3>
        <Subtitle text={card.subtitle} variant={variant} />
        <Points points={card.cardPoints} variant={variant} />
        <p className="mt-6 flex items-center gap-2 text-sm font-semibold text-ink">
          <Clock aria-hidden="true" className="size-4 text-plum-600" />
          Duration: {card.duration ?? "TBD"}
        </p>
        <div className="mt-6">
          <Link
            to={`${basePath}${encodeURIComponent(card.id)}`}
            onClick={() => rememberLevel(card.title)}
            // Its own name in a screen reader's list of links, where five cards' buttons would all read "Enroll Now".
            aria-label={`${buttonText}: ${card.title}`}
            className="inline-flex min-h-12 items-center rounded-full bg-brand-gradient px-7 font-semibold text-white shadow-md hover:opacity-95"
          >
            {buttonText}
          </Link>
        </div>
      </div>
      <div className="bg-plum-50 p-4 md:p-6 lg:flex lg:items-center">
        {variant === "summary" ? (
          // The overlay shows on the thumbnail only; it steps aside once the video plays.
          <div className="group/video relative w-full">
            {player}
            <span
              aria-hidden="true"
              className="pointer-events-none absolute top-3 left-3 z-20 hidden items-center gap-1.5 rounded-full bg-plum-950/75 px-3 py-1 text-sm font-semibold text-white group-has-[[data-phase=thumbnail]]/video:inline-flex"
            >
              <Clock className="size-4" />
              {VIDEO_OVERLAY_TEXT}
            </span>
          </div>
        ) : (
          player
        )}
      </div>
    </article>
  );
}
