import { describe, expect, it } from "vitest";
import { isWireTrue } from "~/lib/wire-flag";
import { wantsWaitingList } from "~/features/waiting-list/join.server";

describe("a flag as the wire carries it (decision 0007)", () => {
  it.each([true, 1, "true", "TRUE", " true ", "on", "On", "1", "yes", "Yes"])("%j is true", (v) => {
    expect(isWireTrue(v)).toBe(true);
    // The waiting list reads its flag like every other flag of the request.
    expect(wantsWaitingList({ waitingList: v })).toBe(true);
  });
  it.each([false, 0, 2, "", "false", "0", "no", "off", null, undefined, {}, ["true"]])("%j is false", (v) => {
    expect(isWireTrue(v)).toBe(false);
    expect(wantsWaitingList({ waitingList: v })).toBe(false);
  });
});
