const HONORIFICS = new Set(["dr", "mr", "mrs", "ms", "mx", "prof"]);

/** "Dr. Elena Marquez-Hale" → "EM": first letters of the first and last names, titles skipped. */
export function initialsOf(name: string): string {
  const words = name
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}-]/gu, ""))
    .filter((w) => w && !HONORIFICS.has(w.toLowerCase()));
  if (words.length === 0) return "?";
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : "";
  return (Array.from(first)[0]! + (last ? Array.from(last)[0]! : "")).toUpperCase();
}

const SIZES = {
  md: "size-14 text-lg",
  lg: "size-20 text-2xl",
} as const;

/**
 * A person's initials in a brand-gradient circle, in place of a photo. Purely
 * decorative: the name is always shown beside it, so it is hidden from
 * assistive technology.
 */
export function PersonAvatar({ name, size = "md", className = "" }: { name: string; size?: keyof typeof SIZES; className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={`grid shrink-0 place-items-center rounded-full bg-brand-gradient font-serif font-semibold tracking-wide text-white shadow-md ring-4 ring-white ${SIZES[size]} ${className}`}
    >
      {initialsOf(name)}
    </div>
  );
}
