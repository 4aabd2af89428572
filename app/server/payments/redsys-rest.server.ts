import { REFUND_ACCEPTED, responseMeaning } from "~/domain/payments/redsys-codes";
import type { RedsysConfig } from "../config.server";
import { log, serializeError } from "../log.server";
import { param, signedMessage, verifyMessage } from "./redsys-signature.server";

/*
 * A refund through Redsys's REST interface (issue 12, "Refunds"): transaction type 3 against
 * the order code of the attempt that took the money, signed as every request
 * (redsys-signature.server.ts), answered either by a signed message or by {"errorCode"}.
 *
 * Three outcomes, because with money "we do not know" is an answer of its own: "done" and
 * "refused" come from an answer we could verify (or a plain SIS error, which means nothing
 * was processed); "unknown" is everything else (no answer, a timeout, an answer we cannot
 * read or whose signature, order or amount does not match). After "unknown" the money may
 * or may not have gone back: only the bank's portal can tell, so the caller must not retry.
 */

export const REFUND_TIMEOUT_MS = 20_000;
/** Redsys's answers are a few hundred bytes; anything this big is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;

export type RefundRequest = { code: string; amountCents: number };

export type RefundOutcome =
  | { kind: "done"; code: string; meaning: string; authorisationCode: string | null; parameters: Record<string, string> }
  | { kind: "refused"; code: string; meaning: string; parameters?: Record<string, string> }
  | { kind: "unknown"; reason: string };

type Fetch = typeof fetch;

export async function requestRefund(
  cfg: RedsysConfig,
  { code, amountCents }: RefundRequest,
  fetchImpl: Fetch = fetch,
  { timeoutMs = REFUND_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<RefundOutcome> {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new Error("requestRefund: el importe debe ser un número entero de céntimos mayor que 0");
  const message = signedMessage(cfg.secretKey, code, {
    DS_MERCHANT_AMOUNT: String(amountCents),
    DS_MERCHANT_ORDER: code,
    DS_MERCHANT_MERCHANTCODE: cfg.merchantCode,
    DS_MERCHANT_CURRENCY: "978",
    DS_MERCHANT_TRANSACTIONTYPE: "3",
    DS_MERCHANT_TERMINAL: cfg.terminal,
  });
  const logger = log("payments");
  const outcome = await send(cfg, message, { code, amountCents }, fetchImpl, timeoutMs);
  const line = { order: code, amountCents, outcome: outcome.kind, ...(outcome.kind === "unknown" ? { reason: outcome.reason } : { code: outcome.code }) };
  if (outcome.kind === "done") logger.info(line, "reembolso aceptado por Redsys");
  else logger.warn(line, outcome.kind === "refused" ? "reembolso rechazado por Redsys" : "reembolso sin respuesta fiable de Redsys");
  return outcome;
}

async function send(cfg: RedsysConfig, message: object, asked: RefundRequest, fetchImpl: Fetch, timeoutMs: number): Promise<RefundOutcome> {
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
    log("payments").warn({ err: serializeError(error) }, "error de red al pedir un reembolso a Redsys");
    return { kind: "unknown", reason: "error de red" };
  }
  return readAnswer(cfg, text, asked);
}

/** What Redsys answered, checked: only a verified answer about what we asked is believed. */
export function readAnswer(cfg: RedsysConfig, text: string, asked: RefundRequest): RefundOutcome {
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
    const errorCode = fields.errorCode.trim().slice(0, 20);
    return { kind: "refused", code: errorCode, meaning: responseMeaning(errorCode) };
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
  if (code === REFUND_ACCEPTED) {
    return { kind: "done", code, meaning: responseMeaning(code), authorisationCode: param(parameters, "Ds_AuthorisationCode")?.trim() || null, parameters };
  }
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
