import type { AppServices } from "~/context.server";
import { consumeFormAllowance } from "~/features/contact/contact.server";
import { alreadyEntered } from "./events.server";

/**
 * Whether a sign-up refused because its session is full is a resend of one
 * that took a seat (its answer lost, the form sent again): that person is told
 * they are signed up, not that the session is full (decision 0066).
 *
 * Asked from an allowance of its own per address (the form allowance's size
 * and window, under another key), so a full session's answer can tell who
 * holds a seat only as often as an open session's can, and a plain "full"
 * answer still costs the visitor none of their form submissions. Once that
 * allowance is spent, the answer is "full", as for anyone.
 */
export async function resentToFullSession(
  services: Pick<AppServices, "db" | "formLimiter">,
  ip: string,
  table: "registrations" | "family_bookings",
  eventId: string,
  emailKey: string,
): Promise<boolean> {
  if (await consumeFormAllowance(services, ip, "resend-full:")) return false;
  return alreadyEntered(services.db, table, eventId, emailKey);
}
