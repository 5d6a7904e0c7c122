/** i wrapped into 0…n-1 (so -1 is the last item and n the first). */
export function wrapIndex(i: number, n: number): number {
  if (n <= 0) return 0;
  return ((i % n) + n) % n;
}

/**
 * Which items a carousel shows around `current`: one under 640 px, otherwise the
 * previous, current and next (spec part 1 §4.3), never the same item twice.
 */
export function visibleIndices(current: number, n: number, wide: boolean): number[] {
  if (n <= 0) return [];
  const c = wrapIndex(current, n);
  if (!wide || n === 1) return [c];
  const out: number[] = [];
  for (const i of [c - 1, c, c + 1]) {
    const w = wrapIndex(i, n);
    if (!out.includes(w)) out.push(w);
  }
  return out;
}
