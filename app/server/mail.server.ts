import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { config, mailFrom } from "./config.server";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
};

/** A send failure, told apart by whether trying again later can help. */
export class MailError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

let transport: Transporter | undefined;

function smtpTransport(url: string): Transporter {
  transport ??= nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as never);
  return transport;
}

/**
 * Sends through SMTP when SMTP_URL is set. Otherwise, for local use, the message is written
 * as an .eml file under DATA_DIR/mail and its path logged, so nothing pretends to be sent.
 */
export async function sendMail(message: MailMessage): Promise<{ delivery: "smtp" | "file"; id: string }> {
  const c = config();
  const envelope = { from: mailFrom(), ...message };
  if (c.SMTP_URL) {
    try {
      const info = await smtpTransport(c.SMTP_URL).sendMail(envelope);
      return { delivery: "smtp", id: String(info.messageId) };
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      // 5xx SMTP replies are final (bad address, refused); connection trouble and 4xx are not.
      throw new MailError(`SMTP: ${(error as Error).message}`, !(code && code >= 500), { cause: error });
    }
  }
  const file = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail(envelope);
  const dir = path.resolve(c.DATA_DIR, "mail");
  mkdirSync(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${Math.random().toString(36).slice(2, 8)}.eml`;
  writeFileSync(path.join(dir, name), file.message as Buffer);
  console.log(`[mail] sin SMTP_URL: "${message.subject}" para ${message.to} guardado en ${path.join(dir, name)}`);
  return { delivery: "file", id: name };
}

/** Tests switch SMTP servers between files. */
export function resetMailTransport(): void {
  transport?.close();
  transport = undefined;
}
