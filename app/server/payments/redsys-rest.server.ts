import { REFUND_ACCEPTED, responseMeaning } from "~/domain/payments/redsys-codes";
import type { RedsysConfig } from "../config.server";
import { log, serializeError } from "../log.server";
import { param, signedMessage, verifyMessage } from "./redsys-signature.server";

/*
 * Redsys's REST interface (trataPeticionREST): one signed request (redsys-signature.server.ts)
 * answered either by a signed message or by {"errorCode"}. Refunds (issue 12, "Refunds",
 * transaction type 3) live here; charges to a stored card (issue 31) use the same call from
 * redsys-stored-card.server.ts.
 *
 * Three outcomes, because with money "we do not know" is an answer of its own: "done" and
 * "refused" come from an answer we could verify (or a plain SIS error, which means nothing
 * was processed); "unknown" is everything else (no answer, a timeout, an answer we cannot
 * read or whose signature, order or amount does not match). After "unknown" the money may
 * or may not have moved: only the bank's portal can tell, so the caller must not retry.
 */

export const REFUND_TIMEOUT_MS = 20_000;
/** Redsys's answers are a few hundred bytes; anything this big is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** What one request asks: our order code, the amount, the operation and what else it needs. */
export type RestRequest = { code: string; amountCents: number; transactionType: "0" | "3"; extra?: Record<string, string> };

/** A verified answer about what we asked (its Ds_Response), a SIS error, or nothing to trust. */
export type RestAnswer =
  | { kind: "answered"; code: string; parameters: Record<string, string> }
  | { kind: "sis-error"; code: string }
  | { kind: "unknown"; reason: string };

export type RestOutcome =
  | { kind: "done"; code: string; meaning: string; authorisationCode: string | null; parameters: Record<string, string> }
  | { kind: "refused"; code: string; meaning: string; parameters?: Record<string, string> }
  | { kind: "unknown"; reason: string };

export type RefundRequest = { code: string; amountCents: number };
export type RefundOutcome = RestOutcome;

type Fetch = typeof fetch;

/** What a caller of Redsys may replace (tests): the configuration, fetch and the time to wait. */
export type RedsysDeps = { config?: RedsysConfig | null; fetchImpl?: Fetch; timeoutMs?: number };

export async function requestRefund(
  cfg: RedsysConfig,
  { code, amountCents }: RefundRequest,
  fetchImpl: Fetch = fetch,
  { timeoutMs = REFUND_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<RefundOutcome> {
  const answer = await callRedsysRest(cfg, { code, amountCents, transactionType: "3" }, fetchImpl, timeoutMs);
  const outcome = outcomeOf(answer, (response) => response === REFUND_ACCEPTED);
  const logger = log("payments");
  const line = { order: code, amountCents, outcome: outcome.kind, ...(outcome.kind === "unknown" ? { reason: outcome.reason } : { code: outcome.code }) };
  if (outcome.kind === "done") logger.info(line, "reembolso aceptado por Redsys");
  else logger.warn(line, outcome.kind === "refused" ? "reembolso rechazado por Redsys" : "reembolso sin respuesta fiable de Redsys");
  return outcome;
}

/**
 * Sends one signed request to trataPeticionREST and reads what came back. A bad amount is a
 * programming error and throws before anything is sent.
 */
export async function callRedsysRest(cfg: RedsysConfig, request: RestRequest, fetchImpl: Fetch, timeoutMs: number): Promise<RestAnswer> {
  const { code, amountCents, transactionType, extra = {} } = request;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new Error("Redsys REST: el importe debe ser un número entero de céntimos mayor que 0");
  const message = signedMessage(cfg.secretKey, code, {
    DS_MERCHANT_AMOUNT: String(amountCents),
    DS_MERCHANT_ORDER: code,
    DS_MERCHANT_MERCHANTCODE: cfg.merchantCode,
    DS_MERCHANT_CURRENCY: "978",
    DS_MERCHANT_TRANSACTIONTYPE: transactionType,
    DS_MERCHANT_TERMINAL: cfg.terminal,
    ...extra,
  });
  let text: string;
  try {
    const response = await fetchImpl(cfg.restUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
    text = await readCapped(response, MAX_ANSWER_BYTES);
  } catch (error) {
    const name = (error as { name?: unknown })?.name;
    if (name === "TimeoutError" || name === "AbortError") return { kind: "unknown", reason: `sin respuesta en ${(timeoutMs / 1000).toLocaleString("es-ES")} s` };
    if (error instanceof AnswerTooLarge) return { kind: "unknown", reason: "respuesta demasiado grande" };
    log("payments").warn({ err: serializeError(error), order: code, transactionType }, "error de red al llamar a la API REST de Redsys");
    return { kind: "unknown", reason: "error de red" };
  }
  return readAnswer(cfg, text, { code, amountCents });
}

/** What Redsys answered, checked: only a verified answer about what we asked is believed. */
export function readAnswer(cfg: RedsysConfig, text: string, asked: RefundRequest): RestAnswer {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: "unknown", reason: "respuesta ilegible (no es JSON)" };
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return { kind: "unknown", reason: "respuesta ilegible" };
  const fields = body as Record<string, unknown>;
  if (typeof fields.errorCode === "string" && fields.errorCode.trim() && !("Ds_Signature" in fields)) {
    // A SIS error: Redsys refused the request before processing it.
    return { kind: "sis-error", code: fields.errorCode.trim().slice(0, 20) };
  }
  const verified = verifyMessage(cfg.secretKey, fields);
  if (!verified.ok) return { kind: "unknown", reason: `respuesta no fiable: ${verified.reason}` };
  const { parameters } = verified;
  if (verified.order !== asked.code) return { kind: "unknown", reason: "la respuesta es de otro pedido de Redsys" };
  const amount = param(parameters, "Ds_Amount")?.trim() ?? "";
  if (!/^\d{1,12}$/.test(amount) || Number(amount) !== asked.amountCents) return { kind: "unknown", reason: "la respuesta trae otro importe" };
  const merchant = param(parameters, "Ds_MerchantCode");
  if (merchant !== undefined && merchant !== cfg.merchantCode) return { kind: "unknown", reason: "la respuesta es de otro comercio" };
  const code = param(parameters, "Ds_Response")?.trim();
  if (!code) return { kind: "unknown", reason: "la respuesta no trae Ds_Response" };
  return { kind: "answered", code, parameters };
}

/** The three outcomes of an answer, given which Ds_Response means the operation went through. */
export function outcomeOf(answer: RestAnswer, succeeded: (response: string) => boolean): RestOutcome {
  if (answer.kind === "unknown") return answer;
  const { code } = answer;
  if (answer.kind === "sis-error") return { kind: "refused", code, meaning: responseMeaning(code) };
  const { parameters } = answer;
  if (succeeded(code)) return { kind: "done", code, meaning: responseMeaning(code), authorisationCode: param(parameters, "Ds_AuthorisationCode")?.trim() || null, parameters };
  return { kind: "refused", code, meaning: responseMeaning(code), parameters };
}

class AnswerTooLarge extends Error {}

async function readCapped(response: Response, limit: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new AnswerTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
