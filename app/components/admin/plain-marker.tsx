import { useHydrated } from "~/hooks/use-hydrated";

/**
 * In a staff form that works with and without JavaScript: marks a post the
 * browser sent itself, before (or without) the page's script, as plain
 * (`plain=1`). Its success is then answered with a redirect and the message
 * goes along in a cookie (decision 0090), so a reload of the page reads it
 * again instead of sending the form again. Gone once the script runs: the page
 * then posts by script and shows the answer itself.
 */
export function PlainMarker() {
  return useHydrated() ? null : <input type="hidden" name="plain" value="1" />;
}
