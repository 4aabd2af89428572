import { eq } from "drizzle-orm";
import { formatEuros, REDUCED_VAT_RATE } from "~/domain/money";
import { pgErrorCode, UNIQUE_VIOLATION } from "../db/pg-errors.server";
import { reducedVatConfirmed, type AcceptInput } from "~/domain/quotes/quote-answer-form";
import { quotesUsedMaterials } from "~/domain/quotes/quote-document-text";
import { depositCents } from "~/domain/quotes/quote-deposit";
import { isExpired } from "~/domain/quotes/quote-expiry";
import { alternativeTotals, chargedTotals } from "~/domain/quotes/quote-totals";
import { invoiceableNif } from "~/domain/spanish-ids";
import { audit } from "../audit.server";
import type { Database, Transaction } from "../db/client.server";
import { quoteResponses, quotes } from "./quotes-schema.server";
import { askDeposit } from "../jobs/job-charges.server";
import { openJobForAcceptedQuote } from "../jobs/open-job.server";
import { enqueueAnswerNotice } from "./quote-emails.server";
import { enqueueAlert } from "../alerts/alert-queue.server";
import { jobRef } from "../outbox-refs.server";
import { quoteAcceptedAlert } from "~/domain/alerts/alert-messages";
import { acceptanceOf, versionOf, type Quote, type QuoteResponseRow, type QuoteVersionRow } from "./quote-store.server";

/*
 * The customer's answers to a sent version (issue 17): accept (signed), ask for changes, or
 * decline. Each is checked under the quote's row lock: the version must be the current one,
 * with the hash the page showed, still valid (Madrid days) and not answered for good. An
 * acceptance stores exactly what was accepted and, in the same transaction, opens the job
 * holding the alternative's catalogue units (openJobForAcceptedQuote) and asking its deposit
 * (askDeposit, job_charges). The unique index on
 * acceptances makes a second click, or a second instance, find the first one.
 */

export type Requester = { ip: string; userAgent: string };

export type AnswerRefusal = { ok: false; status: 400 | 404 | 409 | 410; reason: "desconocido" | "caducado" | "no-vigente" | "ya-aceptado" | "cerrado" | "formulario"; message: string; errors?: Record<string, string> };
export type AnswerResult = { ok: true; response: QuoteResponseRow; jobId?: number } | AnswerRefusal;

const refuse = (status: AnswerRefusal["status"], reason: AnswerRefusal["reason"], message: string, errors?: Record<string, string>): AnswerRefusal => ({ ok: false, status, reason, message, ...(errors ? { errors } : {}) });

export const EXPIRED_MESSAGE = "Este presupuesto está caducado: ya no se puede aceptar. Pídanos uno nuevo y se lo preparamos.";
export const NOT_CURRENT_MESSAGE = "Esta versión del presupuesto ya no es la vigente: le hemos enviado una más reciente. Revísela antes de contestar.";
export const ALREADY_ACCEPTED_MESSAGE = "Esta versión del presupuesto ya está aceptada: no hace falta firmarla otra vez.";

type Checked = { ok: true; quote: Quote; version: QuoteVersionRow } | AnswerRefusal;

/** The quote, locked, and its current version, if the customer may still answer it now. */
async function lockForAnswer(tx: Transaction, token: string, posted: { version: number; documentSha256: string }, now: Date): Promise<Checked> {
  const [quote] = await tx.select().from(quotes).where(eq(quotes.token, token)).for("update");
  if (!quote || quote.currentVersion === 0 || quote.status === "anulado" || quote.status === "borrador") return refuse(404, "desconocido", "No encontramos este presupuesto.");
  if (posted.version !== quote.currentVersion) return refuse(409, "no-vigente", NOT_CURRENT_MESSAGE);
  const version = await versionOf(tx, quote.id, quote.currentVersion);
  if (!version) return refuse(404, "desconocido", "No encontramos este presupuesto.");
  if (posted.documentSha256 !== version.documentSha256) return refuse(409, "no-vigente", NOT_CURRENT_MESSAGE);
  if (await acceptanceOf(tx, quote.id, version.version)) return refuse(409, "ya-aceptado", ALREADY_ACCEPTED_MESSAGE);
  if (quote.status === "rechazado") return refuse(409, "cerrado", "Este presupuesto está rechazado. Si ha cambiado de idea, llámenos o pídanos uno nuevo.");
  if (isExpired(version.validUntil, now)) return refuse(410, "caducado", EXPIRED_MESSAGE);
  return { ok: true, quote, version };
}

/** Whether a failure is the unique index of acceptances (another request accepted first). */
const isUniqueViolation = (error: unknown) => pgErrorCode(error) === UNIQUE_VIOLATION;

/** The accepted form; `customerNif` (normalised, valid or "") only where the page asked it. */
export type Acceptance = Omit<AcceptInput, "customerNif"> & { customerNif?: string };

export async function acceptQuote(db: Database, token: string, input: Acceptance, who: Requester, now = new Date()): Promise<AnswerResult> {
  try {
    return await db.transaction(async (tx): Promise<AnswerResult> => {
      const checked = await lockForAnswer(tx, token, input, now);
      if (!checked.ok) return checked;
      const { quote, version } = checked;
      const document = version.document;
      const alternative = document.alternatives.find((a) => a.key === input.alternative);
      if (!alternative) return refuse(400, "formulario", "Elija una de las opciones del presupuesto.", { alternative: "Elija una de las opciones del presupuesto." });
      const usedNeeded = quotesUsedMaterials({ alternatives: [alternative] });
      if (usedNeeded && !input.usedMaterials) {
        const message = "Esta opción lleva materiales usados: marque que autoriza su utilización, o pídanos cambios.";
        return refuse(400, "formulario", message, { usedMaterials: message });
      }
      const totals = alternativeTotals(alternative, document.dwellingRenovation);
      const charged = chargedTotals(totals, reducedVatConfirmed(input));
      const deposit = depositCents(document.deposit, charged.totalCents);
      const drawn = input.signaturePath.includes("L");
      const [response] = await tx
        .insert(quoteResponses)
        .values({
          quoteId: quote.id,
          version: version.version,
          kind: "aceptado",
          alternative: alternative.key,
          fullName: input.fullName,
          signatureKind: drawn ? "dibujada" : "escrita",
          signature: drawn ? input.signaturePath : input.typedSignature,
          statementAccepted: true,
          usedMaterialsAuthorised: Boolean(input.usedMaterials) && usedNeeded,
          reducedVatConfirmed: charged.rate === REDUCED_VAT_RATE,
          documentSha256: version.documentSha256,
          totalCents: charged.totalCents,
          depositCents: deposit,
          ip: who.ip,
          userAgent: who.userAgent.slice(0, 500),
          createdAt: now,
        })
        .returning();
      await tx.update(quotes).set({ status: "aceptado", updatedAt: now }).where(eq(quotes.id, quote.id));
      // The customer gave the NIF the quote lacked: the job's invoices will carry it.
      const customerNif = input.customerNif && !invoiceableNif(document.customer) ? input.customerNif : null;
      const job = await openJobForAcceptedQuote(tx, { quoteId: quote.id, version: version.version, alternative: alternative.key, document, customerNif }, now);
      const depositCharge = await askDeposit(tx, job.jobId, deposit, now);
      await audit(tx, { email: quote.customer.email || "cliente" }, {
        action: "aceptar presupuesto",
        entity: "presupuesto",
        entityId: quote.number,
        before: { estado: quote.status },
        after: { estado: "aceptado", version: version.version, opcion: alternative.key, total: charged.totalCents, senal: deposit, senalPedida: depositCharge?.amountCents ?? 0, trabajo: job.jobId },
      });
      await enqueueAnswerNotice(tx, quote, "ha aceptado", [
        `Versión ${version.version}, opción ${alternative.key}${alternative.title ? ` (${alternative.title})` : ""}.`,
        `Total: ${formatEuros(charged.totalCents)} con IVA del ${charged.rate} %. Señal: ${formatEuros(deposit)}.`,
        `Firmado por ${input.fullName}.`,
        ...(job.short.length ? [`Sin stock suficiente (pedir al distribuidor): ${job.short.map((s) => `${s.units} x ${s.name}`).join(", ")}.`] : []),
      ]);
      await enqueueAlert(tx, quoteAcceptedAlert({ number: quote.number, totalCents: charged.totalCents, depositCents: deposit, jobId: job.jobId }), jobRef(job.jobId));
      return { ok: true, response: response!, jobId: job.jobId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refuse(409, "ya-aceptado", ALREADY_ACCEPTED_MESSAGE);
    throw error;
  }
}

export async function answerQuote(
  db: Database,
  token: string,
  kind: "cambios" | "rechazado",
  input: { version: number; documentSha256: string; message: string },
  who: Requester,
  now = new Date(),
): Promise<AnswerResult> {
  return db.transaction(async (tx): Promise<AnswerResult> => {
    const checked = await lockForAnswer(tx, token, input, now);
    // Asking for changes to an expired quote is fine (it is how a new one is asked for); declining it too.
    if (!checked.ok && checked.reason !== "caducado") return checked;
    const [quote] = checked.ok ? [checked.quote] : await tx.select().from(quotes).where(eq(quotes.token, token));
    const [response] = await tx
      .insert(quoteResponses)
      .values({ quoteId: quote!.id, version: input.version, kind, message: input.message, documentSha256: input.documentSha256, ip: who.ip, userAgent: who.userAgent.slice(0, 500), createdAt: now })
      .returning();
    const status = kind === "cambios" ? "cambios_pedidos" : "rechazado";
    await tx.update(quotes).set({ status, updatedAt: now }).where(eq(quotes.id, quote!.id));
    await audit(tx, { email: quote!.customer.email || "cliente" }, { action: kind === "cambios" ? "pedir cambios" : "rechazar presupuesto", entity: "presupuesto", entityId: quote!.number, before: { estado: quote!.status }, after: { estado: status, version: input.version } });
    await enqueueAnswerNotice(tx, quote!, kind === "cambios" ? "pide cambios en" : "ha rechazado", [input.message ? `Mensaje: ${input.message}` : "Sin mensaje."]);
    return { ok: true, response: response! };
  });
}
