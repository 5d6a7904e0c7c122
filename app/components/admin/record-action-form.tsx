import { useId, type FormEvent, type ReactNode } from "react";
import { Form } from "react-router";
import { usePostPending } from "~/hooks/use-settled-action";

export type RecordActionProps = {
  /** The action's `intent`, posted with the record's `id`. */
  intent: string;
  recordId: string;
  heading: string;
  /** What the action does, said above its button. */
  explanation: ReactNode;
  label: string;
  busyLabel: string;
  buttonClass: string;
  /** Called on submit while not busy; it may prevent the post (a box left unticked). */
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
  /** Between the explanation and the button: a confirmation box, a refusal. */
  children?: ReactNode;
};

/**
 * One action on a record from its details dialog (erase its details, cancel
 * it): a real form posted to the page's action (works before JavaScript) with
 * `intent` and `id`, under a heading, with what it does said first. Its button
 * is never `disabled` while posting: a disabled button loses focus, and the
 * keyboard user with it.
 */
export function RecordActionForm({ intent, recordId, heading, explanation, label, busyLabel, buttonClass, onSubmit, children }: RecordActionProps) {
  const id = useId();
  const busy = usePostPending(intent);
  return (
    <Form
      method="post"
      preventScrollReset
      onSubmit={(e) => {
        if (busy) e.preventDefault();
        else onSubmit?.(e);
      }}
      aria-labelledby={`${id}-heading`}
      className="mt-6 border-t border-plum-100 pt-5"
    >
      <h3 id={`${id}-heading`} className="text-lg font-semibold text-plum-900">
        {heading}
      </h3>
      <p className="mt-2 text-sm text-muted">{explanation}</p>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={recordId} />
      {children}
      <button type="submit" aria-disabled={busy || undefined} className={buttonClass}>
        {busy ? busyLabel : label}
      </button>
    </Form>
  );
}
