import { ConfirmedActionForm } from "~/components/admin/confirmed-action-form";
import { REGISTRATION_CANCEL_UNCONFIRMED } from "~/lib/confirm-box";
import type { StaffCancelAnswer } from "./staff-registrations-page.server";

export const CANCEL_BUTTON_CLASS =
  "mt-4 inline-flex min-h-12 items-center rounded-full border border-danger/50 bg-white px-5 font-semibold text-danger hover:bg-danger/10 aria-disabled:opacity-60";

/**
 * A registration's details dialog: "Cancel registration", for a registrant who
 * asked the team to cancel (decision 0080). What it does is said above the
 * button, since the registrant is mailed at once, and it is sent only with the
 * box ticked that says they asked (decision 0107). `answer`: the action's
 * refusal for this record, shown in place and focused; the success is the
 * screen's to show (the form goes once the seat is no longer held).
 */
export function CancelRegistrationForm({ recordId, firstName, answer }: { recordId: string; firstName: string; answer: StaffCancelAnswer | undefined }) {
  const who = firstName || "The registrant";
  return (
    <ConfirmedActionForm
      intent="cancel"
      recordId={recordId}
      heading="Cancel this registration"
      explanation={`For a registrant who asked us to cancel. Their seat is released (offered to the first person on the waiting list, if anyone is waiting), and ${firstName || "the registrant"} gets an email saying our team canceled the registration, with a calendar update that removes the session.`}
      label="Cancel registration"
      busyLabel="Canceling..."
      buttonClass={CANCEL_BUTTON_CLASS}
      confirmLabel={`${who} asked us to cancel this registration`}
      unconfirmed={REGISTRATION_CANCEL_UNCONFIRMED}
      refusal={answer && !answer.ok && answer.id === recordId ? answer.error : undefined}
      focusRefusal
    />
  );
}
