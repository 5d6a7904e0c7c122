import { CheckCircle2 } from "lucide-react";
import { useLayoutEffect, useRef, type ReactNode } from "react";
import { formatSessionDate } from "~/features/events/format";
import { ALREADY_REGISTERED_HEADING, alreadyRegisteredText, WAITING_LIST_HEADING, WAITING_LIST_JOINED } from "~/features/events/seats";
import { AWAITING_APPROVAL_HEADING, AWAITING_APPROVAL_TEXT } from "~/features/prerequisites/rules";
import type { FormSession } from "./form-logic";

export const CONFIRMATION_HEADING = "Thank you for registering!";

/** The §2.3 promise: an email from the organisation's contact address with further details. */
export const confirmationText = (contactEmail: string) => `You will shortly receive an email from ${contactEmail} with further details.`;

/** How a submission ended well: a seat, a place on the waiting list, a seat held for approval, or one held already (a resend). */
export type Accepted = { waitingList?: boolean; awaitingApproval?: boolean; alreadyRegistered?: boolean };

/** The confirmation's heading and text for each way a submission ends well (the registration's own when none is set). */
export function acceptedWords(accepted: Accepted, contactEmail: string): { heading?: string; text?: string } {
  if (accepted.alreadyRegistered) return { heading: ALREADY_REGISTERED_HEADING, text: alreadyRegisteredText(contactEmail) };
  if (accepted.waitingList) return { heading: WAITING_LIST_HEADING, text: WAITING_LIST_JOINED };
  if (accepted.awaitingApproval) return { heading: AWAITING_APPROVAL_HEADING, text: AWAITING_APPROVAL_TEXT };
  return {};
}

type Props = {
  contactEmail: string;
  session: FormSession | null;
  /** The heading's id, for a dialog's aria-labelledby. */
  headingId?: string;
  /** h2 on a page, h3 inside the dialog (whose title is the h2). */
  headingLevel?: 2 | 3;
  /** Another outcome's words (the waiting list): heading and text instead of the registration's. */
  heading?: string;
  text?: string;
  children?: ReactNode;
};

/**
 * What a registrant sees once the server has accepted the registration (spec
 * part 2 §2.3). Focus moves to its heading, so screen readers read it at once.
 */
export function RegistrationConfirmation({ contactEmail, session, headingId, headingLevel = 2, heading, text, children }: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const Heading = headingLevel === 3 ? "h3" : "h2";
  // Before the browser paints it: a key pressed as the confirmation appears already starts from the heading.
  useLayoutEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <div role="status" className="flex flex-col items-center px-2 py-6 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-green-50 text-success ring-8 ring-green-50/60">
        <CheckCircle2 aria-hidden="true" className="size-9" />
      </span>
      <Heading ref={headingRef} id={headingId} tabIndex={-1} className="mt-6 text-3xl text-plum-900 outline-none">
        {heading ?? CONFIRMATION_HEADING}
      </Heading>
      {session ? (
        <p className="mt-3 text-lg text-ink">
          {session.title} · {session.city} · {formatSessionDate(session.startDate, session.timeZone)}
        </p>
      ) : null}
      <p className="mt-3 max-w-md text-muted">{text ?? confirmationText(contactEmail)}</p>
      {children}
    </div>
  );
}

/**
 * The foot of a confirmation in a dialog: when it will close by itself (only
 * while it will: useDialogForm), and its Close button.
 */
export function ConfirmationClose({ autoClosingInMs, onClose }: { autoClosingInMs: number | null; onClose: () => void }) {
  return (
    <>
      {autoClosingInMs !== null ? <p className="mt-6 text-sm text-muted">This window closes by itself in {autoClosingInMs / 1000} seconds.</p> : null}
      <button
        type="button"
        onClick={onClose}
        className="mt-4 inline-flex min-h-12 items-center justify-center rounded-full border border-plum-200 bg-white px-7 font-semibold text-plum-800 hover:bg-plum-50"
      >
        Close
      </button>
    </>
  );
}
