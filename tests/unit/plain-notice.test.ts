import { describe, expect, it } from "vitest";
import { redirectWithNotice, takeNotice } from "~/features/admin-auth/plain-notice.server";

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
});
