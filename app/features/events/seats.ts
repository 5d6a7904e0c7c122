/** Why a session cannot be joined, in the words a visitor reads (isomorphic: the server's refusals and the forms' notices). */
export type Unavailable = "full" | "past" | "closed" | "no-enrol";

export const SESSION_FULL = "This session is full";

export const refusalMessages: Record<Unavailable, string> = {
  full: SESSION_FULL,
  past: "This session has already started. Please choose another session.",
  closed: "Registration for this session is closed. Please choose another session.",
  "no-enrol": "This session does not take registrations online. Please contact us to join it.",
};

/** The refusal for a session's availability, or null when it is open. */
export function refusalText(availability: Unavailable | "open"): string | null {
  return availability === "open" ? null : refusalMessages[availability];
}
