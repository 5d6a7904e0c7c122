import { describe, expect, it } from "vitest";
import { retentionCutoffs } from "~/features/retention/retention.server";

describe("retention periods counted in years", () => {
  const policy = { photoDays: 90, registrationYears: 3, contactYears: 2 };

  it("end on the same date and time that many years later", () => {
    const cut = retentionCutoffs(policy, new Date("2027-06-15T12:00:00.000Z"));
    expect(cut.contactsReceivedBefore).toBe("2025-06-15T12:00:00.000Z");
  });

  it("from 29 February count back to the 28th of a year without one, never to 1 March (a day short)", () => {
    const cut = retentionCutoffs(policy, new Date("2028-02-29T12:00:00.000Z"));
    expect(cut.contactsReceivedBefore).toBe("2026-02-28T12:00:00.000Z");
    // A message of 1 March 2026 is not two years old yet.
    expect(Date.parse("2026-03-01T11:00:00.000Z")).toBeGreaterThan(Date.parse(cut.contactsReceivedBefore));
  });
});
