/**
 * Staff actions that cannot be undone and tell someone at once are sent only with a box ticked
 * (components/admin/confirmed-action-form.tsx): erasing a person's details, and cancelling a seat for its
 * holder (decision 0107). The server checks the box too, for a post made without script. Isomorphic.
 */
export function boxTicked(form: Record<string, string>): boolean {
  return form.confirm === "on";
}

export const REGISTRATION_CANCEL_UNCONFIRMED = "Check the box to confirm that the registrant asked us to cancel";
export const BOOKING_CANCEL_UNCONFIRMED = "Check the box to confirm that the booker asked us to cancel";
