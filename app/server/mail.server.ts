import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { config, mailFrom } from "./config.server";
import { log } from "./log.server";

/**
 * A file sent with an e-mail, as text (it travels in the outbox's JSON payload), e.g. the
 * calendar file of an installation visit, or an invoice's PDF in base64. nodemailer reads
 * this shape as it is.
 */
export type MailAttachment = { filename: string; content: string; contentType: string; encoding?: "base64" };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
};

/** A send failure, told apart by whether trying again later can help. */
export class MailError extends Error {
  /** False only when the message surely did not reach the server (see mayHaveBeenAccepted). */
  readonly mayHaveBeenSent: boolean;
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown; mayHaveBeenSent?: boolean },
  ) {
    super(message, { cause: options?.cause });
    this.mayHaveBeenSent = options?.mayHaveBeenSent ?? true;
  }
}

/** Each is well inside the outbox lease (outbox.server.ts); a send is also abortable. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** nodemailer is loaded with the first e-mail, not at start (about 15 MB; decision 0010). */
const loadNodemailer = async () => (await import("nodemailer")).default;

let transport: Transporter | undefined;

async function smtpTransport(url: string): Promise<Transporter> {
  transport ??= (await loadNodemailer()).createTransport({ url, ...SMTP_TIMEOUTS } as never);
  return transport;
}

export function mailDelivery(): "smtp" | "file" {
  return config().SMTP_URL ? "smtp" : "file";
}

/** The domain for Message-IDs: the sender's own (MAIL_FROM, else SHOP_EMAIL). */
function messageIdDomain(): string {
  const address = /<([^>]+)>/.exec(mailFrom())?.[1] ?? mailFrom();
  return address.split("@")[1]?.trim().toLowerCase() || "localhost";
}

/**
 * The Message-ID of an outbox e-mail: the same on every attempt, so a copy sent twice is
 * recognisably the same message (Gmail and others show one), and it names the .eml file. The
 * creation time keeps it unique when ids start again (a new database).
 */
export function outboxMessageId(entry: { id: number; createdAt: Date }): string {
  return `<outbox-${entry.id}-${entry.createdAt.getTime().toString(36)}@${messageIdDomain()}>`;
}

const NEVER_CONNECTED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "EADDRNOTAVAIL"]);
const BEFORE_MESSAGE = new Set(["EDNS", "ETLS", "EAUTH", "ENOAUTH", "EOAUTH2", "EENVELOPE", "ECONFIG", "EPROXY", "EREQUIRETLS"]);
const SETUP_TIMEOUTS = new Set(["CONNECT_TIMEOUT", "GREETING_TIMEOUT", "UPGRADE_TIMEOUT"]);

/**
 * Whether an SMTP failure may hide an accepted message. A server's reply (4xx, 5xx) is a
 * refusal, and errors before the message (DNS, refused connection, login, addresses) never
 * sent it; a dropped connection or a timeout after the data went out is unknowable.
 */
function mayHaveBeenAccepted(error: { code?: string; originalCode?: string; responseCode?: number; timeoutType?: string }): boolean {
  if (error.responseCode) return false;
  if (error.code && BEFORE_MESSAGE.has(error.code)) return false;
  if (error.originalCode && NEVER_CONNECTED.has(error.originalCode)) return false;
  if (error.code === "ETIMEDOUT" && error.timeoutType && SETUP_TIMEOUTS.has(error.timeoutType)) return false;
  return true;
}

export type SendOptions = {
  /** A stable Message-ID (outboxMessageId): a retry is the same message, not a new one. */
  messageId?: string;
  signal?: AbortSignal;
  /** Awaited right before the message leaves; the outbox records "sending started" (and checks its claim). */
  beforeSend?: () => Promise<void>;
  /** Awaited as soon as the server (or the file) took it. */
  afterSend?: () => Promise<void>;
};

/**
 * Sends through SMTP when SMTP_URL is set. Otherwise, for local use, the message is written
 * as an .eml file under DATA_DIR/mail and its path logged, so nothing pretends to be sent.
 */
export async function sendMail(message: MailMessage, options: SendOptions = {}): Promise<{ delivery: "smtp" | "file"; id: string }> {
  const c = config();
  const envelope = { from: mailFrom(), ...message, ...(options.messageId ? { messageId: options.messageId } : {}) };
  if (c.SMTP_URL) {
    await options.beforeSend?.();
    let info: { messageId: string };
    try {
      info = await (await smtpTransport(c.SMTP_URL)).sendMail({ ...envelope, signal: options.signal });
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      // 5xx SMTP replies are final (bad address, refused); connection trouble and 4xx are not.
      throw new MailError(`SMTP: ${(error as Error).message}`, !(code && code >= 500), {
        cause: error,
        mayHaveBeenSent: mayHaveBeenAccepted(error as never),
      });
    }
    await options.afterSend?.();
    return { delivery: "smtp", id: String(info.messageId) };
  }
  return writeMailFile(envelope, options);
}

/** The file transport: named by the Message-ID when there is one, so writing it again changes nothing. */
async function writeMailFile(envelope: MailMessage & { from: string; messageId?: string }, options: SendOptions) {
  const dir = path.resolve(config().DATA_DIR, "mail");
  const stable = envelope.messageId?.replace(/^<|@.*$|>$/g, "").replace(/[^\w.-]/g, "_");
  const name = stable
    ? `${stable}.eml`
    : `${new Date().toISOString().replace(/[:.]/g, "-")}-${Math.random().toString(36).slice(2, 8)}.eml`;
  const file = path.join(dir, name);
  if (stable && existsSync(file)) {
    log("mail").info({ file }, `sin SMTP_URL: "${envelope.subject}" ya estaba guardado en ${file}; no se repite`);
    return { delivery: "file" as const, id: name };
  }
  const built = await (await loadNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail(envelope);
  await options.beforeSend?.();
  mkdirSync(dir, { recursive: true });
  // Written whole, then renamed: a crash never leaves a half file that would count as sent.
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, built.message as Buffer);
  renameSync(partial, file);
  await options.afterSend?.();
  log("mail").info({ file }, `sin SMTP_URL: "${envelope.subject}" guardado en ${file}`);
  return { delivery: "file" as const, id: name };
}

/** Tests switch SMTP servers between files. */
export function resetMailTransport(): void {
  transport?.close();
  transport = undefined;
}
