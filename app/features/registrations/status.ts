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

/** 'awaiting_approval' → 'Awaiting approval'; an unknown value is shown capitalized, underscores as spaces, never raw. */
export function seatStatusLabel(status: string): string {
  if (Object.hasOwn(SEAT_STATUS_LABELS, status)) return SEAT_STATUS_LABELS[status as SeatStatus];
  const words = status.replace(/_/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "Unknown";
}
