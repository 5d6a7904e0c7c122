import { useState } from "react";
import { ModalDialog } from "~/components/ui/modal-dialog";
import type { EventJson } from "~/features/events/events.server";
import { keepTimesWhole } from "~/features/events/format";
import { acceptedWords, ConfirmationClose, RegistrationConfirmation, type Accepted } from "~/features/registrations/registration-confirmation";
import { useDialogForm } from "~/hooks/use-dialog-form";
import { useSite } from "~/hooks/use-site";
import { BookingForm, sessionWhen, type BookingValues } from "./booking-form";
import { CONFIRMATION_AUTO_CLOSE_MS } from "./schema";

export const BOOKING_DIALOG_TITLE = "Book Your Seat";
/** A full session's dialog: what its button does (its link on the page reads 'Waiting list'). */
export const WAITING_LIST_DIALOG_TITLE = "Join the Waiting List";

export type BookingDialogProps = {
  open: boolean;
  onClose: () => void;
  session: EventJson | null;
};

/**
 * The Family Constellation booking dialog (spec part 2 §2.4, §4): the same
 * dialog as the registration form's (focus kept inside and returned, Escape,
 * backdrop, scroll lock, toasts above it). After the server accepts, the
 * confirmation shows and, sent with a click or a tap, the dialog closes itself
 * after 3 s unless the visitor acts in it first (sent with a key, it stays open
 * until closed: useDialogForm, WCAG 2.2.1); the next opening
 * starts from an empty form (one closed unsent starts from what was typed).
 */
export function BookingDialog({ open, onClose, session }: BookingDialogProps) {
  const { site } = useSite();
  const { busy, setBusy, done, setDone, formKey, autoClosing, interactionProps } = useDialogForm<{ session: EventJson } & Accepted>(open, onClose, CONFIRMATION_AUTO_CLOSE_MS);
  // What was typed survives the dialog being closed by mistake (backdrop, Escape), for any session, until it is sent.
  const [draft, setDraft] = useState<BookingValues | null>(null);
  // Titled by the session as it was when the dialog opened: found full while open (a seat taken meanwhile), the
  // form turns to the waiting list, but the dialog keeps its name rather than change it under a screen reader.
  const openedOn = open && session ? session._id : null;
  const [title, setTitle] = useState({ on: openedOn, full: session?.availability === "full" });
  if (title.on !== openedOn) setTitle({ on: openedOn, full: session?.availability === "full" });
  return (
    <ModalDialog
      open={open && session !== null}
      onClose={onClose}
      busy={busy}
      title={title.full ? WAITING_LIST_DIALOG_TITLE : BOOKING_DIALOG_TITLE}
      subtitle={session ? `Family Constellation · ${session.city} · ${keepTimesWhole(sessionWhen(session))}` : null}
      closeLabel="Close booking form"
      formKey={formKey}
      widthClass="w-[min(44rem,calc(100vw-1rem))]"
    >
      <div {...interactionProps}>
        {done ? (
          <RegistrationConfirmation
            contactEmail={site.contactEmail}
            session={done.session}
            headingLevel={3}
            {...acceptedWords(done, site.contactEmail)}
          >
            <ConfirmationClose autoClosingInMs={autoClosing ? CONFIRMATION_AUTO_CLOSE_MS : null} onClose={onClose} />
          </RegistrationConfirmation>
        ) : session ? (
          <BookingForm
            key={formKey}
            idPrefix="book-"
            session={session}
            onCancel={onClose}
            onBusyChange={setBusy}
            initial={draft ?? undefined}
            onValuesChange={setDraft}
            onSuccess={(_message, waitingList, alreadyRegistered) => {
              setDone({ session, waitingList, alreadyRegistered });
              setDraft(null);
            }}
          />
        ) : null}
      </div>
    </ModalDialog>
  );
}
