import { useEffect, useId, useRef, useState } from "react";
import { RecordActionForm } from "./record-action-form";
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
  const id = useId();
  const served = answer && !answer.ok && answer.id === recordId ? answer.error : undefined;
  // The box unticked is said before sending, on the box itself, which takes the focus (the message is about it, and on a
  // short phone screen the button pressed can end up under the dialog's edge once the message appears).
  const [unticked, setUnticked] = useState(false);
  const error = unticked ? ERASE_UNCONFIRMED : served;
  const box = useRef<HTMLInputElement>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked === 0) return;
    box.current?.focus();
    box.current?.scrollIntoView({ block: "nearest" });
  }, [asked]);
  return (
    <RecordActionForm
      intent="erase"
      recordId={recordId}
      heading="Erase personal details"
      explanation={explanation}
      label="Erase personal details"
      busyLabel="Erasing..."
      buttonClass="mt-4 inline-flex min-h-12 items-center rounded-full bg-danger px-5 font-semibold text-white hover:opacity-90 aria-disabled:opacity-60"
      onSubmit={(e) => {
        if (!box.current?.checked) {
          e.preventDefault();
          setUnticked(true);
          setAsked((n) => n + 1);
        }
      }}
    >
      <div className="mt-3 flex items-start gap-3">
        <input
          ref={box}
          id={`${id}-confirm`}
          name="confirm"
          type="checkbox"
          onChange={(e) => {
            if (e.currentTarget.checked) setUnticked(false);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-6 shrink-0 accent-plum-600"
        />
        <label htmlFor={`${id}-confirm`} className="text-base leading-6 text-ink">
          I understand this cannot be undone
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </RecordActionForm>
  );
}
