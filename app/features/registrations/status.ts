/**
 * What a registration's or booking's stored status (decisions 0026, 0031) reads
 * as wherever staff or the registrant see it; the JSON API keeps the stored
 * value. Isomorphic.
 */
export const SEAT_STATUS_LABELS = {
  registered: "Registered",
  booked: "Booked",
  waiting: "On the waiting list",
  offered: "Seat offered",
  awaiting_approval: "Awaiting approval",
  cancelled: "Canceled",
  expired: "Offer expired",
  removed: "Removed from the waiting list",
  declined: "Declined",
} as const;

export type SeatStatus = keyof typeof SEAT_STATUS_LABELS;

/** The statuses that hold (or are about to hold) a seat: a canceled session's holders are told apart by it. */
const HOLDING = new Set(["registered", "booked", "offered", "awaiting_approval"]);

/**
 * What staff read for an entry: its status, and for someone still holding a
 * seat in a session staff canceled, that too ('Registered – session canceled'),
 * since the entry itself keeps its status (decision 0032) and the team may owe
 * them a refund or a move.
 */
export function holderStatusLabel(status: string, sessionCancelled: boolean): string {
  const label = seatStatusLabel(status);
  return sessionCancelled && HOLDING.has(status) ? `${label} – session canceled` : label;
}

/** 'awaiting_approval' → 'Awaiting approval'; an unknown value is shown capitalized, underscores as spaces, never raw. */
export function seatStatusLabel(status: string): string {
  if (Object.hasOwn(SEAT_STATUS_LABELS, status)) return SEAT_STATUS_LABELS[status as SeatStatus];
  const words = status.replace(/_/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "Unknown";
}
