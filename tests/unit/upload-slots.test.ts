import { afterEach, describe, expect, it, vi } from "vitest";
import { UploadSlots, UPLOADS_BUSY, UPLOADS_FROM_ADDRESS, type UploadSlot, type UploadSlotRefusal } from "~/lib/upload-slots.server";

const granted = (s: UploadSlot | UploadSlotRefusal): UploadSlot => {
  if ("refused" in s) throw new Error(`refused: ${s.message}`);
  return s;
};

describe("upload slots (decision 0114)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("lets a few bodies in at once; the next waits for a slot and gets it when one is released", async () => {
    const slots = new UploadSlots(2, 2, 10_000);
    const a = granted(await slots.acquire("192.0.2.1"));
    granted(await slots.acquire("192.0.2.2"));
    let third: UploadSlot | UploadSlotRefusal | undefined;
    const waiting = slots.acquire("192.0.2.3").then((s) => (third = s));
    await Promise.resolve();
    expect({ third, state: slots.state }).toEqual({ third: undefined, state: { busy: 2, waiting: 1 } });
    a.release();
    await waiting;
    expect(third && !("refused" in third)).toBe(true);
    expect(slots.state).toEqual({ busy: 2, waiting: 0 });
    // A second release of the same slot frees nothing more.
    a.release();
    expect(slots.state).toEqual({ busy: 2, waiting: 0 });
  });

  it("answers 503 with Retry-After when no slot frees in time, and forgets the waiter", async () => {
    vi.useFakeTimers();
    const slots = new UploadSlots(1, 1, 15_000);
    const held = granted(await slots.acquire("192.0.2.1"));
    const late = slots.acquire("192.0.2.2");
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await late).toEqual({ refused: true, status: 503, message: UPLOADS_BUSY, retryAfterSeconds: 60 });
    expect(slots.state).toEqual({ busy: 1, waiting: 0 });
    // The address that timed out holds nothing: with one slot an address, it is let in again.
    held.release();
    granted(await slots.acquire("192.0.2.2"));
  });

  it("gives one address at most its share, waiting or not, counting an IPv6 client by its /64", async () => {
    const slots = new UploadSlots(1, 2, 10_000);
    granted(await slots.acquire("2001:db8:1:2::10"));
    void slots.acquire("2001:db8:1:2::11"); // waits: the only slot is taken
    expect(await slots.acquire("2001:db8:1:2:ffff::1")).toEqual({ refused: true, status: 429, message: UPLOADS_FROM_ADDRESS, retryAfterSeconds: 30 });
    expect(slots.state).toEqual({ busy: 1, waiting: 1 });
  });
});
