import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dialects } from "../helpers/databases";
import { startSite, type RunningSite } from "../helpers/site";

const valid = {
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@example.com",
  phoneNumber: "+1 555 123 4567",
  country: "US",
  zipCode: "10001",
  message: "I would like to know more about DECODE level 1.",
  acceptPrivacyPolicy: true,
};

describe.each(dialects)("Contact Us on %s", (dialect) => {
  let s: RunningSite;
  beforeAll(async () => {
    s = await startSite(dialect);
  });
  afterAll(async () => {
    await s?.stop();
  });
  beforeEach(async () => {
    await s.clearOutbox();
    await s.db.deleteFrom("contact_messages").execute();
    await s.site.services.formLimiter.delete("127.0.0.1");
  });

  const outbox = () =>
    fs.existsSync(s.config.mail.outboxDir)
      ? fs.readdirSync(s.config.mail.outboxDir).map((f) => fs.readFileSync(path.join(s.config.mail.outboxDir, f), "utf8"))
      : [];

  const count = async () => Number((await s.db.selectFrom("contact_messages").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  const postJson = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${s.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  it("stores a valid message and answers 201", async () => {
    const res = await postJson(valid);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, message: "Message sent successfully! We will contact you soon." });
    const rows = await s.db.selectFrom("contact_messages").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: body.data._id,
      first_name: "Ann",
      last_name: "Lee",
      email: "ann@example.com",
      phone_number: "+1 555 123 4567",
      country: "US",
      zip_code: "10001",
      message: valid.message,
      status: "new",
    });
    expect(new Date(rows[0]!.created_at).toISOString()).toBe(rows[0]!.created_at);

    // D8: an acknowledgement to the visitor and the message to the team, queued
    // in the outbox with the message and delivered by the worker.
    const queued = await s.db.selectFrom("outbox").select(["topic", "to_address"]).where("topic", "=", `contact:${body.data._id}`).execute();
    expect(queued.map((q) => q.to_address).sort()).toEqual(["ann@example.com", "hello@mindfulpath.example"]);
    await expect.poll(() => outbox().length, { timeout: 10_000 }).toBe(2);
    const mails = outbox();
    const ack = mails.find((m) => /^To: ann@example\.com$/m.test(m));
    expect(ack).toContain("Subject: We received your message | Mindful Path Institute");
    expect(ack).toContain("Dear Ann,");
    // What was typed is not quoted back to an address nobody has confirmed (decision 0072): the team's copy has it.
    expect(ack).not.toContain("I would like to know more about DECODE level 1.");
    // It says "simply reply": the reply goes to the team, whatever MAIL_FROM is.
    expect(ack).toContain("Reply-To: hello@mindfulpath.example");
    const team = mails.find((m) => /^To: hello@mindfulpath\.example$/m.test(m));
    expect(team).toContain("Reply-To: ann@example.com");
    expect(team).toContain("Subject: New contact message from Ann Lee");
    expect(team).toContain("I would like to know more about DECODE level 1.");
    // Text and HTML, as every other mail; the time it arrived as the site writes dates, not a raw ISO instant.
    for (const mail of [ack!, team!]) expect(mail).toMatch(/Content-Type: multipart\/alternative/);
    const row = await s.db.selectFrom("outbox").selectAll().where("to_address", "=", "hello@mindfulpath.example").where("topic", "=", `contact:${body.data._id}`).executeTakeFirstOrThrow();
    expect(row.text_body).toMatch(/^Received: \d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T$/m);
    expect(row.text_body).not.toContain(rows[0]!.created_at);
    expect(row.html_body).toContain('<a href="mailto:ann@example.com"');
  });

  it("the same message sent again (its answer lost, a reload, a second click) is stored and mailed once; another message is its own", async () => {
    const first = (await (await postJson(valid)).json()) as { data: { _id: string } };
    const [again, twin] = await Promise.all([postJson(valid), postJson(valid)]);
    expect([again.status, twin.status]).toEqual([201, 201]);
    for (const res of [again, twin]) expect(((await res.json()) as { data: { _id: string } }).data._id).toBe(first.data._id);
    expect(await count()).toBe(1);
    expect((await s.db.selectFrom("outbox").select("id").execute()).length).toBe(2);
    expect((await postJson({ ...valid, message: "And one more question about level 2." })).status).toBe(201);
    expect(await count()).toBe(2);
    // After the window it is a new message.
    await s.db.updateTable("contact_messages").set({ created_at: new Date(Date.now() - 16 * 60_000).toISOString() }).execute();
    expect((await postJson(valid)).status).toBe(201);
    expect(await count()).toBe(3);
  });

  it("answers 400 with a message per field and stores nothing", async () => {
    const res = await postJson({ ...valid, firstName: "A", email: "nope", acceptPrivacyPolicy: false });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      message: "Please correct the highlighted fields.",
      errors: {
        firstName: "Must be at least 2 characters",
        email: "Invalid email address",
        acceptPrivacyPolicy: "You must accept the privacy policy",
      },
    });
    expect(await count()).toBe(0);
    expect(await s.db.selectFrom("outbox").selectAll().execute()).toEqual([]);
    // A web address as a name, at an ending the browser's short list does not know: the server knows every one.
    const addressed = await postJson({ ...valid, firstName: "Claim at refund.bank" });
    expect(addressed.status).toBe(400);
    expect(((await addressed.json()) as { errors: Record<string, string> }).errors).toEqual({ firstName: "Please enter a name without a web or email address" });
    // Initials and honorifics written without a space are names.
    expect((await postJson({ ...valid, firstName: "R.Krishnan", lastName: "St.John", email: "initials@example.com" })).status).toBe(201);
    await s.db.deleteFrom("contact_messages").execute();
    await s.clearOutbox();
  });

  it("refuses malformed, non-object, wrongly typed and oversized bodies with a 4xx", async () => {
    const bad = await postJson("{not json");
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("The request body is not valid JSON.");
    expect((await postJson("[1,2]")).status).toBe(400);
    expect((await postJson("null")).status).toBe(400);
    const text = await fetch(`${s.url}/api/contact`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "hi" });
    expect(text.status).toBe(415);
    const huge = await postJson({ ...valid, message: "x".repeat(40_000) });
    expect(huge.status).toBe(413);
    const wrongTypes = await postJson({ ...valid, firstName: { $gt: "" }, zipCode: 12345 });
    expect(wrongTypes.status).toBe(400);
    expect(await count()).toBe(0);
  });

  it("answers unknown API paths and wrong methods with JSON, not a page", async () => {
    const res = await fetch(`${s.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, message: "Not found" });
    const get = await fetch(`${s.url}/api/contact`);
    expect(get.status).toBe(405);
  });

  it("accepts the plain form post of /contact-us and renders field errors in the page", async () => {
    const form = new URLSearchParams({ ...valid, acceptPrivacyPolicy: "true" } as Record<string, string>);
    const ok = await fetch(`${s.url}/contact-us`, { method: "POST", body: form });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Message sent successfully! We will contact you soon.");
    expect(await count()).toBe(1);

    const badForm = new URLSearchParams({ ...valid, zipCode: "1", acceptPrivacyPolicy: "" } as Record<string, string>);
    const bad = await fetch(`${s.url}/contact-us`, { method: "POST", body: badForm });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Must be at least 3 characters");
    expect(html).toContain("You must accept the privacy policy");
    expect(await count()).toBe(1);
  });

  it("rate limits public form posts per address with a clear 429", async () => {
    const limit = s.config.formRateLimit.points;
    for (let i = 0; i < limit; i++) expect((await postJson({ ...valid, firstName: `Ann${i}` })).status).toBe(201);
    const limited = await postJson(valid);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).message).toMatch(/^Too many submissions from your connection\. Please try again in \d+ minutes?\.$/);
    const page = await fetch(`${s.url}/contact-us`, { method: "POST", body: new URLSearchParams(valid as never) });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("Too many submissions from your connection.");
    expect(await count()).toBe(limit);
  });
});
