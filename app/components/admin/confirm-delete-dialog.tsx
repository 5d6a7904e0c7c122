import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { StaffDialog } from "./staff-dialog";
import { whileBusy } from "~/components/ui/submit-button";
import { usePostPending } from "~/hooks/use-settled-action";
import { pressOnSpace } from "~/lib/link-as-button";

type Props = {
  open: boolean;
  onClose: () => void;
  closeHref: string;
  /** What is deleted, in a sentence: 'the registration of Ann Lee'. */
  what: ReactNode;
  /** Posted with the form: e.g. { intent: "delete", id }. */
  fields: Record<string, string>;
  /** The server's refusal, shown in place ('Delete failed: …'). */
  error?: string | null;
  title?: string;
  confirmLabel?: string;
};

/**
 * 'Confirm Deletion' (spec part 2 §2.9, §8): says the action cannot be undone,
 * posts a real form to the page's action (so it works before JavaScript), and
 * stays open with the failure in place when the server refuses.
 */
export function ConfirmDeleteDialog({ open, onClose, closeHref, what, fields, error, title = "Confirm Deletion", confirmLabel = "Delete" }: Props) {
  // Until the list is back without the row: the dialog closes with it, its focus going to the notice.
  const busy = usePostPending(fields.intent);
  return (
    <StaffDialog open={open} onClose={onClose} closeHref={closeHref} title={title} closeLabel="Cancel deletion" busy={busy} widthClass="w-[min(32rem,calc(100vw-1rem))]">
      <p className="text-ink">
        Are you sure you want to delete {what}? This action cannot be undone.
      </p>
      {error ? (
        <p role="alert" className="mt-4 rounded-xl bg-danger/10 px-4 py-3 font-semibold text-danger">
          {error}
        </p>
      ) : null}
      <Form method="post" preventScrollReset className="mt-6 flex flex-wrap justify-end gap-3">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Link
          to={closeHref}
          replace
          preventScrollReset
          onClick={(e) => {
            e.preventDefault();
            if (!busy) onClose();
          }}
          onKeyDown={pressOnSpace}
          aria-disabled={busy || undefined}
          className="inline-flex min-h-11 items-center rounded-full border border-plum-200 bg-white px-5 font-semibold text-plum-800 hover:bg-plum-50 aria-disabled:opacity-50"
        >
          Cancel
        </Link>
        <button
          type="submit"
          {...whileBusy(busy)}
          className="inline-flex min-h-11 items-center rounded-full bg-danger px-5 font-semibold text-white hover:opacity-90 aria-disabled:opacity-60"
        >
          {busy ? "Deleting..." : confirmLabel}
        </button>
      </Form>
    </StaffDialog>
  );
}
