import { CalendarX, Pencil, Trash2 } from "lucide-react";
import { eventDateCell, LEGACY_FORMAT, NO_DATE_SET } from "./admin-format";
import { DialogOpener } from "~/components/admin/dialog-opener";
import type { AdminEventJson } from "./events-admin.server";
import { formatPrice, formatSessionDate } from "./format";
import { CARD_CELL } from "~/components/admin/card-cell";

type Props = {
  events: AdminEventJson[];
  onEdit: (e: AdminEventJson) => void;
  onDelete: (e: AdminEventJson) => void;
  /** Staff 'Cancel session' (decision 0032): offered until the session starts. */
  onCancelSession: (e: AdminEventJson) => void;
  /** The screen with a row's form in its address (`?edit=<id>`…): each action's link before JavaScript (decision 0083). */
  hrefFor: (kind: "edit" | "delete" | "cancel", id: string) => string;
};

const statusStyle: Record<string, string> = {
  Open: "bg-green-50 text-success ring-green-200",
  Closed: "bg-red-50 text-danger ring-red-200",
  Cancelled: "bg-sand-100 text-ink ring-plum-200",
};

/** Below 768 px each event is a card: every cell shows its column's name before it. */
const cell = CARD_CELL;
/** A row's action: a round icon button in the table, a labelled pill on a card. */
const actionButton = "inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold ring-1 md:size-11 md:justify-center md:px-0";

/** The Actions column stays in view at the box's right edge while a table too wide for it scrolls (as DataTable's pinned column). */
const pinnedEnd = "md:sticky md:right-0 md:z-[1] md:shadow-[inset_1px_0_0_var(--color-plum-100)]";

/** The events table of spec part 2 §2.10. */
export function EventsTable({ events, onEdit, onDelete, onCancelSession, hrefFor }: Props) {
  return (
    // Scrolls sideways inside its own box when the screen is too narrow for every column (a tablet
    // beside the staff sidebar); `relative` keeps the cells' visually hidden texts inside that box too.
    <div className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-plum-100 max-md:overflow-visible">
      <table className="w-full text-left text-sm max-md:block">
        <caption className="sr-only">Family Constellation events</caption>
        <thead className="bg-plum-50 text-plum-900 max-md:sr-only">
          <tr>
            {["Event", "Date & Time", "Location", "Facilitator", "Capacity", "Organizer", "Price", "Status", "Actions"].map((h) => (
              <th key={h} scope="col" className={`px-4 py-3 whitespace-nowrap ${h === "Actions" ? `${pinnedEnd} md:bg-plum-50` : ""}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:block">
          {events.map((e) => {
            const when = eventDateCell(e.startDate, e.endDate, e.timeZone);
            const label = `${e.title}, ${formatSessionDate(e.startDate, e.timeZone)}, ${e.city}`;
            return (
              <tr key={e._id} className="border-t border-plum-100 max-md:block max-md:py-3">
                <th scope="row" data-label="Event" className={`${cell} font-semibold text-ink`}>
                  {e.title}
                </th>
                <td data-label="Date & Time" className={`${cell} md:min-w-28`}>
                  {when ? (
                    <span>
                      <span className="block">{when.date}</span>
                      {when.time ? <span className="block text-muted">{when.time}</span> : null}
                      {when.legacy ? <span className="block text-xs text-muted">{LEGACY_FORMAT}</span> : null}
                    </span>
                  ) : (
                    <span className="text-muted">{NO_DATE_SET}</span>
                  )}
                </td>
                <td data-label="Location" className={cell}>
                  {[e.venue, e.city].filter(Boolean).join(", ")}
                </td>
                <td data-label="Facilitator" className={cell}>
                  {e.facilitator || "N/A"}
                </td>
                <td data-label="Capacity" className={cell}>
                  {e.capacity}
                  <span className="block text-xs text-muted max-md:self-center">{e.waiting > 0 ? `${e.seatsTaken} booked · ${e.waiting} waiting` : `${e.seatsTaken} booked`}</span>
                </td>
                <td data-label="Organizer" className={cell}>
                  {e.organiser ?? "N/A"}
                </td>
                <td data-label="Price" className={cell}>
                  {formatPrice(e.priceAmount === null ? null : Math.round(e.priceAmount * 100), e.currency)}
                </td>
                <td data-label="Status" className={cell}>
                  <span className={`inline-flex rounded-full px-3 py-0.5 text-xs font-semibold ring-1 ${statusStyle[e.status] ?? statusStyle.Closed}`}>
                    {e.status === "Cancelled" ? "Canceled" : e.status}
                  </span>
                </td>
                <td data-label="Actions" className={`${cell} ${pinnedEnd} md:bg-white max-md:pt-3 max-md:before:hidden`}>
                  {/* Icons alone in the table; on a card (below md) each says its word too, as the other lists' buttons do. */}
                  <span className="flex flex-wrap gap-2">
                    {e.status !== "Cancelled" ? (
                      <DialogOpener
                        href={hrefFor("edit", e._id)}
                        onOpen={() => onEdit(e)}
                        aria-label={`Edit ${label}`}
                        title="Edit"
                        className={`${actionButton} text-plum-800 ring-plum-200 hover:bg-plum-50`}
                      >
                        <Pencil aria-hidden="true" className="size-5" />
                        <span className="md:hidden">Edit</span>
                      </DialogOpener>
                    ) : null}
                    {e.status !== "Cancelled" && e.availability !== "past" ? (
                      <DialogOpener
                        href={hrefFor("cancel", e._id)}
                        onOpen={() => onCancelSession(e)}
                        aria-label={`Cancel session ${label}`}
                        title="Cancel session"
                        className={`${actionButton} text-danger ring-red-200 hover:bg-red-50`}
                      >
                        <CalendarX aria-hidden="true" className="size-5" />
                        <span className="md:hidden">Cancel session</span>
                      </DialogOpener>
                    ) : null}
                    <DialogOpener
                      href={hrefFor("delete", e._id)}
                      onOpen={() => onDelete(e)}
                      aria-label={`Delete ${label}`}
                      title="Delete"
                      className={`${actionButton} text-danger ring-red-200 hover:bg-red-50`}
                    >
                      <Trash2 aria-hidden="true" className="size-5" />
                      <span className="md:hidden">Delete</span>
                    </DialogOpener>
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
