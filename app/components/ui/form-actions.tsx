/**
 * The public forms' buttons (registration and booking): Submit, then Cancel
 * where the form sits in a dialog. Submit comes first in the markup, so Tab
 * reaches it before Cancel, as a phone shows them (Submit above); wide screens
 * put it on the right (decision 0073). Neither is `disabled` while sending: a
 * disabled button loses the focus, and the keyboard user with it.
 */
export function FormActions({ label, submitting, onCancel, className = "" }: { label: string; submitting: boolean; onCancel?: () => void; className?: string }) {
  return (
    <div className={`flex flex-col gap-3 border-t border-plum-100 sm:flex-row-reverse sm:justify-start ${className}`}>
      <button
        type="submit"
        aria-disabled={submitting || undefined}
        className="inline-flex min-h-12 items-center justify-center rounded-full bg-brand-gradient px-8 font-semibold text-white shadow-md transition-opacity hover:opacity-95 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
      >
        {label}
      </button>
      {onCancel ? (
        <button
          type="button"
          aria-disabled={submitting || undefined}
          onClick={() => {
            if (!submitting) onCancel();
          }}
          className="inline-flex min-h-12 items-center justify-center rounded-full border border-plum-200 bg-white px-7 font-semibold text-plum-800 hover:bg-plum-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        >
          Cancel
        </button>
      ) : null}
    </div>
  );
}
