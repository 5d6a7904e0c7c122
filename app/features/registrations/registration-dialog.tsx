import { X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { ToastHost } from "~/components/ui/toasts";
import type { EventJson } from "~/features/events/events.server";
import { useModalDialog } from "~/hooks/use-modal-dialog";
import { useSite } from "~/hooks/use-site";
import type { FormSession } from "./form-logic";
import { RegistrationConfirmation } from "./registration-confirmation";
import { RegistrationForm } from "./registration-form";
import { SUCCESS_AUTO_CLOSE_MS } from "./schema";

export const DIALOG_TITLE = "Registration Form";

export type RegistrationDialogProps = {
  open: boolean;
  onClose: () => void;
  channel: "decode" | "hypnotherapy";
  programme: { id: string; title: string; level?: number | string | null };
  levelName: string;
  sessions: EventJson[];
  preselectId?: string;
  onRegistered?: (sessionId: string) => void;
};

/**
 * The registration dialog of spec part 2 §2.3: the form over the page, closed
 * by Escape, a click on the backdrop, the X or Cancel (not while a submission
 * is in flight); page scroll locked; Tab kept inside; focus back on the opener.
 * After the server accepts, the confirmation shows and the dialog closes itself
 * after 5 s. It renders its own toast host, so any page can use it.
 */
export function RegistrationDialog({ open, onClose, channel, programme, levelName, sessions, preselectId, onRegistered }: RegistrationDialogProps) {
  const { site } = useSite();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ session: FormSession | null } | null>(null);
  // A new form each time the dialog opens (state adjusted while rendering, not in an effect).
  const [opening, setOpening] = useState(open ? 1 : 0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setDone(null);
      setOpening((n) => n + 1);
    }
  }
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  const titleId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);

  const close = () => {
    if (!busy) onClose();
  };
  const { ref, dialogProps } = useModalDialog(open, close);

  // Focus the first field once the form is in the open dialog.
  useEffect(() => {
    if (!open || opening === 0) return;
    bodyRef.current?.scrollTo({ top: 0 });
    ref.current?.querySelector<HTMLElement>("form input:not([type=hidden])")?.focus();
  }, [open, opening, ref]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => onCloseRef.current(), SUCCESS_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [done]);

  return (
    <>
      <ToastHost />
      {/* The dialog handles Escape itself (cancel); the click handler is the backdrop's. */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        {...dialogProps}
        aria-labelledby={titleId}
        className="registration-dialog m-auto max-h-[calc(100dvh-1rem)] w-[min(52rem,calc(100vw-1rem))] max-w-none flex-col overflow-hidden rounded-2xl bg-sand-50 p-0 text-ink shadow-2xl backdrop:bg-plum-950/70 hidden open:flex sm:max-h-[calc(100dvh-3rem)]"
      >
        <header className="flex items-center justify-between gap-4 border-b border-plum-100 bg-white px-5 py-4 sm:px-8">
          <div>
            <h2 id={titleId} className="text-2xl text-plum-900">
              {DIALOG_TITLE}
            </h2>
            <p className="mt-0.5 text-sm text-muted">{programme.title}</p>
          </div>
          <button
            type="button"
            onClick={close}
            aria-label="Close registration form"
            aria-disabled={busy || undefined}
            className="grid size-11 shrink-0 place-items-center rounded-full text-plum-800 hover:bg-plum-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          >
            <X aria-hidden="true" className="size-6" />
          </button>
        </header>
        <div ref={bodyRef} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-6 sm:px-8">
          {!open ? null : done ? (
            <RegistrationConfirmation contactEmail={site.contactEmail} session={done.session} headingLevel={3}>
              <p className="mt-6 text-sm text-muted">This window closes by itself in 5 seconds.</p>
              <button
                type="button"
                onClick={onClose}
                className="mt-4 inline-flex min-h-12 items-center justify-center rounded-full border border-plum-200 bg-white px-7 font-semibold text-plum-800 hover:bg-plum-50"
              >
                Close
              </button>
            </RegistrationConfirmation>
          ) : (
            <RegistrationForm
              key={opening}
              idPrefix="reg-"
              channel={channel}
              programme={programme}
              levelName={levelName}
              sessions={sessions}
              preselectId={preselectId}
              onCancel={close}
              onBusyChange={setBusy}
              onSuccess={({ session }) => {
                setDone({ session });
                if (session) onRegistered?.(session._id);
              }}
            />
          )}
        </div>
      </dialog>
    </>
  );
}
