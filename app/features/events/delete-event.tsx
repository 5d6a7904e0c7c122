import { AlertTriangle } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toasts";
import { eventDateText } from "./admin-format";
import type { EventActionResult } from "./event-form";
import type { AdminEventJson } from "./events-admin.server";
import { DELETE_FAILED, EVENT_DELETED } from "./schema";

type Props = {
  event: AdminEventJson;
  onCancel: () => void;
  onDeleted: () => void;
  onBusyChange: (busy: boolean) => void;
  /** In the page without JavaScript (decision 0083): a plain form posted to `action`, and Cancel a link to the list. */
  plain?: { action: string; cancelHref: string };
};

/** The delete confirmation (spec part 2 §2.10, §8): it says the action cannot be undone. */
export function DeleteEvent({ event, onCancel, onDeleted, onBusyChange, plain }: Props) {
  const fetcher = useFetcher<EventActionResult>();
  const busy = fetcher.state !== "idle";
  const handled = useRef<EventActionResult | undefined>(undefined);

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      void toast.success(answer.message || EVENT_DELETED, { duration: 4000 });
      onDeleted();
    } else {
      void toast.error(answer.message || DELETE_FAILED, { duration: 5000 });
    }
  }, [fetcher.state, fetcher.data, onDeleted]);

  // An event any booking points at is always refused by the server (canceled ones and people who left its
  // waiting list are kept as records too): say why, and offer no button that can only fail.
  if (event.records > 0 || event.seatsTaken + event.waiting > 0) {
    const n = event.seatsTaken;
    const w = event.waiting;
    const kept = Math.max(event.records, n + w);
    return (
      <div>
        <div className="flex gap-4">
          <AlertTriangle aria-hidden="true" className="size-8 shrink-0 text-danger" />
          <div>
            <p className="font-semibold text-ink">This event cannot be deleted.</p>
            <p className="mt-2 text-muted">
              {event.title} · {eventDateText(event.startDate, event.endDate, event.timeZone)} · {event.city}
            </p>
            <p className="mt-2 text-ink">
              {n > 0
                ? `${n} ${n === 1 ? "seat is" : "seats are"} booked in this event. Set its status to Closed to stop new bookings, or cancel the session to tell everyone booked.`
                : w > 0
                  ? `${w} ${w === 1 ? "person is" : "people are"} on its waiting list. Set its status to Closed to stop new bookings, or cancel the session to tell everyone booked.`
                  : `${kept} earlier ${kept === 1 ? "booking is" : "bookings are"} kept as ${kept === 1 ? "a record" : "records"} of this event (canceled, or off its waiting list). Set its status to Closed to stop new bookings; delete those bookings under Family consultations to delete the event.`}
            </p>
          </div>
        </div>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          {plain ? (
            <a href={plain.cancelHref} className="inline-flex min-h-12 items-center rounded-full border border-plum-200 bg-white px-6 font-semibold text-plum-800 hover:bg-plum-50">
              Close
            </a>
          ) : (
            <button type="button" onClick={onCancel} className="inline-flex min-h-12 items-center rounded-full border border-plum-200 bg-white px-6 font-semibold text-plum-800 hover:bg-plum-50">
              Close
            </button>
          )}
        </div>
      </div>
    );
  }

  const fields = (
    <>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={event._id} />
      <div className="flex gap-4">
        <AlertTriangle aria-hidden="true" className="size-8 shrink-0 text-danger" />
        <div>
          <p className="font-semibold text-ink">Are you sure you want to delete this event? This action cannot be undone.</p>
          <p className="mt-2 text-muted">
            {event.title} · {eventDateText(event.startDate, event.endDate, event.timeZone)} · {event.city}
          </p>
        </div>
      </div>
    </>
  );
  const submit = (
    <button type="submit" aria-disabled={busy || undefined} onClick={(e) => busy && e.preventDefault()} className="inline-flex min-h-12 items-center rounded-full bg-danger px-6 font-semibold text-white hover:bg-red-800 aria-disabled:opacity-50">
      {busy ? "Deleting..." : "Delete Event"}
    </button>
  );
  if (plain) {
    // Posted as a page (no JavaScript): the answer is the list with what happened said on it.
    return (
      <form method="post" action={plain.action} aria-label="Confirm deletion">
        <input type="hidden" name="plain" value="1" />
        {fields}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <a href={plain.cancelHref} className="inline-flex min-h-12 items-center rounded-full border border-plum-200 bg-white px-6 font-semibold text-plum-800 hover:bg-plum-50">
            Cancel
          </a>
          {submit}
        </div>
      </form>
    );
  }
  return (
    <fetcher.Form method="post" aria-label="Confirm deletion">
      {fields}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onCancel} disabled={busy} className="inline-flex min-h-12 items-center rounded-full border border-plum-200 bg-white px-6 font-semibold text-plum-800 hover:bg-plum-50 disabled:opacity-50">
          Cancel
        </button>
        {submit}
      </div>
    </fetcher.Form>
  );
}
