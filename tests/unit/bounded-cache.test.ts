import { describe, expect, it } from "vitest";
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
