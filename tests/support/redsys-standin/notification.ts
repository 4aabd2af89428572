import { randomInt } from "node:crypto";
import { signFields } from "./signature";
import type { PendingNotification, Session, StandInState } from "./state";
import { keepCard } from "./stored-cards";

/*
 * The notification Redsys posts to the shop's DS_MERCHANT_MERCHANTURL once the customer
 * has paid or been refused: form-urlencoded Ds_SignatureVersion, Ds_MerchantParameters
 * (base64 JSON, its values URL-encoded, keys in Redsys's order) and Ds_Signature in the
 * URL-safe alphabet. The same three fields go back on the browser's return address.
 */

export const PAID = "0000";
export const DENIED = "0190";
const SHOP_TIMEOUT_MS = 10_000;

export type NotificationFacts = {
  when: Date;
  amount: number | string;
  order: string;
  merchantCode: string;
  terminal: string;
  responseCode: string;
  merchantData: string;
  authorisationCode: string;
  method: "tarjeta" | "bizum";
};

/** Date and hour as Redsys writes them: Spanish local time, URL-encoded ("28%2F05%2F2018", "10%3A44"). */
function madridDateAndHour(when: Date): { date: string; hour: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("es-ES", { timeZone: "Europe/Madrid", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(when)
      .map((part) => [part.type, part.value]),
  );
  return { date: encodeURIComponent(`${parts.day}/${parts.month}/${parts.year}`), hour: encodeURIComponent(`${parts.hour}:${parts.minute}`) };
}

export function notificationParameters(facts: NotificationFacts): Record<string, string> {
  const { date, hour } = madridDateAndHour(facts.when);
  const parameters: Record<string, string> = {
    Ds_Date: date,
    Ds_Hour: hour,
    Ds_SecurePayment: "1",
    Ds_Amount: String(facts.amount),
    Ds_Currency: "978",
    Ds_Order: facts.order,
    Ds_MerchantCode: facts.merchantCode,
    Ds_Terminal: facts.terminal.padStart(3, "0"),
    Ds_Response: facts.responseCode,
    Ds_TransactionType: "0",
    Ds_MerchantData: encodeURIComponent(facts.merchantData),
    Ds_AuthorisationCode: facts.authorisationCode,
    Ds_ConsumerLanguage: "1",
  };
  if (facts.method === "bizum") parameters.Ds_ProcessedPayMethod = "68";
  else Object.assign(parameters, { Ds_Card_Country: "724", Ds_Card_Brand: "1" });
  return parameters;
}

export function newAuthorisationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** The signed notification for a decided session. */
export function buildNotification(state: StandInState, session: Session, paid: boolean): PendingNotification {
  const responseCode = paid ? PAID : DENIED;
  const parameters = notificationParameters({
    when: state.now(),
    amount: session.amount,
    order: session.order,
    merchantCode: state.config.merchantCode,
    terminal: state.config.terminal,
    responseCode,
    merchantData: session.merchantData,
    authorisationCode: paid ? newAuthorisationCode() : "++++++",
    method: session.method,
  });
  // A first payment that asked for a reference: only an authorised one keeps the card.
  if (paid && session.storeCard) Object.assign(parameters, keepCard(state));
  return { session, responseCode, fields: signFields(state.config.secretKey, session.order, parameters, true) };
}

/** One POST to the shop; records its status, or why it got none. Never throws. */
export function postNotification(state: StandInState, pending: PendingNotification): Promise<void> {
  const { session } = pending;
  const run = (async () => {
    const base = { kind: "notification" as const, order: session.order, amount: session.amount, method: session.method, code: pending.responseCode };
    try {
      const response = await fetch(session.merchantUrl, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(pending.fields).toString(),
        redirect: "manual",
        signal: AbortSignal.timeout(SHOP_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      state.record({ ...base, shopStatus: response.status });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      state.record({ ...base, error: timedOut ? `la tienda no contestó en ${SHOP_TIMEOUT_MS / 1000} s` : `no se pudo entregar: ${describe(error)}` });
    }
  })();
  state.inFlight.add(run);
  void run.finally(() => state.inFlight.delete(run));
  return run;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return `${error.message}${cause}`;
  }
  return String(error);
}

/**
 * What happens to the notification under the current mode. The returned promise is what the
 * browser waits for before being sent back (as Redsys waits for the shop's answer); delayed
 * and held notifications go later.
 */
export async function dispatchNotification(state: StandInState, pending: PendingNotification): Promise<void> {
  const { notification, delayMs, repeat } = state.mode;
  if (notification === "send") return postNotification(state, pending);
  if (notification === "repeat") {
    for (let i = 0; i < repeat; i++) await postNotification(state, pending);
    return;
  }
  if (notification === "hold") {
    state.held.push(pending);
    return;
  }
  if (notification === "delay") {
    const timer = setTimeout(() => {
      state.timers.delete(timer);
      void postNotification(state, pending);
    }, delayMs);
    state.timers.add(timer);
  }
  // drop: never sent.
}

/** Sends every held notification, in order; resolves once the shop has answered each. */
export async function deliverHeld(state: StandInState): Promise<number> {
  const held = state.held.splice(0);
  for (const pending of held) await postNotification(state, pending);
  return held.length;
}
