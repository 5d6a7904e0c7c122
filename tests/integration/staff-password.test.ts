import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createStaffAccount } from "~/features/admin-auth/accounts.server";
import { accountKeyOf } from "~/features/admin-auth/login.server";
import { createSession } from "~/features/admin-auth/sessions.server";
import { dialects } from "../helpers/databases";
import { startSite, type RunningSite } from "../helpers/site";

/**
 * A signed-in staff member changes their own password on /admin/account
 * (decision 0086), on both databases: the current password is asked for and a
 * wrong one counts against the sign-in limits; the new one follows the account
 * rules; a change ends every other session and API token, gives this browser a
 * new session, and is audited; nothing changes on a refusal.
 */
describe.each(dialects)("staff password change on %s", { timeout: 120_000 }, (dialect) => {
  let s: RunningSite;
  let accountId: string;
  const email = `password-${dialect}@example.org`;
  const first = "Lantern orchard 73 quietly";
  const second = "Copper kettle harbor 19 dawn";

  beforeAll(async () => {
    s = await startSite(dialect, { ADMIN_LOGIN_ACCOUNT_LIMIT: "3", ADMIN_LOGIN_ADDRESS_LIMIT: "1000" });
    accountId = (await createStaffAccount(s.db, email, first)).id;
  }, 90_000);
  afterAll(async () => {
    await s?.stop();
  });
  beforeEach(async () => {
    await s.site.services.loginLimiters.account.delete(accountKeyOf(email));
  });

  const browser = async () => `staff_session=${(await createSession(s.db, accountId, "browser", 3600)).secret}`;
  const token = async () => `Bearer ${(await createSession(s.db, accountId, "api", 3600)).secret}`;
  const change = (cookie: string, values: Record<string, string>, headers: Record<string, string> = { Origin: s.url }) =>
    fetch(`${s.url}/admin/account`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", cookie, ...headers },
      body: new URLSearchParams(values).toString(),
    });
  const mainText = async (res: Response) => {
    const html = await res.text();
    return /<main[\s\S]*<\/main>/.exec(html)?.[0].replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim() ?? "";
  };
  const storedHash = async () => (await s.db.selectFrom("staff_accounts").select("password_hash").where("id", "=", accountId).executeTakeFirstOrThrow()).password_hash;
  const apiSignIn = (password: string) =>
    fetch(`${s.url}/api/admin/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password }) });
  const pageStatus = async (cookie: string) => (await fetch(`${s.url}/admin/account`, { headers: { cookie }, redirect: "manual" })).status;
  const audits = (action: string) =>
    s.db.selectFrom("audit_events").select(["action", "actor_email", "detail"]).where("action", "=", action).where("actor_email", "=", email).execute();

  it("shows the account and its other sign-ins, and is refused without a session or from another site", async () => {
    const cookie = await browser();
    await browser();
    const page = await fetch(`${s.url}/admin/account`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const text = await mainText(page);
    expect(text).toContain(`Signed in as ${email}`);
    expect(text).toMatch(/[1-9]\d* other browsers? or API tokens? (is|are) signed in to this account\./);
    expect(text).toContain("Change your password");
    expect((await fetch(`${s.url}/admin/account`, { redirect: "manual" })).status).toBe(302);
    const before = await storedHash();
    expect((await change("", { currentPassword: first, newPassword: second, repeatPassword: second })).status).toBe(302);
    expect((await change(cookie, { currentPassword: first, newPassword: second, repeatPassword: second }, { Origin: "https://evil.example" })).status).toBe(403);
    expect(await storedHash()).toBe(before);
  });

  it("refuses a form with a message at each field to correct, and changes nothing", async () => {
    const cookie = await browser();
    const before = await storedHash();
    const cases: Array<[Record<string, string>, string[]]> = [
      [{}, ["Please enter your current password.", "Please enter a new password."]],
      [{ currentPassword: first, newPassword: "short", repeatPassword: "short" }, ["The password must be at least 12 characters long."]],
      [{ currentPassword: first, newPassword: "password1234!", repeatPassword: "password1234!" }, ["This password is on a list of common passwords."]],
      [{ currentPassword: first, newPassword: second, repeatPassword: `${second}x` }, ["The two new passwords do not match."]],
      [{ currentPassword: first, newPassword: second }, ["Please enter the new password again."]],
      [{ currentPassword: first, newPassword: first, repeatPassword: first }, ["The new password must be different from the current one."]],
    ];
    for (const [values, messages] of cases) {
      const res = await change(cookie, values);
      expect({ values, status: res.status }).toEqual({ values, status: 400 });
      const text = await mainText(res);
      expect(text).toContain("The password was not changed:");
      for (const m of messages) expect(text).toContain(m);
    }
    expect(await storedHash()).toBe(before);
    expect(await pageStatus(cookie)).toBe(200);
  });

  it("refuses a wrong current password, records it as a failed sign-in, and limits the attempts like sign-in", async () => {
    const cookie = await browser();
    const before = await storedHash();
    const failedBefore = (await audits("sign-in-failed")).length;
    const wrong = await change(cookie, { currentPassword: "Not my password at all", newPassword: second, repeatPassword: second });
    expect(wrong.status).toBe(400);
    expect(await mainText(wrong)).toContain("The current password is incorrect.");
    const failed = await audits("sign-in-failed");
    expect(failed).toHaveLength(failedBefore + 1);
    expect(JSON.parse(failed.at(-1)!.detail!)).toEqual({ via: "password-change" });
    // The account allows 3 attempts a window: two more wrong ones, then even the right one is refused.
    for (let i = 0; i < 2; i++) expect((await change(cookie, { currentPassword: `Wrong guess number ${i}`, newPassword: second, repeatPassword: second })).status).toBe(400);
    const limited = await change(cookie, { currentPassword: first, newPassword: second, repeatPassword: second });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await mainText(limited)).toMatch(/Too many sign-in attempts\. Please try again in \d+ minutes?\./);
    // The same count as signing in: the account's sign-in is limited too.
    expect((await apiSignIn(first)).status).toBe(429);
    expect(await storedHash()).toBe(before);
    expect(await pageStatus(cookie)).toBe(200);
  });

  it("changes the password: every other sign-in and token ends, this browser gets a new session, and it is audited", async () => {
    const cookie = await browser();
    const otherBrowser = await browser();
    const apiToken = await token();
    const before = await storedHash();
    const res = await change(cookie, { currentPassword: first, newPassword: second, repeatPassword: second });
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("staff_session="));
    expect(setCookie).toMatch(/^staff_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+$/);
    const renewed = setCookie!.split(";")[0]!;
    expect(renewed).not.toBe(cookie);
    const text = await mainText(res);
    expect(text).toContain("Your password was changed. You stay signed in here; every other sign-in and API token of this account has ended.");
    // The page answered with the change already counts this browser's new session as its own.
    expect(text).toContain("None: this browser is the only one signed in to this account.");
    expect(await storedHash()).not.toBe(before);

    expect(await pageStatus(renewed)).toBe(200);
    expect(await pageStatus(cookie)).toBe(302);
    expect(await pageStatus(otherBrowser)).toBe(302);
    expect((await fetch(`${s.url}/api/admin/audit`, { headers: { Authorization: apiToken } })).status).toBe(401);
    expect((await apiSignIn(first)).status).toBe(401);
    expect((await apiSignIn(second)).status).toBe(200);

    const changed = await audits("password-change");
    expect(changed).toHaveLength(1);
    expect((JSON.parse(changed[0]!.detail!) as { endedSessions: number }).endedSessions).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(changed)).not.toContain(second);
    expect(JSON.stringify(changed)).not.toContain(first);
  });
});
