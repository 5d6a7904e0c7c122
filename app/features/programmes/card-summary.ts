/**
 * The short form of a programme card on the ICH list (spec part 2 §2.5, §9):
 * the subtitle cut at 80 characters and at most 5 bullet points, the rest
 * summarised as '+N more points'. Pure, so the rules are unit-tested.
 */

export const SUBTITLE_MAX_CHARS = 80;
export const CARD_POINTS_MAX = 5;

export type CutText = {
  /** The text as shown: the whole text, or its first `max` characters and an ellipsis. */
  shown: string;
  /** The whole text (for screen readers and the tooltip when `cut`). */
  full: string;
  cut: boolean;
};

/**
 * The first `max` characters of `text` followed by '…' when it is longer.
 * Characters are counted as the reader sees them (code points, so an emoji or
 * accented letter is never split in half); trailing spaces before the ellipsis
 * are dropped.
 */
export function cutText(text: string, max: number = SUBTITLE_MAX_CHARS): CutText {
  const full = text.trim();
  const chars = Array.from(full);
  if (chars.length <= max) return { shown: full, full, cut: false };
  return { shown: `${chars.slice(0, max).join("").trimEnd()}…`, full, cut: true };
}

export type PointsSummary = {
  /** The points shown as bullets, at most `max`. */
  shown: string[];
  /** How many are left out. */
  more: number;
  /** '+N more points' ('+1 more point'), or null when nothing is left out. */
  moreLabel: string | null;
};

/** At most `max` bullet points; the others are counted in a '+N more points' line. */
export function summarisePoints(points: readonly string[], max: number = CARD_POINTS_MAX): PointsSummary {
  const shown = points.slice(0, max);
  const more = points.length - shown.length;
  return { shown, more, moreLabel: more > 0 ? `+${more} more ${more === 1 ? "point" : "points"}` : null };
}
