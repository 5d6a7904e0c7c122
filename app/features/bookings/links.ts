/**
 * What a page's session list shows and links to, free of the booking form's
 * validation (zod), so the list does not load the form's code (decision 0030).
 */

/** 'No of Seats' (spec §2.4, D7): '3 of 10 left', 'Full' when none is left; 'Not Limited' without a capacity. */
export function seatsLeftText(seats: number | null | undefined, seatsLeft: number | null | undefined): string {
  if (seats === null || seats === undefined) return "Not Limited";
  const left = Math.max(0, seatsLeft ?? seats);
  return left === 0 ? "Full" : `${left} of ${seats} left`;
}

/** The no-JavaScript booking page of a session. */
export function bookPath(sessionId: string): string {
  return `/family-constellation/book/${encodeURIComponent(sessionId)}`;
}
