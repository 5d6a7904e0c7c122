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

/** At most MAX_LENGTH characters, cut by characters, not UTF-16 units: no half emoji reaches the encoder. */
const clip = (text: string) => Array.from(text).slice(0, MAX_LENGTH).join("");

function noticeCookieName(secure: boolean): string {
  return secure ? "__Host-staff_notice" : "staff_notice";
}

/**
 * The 303 to the address the form was posted to (the list: search and page kept), or to `to` on the same
 * screen (its path), with its message; `headers` go along (a new session's cookie).
 */
export function redirectWithNotice(
  request: Request,
  message: string,
  secure: boolean,
  { headers: extra, to }: { headers?: Record<string, string>; to?: string } = {},
): Response {
  const url = new URL(request.url);
  // For this list only (the cookie's Path is / as __Host- requires): a redirect whose page never loaded leaves a
  // message that another list must not show.
  const value = new URLSearchParams({ list: url.pathname, message: clip(message) }).toString();
  const headers = new Headers(extra);
  headers.append("Set-Cookie", staffCookie(noticeCookieName(secure), secure, value, LIFETIME_SECONDS));
  return redirect(to ?? `${url.pathname}${url.search}`, { status: 303, headers });
}

/**
 * A staff form's success, for a form that works with and without JavaScript (its `PlainMarker`): a plain post
 * gets the redirect with its message; the page's script gets the answer itself, which the page shows and focuses.
 */
export function answerSaved(request: Request, form: Record<string, string>, secure: boolean, message: string, headers?: Record<string, string>) {
  // A script's post (React Router's `.data` request) is never plain, whatever its form says: one sent while the page
  // was hydrating can still carry the marker, and a redirect would send the script to the `.data` address.
  if (form.plain === "1" && !new URL(request.url).pathname.endsWith(".data")) return redirectWithNotice(request, message, secure, { headers });
  // Typed so a screen's answer union can ask any answer for its field messages (none here).
  return data<{ ok: true; message: string; errors?: undefined; values?: undefined }>({ ok: true, message }, { headers });
}

/** The message a redirect left for this list, if any, and the header that clears it, so it shows once. */
export function takeNotice(request: Request, secure: boolean): { notice: string | null; headers: Headers } {
  const headers = new Headers();
  const raw = readCookie(request.headers.get("Cookie"), noticeCookieName(secure));
  if (raw === null) return { notice: null, headers };
  const left = new URLSearchParams(raw);
  // Another list's: left for it (it goes by itself within the minute).
  if (left.get("list") !== new URL(request.url).pathname) return { notice: null, headers };
  headers.set("Set-Cookie", staffCookie(noticeCookieName(secure), secure, "", 0));
  return { notice: clip(left.get("message") ?? "") || null, headers };
}

/** A loader's answer with the notice in it (`notice`) and the cookie cleared; `headers` go along. */
export function withNotice<T extends object>(request: Request, secure: boolean, body: T, extra?: Record<string, string>) {
  const { notice, headers } = takeNotice(request, secure);
  for (const [name, value] of Object.entries(extra ?? {})) {
    if (name.toLowerCase() === "set-cookie") headers.append(name, value);
    else headers.set(name, value);
  }
  return data({ ...body, notice }, { headers });
}
