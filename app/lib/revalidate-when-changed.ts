import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { ConnectionLost } from "./connection-lost";

/** After a lost connection the screens keep their data: reading it again would fail the same way and show the error page. */
export function keptAfterConnectionLost(args: ShouldRevalidateFunctionArgs): boolean | undefined {
  const result = args.actionResult as Partial<ConnectionLost> | undefined;
  return result?.connectionLost === true ? false : undefined;
}

/**
 * React Router keeps a screen's data after an action answers 4xx. A save refused
 * because someone else changed (409) or removed (404) the record meanwhile is the
 * one case where that data is known to be stale: the screen's lists, and the form
 * opened from them next, read the record again, so the next try is not refused
 * for the same reason.
 */
export function revalidateWhenChangedMeanwhile(args: ShouldRevalidateFunctionArgs): boolean {
  const { actionStatus, defaultShouldRevalidate } = args;
  return keptAfterConnectionLost(args) ?? (actionStatus === 409 || actionStatus === 404 ? true : defaultShouldRevalidate);
}

/** Every other loader above a screen whose saves may lose their connection (the root, the staff layout). */
export function revalidateUnlessConnectionLost(args: ShouldRevalidateFunctionArgs): boolean {
  return keptAfterConnectionLost(args) ?? args.defaultShouldRevalidate;
}
