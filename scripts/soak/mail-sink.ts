import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A local SMTP server that keeps every message it accepts (as tests/support/smtp-capture.ts). */
export type ReceivedMail = {
  messageId: string;
  to: string;
  subject: string;
  text: string;
  /**
   * The outbox entry the e-mail came from, when the app marks it: the number in a Message-ID
   * `<outbox-ID-...@...>` (app/server/mail.server.ts), or a header whose name mentions the outbox.
   */
  marker: string;
  at: number;
};

export async function startMailSink(options: { port: number; clock: () => number }) {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = [mail.to].flat().map((address) => address?.text ?? "").join(", ");
          messages.push({
            messageId: mail.messageId ?? "",
            to,
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            marker:
              /^<outbox-(\d+)-/.exec(mail.messageId ?? "")?.[1] ??
              mail.headerLines
                .filter((line) => /outbox/i.test(line.key))
                .map((line) => line.line.trim())
                .join("|"),
            at: options.clock(),
          });
          callback();
        })
        .catch(callback);
    },
  });
  // A client that dies mid-session (the SIGKILL) resets its connection: not the sink's failure.
  server.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port, "127.0.0.1", resolve);
  });
  return {
    url: `smtp://127.0.0.1:${options.port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
