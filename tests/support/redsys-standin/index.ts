import express, { type NextFunction, type Request, type Response } from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { controlRouter } from "./control";
import { errorPage } from "./html";
import { parseModeChange } from "./mode";
import { deliverHeld } from "./notification";
import { decidir, realizarPago } from "./payment-pages";
import { isSecretKey } from "./signature";
import { trataPeticionRest } from "./rest";
import { createState, type LogEntry, type Mode } from "./state";

/*
 * A local stand-in of Redsys (issue 12, "Tests and a local sandbox"): the redirection
 * interface (/sis/realizarPago), the REST refunds and charges to a stored card
 * (/sis/rest/trataPeticionREST) and a control interface (/control). It checks what the shop sends with its own signature code,
 * shows a payment page with "Pagar" and "Denegar", notifies the shop and sends the browser
 * back, as Redsys does. Everything lives in memory for the life of the process.
 */

export type { LogEntry, Mode, NotificationMode } from "./state";

export type RedsysStandInOptions = {
  /** 0 (the default): any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  merchantCode: string;
  terminal: string;
  /** The base64 key (24 bytes); only ever used to sign and check, never logged. */
  secretKey: string;
  /** Called with every log entry as it is recorded (the sandbox prints them). */
  onEvent?: (entry: LogEntry) => void;
};

export type RedsysStandIn = {
  /** REDSYS_URL for the shop. */
  url: string;
  /** REDSYS_REST_URL for the shop. */
  restUrl: string;
  /** http://host:port, where /control lives. */
  baseUrl: string;
  setMode(mode: Partial<Mode>): void;
  mode(): Mode;
  /** Sends the notifications held back by mode "hold"; resolves once the shop answered each. */
  deliverHeld(): Promise<void>;
  log(): LogEntry[];
  /** Polls the log until `predicate` holds; rejects after `timeoutMs` (default 10 s) with the log. */
  waitFor(predicate: (log: LogEntry[]) => boolean, timeoutMs?: number): Promise<LogEntry[]>;
  close(): Promise<void>;
};

export async function startRedsysStandIn(options: RedsysStandInOptions): Promise<RedsysStandIn> {
  const { merchantCode, terminal, secretKey, port = 0, host = "127.0.0.1" } = options;
  if (!/^\d{1,9}$/.test(merchantCode)) throw new Error("El código de comercio del simulador debe tener hasta 9 cifras");
  if (!/^\d{1,3}$/.test(terminal)) throw new Error("El terminal del simulador debe tener de 1 a 3 cifras");
  if (!isSecretKey(secretKey)) throw new Error("La clave del simulador debe ser base64 de 24 bytes");
  const state = createState({ merchantCode, terminal, secretKey }, options.onEvent);

  const app = express();
  app.disable("x-powered-by");
  app.use(express.urlencoded({ extended: false, limit: "64kb" }));
  app.use(express.json({ limit: "64kb" }));
  app.post("/sis/realizarPago", realizarPago(state));
  app.post("/sis/decidir/:session", decidir(state));
  app.post("/sis/rest/trataPeticionREST", trataPeticionRest(state));
  app.use(controlRouter(state));
  app.use((_req: Request, res: Response) => {
    res.status(404).type("html").send(errorPage("404", "Esta dirección no existe en el simulador de Redsys"));
  });
  // An unreadable body (bad JSON, too large): a Spanish 4xx, never a stack trace.
  app.use((error: { status?: number }, req: Request, res: Response, _next: NextFunction) => {
    const status = typeof error.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 500;
    const message = "El mensaje de petición no es correcto, debe revisar el formato";
    const rest = req.path.startsWith("/sis/rest/");
    state.record({ kind: rest ? "refund" : "payment-error", code: "SIS0007", error: `${message} (cuerpo ilegible)` });
    if (rest) return res.status(200).json({ errorCode: "SIS0007" });
    res.status(status).type("html").send(errorPage("SIS0007", message));
  });

  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(listening)));
  });
  const { port: actualPort } = server.address() as AddressInfo;
  const shownHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  const baseUrl = `http://${shownHost}:${actualPort}`;

  return {
    url: `${baseUrl}/sis/realizarPago`,
    restUrl: `${baseUrl}/sis/rest/trataPeticionREST`,
    baseUrl,
    setMode(mode) {
      const parsed = parseModeChange(mode);
      if (!parsed.ok) throw new Error(parsed.message);
      Object.assign(state.mode, parsed.change);
    },
    mode: () => ({ ...state.mode }),
    deliverHeld: async () => {
      await deliverHeld(state);
    },
    log: () => state.entries.map((entry) => ({ ...entry })),
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const entries = state.entries.map((entry) => ({ ...entry }));
        if (predicate(entries)) return entries;
        if (Date.now() > deadline) throw new Error(`El simulador de Redsys no llegó al estado esperado en ${timeoutMs} ms. Registro:\n${JSON.stringify(entries, null, 1)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      for (const timer of state.timers) clearTimeout(timer);
      state.timers.clear();
      state.held.length = 0;
      await Promise.allSettled([...state.inFlight]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
