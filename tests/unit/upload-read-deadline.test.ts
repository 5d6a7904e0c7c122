import { afterEach, describe, expect, it, vi } from "vitest";
import { BadRequest, readSubmission } from "~/lib/http.server";
import { UPLOAD_IDLE_SECONDS, UPLOAD_READ_SECONDS, UPLOAD_TOO_SLOW, UploadSlots } from "~/lib/upload-slots.server";

/** A multipart request whose body sends `pieces` (one each `everyMs`, the first at once), then stalls. */
function trickling(pieces: number, everyMs: number) {
  let sent = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const push = () => {
        if (sent >= pieces) return;
        sent++;
        controller.enqueue(new Uint8Array(1024).fill(97));
      };
      push();
      timer = setInterval(push, everyMs);
    },
    cancel() {
      clearInterval(timer);
    },
  });
  return new Request("http://localhost/api/ich/ich-registration", {
    method: "POST",
    headers: { "content-type": "multipart/form-data; boundary=----x" },
    body,
    duplex: "half",
  } as RequestInit);
}

describe("a body read within the upload budget must keep coming (decision 0114)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is answered 408 once it sends nothing for a while, and its bytes are given back", async () => {
    vi.useFakeTimers();
    const slots = new UploadSlots();
    const slot = slots.acquire("192.0.2.1");
    if ("refused" in slot) throw new Error("refused");
    const read = readSubmission(trickling(3, 1_000), ["photo"], { charge: slot.charge }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync((UPLOAD_IDLE_SECONDS + 3) * 1000);
    const refused = await read;
    expect(refused).toBeInstanceOf(BadRequest);
    expect({ status: (refused as BadRequest).status, message: (refused as BadRequest).message }).toEqual({ status: 408, message: UPLOAD_TOO_SLOW });
    expect(slots.state.heldBytes).toBe(3 * 1024);
    slot.release();
    expect(slots.state.heldBytes).toBe(0);
  });

  it("is answered 408 when it is not whole in time, however steadily it trickles", async () => {
    vi.useFakeTimers();
    const slots = new UploadSlots();
    const slot = slots.acquire("192.0.2.2");
    if ("refused" in slot) throw new Error("refused");
    const read = readSubmission(trickling(10_000, (UPLOAD_IDLE_SECONDS - 5) * 1000), ["photo"], { charge: slot.charge }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync((UPLOAD_READ_SECONDS + 1) * 1000);
    expect((await read as BadRequest).status).toBe(408);
  });

  it("waits as long as it takes for a body read without the budget (the staff's own forms)", async () => {
    vi.useFakeTimers();
    const read = readSubmission(trickling(3, 1_000), ["photo"]).then(
      () => "read",
      () => "refused",
    );
    await vi.advanceTimersByTimeAsync((UPLOAD_READ_SECONDS + 10) * 1000);
    const state = await Promise.race([read, Promise.resolve("still waiting")]);
    expect(state).toBe("still waiting");
  });
});
