import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Whether the request being answered is a HEAD: its answer carries headers and no body, so no personal
 * details leave the server, and reading them is not recorded as a view (decision 0109). The shell marks a
 * HEAD for the whole of its handling (server/app.ts); `recordAudit` reads the mark.
 */
const head = new AsyncLocalStorage<true>();

export function answeringHead(): boolean {
  return head.getStore() === true;
}

export function runAsHead<T>(work: () => T): T {
  return head.run(true, work);
}
