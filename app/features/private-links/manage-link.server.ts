/**
 * What every mail with a link to its reader's private page says of it: a
 * registrant's (decisions 0019, 0048) or a Family Constellation booker's
 * (decision 0087), in the words of their own seat.
 */
export type SeatNoun = "registration" | "booking";

/** The plain text's sentence, with the link's address. */
export function manageSentence(url: string, noun: SeatNoun = "registration"): string {
  return `See your ${noun}, download the calendar file or cancel at any time before the session: ${url}`;
}

/** The HTML part's button to the private page, after the plain text's sentence without its address (the button has it). */
export function manageButton(url: string, noun: SeatNoun = "registration"): { label: string; url: string; lead: string } {
  return { label: `View or cancel your ${noun}`, url, lead: `See your ${noun}, download the calendar file or cancel at any time before the session.` };
}
