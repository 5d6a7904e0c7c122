import fs from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";

/** nodemailer is loaded on the first message, not at start-up (about 85 ms of module loading). */
let nodemailerModule: Promise<typeof import("nodemailer")> | undefined;
function loadNodemailer() {
  nodemailerModule ??= import("nodemailer");
  return nodemailerModule;
}

export type MailMessage = {
  /**
   * A stable identity (the outbox row's id): it becomes the Message-ID, the
   * same on every attempt, so a message sent again after a crash between the
   * mail server's acceptance and the outbox's "sent" mark is recognisably the
   * same message (decision 0037).
   */
  id?: string;
  to: string;
  subject: string;
  text: string;
  /** The same content as HTML, every value escaped. */
  html?: string;
  replyTo?: string;
  attachments?: Array<{ filename: string; content: string; contentType: string }>;
};

export type Mailer = {
  send: (message: MailMessage) => Promise<void>;
  /** Where mail goes: "SMTP host" or the outbox folder. */
  description: string;
};

/**
 * Real mail through SMTP when SMTP_URL is set; otherwise each message is written
 * as an .eml file to DATA_DIR/outbox, so nothing is lost on a machine without a
 * mail server (and tests can read what was sent).
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  const domain = senderDomain(opts.from);
  const nodemailerMessage = ({ id, ...m }: MailMessage) => ({ from: opts.from, ...m, ...(id ? { messageId: messageIdOf(id, domain) } : {}) });
  if (opts.smtpUrl) {
    // Time limits so a slow mail server cannot hold a visitor's request for minutes.
    const url = new URL(opts.smtpUrl);
    url.searchParams.set("connectionTimeout", "10000");
    url.searchParams.set("greetingTimeout", "10000");
    url.searchParams.set("socketTimeout", "20000");
    // One connection kept open and reused, not one per message (a TLS handshake
    // each, and about 8 messages/s even to a local server): decision 0037.
    if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
    let transport: Transporter | undefined;
    return {
      description: `SMTP ${new URL(opts.smtpUrl).hostname}`,
      send: async (m) => {
        transport ??= (await loadNodemailer()).default.createTransport(url.toString());
        await transport.sendMail(nodemailerMessage(m));
      },
    };
  }
  let transport: Transporter | undefined;
  // The folder is made once, not before every message (a system call each, under a burst of
  // registrations); if it has gone since (removed by hand), the move below makes it again.
  let folder: Promise<unknown> | undefined;
  return {
    description: `outbox ${opts.outboxDir}`,
    send: async (m) => {
      transport ??= (await loadNodemailer()).default.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
      const info = await transport.sendMail(nodemailerMessage(m));
      folder ??= fs.mkdir(opts.outboxDir, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
        folder = undefined;
        throw error;
      });
      await folder;
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID().slice(0, 8)}.eml`;
      // Written beside the folder, then moved in: a reader never sees half a message.
      const partial = path.join(path.dirname(opts.outboxDir), `.${name}.partial`);
      const final = path.join(opts.outboxDir, name);
      try {
        // A mail holds personal details and a private page's link: the server's account alone reads it.
        await fs.writeFile(partial, info.message as Buffer, { mode: 0o600 });
        try {
          await fs.rename(partial, final);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
          await fs.mkdir(opts.outboxDir, { recursive: true, mode: 0o700 });
          await fs.rename(partial, final);
        }
      } catch (error) {
        // A write that failed (a full disk) can leave part of the message, its recipient's address
        // among it, where nothing would look again: it goes now (or, failing that, with the hourly
        // sweep, purgeOldMailFiles), and the outbox table's row is tried again later.
        await fs.rm(partial, { force: true }).catch(() => undefined);
        throw error;
      }
    },
  };
}

/** The domain of the sender's address (`"Org" <hello@org.example>` → `org.example`), for Message-IDs. */
export function senderDomain(from: string): string {
  const m = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return m?.[1]?.toLowerCase() ?? "localhost";
}

/** The Message-ID of the outbox message `id`: the same on every attempt. */
export function messageIdOf(id: string, domain: string): string {
  return `<outbox.${id}@${domain}>`;
}
