import { useState } from "react";

/**
 * A form control's value: typed freely, and set again whenever `source` (what
 * the server or the address says, e.g. the search in the URL or a saved
 * status) changes. Instead of remounting the control under a new `key`, which
 * would drop the focus of a keyboard user who is on it when the new data comes.
 */
export function useSyncedValue(source: string): [string, (value: string) => void] {
  const [state, setState] = useState({ source, value: source });
  if (state.source !== source) {
    setState({ source, value: source });
    return [source, () => {}];
  }
  return [state.value, (value: string) => setState({ source, value })];
}
