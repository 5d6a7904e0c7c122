import { createContext, data, type RouterContextProvider } from "react-router";

/**
 * A public form refused (no JavaScript: the page is the answer). The action
 * marks the request; the page's loader, which runs after it in the same
 * request, passes the mark on, and the page's title then starts with "Error: "
 * (decision 0092): the title is the first thing a screen reader says of the
 * new page. A route's `meta` sees its loader's data, never its action's.
 */
const refusedContext = createContext<boolean>(false);

type Context = Readonly<RouterContextProvider>;

/** The refusal's answer, as `data(body, init)`, with the request marked. */
export function refuse<T>(context: Context, body: T, init: ResponseInit) {
  (context as RouterContextProvider).set(refusedContext, true);
  return data(body, init);
}

/** Whether this request's action refused the form (false for a plain page load). */
export function wasRefused(context: Context): boolean {
  return context.get(refusedContext);
}

/**
 * A staff form whose body could not be read (too large, a NUL, a wrong type): nothing in it is known, not even
 * which form it was, so a plain post's page says why above the list instead of showing a form again. The `plain`
 * mark is what makes a screen show an answer that came with the page (decision 0083); a dialog's fetcher reads
 * only the message.
 */
export function refuseUnreadable(context: Context, status: number, reason: string) {
  return refuse(context, { ok: false as const, message: `Nothing was saved: ${reason.charAt(0).toLowerCase()}${reason.slice(1)} Please try again.`, plain: { intent: "", id: "" } }, { status });
}
