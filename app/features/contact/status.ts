/**
 * A contact message's status in the staff area (issue 9, point 5): New when it
 * arrives, then Read or Replied as staff set it. Stored lower-case
 * (migration 0011); the wire and the screens use the labels. Isomorphic.
 */
export const CONTACT_STATUSES = ["new", "read", "replied"] as const;

export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = { new: "New", read: "Read", replied: "Replied" };

/** 'New', 'new' or ' REPLIED ' → the stored value; anything else → null. */
export function parseContactStatus(raw: unknown): ContactStatus | null {
  if (typeof raw !== "string") return null;
  const v = raw.trim().toLowerCase();
  return (CONTACT_STATUSES as readonly string[]).includes(v) ? (v as ContactStatus) : null;
}

/** The label of a stored value; an unknown value reads as New (the migration leaves none). */
export function contactStatusLabel(stored: string): string {
  return CONTACT_STATUS_LABELS[parseContactStatus(stored) ?? "new"];
}
