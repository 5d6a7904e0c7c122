import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_LOGIN, safeNext } from "~/features/admin-auth/schema";

describe("the page to return to after sign-in", () => {
  it.each(["/admin/audit", "/admin/audit?q=boss&page=2", "/admin/registrations#top", "/schedule", "/admin/audit?q=a%20b"])("follows the same-site path %s", (next) => {
    expect(safeNext(next)).toBe(next);
  });

  it.each([
    null,
    "",
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "admin/audit",
    "/admin/login",
    "/admin/logout",
    "/admin\taudit",
    "/\u0000admin",
    // Each normalises to `//evil.example/phish`, a path to another host.
    "/.//evil.example/phish",
    "/..//evil.example/phish",
    "/%2e//evil.example/phish",
    "/admin/..//evil.example/phish",
  ])("refuses %j and goes to the default", (next) => {
    expect(safeNext(next)).toBe(DEFAULT_AFTER_LOGIN);
  });
});
