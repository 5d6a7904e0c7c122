import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffAccount } from "~/features/admin-auth/accounts.server";
import { createSession } from "~/features/admin-auth/sessions.server";
import { startSite, type RunningSite } from "../helpers/site";

/**
 * What an HTTP client meets at the API's edges (decision 0074): React Router's
 * `.data` form of API addresses, paths in another letter case, methods a path
 * does not take, and query values the audit trail cannot use.
 */
describe("the JSON API's HTTP edges", { timeout: 120_000 }, () => {
  let s: RunningSite;
  let bearer: Record<string, string>;

  beforeAll(async () => {
    s = await startSite("sqlite", { ADMIN_LOGIN_ACCOUNT_LIMIT: "1000", ADMIN_LOGIN_ADDRESS_LIMIT: "1000" });
    const account = await createStaffAccount(s.db, "edges@example.org", "Lantern orchard 73 quietly");
    bearer = { authorization: `Bearer ${(await createSession(s.db, account.id, "api", 3600)).secret}` };
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it.each(["/api/registration.data?limit=1", "/api/registration/download-csv.data", "/api/admin/settings.data", "/API/contacts.DATA", "/api.data"])(
    "GET %s (React Router's data form, which kept no Cache-Control) answers 404 JSON, not the staff data",
    async (p) => {
      const res = await fetch(`${s.url}${p}`, { headers: bearer });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual({ success: false, message: "Not found" });
    },
  );

  it("answers an API path in another letter case as the API does: JSON refusals, OPTIONS with Allow", async () => {
    const put = await fetch(`${s.url}/API/admin/settings`, { method: "PUT", headers: { ...bearer, "content-type": "application/json" }, body: "{}" });
    const lower = await fetch(`${s.url}/api/admin/settings`, { method: "PUT", headers: { ...bearer, "content-type": "application/json" }, body: "{}" });
    expect(put.status).toBe(lower.status);
    expect(put.headers.get("content-type")).toContain("application/json");
    expect(await put.json()).toEqual(await lower.json());
    const options = await fetch(`${s.url}/API/events/open`, { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toContain("GET");
    const broken = await fetch(`${s.url}/API/x%0Ay`);
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ success: false });
  });

  it.each(["PUT", "DELETE", "PATCH"])("%s /api/admin/login is 405 with Allow: POST, and spends no sign-in attempt", async (method) => {
    const init: RequestInit = { method, headers: { "content-type": "application/json" } };
    init.body = JSON.stringify({ email: "edges@example.org", password: "wrong password here" });
    const res = await fetch(`${s.url}/api/admin/login`, init);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    const failed = await s.db.selectFrom("audit_events").select("id").where("action", "=", "sign-in-failed").execute();
    expect(failed).toHaveLength(0);
  });

  it("a wrong password's 401 names the Bearer challenge", async () => {
    const res = await fetch(`${s.url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "edges@example.org", password: "wrong password here" }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="staff"');
  });

  it("DELETE /api/registration lists the methods the path takes: staff read the list there too", async () => {
    const res = await fetch(`${s.url}/api/registration`, { method: "DELETE", headers: bearer });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, POST");
    expect((await fetch(`${s.url}/api/ich/ich-registration`, { method: "DELETE" })).headers.get("allow")).toBe("POST");
  });

  it.each([
    ["page=-3", "page"],
    ["page=abc", "page"],
    ["page=0", "page"],
    ["action=nope", "action"],
    ["action=toString", "action"],
  ])("GET /api/admin/audit?%s is 400 with a message for %s", async (query, field) => {
    const res = await fetch(`${s.url}/api/admin/audit?${query}`, { headers: bearer });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(Object.keys(body.errors)).toEqual([field]);
    expect((await fetch(`${s.url}/api/admin/audit?page=1&action=sign-in`, { headers: bearer })).status).toBe(200);
  });
});
