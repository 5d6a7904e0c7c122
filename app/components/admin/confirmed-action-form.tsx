import { useEffect, useId, useRef, useState } from "react";
import { RecordActionForm, type RecordActionProps } from "./record-action-form";

type Props = Omit<RecordActionProps, "onSubmit" | "children"> & {
  /** The box's label: what the staff member confirms by ticking it. */
  confirmLabel: string;
  /** Said on the box when the form is sent without it (the server says the same to a post without script). */
  unconfirmed: string;
  /** The action's refusal for this record, shown under the box. */
  refusal: string | undefined;
  /** Whether a refusal takes the focus (one that comes back with the whole page, in a dialog, would be missed). */
  focusRefusal?: boolean;
};

/**
 * A details dialog's action that cannot be undone and tells someone at once (erase their details, cancel their
 * seat): a real form posted to the page's action (works before JavaScript) with `intent`, `id` and `confirm`,
 * sent only with its box ticked. One press on the button alone does nothing but ask for the box, so a slip of
 * the finger or the Enter key neither cancels a seat nor mails the person.
 */
export function ConfirmedActionForm({ confirmLabel, unconfirmed, refusal, focusRefusal = false, ...form }: Props) {
  const id = useId();
  // The box unticked is said before sending, on the box itself, which takes the focus (the message is about it, and on a
  // short phone screen the button pressed can end up under the dialog's edge once the message appears).
  const [unticked, setUnticked] = useState(false);
  const error = unticked ? unconfirmed : refusal;
  const box = useRef<HTMLInputElement>(null);
  const message = useRef<HTMLParagraphElement>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked === 0) return;
    box.current?.focus();
    box.current?.scrollIntoView({ block: "nearest" });
  }, [asked]);
  useEffect(() => {
    if (refusal && focusRefusal) message.current?.focus();
  }, [refusal, focusRefusal]);
  return (
    <RecordActionForm
      {...form}
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
          {confirmLabel}
        </label>
      </div>
      {error ? (
        <p ref={message} id={`${id}-error`} tabIndex={-1} role="alert" className="mt-2 text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </RecordActionForm>
  );
}
