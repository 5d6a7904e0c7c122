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
  if (opts.smtpUrl) {
    // Time limits so a slow mail server cannot hold a visitor's request for minutes.
    const url = new URL(opts.smtpUrl);
    url.searchParams.set("connectionTimeout", "10000");
    url.searchParams.set("greetingTimeout", "10000");
    url.searchParams.set("socketTimeout", "20000");
    let transport: Transporter | undefined;
    return {
      description: `SMTP ${new URL(opts.smtpUrl).hostname}`,
      send: async (m) => {
        transport ??= (await loadNodemailer()).default.createTransport(url.toString());
        await transport.sendMail({ from: opts.from, ...m });
      },
    };
  }
  let transport: Transporter | undefined;
  return {
    description: `outbox ${opts.outboxDir}`,
    send: async (m) => {
      transport ??= (await loadNodemailer()).default.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
      const info = await transport.sendMail({ from: opts.from, ...m });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID().slice(0, 8)}.eml`;
      // Written beside the folder, then moved in: a reader never sees half a message.
      const partial = path.join(path.dirname(opts.outboxDir), `.${name}.partial`);
      await fs.writeFile(partial, info.message as Buffer);
      await fs.rename(partial, path.join(opts.outboxDir, name));
    },
  };
}
