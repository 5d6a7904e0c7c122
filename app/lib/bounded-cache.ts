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

/**
 * Formatting results the server can hand to the browser (decision 0088).
 *
 * The first Intl object a page makes costs 30 to 50 ms of main thread on a
 * phone-class CPU (the browser loads its locale and time zone data), a long
 * task in the middle of hydration. A page that shows session dates would pay
 * it only to produce text the server has already put in the HTML. So the
 * caches below are named, a loader records what its page will format
 * (`recordFormats`), and the page puts those results in the browser's caches
 * before it renders (`applyFormatSeed`): hydration then finds every value and
 * builds no formatter. Anything not seeded is still made the usual way.
 */
export type FormatSeed = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

const seedable = new Map<string, Map<string, unknown>>();
const nameOf = new WeakMap<Map<string, unknown>, string>();
let recording: Record<string, Record<string, unknown>> | null = null;

/** A cache whose entries a loader may record and a page may seed: `name` must be unique. */
export function seedableCache<T>(name: string): Map<string, T> {
  const cache = new Map<string, T>();
  seedable.set(name, cache as Map<string, unknown>);
  nameOf.set(cache as Map<string, unknown>, name);
  return cache;
}

/** As `remembered`, and the value is recorded when a loader is recording (seedable caches only). */
export function rememberedSeedable<T>(cache: Map<string, T>, key: string, limit: number, make: () => T): T {
  const value = remembered(cache, key, limit, make);
  const name = recording && nameOf.get(cache as Map<string, unknown>);
  if (recording && name) (recording[name] ??= {})[key] = value;
  return value;
}

/** Every seedable value `format` reads or makes, for a page to pass to `applyFormatSeed`. Synchronous only. */
export function recordFormats(format: () => void): FormatSeed {
  const outer = recording;
  const seed: Record<string, Record<string, unknown>> = {};
  recording = seed;
  try {
    format();
  } finally {
    recording = outer;
  }
  if (outer) for (const [name, values] of Object.entries(seed)) Object.assign((outer[name] ??= {}), values);
  return seed;
}

/**
 * Puts a loader's recorded values in this process's caches (in the browser,
 * before the page that shows them renders). Values already there are kept; a
 * name or value of the wrong shape is skipped; each cache keeps its limit.
 */
export function applyFormatSeed(seed: FormatSeed | null | undefined, limit = 1000): void {
  if (!seed || typeof seed !== "object") return;
  for (const [name, values] of Object.entries(seed)) {
    const cache = seedable.get(name);
    if (!cache || !values || typeof values !== "object") continue;
    for (const [key, value] of Object.entries(values)) {
      if (cache.has(key) || value === undefined) continue;
      if (cache.size >= limit) cache.delete(cache.keys().next().value!);
      cache.set(key, value);
    }
  }
}
