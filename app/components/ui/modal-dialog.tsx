import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useModalDialog } from "~/hooks/use-modal-dialog";
import { DialogHeader } from "./dialog-header";
import { ToastHost } from "./toasts";

type Props = {
  open: boolean;
  /** Escape, the backdrop and the X call it, except while `busy`. */
  onClose: () => void;
  /** A submission is in flight: closing would hide its outcome. */
  busy?: boolean;
  title: string;
  subtitle?: ReactNode;
  /** The X button's accessible name, e.g. 'Close registration form'. */
  closeLabel: string;
  /** Changes each time the dialog opens a new form: the body scrolls to the top and the form's first field takes focus. */
  formKey?: number;
  /** Tailwind width of the dialog. */
  widthClass?: string;
  /**
   * false for a question asked from inside another dialog (decision 0062): it shows and unmounts with
   * that dialog's content, and a toast host leaving with it would take the page's toaster along.
   */
  toastHost?: boolean;
  children: ReactNode;
};

/**
 * The look and behaviour shared by the site's form dialogs (registration,
 * Family Constellation booking): a native modal <dialog> with a header (title,
 * subtitle, X) over a scrolling body; page scroll locked, Tab kept inside,
 * Escape and the backdrop close it (not while busy), focus returns to the
 * opener; toasts shown meanwhile appear above it. It renders its own toast
 * host, so any page can use it.
 */
export function ModalDialog({ open, onClose, busy = false, title, subtitle, closeLabel, formKey = 0, widthClass = "w-[min(52rem,calc(100vw-1rem))]", toastHost = true, children }: Props) {
  const titleId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  const close = () => {
    if (!busy) onClose();
  };
  const { ref, dialogProps } = useModalDialog(open, close);

  // Focus the first field once the form is in the open dialog.
  useEffect(() => {
    if (!open || formKey === 0) return;
    bodyRef.current?.scrollTo({ top: 0 });
    // The first field in the form's order, a select included (the event form's time zone comes before its times).
    ref.current?.querySelector<HTMLElement>("form :is(input:not([type=hidden]), select, textarea):not([disabled])")?.focus();
  }, [open, formKey, ref]);

  return (
    <>
      {toastHost ? <ToastHost /> : null}
      {/* The dialog handles Escape itself (cancel); the click handler is the backdrop's. Its transparent
          border is what forced colors (Windows high contrast) draws as its edge: its background and
          shadow, its only edge otherwise, are gone there. */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        {...dialogProps}
        aria-labelledby={titleId}
        className={`registration-dialog m-auto max-h-[calc(100dvh-1rem)] ${widthClass} max-w-none flex-col overflow-clip rounded-2xl border border-transparent bg-sand-50 p-0 text-ink shadow-2xl backdrop:bg-plum-950/70 hidden open:flex sm:max-h-[calc(100dvh-3rem)]`}
      >
        <DialogHeader
          titleId={titleId}
          title={title}
          subtitle={subtitle}
          close={
            <button
              type="button"
              onClick={close}
              aria-label={closeLabel}
              aria-disabled={busy || undefined}
              className="grid size-11 shrink-0 place-items-center rounded-full text-plum-800 hover:bg-plum-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
            >
              <X aria-hidden="true" className="size-6" />
            </button>
          }
        />
        {/* Scroll padding: a field reached by Tab is scrolled clear of the edges, its focus ring and a
            checkbox's second line of label with it, not left on the bottom edge. */}
        <div ref={bodyRef} className="min-h-0 flex-1 scroll-pt-6 scroll-pb-16 overflow-y-auto overscroll-contain px-5 py-6 sm:px-8">
          {open ? children : null}
        </div>
      </dialog>
    </>
  );
}
