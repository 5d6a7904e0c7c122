/**
 * The attributes of an invoker command (`commandfor` + `command`): the browser
 * itself opens or closes the `<dialog>` with id `target` when the button is
 * pressed, with no script. Until the page's scripts have loaded and hydrated
 * (decision 0035 asks for them after the first paint), such a button already
 * works; afterwards React's own handler does the same thing first, and the
 * browser's command finds the dialog already as asked (showing an open dialog,
 * or closing a closed one, does nothing). A browser without invoker commands
 * ignores the attributes. React passes lowercase attributes it does not know
 * to the DOM as they are; the types of React DOM do not list these yet.
 */
export function nativeCommand(target: string, command: "show-modal" | "close"): Record<string, string> {
  return { commandfor: target, command };
}
