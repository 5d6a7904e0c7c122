import { useState } from "react";
import { useNavigation } from "react-router";

/**
 * A form of this page was posted and the page is not done with it: the action
 * is running, or the page's data is being read again after it. Pass `intent`
 * to ask about one form of several (its hidden `intent` field).
 */
export function usePostPending(intent?: string): boolean {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    (intent === undefined || navigation.formData?.get("intent") === intent)
  );
}

/**
 * The action's answer, held back until the page's data has been read again
 * after it. React Router hands the answer over first and the fresh data a
 * moment later: a result shown (and focused) in between invites the keyboard
 * user on, and the fresh data then removes or replaces what they moved to
 * (an answered entry, a remounted form), dropping their focus to the page.
 * Shown with the fresh data, the result and the page change in one go.
 */
export function useSettledActionData<T>(actionData: T | undefined): T | undefined {
  const idle = useNavigation().state === "idle";
  const [settled, setSettled] = useState(actionData);
  if (idle && settled !== actionData) setSettled(actionData);
  return idle ? actionData : settled;
}
