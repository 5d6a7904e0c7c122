import { useCallback, useState } from "react";
import { ModalDialog } from "~/components/ui/modal-dialog";
import { useDialogForm } from "~/hooks/use-dialog-form";
import type { EventJson } from "~/features/events/events.server";
import { useSite } from "~/hooks/use-site";
import type { FormSession } from "./form-logic";
import { acceptedWords, ConfirmationClose, RegistrationConfirmation, type Accepted } from "./registration-confirmation";
import { RegistrationForm, type RegistrationValues } from "./registration-form";
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
 * After the server accepts, the confirmation shows; sent with a click or a tap,
 * the dialog closes itself after 5 s unless the visitor acts in it first (sent
 * with a key, it stays open until closed: useDialogForm, WCAG 2.2.1). It renders its own toast host, so any page can use it.
 */
export function RegistrationDialog({ open, onClose, channel, programme, levelName, sessions, preselectId, onRegistered }: RegistrationDialogProps) {
  const { site } = useSite();
  const { busy, setBusy, done, setDone, formKey: opening, autoClosing, interactionProps } = useDialogForm<{ session: FormSession | null } & Accepted>(open, onClose, SUCCESS_AUTO_CLOSE_MS);
  // What was typed survives the dialog being closed (a tap on the backdrop, Escape) until it is sent: reopened, the
  // form starts from it, in the session the visitor chose this time. Photos are not kept (files cannot be refilled).
  const [draft, setDraft] = useState<{ values: RegistrationValues; openedFor: string | null } | null>(null);
  // Stable while the button is the same: the form reports its values from an effect that depends on this callback.
  const keepDraft = useCallback((values: RegistrationValues) => setDraft({ values, openedFor: preselectId ?? null }), [preselectId]);

  return (
    <ModalDialog open={open} onClose={onClose} busy={busy} title={DIALOG_TITLE} subtitle={programme.title} closeLabel="Close registration form" formKey={opening}>
      <div {...interactionProps}>
        {done ? (
          <RegistrationConfirmation
            contactEmail={site.contactEmail}
            session={done.session}
            headingLevel={3}
            {...acceptedWords(done, site.contactEmail)}
          >
            <ConfirmationClose autoClosingInMs={autoClosing ? SUCCESS_AUTO_CLOSE_MS : null} onClose={onClose} />
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
            // Reopened from the same button, the session the visitor picked stays; from another session's button, that one.
            initial={
              draft ? { ...draft.values, upcomingEventId: preselectId && preselectId !== draft.openedFor ? preselectId : draft.values.upcomingEventId } : undefined
            }
            onValuesChange={keepDraft}
            onCancel={() => {
              if (!busy) onClose();
            }}
            onBusyChange={setBusy}
            onSuccess={({ session, waitingList, awaitingApproval, alreadyRegistered }) => {
              setDone({ session, waitingList, awaitingApproval, alreadyRegistered });
              setDraft(null);
              if (session) onRegistered?.(session._id);
            }}
          />
        )}
      </div>
    </ModalDialog>
  );
}
