import { describe, expect, it } from "vitest";
import { UploadSlots, UPLOADS_FROM_ADDRESS, type UploadSlot, type UploadSlotRefusal } from "~/lib/upload-slots.server";

const granted = (s: UploadSlot | UploadSlotRefusal): UploadSlot => {
  if ("refused" in s) throw new Error(`refused: ${s.message}`);
  return s;
};

describe("upload slots (decision 0114)", () => {
  it("lets bodies in while their bytes fit the budget, refuses the piece that would pass it, and frees a body's bytes once it is answered", () => {
    const slots = new UploadSlots(100, 2);
    const a = granted(slots.acquire("192.0.2.1"));
    const b = granted(slots.acquire("192.0.2.2"));
    expect([a.charge(40), a.charge(30), b.charge(30)]).toEqual([true, true, true]);
    // The next piece of either passes the budget: refused, and nothing of it counted.
    expect([b.charge(1), a.charge(1)]).toEqual([false, false]);
    expect(slots.state).toEqual({ heldBytes: 100, addresses: 2 });
    a.release();
    expect(slots.state).toEqual({ heldBytes: 30, addresses: 1 });
    expect(b.charge(70)).toBe(true);
    // A second release frees nothing more, and a released slot takes no more bytes.
    a.release();
    expect([slots.state.heldBytes, a.charge(1)]).toEqual([100, false]);
    b.release();
    expect(slots.state).toEqual({ heldBytes: 0, addresses: 0 });
  });

  it("a body sent slowly holds only the bytes it has sent, so others still get in", () => {
    const slots = new UploadSlots(100, 2);
    const slow = [granted(slots.acquire("192.0.2.10")), granted(slots.acquire("192.0.2.10")), granted(slots.acquire("192.0.2.11")), granted(slots.acquire("192.0.2.11"))];
    for (const s of slow) expect(s.charge(1)).toBe(true);
    const other = granted(slots.acquire("192.0.2.12"));
    expect(other.charge(90)).toBe(true);
  });

  it("gives one address at most its share of bodies at once, counting an IPv6 client by its /64; a released one makes room", () => {
    const slots = new UploadSlots(100, 2);
    const first = granted(slots.acquire("2001:db8:1:2::10"));
    granted(slots.acquire("2001:db8:1:2::11"));
    expect(slots.acquire("2001:db8:1:2:ffff::1")).toEqual({ refused: true, status: 429, message: UPLOADS_FROM_ADDRESS, retryAfterSeconds: 30 });
    // Another network is another client.
    granted(slots.acquire("2001:db8:1:3::1"));
    first.release();
    granted(slots.acquire("2001:db8:1:2::12"));
  });
});
