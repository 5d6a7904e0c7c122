/**
 * The value kept in `cache` under `key`, made by `make` the first time. Past
 * `limit` entries the oldest goes, so a cache keyed by what visitors or staff
 * can vary never grows without end. For pure values only: every instance
 * keeps its own, and any of them may make the value again.
 */
export function remembered<T>(cache: Map<string, T>, key: string, limit: number, make: () => T): T {
  if (cache.has(key)) return cache.get(key) as T;
  const value = make();
  if (cache.size >= limit) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
  return value;
}

/** The key of an instant's minute in a zone: what a date or time shown to the minute depends on. */
export const zoneMinute = (date: Date, timeZone: string) => `${Math.floor(date.getTime() / 60_000)} ${timeZone}`;
