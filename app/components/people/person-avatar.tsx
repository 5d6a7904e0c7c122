import { useId } from "react";

/** A portrait palette: background from light to deep, a light, and the figure's tone. */
type Palette = { top: string; bottom: string; light: string; figure: string };

/** Calm, warm duotones (dawn, sage, ocean, honey, rose, lavender, clay, eucalyptus, dusk, stone). */
export const PORTRAIT_PALETTES: readonly Palette[] = [
  { top: "#f8dcc8", bottom: "#e3a084", light: "#fff4e8", figure: "#9f5646" },
  { top: "#e7ede0", bottom: "#a9bea3", light: "#fbfcf3", figure: "#4f7258" },
  { top: "#e0ede9", bottom: "#7fb0ad", light: "#f7fbf8", figure: "#2f6669" },
  { top: "#fbeacb", bottom: "#e8b267", light: "#fffaf0", figure: "#95591f" },
  { top: "#f6e0e2", bottom: "#d49ea8", light: "#fff5f3", figure: "#8a4a60" },
  { top: "#ece4f5", bottom: "#a898c9", light: "#fbf8ff", figure: "#4d3f7a" },
  { top: "#f2d9cc", bottom: "#c98b79", light: "#fff1e8", figure: "#7a4336" },
  { top: "#e1eee6", bottom: "#8cb8a4", light: "#f5fbf7", figure: "#3a6858" },
  { top: "#eadcea", bottom: "#b091b2", light: "#fdf6fb", figure: "#3b3566" },
  { top: "#efe7dc", bottom: "#c7b093", light: "#fffbf4", figure: "#6b5844" },
];

const BACKDROPS = 4;
const FIGURES = 3;

/** FNV-1a over the name's code points: a stable number for a name. */
function hashName(name: string): number {
  let h = 0x811c9dc5;
  for (const ch of name) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * Which palette, backdrop and figure a person gets: from the name, so the same
 * name always gets the same portrait, unless the content chooses the palette
 * (so that people shown side by side differ in colour).
 */
export function portraitOf(name: string, palette?: number): { palette: number; backdrop: number; figure: number } {
  const h = hashName(name.trim());
  const count = PORTRAIT_PALETTES.length;
  return {
    palette: palette === undefined ? h % count : ((Math.trunc(palette) % count) + count) % count,
    backdrop: (h >>> 4) % BACKDROPS,
    figure: (h >>> 8) % FIGURES,
  };
}

const SIZES = {
  md: "size-14",
  lg: "size-24",
} as const;

/**
 * A placeholder portrait until the organisation supplies photos: an abstract
 * head-and-shoulders figure in a calm duotone, with a soft light behind it.
 * Backdrop and figure come from the name, the palette from the content (or the
 * name), so each person looks different and keeps the same picture everywhere.
 * Purely decorative: the name
 * is always shown beside it, so it is hidden from assistive technology.
 */
export function PersonAvatar({
  name,
  palette: chosen,
  size = "md",
  className = "",
}: {
  name: string;
  /** Index into PORTRAIT_PALETTES; by default the name picks one. */
  palette?: number;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const id = useId();
  const { palette, backdrop, figure } = portraitOf(name, chosen);
  const p = PORTRAIT_PALETTES[palette]!;
  const bg = `${id}-bg`;
  const glow = `${id}-glow`;
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 96 96"
      data-portrait={`${palette}-${backdrop}-${figure}`}
      className={`shrink-0 rounded-full shadow-md ring-4 ring-white ${SIZES[size]} ${className}`}
    >
      <defs>
        <linearGradient id={bg} x1="0.2" y1="0" x2="0.8" y2="1">
          <stop offset="0" stopColor={p.top} />
          <stop offset="1" stopColor={p.bottom} />
        </linearGradient>
        <radialGradient id={glow}>
          <stop offset="0" stopColor={p.light} stopOpacity="0.95" />
          <stop offset="1" stopColor={p.light} stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="96" height="96" fill={`url(#${bg})`} />
      <Backdrop kind={backdrop} palette={p} glow={`url(#${glow})`} />
      <Figure kind={figure} colour={p.figure} light={p.light} />
    </svg>
  );
}

function Backdrop({ kind, palette, glow }: { kind: number; palette: Palette; glow: string }) {
  switch (kind) {
    case 0: // a low sun behind one shoulder
      return (
        <>
          <circle cx="70" cy="30" r="30" fill={glow} />
          <circle cx="70" cy="30" r="10" fill={palette.light} opacity="0.9" />
        </>
      );
    case 1: // an arched opening of light
      return (
        <>
          <circle cx="48" cy="38" r="40" fill={glow} />
          <path d="M22 96V40a26 26 0 0 1 52 0v56Z" fill={palette.light} opacity="0.45" />
        </>
      );
    case 2: // rings widening behind the head
      return (
        <>
          <circle cx="48" cy="40" r="34" fill={glow} />
          <circle cx="48" cy="40" r="24" fill="none" stroke={palette.light} strokeWidth="1.5" opacity="0.8" />
          <circle cx="48" cy="40" r="36" fill="none" stroke={palette.light} strokeWidth="1.2" opacity="0.5" />
        </>
      );
    default: // a leaf reaching in from the side
      return (
        <>
          <circle cx="30" cy="28" r="32" fill={glow} />
          <path d="M4 58C10 34 28 20 52 14C46 38 30 54 4 58Z" fill={palette.light} opacity="0.55" />
          <path d="M8 55C22 42 34 30 48 18" stroke={palette.bottom} strokeWidth="1" fill="none" opacity="0.6" />
        </>
      );
  }
}

/**
 * Head, neck and shoulders in the figure's tone with the face and neck lit a
 * little by the palette's light; the hair in the full tone, as a rim around the
 * head and, for two of the three, a fringe.
 */
function Figure({ kind, colour, light }: { kind: number; colour: string; light: string }) {
  const body = (
    <>
      <path d="M16 96c0-18 13-29 32-29s32 11 32 29Z" fill={colour} />
      <path d="M42 52h12v16H42Z" fill={colour} />
      <path d="M42.5 54h11v13h-11Z" fill={light} opacity="0.22" />
    </>
  );
  const rim = <ellipse cx="48" cy="42" rx="14.5" ry="16" fill={colour} />;
  const face = <ellipse cx="48" cy="46" rx="11.5" ry="13" fill={light} opacity="0.3" />;
  switch (kind) {
    case 0: // short hair, swept to one side
      return (
        <g>
          {body}
          {rim}
          {face}
          <path d="M35.5 43c1-9 7-15 14-15 6 0 10 3 12 8-6-3-15-2-26 7Z" fill={colour} />
        </g>
      );
    case 1: // long hair falling to the shoulders
      return (
        <g>
          <path d="M32 44c0-13 7-20 16-20s16 7 16 20v24c-5 3-27 3-32 0Z" fill={colour} />
          {body}
          {rim}
          {face}
          <path d="M60.5 43c-1-9-7-15-14-15-6 0-10 3-12 8 6-3 15-2 26 7Z" fill={colour} />
        </g>
      );
    default: // hair gathered up in a bun
      return (
        <g>
          {body}
          <circle cx="48" cy="23" r="6.5" fill={colour} />
          {rim}
          {face}
        </g>
      );
  }
}
