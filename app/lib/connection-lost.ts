/**
 * A staff save whose answer never came (the connection dropped, the server was
 * out of reach): said in the form that sent it, which keeps what was typed,
 * instead of the screen's error page replacing it (decision 0065). Whether the
 * save went through is not known, so the words say both.
 */
export const CONNECTION_LOST =
  "The connection was lost before the server answered, so this may or may not have been saved. Check the list once you are back online before trying again.";

/** The same on a page of its own (Settings, Attendance): there is no list to check, and the page still holds what was typed. */
export const CONNECTION_LOST_ON_PAGE =
  "The connection was lost before the server answered, so your changes may or may not have been saved. They are still on this page: save again once you are back online.";

export type ConnectionLost = { ok: false; message: string; connectionLost: true; errors?: undefined; values?: undefined };

function isConnectionFailure(error: unknown): boolean {
  // fetch() rejects with a TypeError when no answer arrives (offline, reset, refused); an aborted request with an AbortError.
  return error instanceof TypeError || (error instanceof DOMException && error.name === "AbortError");
}

/** A route's clientAction: the server's action, or `ConnectionLost` when its answer never arrives. */
export async function answerOrConnectionLost<T>({ serverAction }: { serverAction: () => Promise<T> }, message = CONNECTION_LOST): Promise<T | ConnectionLost> {
  try {
    return await serverAction();
  } catch (error) {
    if (isConnectionFailure(error)) return { ok: false, message, connectionLost: true };
    throw error;
  }
}

// keptAfterConnectionLost lives in revalidate-when-changed.ts: the public root reads it, and this module (the
// messages, the client action) stays out of every public page's JavaScript.
export { keptAfterConnectionLost } from "./revalidate-when-changed";
