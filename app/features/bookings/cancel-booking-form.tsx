import { ConfirmedActionForm } from "~/components/admin/confirmed-action-form";
import { CANCEL_BUTTON_CLASS } from "~/features/registrations/cancel-registration-form";
import { BOOKING_CANCEL_UNCONFIRMED } from "~/lib/confirm-box";
import type { BookingCancelAnswer } from "./booking-cancel.server";

/**
 * A booking's details dialog: "Cancel booking", for a booker who asked the
 * team to cancel (decision 0082, as decision 0080 for a registration), sent
 * only with the box ticked that says they asked (decision 0107). What it does
 * is said above the button, since the booker is mailed at once. `answer`: the
 * action's refusal for this record, shown in place and focused; the success is
 * the screen's to show (the form goes once the seat is no longer held).
 */
export function CancelBookingForm({ recordId, bookerName, answer }: { recordId: string; bookerName: string; answer: BookingCancelAnswer | undefined }) {
  return (
    <ConfirmedActionForm
      intent="cancel"
      recordId={recordId}
      heading="Cancel this booking"
      explanation={`For a booker who asked us to cancel. Their seat is released (offered to the first person on the waiting list, if anyone is waiting), and ${bookerName || "the booker"} gets an email saying our team canceled the booking, with a calendar update that removes the session.`}
      label="Cancel booking"
      busyLabel="Canceling..."
      buttonClass={CANCEL_BUTTON_CLASS}
      confirmLabel={`${bookerName || "The booker"} asked us to cancel this booking`}
      unconfirmed={BOOKING_CANCEL_UNCONFIRMED}
      refusal={answer && !answer.ok && answer.id === recordId ? answer.error : undefined}
      focusRefusal
    />
  );
}
