import { addressKey } from "~/lib/address-key";

/**
 * Registrations with photos are taken a few at a time in each server process (decision 0114). Such
 * a body is up to 16 MB, read whole, parsed into parts and its photos decoded: about four times its
 * size in memory at once. Without a bound, 150 bodies sent together (each answered 429 only once it
 * had been read) took one process from 200 MB to 1.7 GB and its health check to 5 s.
 *
 * - At most UPLOAD_SLOTS bodies with photos are read and handled at once; the next waits for a slot,
 *   at most UPLOAD_SLOT_WAIT_MS, then is answered 503 with Retry-After (its body unread).
 * - One address (an IPv6 client by its /64) holds at most UPLOAD_SLOTS_PER_ADDRESS of them, waiting or
 *   not; the next is answered 429 at once, so one client cannot fill the queue.
 *
 * The slots are each process's own, on purpose: they guard that process's memory, not a site-wide
 * allowance (the form allowance, in the database, is the shared one).
 */
export const UPLOAD_SLOTS = 4;
export const UPLOAD_SLOTS_PER_ADDRESS = 2;
export const UPLOAD_SLOT_WAIT_MS = 15_000;

export const UPLOADS_BUSY = "The site is receiving many forms with photos just now. Please try again in a minute.";
export const UPLOADS_FROM_ADDRESS = "A form with photos from your connection is still being sent. Please wait for it to finish, then try again.";

export type UploadSlot = { release: () => void };
export type UploadSlotRefusal = { refused: true; status: 429 | 503; message: string; retryAfterSeconds: number };

type Waiter = { grant: () => void; timer: ReturnType<typeof setTimeout> };

export class UploadSlots {
  private busy = 0;
  private readonly queue: Waiter[] = [];
  private readonly byAddress = new Map<string, number>();

  private readonly slots: number;
  private readonly perAddress: number;
  private readonly waitMs: number;

  constructor(slots = UPLOAD_SLOTS, perAddress = UPLOAD_SLOTS_PER_ADDRESS, waitMs = UPLOAD_SLOT_WAIT_MS) {
    this.slots = slots;
    this.perAddress = perAddress;
    this.waitMs = waitMs;
  }

  /** A slot for one body from `ip`, once one is free; or why not. Call `release` when the request is answered. */
  async acquire(ip: string): Promise<UploadSlot | UploadSlotRefusal> {
    const key = addressKey(ip);
    const held = this.byAddress.get(key) ?? 0;
    if (held >= this.perAddress) return { refused: true, status: 429, message: UPLOADS_FROM_ADDRESS, retryAfterSeconds: 30 };
    this.byAddress.set(key, held + 1);
    const leaveAddress = () => {
      const n = (this.byAddress.get(key) ?? 1) - 1;
      if (n > 0) this.byAddress.set(key, n);
      else this.byAddress.delete(key);
    };
    let released = false;
    const slot: UploadSlot = {
      release: () => {
        if (released) return;
        released = true;
        leaveAddress();
        const next = this.queue.shift();
        if (next) {
          clearTimeout(next.timer);
          next.grant(); // the slot passes straight on: `busy` stays as it is
        } else {
          this.busy--;
        }
      },
    };
    if (this.busy < this.slots) {
      this.busy++;
      return slot;
    }
    return new Promise((resolve) => {
      const waiter: Waiter = {
        grant: () => resolve(slot),
        timer: setTimeout(() => {
          const at = this.queue.indexOf(waiter);
          if (at >= 0) this.queue.splice(at, 1);
          leaveAddress();
          resolve({ refused: true, status: 503, message: UPLOADS_BUSY, retryAfterSeconds: 60 });
        }, this.waitMs),
      };
      this.queue.push(waiter);
    });
  }

  /** Bodies being handled, and waiting (for tests and the logs). */
  get state() {
    return { busy: this.busy, waiting: this.queue.length };
  }
}

/** Whether a request's body is multipart (the only kind that carries photos). */
export function isMultipart(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase() === "multipart/form-data";
}
