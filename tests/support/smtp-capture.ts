import { simpleParser, type ParsedMail } from "mailparser";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** Every message any capture of this process received: fixtures that do not know the spec's capture read it here. */
const everyCapture: ParsedMail[][] = [];
export function capturedMail(): ParsedMail[] {
  return everyCapture.flat();
}

/** A real SMTP server on localhost that keeps what it receives (tests only). */
export async function startSmtpCapture(options: { rejectWith?: number } = {}) {
  const messages: ParsedMail[] = [];
  everyCapture.push(messages);
  const server = new SMTPServer({
    authOptional: true,
    // A user and password in SMTP_URL are accepted (the hardening specs set a known fake one).
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      if (options.rejectWith) {
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error("rechazado"), { responseCode: options.rejectWith })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
