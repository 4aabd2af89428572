import { data, redirect } from "react-router";
import { formatDateTime } from "~/domain/dates/madrid-dates";
import { fieldErrors } from "~/domain/fields/field-errors";
import { acceptForm, changesForm, declineForm } from "~/domain/quotes/quote-answer-form";
import { quotesUsedMaterials } from "~/domain/quotes/quote-document-text";
import { depositCents } from "~/domain/quotes/quote-deposit";
import { isExpired } from "~/domain/quotes/quote-expiry";
import { isOnlineMethod } from "~/domain/payments/payment-states";
import { alternativeTotals } from "~/domain/quotes/quote-totals";
import { invoiceableNif } from "~/domain/spanish-ids";
import { config } from "../config.server";
import { getDb } from "../db/db.server";
import { clientAddress, hitRateLimit, type RateLimitRule } from "../rate-limit.server";
import { quoteMoney, startChargePayment } from "../jobs/job-payment-page.server";
import { readForm } from "../http/request-body.server";
import { acceptQuote, answerQuote, type AnswerResult } from "./quote-answers.server";
import { isQuoteToken, quoteByToken, responsesOf, versionOf } from "./quote-store.server";

/*
 * The customer's quote page, /presupuestos/:token (issue 17): what its loader shows and what
 * its action does. Personal: out of the page cache (not listed there), noindex, no-store.
 */

export function quoteRateLimit(): RateLimitRule {
  return { prefix: "presupuesto", max: config().QUOTE_RATE_LIMIT, windowMs: 10 * 60_000 };
}

export type AnswerReply = { ok: false; intent: string; message: string; errors: Record<string, string>; fields: Record<string, string> };

export async function loadQuotePage(token: string | undefined, now = new Date()) {
  if (!isQuoteToken(token)) throw data(null, { status: 404 });
  const db = await getDb();
  const quote = await quoteByToken(db, token);
  if (!quote || quote.currentVersion === 0 || quote.status === "anulado") throw data(null, { status: 404 });
  const version = (await versionOf(db, quote.id, quote.currentVersion))!;
  const responses = await responsesOf(db, quote.id);
  const acceptances = responses.filter((r) => r.kind === "aceptado");
  const lastAccepted = acceptances.at(-1) ?? null;
  const currentAccepted = acceptances.find((r) => r.version === version.version) ?? null;
  const lastAnswer = responses.filter((r) => r.version === version.version).at(-1) ?? null;
  const doc = version.document;
  const expired = isExpired(version.validUntil, now);
  // After acceptance: the deposit or the final balance to pay, what was paid, the invoices (issue 17).
  const money = lastAccepted ? await quoteMoney(db, quote.id, quote.number, now) : null;
  return {
    money,
    token,
    number: quote.number,
    status: quote.status,
    expired: expired && !currentAccepted,
    version: version.version,
    documentSha256: version.documentSha256,
    doc,
    alternatives: doc.alternatives.map((alternative) => {
      const totals = alternativeTotals(alternative, doc.dwellingRenovation);
      return {
        key: alternative.key,
        title: alternative.title,
        usedMaterials: quotesUsedMaterials({ alternatives: [alternative] }),
        standardTotalCents: totals.standard.totalCents,
        reducedTotalCents: totals.reduced?.totalCents ?? null,
        depositStandardCents: depositCents(doc.deposit, totals.standard.totalCents),
        depositReducedCents: totals.reduced ? depositCents(doc.deposit, totals.reduced.totalCents) : null,
      };
    }),
    accepted: lastAccepted
      ? {
          version: lastAccepted.version,
          current: lastAccepted.version === version.version,
          alternative: lastAccepted.alternative,
          fullName: lastAccepted.fullName,
          at: formatDateTime(lastAccepted.createdAt),
          totalCents: lastAccepted.totalCents,
          depositCents: lastAccepted.depositCents,
          documentSha256: lastAccepted.documentSha256,
        }
      : null,
    lastAnswer: lastAnswer && lastAnswer.kind !== "aceptado" ? { kind: lastAnswer.kind, message: lastAnswer.message, at: formatDateTime(lastAnswer.createdAt) } : null,
    canAnswer: !currentAccepted && !expired && quote.status !== "rechazado",
    // The invoices need the customer's NIF: asked on acceptance when the quote has no valid one.
    askNif: invoiceableNif(doc.customer) === null,
  };
}

const MAX_BYTES = 200_000;

function refused(intent: string, result: Extract<AnswerResult, { ok: false }>, fields: Record<string, string>) {
  return data<AnswerReply>({ ok: false, intent, message: result.message, errors: result.errors ?? {}, fields }, { status: result.status });
}

export async function answerQuotePage(request: Request, token: string | undefined) {
  // The body first, like every action: a broken or oversized one is refused (413/415) whatever the address.
  const form = await readForm(request, { maxBytes: MAX_BYTES });
  if (!isQuoteToken(token)) throw data(null, { status: 404 });
  const fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  const intent = fields.intent ?? "";
  // What goes back with a refusal, so a page without JavaScript keeps what was typed (not the drawing).
  const { signaturePath: _drawn, ...kept } = fields;
  const db = await getDb();
  if (!(await hitRateLimit(db, quoteRateLimit(), clientAddress(request)))) {
    return data<AnswerReply>({ ok: false, intent, message: "Ha enviado demasiadas respuestas seguidas. Espere unos minutos e inténtelo de nuevo.", errors: {}, fields: kept }, { status: 429 });
  }
  const who = { ip: clientAddress(request), userAgent: request.headers.get("user-agent") ?? "" };
  if (intent === "pagar") {
    const method = fields.metodo ?? "";
    const chargeId = Number(fields.cargo);
    if (!isOnlineMethod(method) || !Number.isSafeInteger(chargeId) || chargeId <= 0) {
      return data<AnswerReply>({ ok: false, intent, message: "Elija cómo quiere pagar: con tarjeta o con Bizum.", errors: {}, fields: kept }, { status: 400 });
    }
    const started = await startChargePayment(db, { kind: "presupuesto", token }, chargeId, method);
    if (!started.ok) return data<AnswerReply>({ ok: false, intent, message: started.message, errors: {}, fields: kept }, { status: started.status });
    throw redirect(started.redirect, 303);
  }
  let result: AnswerResult;
  if (intent === "aceptar") {
    const parsed = acceptForm.safeParse(fields);
    if (!parsed.success) return data<AnswerReply>({ ok: false, intent, message: "Revise los datos marcados para aceptar el presupuesto.", errors: fieldErrors(parsed.error), fields: kept }, { status: 400 });
    result = await acceptQuote(db, token, parsed.data, who);
  } else if (intent === "cambios" || intent === "rechazar") {
    const parsed = (intent === "cambios" ? changesForm : declineForm).safeParse(fields);
    if (!parsed.success) return data<AnswerReply>({ ok: false, intent, message: "Revise el mensaje.", errors: fieldErrors(parsed.error), fields: kept }, { status: 400 });
    result = await answerQuote(db, token, intent === "cambios" ? "cambios" : "rechazado", parsed.data, who);
  } else {
    return data<AnswerReply>({ ok: false, intent, message: "No sabemos qué quería hacer. Vuelva a cargar la página e inténtelo de nuevo.", errors: {}, fields: kept }, { status: 400 });
  }
  if (!result.ok) return refused(intent, result, kept);
  throw redirect(`/presupuestos/${token}#respuesta`, 303);
}
