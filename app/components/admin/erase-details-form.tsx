import { ConfirmedActionForm } from "./confirmed-action-form";
import { ERASE_UNCONFIRMED, type EraseAnswer } from "~/features/retention/erase";

/**
 * A details dialog's "Erase personal details" (decisions 0025, 0058): for a
 * person who asked to be forgotten, their details go at once, as the retention
 * job would take them later. A real form posted to the page's action (works
 * before JavaScript) with `intent=erase`, confirmed with its box. `answer`: the
 * action's refusal for this record, shown in place. The success is the
 * screen's to show (the form goes with the details).
 */
export function EraseDetailsForm({ recordId, explanation, answer }: { recordId: string; explanation: string; answer: EraseAnswer | undefined }) {
  return (
    <ConfirmedActionForm
      intent="erase"
      recordId={recordId}
      heading="Erase personal details"
      explanation={explanation}
      label="Erase personal details"
      busyLabel="Erasing..."
      buttonClass="mt-4 inline-flex min-h-12 items-center rounded-full bg-danger px-5 font-semibold text-white hover:opacity-90 aria-disabled:opacity-60"
      confirmLabel="I understand this cannot be undone"
      unconfirmed={ERASE_UNCONFIRMED}
      refusal={answer && !answer.ok && answer.id === recordId ? answer.error : undefined}
    />
  );
}
