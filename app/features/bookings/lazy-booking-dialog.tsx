import { lazyDialog } from "~/lib/lazy-dialog";
import type { BookingDialogProps } from "./booking-dialog";
import { bookPath } from "./links";

/** The Family Constellation booking dialog, loaded on first use (decision 0030). Same props as BookingDialog. */
const booking = lazyDialog<BookingDialogProps>(
  async () => (await import("./booking-dialog")).BookingDialog,
  ({ session }) => (session ? bookPath(session._id) : null),
);

export const LazyBookingDialog = booking.LazyDialog;
export const preloadBookingDialog = booking.preload;
