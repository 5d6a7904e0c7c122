/** Why a session cannot be joined, in the words a visitor reads (isomorphic: the server's refusals and the forms' notices). */
export type Unavailable = "full" | "past" | "closed" | "no-enrol" | "cancelled";

export const SESSION_FULL = "This session is full";

/** A second registration or booking for the same session with the same email (a resend after a lost answer, often). */
export const ALREADY_REGISTERED = "You are already registered for this session.";
/**
 * How the forms show that answer: not as a failure, since the first send went through (decision 0065). Worded
 * for every kind of earlier send: a seat, a booking, a place on the waiting list, a seat awaiting approval.
 */
export const ALREADY_REGISTERED_HEADING = "You already signed up for this session";
export const alreadyRegisteredText = (contactEmail: string) =>
  `We already have your request for this session, so nothing was sent again. The email we sent you from ${contactEmail} at the time has its details.`;

export const refusalMessages: Record<Unavailable, string> = {
  full: SESSION_FULL,
  past: "This session has already started. Please choose another session.",
  closed: "Registration for this session is closed. Please choose another session.",
  "no-enrol": "This session does not take registrations online. Please contact us to join it.",
  cancelled: "This session has been canceled. Please choose another session.",
};

/** A session with an external sign-up link is signed up for there, never here (decision 0015: we do not sell it). */
export const SIGN_UP_ELSEWHERE = "This session takes sign-ups on its own page, not here. Please follow its link on the Event Calendar.";

/** The refusal for a session's availability, or null when it is open. */
export function refusalText(availability: Unavailable | "open"): string | null {
  return availability === "open" ? null : refusalMessages[availability];
}

/** The waiting list (issue 11 point 1): what a full session's dialogs and tables say. */
export const WAITING_LIST_LABEL = "Join the waiting list";
export const WAITING_LIST_BUTTON = "Waiting list";
export const WAITING_LIST_HEADING = "You are on the waiting list";
export const WAITING_LIST_JOINED = "You are on the waiting list. We will email you as soon as a seat frees up.";
export const WAITING_LIST_INVITE =
  "This session is full. Join the waiting list with the same form: when a seat frees up, the first person in line gets an email with a link that holds it for them.";
