import { addressKey } from "~/lib/address-key";

/**
 * Registrations with photos are taken within a memory budget in each server process (decision 0114).
 * Such a body is up to 16 MB, read whole, parsed into parts and its photos decoded. Without a bound,
 * 150 bodies sent together (each answered 429 only once it had been read) took one process from
 * 200 MB to 1.7 GB and its health check to 5 s.
 *
 * - The bytes of such bodies held at once, read so far and not yet answered, stay under
 *   UPLOAD_BUDGET_BYTES: a body whose next piece would pass it is answered 503 with Retry-After.
 *   A client that sends slowly holds only what it has sent (the first version counted requests, and
 *   four bodies trickling a byte a second blocked every registration with photos for five minutes).
 * - Such a body must keep coming (a piece at least every UPLOAD_IDLE_SECONDS) and be whole within
 *   UPLOAD_READ_SECONDS, else it is answered 408 and its bytes given back: a client that sends its
 *   bodies fast and then stalls holds the budget for seconds, not for the five minutes Node allows.
 * - One address (an IPv6 client by its /64) sends at most UPLOAD_SLOTS_PER_ADDRESS such bodies at
 *   once; the next is answered 429 before it is read.
 *
 * Both are each process's own, on purpose: they guard that process's memory, not a site-wide
 * allowance (the form allowance, in the database, is the shared one).
 */
export const UPLOAD_BUDGET_BYTES = 96 * 1024 * 1024;
export const UPLOAD_SLOTS_PER_ADDRESS = 2;
/** A body read within the budget that sends nothing for this long is dropped (its bytes given back)... */
export const UPLOAD_IDLE_SECONDS = 20;
/** ...and so is one not whole after this long: 16 MB at 1 Mbit/s takes about 130 s. */
export const UPLOAD_READ_SECONDS = 180;
export const UPLOAD_TOO_SLOW = "The upload stopped or took too long. Please try again; smaller photos are sent faster.";

export const UPLOADS_BUSY = "The site is receiving many forms with photos just now. Please try again in a minute.";
export const UPLOADS_FROM_ADDRESS = "A form with photos from your connection is still being sent. Please wait for it to finish, then try again.";

/** One body let in: `charge` counts its bytes as they are read (false: over the budget, refuse it); `release` once answered. */
export type UploadSlot = { charge: (bytes: number) => boolean; release: () => void };
export type UploadSlotRefusal = { refused: true; status: 429 | 503; message: string; retryAfterSeconds: number };

export class UploadSlots {
  private held = 0;
  private readonly byAddress = new Map<string, number>();
  private readonly budget: number;
  private readonly perAddress: number;

  constructor(budget = UPLOAD_BUDGET_BYTES, perAddress = UPLOAD_SLOTS_PER_ADDRESS) {
    this.budget = budget;
    this.perAddress = perAddress;
  }

  /** A place for one body from `ip`, or why not. */
  acquire(ip: string): UploadSlot | UploadSlotRefusal {
    const key = addressKey(ip);
    const sending = this.byAddress.get(key) ?? 0;
    if (sending >= this.perAddress) return { refused: true, status: 429, message: UPLOADS_FROM_ADDRESS, retryAfterSeconds: 30 };
    this.byAddress.set(key, sending + 1);
    let charged = 0;
    let released = false;
    return {
      charge: (bytes) => {
        if (released) return false;
        if (this.held + bytes > this.budget) return false;
        this.held += bytes;
        charged += bytes;
        return true;
      },
      release: () => {
        if (released) return;
        released = true;
        this.held -= charged;
        const n = (this.byAddress.get(key) ?? 1) - 1;
        if (n > 0) this.byAddress.set(key, n);
        else this.byAddress.delete(key);
      },
    };
  }

  /** Bytes held and addresses sending (for tests and the logs). */
  get state() {
    return { heldBytes: this.held, addresses: this.byAddress.size };
  }
}

/** Whether a request's body is multipart (the only kind that carries photos). */
export function isMultipart(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase() === "multipart/form-data";
}
