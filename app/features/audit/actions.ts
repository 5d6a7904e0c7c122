/** The kinds of audit entry and their labels on the staff screen (isomorphic). */
export const AUDIT_ACTIONS = {
  "sign-in": "Signed in",
  "sign-in-failed": "Sign-in failed",
  "sign-in-limited": "Sign-in refused (too many attempts)",
  "sign-out": "Signed out",
  "token-issued": "API token issued",
  "password-change": "Password changed",
  view: "Viewed",
  export: "Exported",
  create: "Created",
  update: "Edited",
  delete: "Deleted",
  cancel: "Canceled by the registrant or booker",
  "staff-cancel": "Canceled by staff (for the registrant or booker)",
  purge: "Removed by the retention job",
  "erasure-request": "Erasure requested by the registrant or booker",
  erase: "Erased on request",
  attendance: "Attendance marked",
  approve: "Approved (earlier level elsewhere)",
  decline: "Declined (earlier level elsewhere)",
  "session-cancel": "Session canceled by staff",
  settings: "Settings changed",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/**
 * Actions a registrant (or a Family Constellation booker: cancel, decision 0087) takes on their private page:
 * recorded without their email or address, shown as "The registrant" (or "The booker").
 */
export const REGISTRANT_ACTIONS: ReadonlySet<string> = new Set<AuditAction>(["cancel", "erasure-request"]);
