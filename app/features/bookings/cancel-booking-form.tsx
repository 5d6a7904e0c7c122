import { useEffect, useRef } from "react";
import { RecordActionForm } from "~/components/admin/record-action-form";
import type { BookingCancelAnswer } from "./booking-cancel.server";

/**
 * A booking's details dialog: "Cancel booking", for a booker who asked the
 * team to cancel (decision 0082, as decision 0080 for a registration). What it
 * does is said above the button, since the booker is mailed at once. `answer`:
 * the action's refusal for this record, shown in place and focused; the
 * success is the screen's to show (the form goes once the seat is no longer held).
 */
export function CancelBookingForm({ recordId, bookerName, answer }: { recordId: string; bookerName: string; answer: BookingCancelAnswer | undefined }) {
  const error = answer && !answer.ok && answer.id === recordId ? answer.error : undefined;
  const alert = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error) alert.current?.focus();
  }, [error]);
  return (
    <RecordActionForm
      intent="cancel"
      recordId={recordId}
      heading="Cancel this booking"
      explanation={`For a booker who asked us to cancel. Their seat is released (offered to the first person on the waiting list, if anyone is waiting), and ${bookerName || "the booker"} gets an email saying our team canceled the booking, with a calendar update that removes the session.`}
      label="Cancel booking"
      busyLabel="Canceling..."
      buttonClass="mt-4 inline-flex min-h-12 items-center rounded-full border border-danger/50 bg-white px-5 font-semibold text-danger hover:bg-danger/10 aria-disabled:opacity-60"
    >
      {error ? (
        <p ref={alert} tabIndex={-1} role="alert" className="mt-3 rounded-xl bg-red-50 p-3 text-sm font-semibold text-danger ring-1 ring-red-200">
          {error}
        </p>
      ) : null}
    </RecordActionForm>
  );
}
