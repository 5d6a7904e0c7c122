/** "1 message", "3 messages": a count with its noun, singular for exactly one (isomorphic). */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
