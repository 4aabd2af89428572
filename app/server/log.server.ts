import { AsyncLocalStorage } from "node:async_hooks";
import { Writable } from "node:stream";
import pino, { type DestinationStream, type Logger } from "pino";

/*
 * Structured logs: one JSON line per event (pino: fast, well kept, redaction built in), with
 * the request id on every line written while a request is served (AsyncLocalStorage, set by
 * app/server/http/request-context.server.ts). LOG_LEVEL sets the level (default info).
 * Nothing secret or personal goes in: passwords, tokens, cookies, session ids and postal
 * addresses are censored wherever they appear as fields, and request lines carry the path
 * without its query (reset links carry tokens there).
 */

type RequestStore = { requestId: string };
export const requestContext = new AsyncLocalStorage<RequestStore>();

/** Field names whose values never reach a log line, at the top level or one level down. */
const SECRET_FIELDS = [
  "password",
  "newPassword",
  "token",
  "secret",
  "cookie",
  "authorization",
  "sessionId",
  "session_token",
  "address",
  "addressSend",
  "addressBill",
  "direccion",
  "iban",
  // The VAPID private key (issue 30).
  "privateKey",
];
const REDACT_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
];

/**
 * Under Vitest, lines go to the console by level as "[component] message", so a test still
 * fails on an unexpected error and can expect a warning or a line with a spy.
 */
function consoleDestination(): DestinationStream {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const line = chunk.toString("utf8").trim();
      let entry: { level: number; msg?: string; component?: string; err?: { message?: string } };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        entry = { level: 30, msg: line };
      }
      const text = `${entry.component ? `[${entry.component}] ` : ""}${entry.msg ?? ""}${entry.err?.message ? `: ${entry.err.message}` : ""}`;
      if (entry.level >= 50) console.error(text);
      else if (entry.level >= 40) console.warn(text);
      else console.log(text);
      callback();
    },
  });
}

/**
 * Errors as a few plain fields. A failed query's message and stack carry its parameters
 * ("params: ..." from Drizzle: session tokens, basket ids, e-mails), and some errors hold
 * whole connection objects; none of that reaches a log line.
 */
type LoggedError = { type: string; message: string; stack?: string; code?: string; cause?: LoggedError };

const QUERY_PARAMS = /\nparams: [^\n]*/g;

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error).replace(QUERY_PARAMS, "") };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message.replace(QUERY_PARAMS, ""),
    ...(error.stack ? { stack: error.stack.replace(QUERY_PARAMS, "") } : {}),
    ...(typeof code === "string" ? { code } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}

/** A logger with the shop's options; `destination` for tests that read the lines. */
export function createLogger(destination?: DestinationStream): Logger {
  const testing = process.env.NODE_ENV === "test" || process.env.VITEST !== undefined;
  const level = process.env.LOG_LEVEL ?? "info";
  return pino(
    {
      level,
      base: { pid: process.pid },
      redact: { paths: REDACT_PATHS, censor: "[oculto]" },
      mixin: () => {
        const store = requestContext.getStore();
        return store ? { reqId: store.requestId } : {};
      },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: (error: unknown) => serializeError(error) },
    },
    destination ?? (testing ? consoleDestination() : pino.destination({ dest: 1, sync: true })),
  );
}

const holder: { logger?: Logger } = {};
/** One child per component: making a pino child on every request cost as much as serving a kept page's headers. */
const children = new Map<string, Logger>();

/** The process's logger; `component` names the part of the shop that writes ("outbox", "db"...). */
export function log(component?: string): Logger {
  holder.logger ??= createLogger();
  if (!component) return holder.logger;
  let child = children.get(component);
  if (!child) children.set(component, (child = holder.logger.child({ component })));
  return child;
}
