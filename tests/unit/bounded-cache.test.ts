import { describe, expect, it, vi } from "vitest";
import { remembered, zoneMinute } from "~/lib/bounded-cache";

describe("remembered", () => {
  it("makes a value once, then answers from the cache, null included", () => {
    const cache = new Map<string, string | null>();
    let made = 0;
    const make = () => (made++, null);
    expect(remembered(cache, "a", 10, make)).toBeNull();
    expect(remembered(cache, "a", 10, make)).toBeNull();
    expect(made).toBe(1);
  });

  it("keeps at most `limit` entries, dropping the oldest", () => {
    const cache = new Map<string, number>();
    for (let i = 0; i < 5; i++) remembered(cache, `k${i}`, 3, () => i);
    expect([...cache.keys()]).toEqual(["k2", "k3", "k4"]);
    expect(remembered(cache, "k0", 3, () => 42)).toBe(42);
  });

  it("keys instants by zone and minute", () => {
    const at = (iso: string) => zoneMinute(new Date(iso), "America/New_York");
    expect(at("2026-11-24T10:00:00Z")).toBe(at("2026-11-24T10:00:59.999Z"));
    expect(at("2026-11-24T10:00:00Z")).not.toBe(at("2026-11-24T10:01:00Z"));
    expect(zoneMinute(new Date(0), "UTC")).not.toBe(zoneMinute(new Date(0), "America/Chicago"));
  });
});

describe("format seeds (decision 0088)", () => {
  it("records what a loader formats, and a fresh process seeded with it formats nothing itself", async () => {
    const { recordFormats } = await import("~/lib/bounded-cache");
    const { formatSessionWhen, formatTimeRange, formatSessionDate, formatPrice } = await import("~/features/events/format");
    const sessions = [
      { start: "2031-03-05T14:00:00Z", end: "2031-03-05T22:00:00Z", zone: "America/New_York" },
      { start: "2031-11-01T16:00:00Z", end: "2031-11-03T01:00:00Z", zone: "America/Los_Angeles" },
    ];
    const shown = () => sessions.map((s) => [formatSessionDate(s.start, s.zone), formatTimeRange(s.start, s.end, s.zone), formatSessionWhen(s.start, s.end, s.zone), formatPrice(150050)]);
    const expected = shown();
    const seed = recordFormats(() => sessions.forEach((s) => formatSessionWhen(s.start, s.end, s.zone)));
    expect(Object.keys(seed).sort()).toEqual(["event-date", "local-parts"]);
    // A new module graph stands for the browser: its caches are empty, and Intl is out of reach.
    vi.resetModules();
    const fresh = await import("~/lib/bounded-cache");
    const freshFormat = await import("~/features/events/format");
    fresh.applyFormatSeed(JSON.parse(JSON.stringify(seed)));
    const made = vi.spyOn(Intl, "DateTimeFormat");
    const numbers = vi.spyOn(Intl, "NumberFormat");
    try {
      const again = sessions.map((s) => [
        freshFormat.formatSessionDate(s.start, s.zone),
        freshFormat.formatTimeRange(s.start, s.end, s.zone),
        freshFormat.formatSessionWhen(s.start, s.end, s.zone),
        freshFormat.formatPrice(150050),
      ]);
      expect(again).toEqual(expected);
      expect(made).not.toHaveBeenCalled();
      expect(numbers).not.toHaveBeenCalled();
      // Something the loader did not record is still formatted, the usual way.
      expect(freshFormat.formatSessionDate("2032-01-01T12:00:00Z", "Europe/London")).toBe("1st Jan 2032");
      expect(made).toHaveBeenCalled();
    } finally {
      made.mockRestore();
      numbers.mockRestore();
    }
  });

  it("records inside a recording into both, and ignores seeds of the wrong shape", async () => {
    const { recordFormats, applyFormatSeed, seedableCache, rememberedSeedable } = await import("~/lib/bounded-cache");
    const cache = seedableCache<number>("test-numbers");
    let inner = {};
    const outer = recordFormats(() => {
      rememberedSeedable(cache, "a", 10, () => 1);
      inner = recordFormats(() => rememberedSeedable(cache, "b", 10, () => 2));
    });
    expect(outer).toEqual({ "test-numbers": { a: 1, b: 2 } });
    expect(inner).toEqual({ "test-numbers": { b: 2 } });
    expect(recordFormats(() => rememberedSeedable(new Map<string, number>(), "c", 10, () => 3))).toEqual({});
    cache.clear();
    applyFormatSeed(null);
    applyFormatSeed({ "test-numbers": null as never, "no-such-cache": { x: 1 } });
    applyFormatSeed({ "test-numbers": { a: 5, b: 6, c: 7 } }, 2);
    expect([...cache.entries()]).toEqual([["b", 6], ["c", 7]]);
  });
});
