import { AlertTriangle } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toasts";

export type CancelSessionResult = { ok: boolean; message: string };

export const CANCEL_SESSION_TITLE = "Cancel Session";
export const CANCEL_SESSION_FAILED = "Failed to cancel the session";

type Props = {
  /** `seatsTaken` null: not counted here (a session without a capacity). */
  session: { id: string; title: string; when: string; city: string; seatsTaken: number | null };
  /** The form's intent on the screen's action ('cancel' on the events screen, 'cancel-session' on a program screen). */
  intent: string;
  onCancel: () => void;
  onDone: () => void;
  onBusyChange: (busy: boolean) => void;
  /** In the page without JavaScript (decision 0083): a plain form posted to `action`, and 'Keep session' a link back to the list. */
  plain?: { action: string; cancelHref: string };
};

/**
 * The confirmation of a staff 'Cancel session' (decision 0032), inside the
 * screen's dialog: what happens (everyone holding a seat is emailed with a
 * calendar update that removes it, people waiting are told, the session leaves
 * the public pages), that it cannot be undone, then the screen's action.
 */
export function CancelSessionConfirm({ session, intent, onCancel, onDone, onBusyChange, plain }: Props) {
  const fetcher = useFetcher<CancelSessionResult>();
  const busy = fetcher.state !== "idle";
  const handled = useRef<CancelSessionResult | undefined>(undefined);

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      void toast.success(answer.message, { duration: 4000 });
      onDone();
    } else {
      void toast.error(answer.message || CANCEL_SESSION_FAILED, { duration: 5000 });
    }
  }, [fetcher.state, fetcher.data, onDone]);

  const holders = session.seatsTaken === null ? "" : session.seatsTaken === 1 ? " (1 person)" : ` (${session.seatsTaken} people)`;
  const fields = (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="sessionId" value={session.id} />
      <div className="flex gap-4">
        <AlertTriangle aria-hidden="true" className="size-8 shrink-0 text-danger" />
        <div>
          <p className="font-semibold text-ink">Are you sure you want to cancel this session? This action cannot be undone.</p>
          <p className="mt-2 text-muted">
            {session.title} · {session.when} · {session.city}
          </p>
          <p className="mt-2 text-sm text-ink">
            {session.seatsTaken === 0
              ? "Nobody holds a seat in it yet."
              : `Everyone holding a seat${holders}, and anyone on its waiting list, gets an email that it is canceled; seat holders get a calendar update that removes it.`}{" "}
            The session leaves the public pages at once.
          </p>
        </div>
      </div>
    </>
  );
  const submit = (
    <button
      type="submit"
      aria-disabled={busy || undefined}
      onClick={(e) => busy && e.preventDefault()}
      className="inline-flex min-h-12 items-center rounded-full bg-danger px-6 font-semibold text-white hover:bg-red-800 aria-disabled:opacity-50"
    >
      {busy ? "Canceling..." : "Cancel session"}
    </button>
  );
  const keepClass = "inline-flex min-h-12 items-center rounded-full border border-plum-200 bg-white px-6 font-semibold text-plum-800 hover:bg-plum-50 disabled:opacity-50";
  if (plain) {
    // Posted as a page (no JavaScript): the answer is the list with what happened said on it.
    return (
      <form method="post" action={plain.action} aria-label="Confirm the cancellation">
        <input type="hidden" name="plain" value="1" />
        {fields}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <a href={plain.cancelHref} className={keepClass}>
            Keep session
          </a>
          {submit}
        </div>
      </form>
    );
  }
  return (
    <fetcher.Form method="post" aria-label="Confirm the cancellation">
      {fields}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onCancel} disabled={busy} className={keepClass}>
          Keep session
        </button>
        {submit}
      </div>
    </fetcher.Form>
  );
}
