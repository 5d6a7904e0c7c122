import { data, redirect } from "react-router";
import { readCookie, staffCookie } from "./sessions.server";

/**
 * Post/Redirect/Get for the staff screens' plain forms (decision 0090). A
 * plain post (no JavaScript) that succeeded is answered with a redirect to the
 * list it was sent from, so a reload of that page reads the list again instead
 * of sending the form again (a second program or event, before). Its message
 * ("Event created successfully", …) goes along in a cookie that lives for one
 * minute and is read, and cleared, by the list's next load: the browser keeps
 * it, not one server's memory, so it works across instances.
 */
const MAX_LENGTH = 500;
const LIFETIME_SECONDS = 60;

function noticeCookieName(secure: boolean): string {
  return secure ? "__Host-staff_notice" : "staff_notice";
}

/** The 303 to the address the form was posted to (the list: search and page kept), with its message. */
export function redirectWithNotice(request: Request, message: string, secure: boolean): Response {
  const url = new URL(request.url);
  return redirect(`${url.pathname}${url.search}`, {
    status: 303,
    headers: { "Set-Cookie": staffCookie(noticeCookieName(secure), secure, encodeURIComponent(message.slice(0, MAX_LENGTH)), LIFETIME_SECONDS) },
  });
}

/** The message a redirect left, if any, and the header that clears it, so it shows once. */
export function takeNotice(request: Request, secure: boolean): { notice: string | null; headers: Headers } {
  const headers = new Headers();
  const raw = readCookie(request.headers.get("Cookie"), noticeCookieName(secure));
  if (raw === null) return { notice: null, headers };
  headers.set("Set-Cookie", staffCookie(noticeCookieName(secure), secure, "", 0));
  try {
    return { notice: decodeURIComponent(raw).slice(0, MAX_LENGTH) || null, headers };
  } catch {
    // Not one of ours (a hand-made cookie that is not percent-encoding): nothing to say.
    return { notice: null, headers };
  }
}

/** A loader's answer with the notice in it (`notice`) and the cookie cleared. */
export function withNotice<T extends object>(request: Request, secure: boolean, body: T) {
  const { notice, headers } = takeNotice(request, secure);
  return data({ ...body, notice }, { headers });
}
