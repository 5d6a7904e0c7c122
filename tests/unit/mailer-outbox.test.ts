import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMailer } from "~/features/mail/mailer.server";

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function mailer() {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
  dirs.push(data);
  const outboxDir = path.join(data, "outbox");
  return { outboxDir, mailer: createMailer({ from: '"Mindful Path" <hello@mindfulpath.example>', outboxDir }) };
}

const message = (to: string) => ({ id: `id-${to}`, to, subject: "Registration confirmed", text: `Hello ${to}` });

describe("the outbox folder (no SMTP)", () => {
  it("writes each message whole into the folder, which it makes, and leaves no partial file", async () => {
    const { outboxDir, mailer: m } = mailer();
    await Promise.all(["a@example.com", "b@example.com", "c@example.com"].map((to) => m.send(message(to))));
    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(3);
    const bodies = files.map((f) => fs.readFileSync(path.join(outboxDir, f), "utf8"));
    for (const to of ["a@example.com", "b@example.com", "c@example.com"]) {
      expect(bodies.some((b) => b.includes(`To: ${to}`) && b.includes(`Message-ID: <outbox.id-${to}@mindfulpath.example>`))).toBe(true);
    }
    expect(fs.readdirSync(path.dirname(outboxDir)).filter((f) => f.endsWith(".partial"))).toEqual([]);
  });

  it("removes the unfinished file when the write fails (a full disk), and fails the send", async () => {
    const { outboxDir, mailer: m } = mailer();
    const write = fs.promises.writeFile;
    // The disk fills part-way: the file holds the headers, the recipient's address among them.
    vi.spyOn(fs.promises, "writeFile").mockImplementation(async (file, data, options) => {
      await write(file, (data as Buffer).subarray(0, 200), options);
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    });
    await expect(m.send(message("ann@example.com"))).rejects.toThrow("ENOSPC");
    expect(fs.readdirSync(path.dirname(outboxDir))).toEqual(["outbox"]);
    expect(fs.readdirSync(outboxDir)).toEqual([]);
  });

  it("makes the folder again when it was removed after the first message", async () => {
    const { outboxDir, mailer: m } = mailer();
    await m.send(message("first@example.com"));
    fs.rmSync(outboxDir, { recursive: true });
    await m.send(message("second@example.com"));
    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(path.join(outboxDir, files[0]!), "utf8")).toContain("To: second@example.com");
  });
});
