import { describe, expect, it } from "vitest";
import { answerSaved, redirectWithNotice, takeNotice, withNotice } from "~/features/admin-auth/plain-notice.server";

/** The cookie a response sets, as a browser sends it back: `name=value`. */
function cookieBack(response: Response): string {
  return response.headers.get("Set-Cookie")!.split(";")[0]!;
}

describe("a plain staff post's message, carried over its redirect (decision 0090)", () => {
  it("redirects to the address it was posted to (search and page kept) with a 303, and the next load reads the message once", () => {
    const message = "Session canceled. Everyone who held a seat is being emailed; 100% «sure» & <done>";
    const response = redirectWithNotice(new Request("http://site.test/admin/decode?search=level%201&page=2", { method: "POST" }), message, false);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/decode?search=level%201&page=2");
    const set = response.headers.get("Set-Cookie")!;
    expect(set).toMatch(/^staff_notice=[^;\s]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=60$/);

    const next = takeNotice(new Request("http://site.test/admin/decode", { headers: { Cookie: `staff_session=abc; ${cookieBack(response)}` } }), false);
    expect(next.notice).toBe(message);
    expect(next.headers.get("Set-Cookie")).toBe("staff_notice=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0");
  });

  it("over https the cookie is __Host- and Secure", () => {
    const response = redirectWithNotice(new Request("https://site.test/admin/tasso", { method: "POST" }), "Program updated successfully", true);
    expect(response.headers.get("Set-Cookie")).toMatch(/^__Host-staff_notice=.*; Secure$/);
    expect(takeNotice(new Request("https://site.test/admin/tasso", { headers: { Cookie: cookieBack(response) } }), true).notice).toBe("Program updated successfully");
    // The plain-http name is not read over https.
    expect(takeNotice(new Request("https://site.test/admin/tasso", { headers: { Cookie: "staff_notice=Hi" } }), true).notice).toBeNull();
  });

  it("says nothing without the cookie, nor on another list, whose message it leaves for that list", () => {
    const none = takeNotice(new Request("http://site.test/admin/tasso"), false);
    expect(none.notice).toBeNull();
    expect(none.headers.has("Set-Cookie")).toBe(false);
    const left = cookieBack(redirectWithNotice(new Request("http://site.test/admin/decode", { method: "POST" }), "Program created successfully", false));
    const elsewhere = takeNotice(new Request("http://site.test/admin/family-events", { headers: { Cookie: left } }), false);
    expect(elsewhere.notice).toBeNull();
    expect(elsewhere.headers.has("Set-Cookie")).toBe(false);
    // A cookie made by hand: nothing shown, nothing thrown.
    expect(takeNotice(new Request("http://site.test/admin/tasso", { headers: { Cookie: "staff_notice=%E0%A4%A" } }), false).notice).toBeNull();
    expect(takeNotice(new Request("http://site.test/admin/tasso", { headers: { Cookie: "staff_notice=list=%2Fadmin%2Ftasso&message=%E0%A4%A" } }), false).notice).toBe("\uFFFD%A");
  });

  it("keeps a message to 500 characters, never cutting one in half", () => {
    const response = redirectWithNotice(new Request("http://site.test/admin/tasso", { method: "POST" }), "é".repeat(2000), false);
    expect(takeNotice(new Request("http://site.test/admin/tasso", { headers: { Cookie: cookieBack(response) } }), false).notice).toBe("é".repeat(500));
    const emoji = redirectWithNotice(new Request("http://site.test/admin/tasso", { method: "POST" }), `${"a".repeat(499)}😀😀`, false);
    expect(takeNotice(new Request("http://site.test/admin/tasso", { headers: { Cookie: cookieBack(emoji) } }), false).notice).toBe(`${"a".repeat(499)}😀`);
  });

  it("a form that works with and without JavaScript: a plain post's success redirects (with its other cookies), the script's gets the answer", () => {
    const post = () => new Request("http://site.test/admin/account", { method: "POST" });
    const session = { "Cache-Control": "no-store", "Set-Cookie": "staff_session=new; Path=/; HttpOnly; SameSite=Lax" };
    const plain = answerSaved(post(), { plain: "1" }, false, "Your password was changed.", session) as Response;
    expect(plain.status).toBe(303);
    expect(plain.headers.get("Location")).toBe("/admin/account");
    expect(plain.headers.get("Cache-Control")).toBe("no-store");
    const cookies = plain.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toBe(session["Set-Cookie"]);
    const back = cookies[1]!.split(";")[0]!;
    const next = withNotice(new Request("http://site.test/admin/account", { headers: { Cookie: back } }), false, { email: "a@example.org" }, { "Cache-Control": "no-store" });
    expect(next.data).toEqual({ email: "a@example.org", notice: "Your password was changed." });
    expect(new Headers(next.init?.headers).get("Cache-Control")).toBe("no-store");
    expect(new Headers(next.init?.headers).get("Set-Cookie")).toMatch(/^staff_notice=; .*Max-Age=0$/);

    // A script's post (a `.data` request) gets the answer even if it carries the marker (sent while hydrating).
    const hydrating = answerSaved(new Request("http://site.test/admin/account.data", { method: "POST" }), { plain: "1" }, false, "Your password was changed.");
    expect(hydrating).not.toBeInstanceOf(Response);
    expect(hydrating).toMatchObject({ data: { ok: true, message: "Your password was changed." } });
    const scripted = answerSaved(post(), { plain: "0" }, false, "Your password was changed.", session);
    expect(scripted).not.toBeInstanceOf(Response);
    expect(scripted).toMatchObject({ data: { ok: true, message: "Your password was changed." }, init: { headers: session } });
  });
});
