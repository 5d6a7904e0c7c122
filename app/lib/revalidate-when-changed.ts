import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * React Router keeps a screen's data after an action answers 4xx. A save refused
 * because someone else changed (409) or removed (404) the record meanwhile is the
 * one case where that data is known to be stale: the screen's lists, and the form
 * opened from them next, read the record again, so the next try is not refused
 * for the same reason.
 */
export function revalidateWhenChangedMeanwhile({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return actionStatus === 409 || actionStatus === 404 ? true : defaultShouldRevalidate;
}
