import { and, asc, eq, inArray, notExists } from "drizzle-orm";
import { madridDay } from "~/domain/dates/madrid-dates";
import type { InvoiceLineView, InvoiceParty } from "~/domain/invoices/invoice-document";
import { splitInclusive, STANDARD_VAT_RATE, type VatRate } from "~/domain/money";
import { CALL_OUT_LINE } from "~/domain/repairs/repair-bill";
import { payMethodLabel } from "~/domain/payments/payment-methods";
import type { AlternativeKey, QuoteAlternative, QuoteDocument, QuoteParty } from "~/domain/quotes/quote-content";
import { acceptedVatRate } from "~/domain/quotes/quote-vat";
import { invoiceableNif } from "~/domain/spanish-ids";
import type { Database, Transaction } from "../db/client.server";
import { invoiceAnnulments, invoices, type Invoice } from "../invoices/invoices-schema.server";
import { quoteResponses, quoteVersions } from "../quotes/quotes-schema.server";
import { jobCharges } from "./jobs-schema.server";
import { enqueueInvoiceEmail } from "../invoices/invoice-email.server";
import { storeCompleteInvoice } from "../invoices/issue-invoice.server";
import type { ChargeContext, Job } from "./job-charges.server";

/*
 * A job's invoices (issue 17), in the series and chain of the orders' ("F" from the
 * numbering service, VERI*FACTU): the deposit's, issued when it is paid (VAT falls due on an advance payment,
 * art. 75.Dos of the VAT law), and the final one (job-final-invoice.server.ts). Both are
 * made here: the buyer is the quote's customer, the rate the acceptance's, and each points
 * at its charge (invoices.job_charge_id). The buyer must have a NIF (a complete invoice names
 * it, and so does its VERI*FACTU record): without one the invoice waits and the owner issues
 * it from the job's page once the customer gives it.
 */

type Executor = Pick<Database, "select">;

export type AcceptedTerms = { document: QuoteDocument; alternative: QuoteAlternative; rate: VatRate };

/** What the customer accepted for the job: the version's alternative and the VAT rate (10 % only if confirmed). */
export async function acceptedTerms(db: Executor, job: Pick<Job, "quoteId" | "quoteVersion" | "alternative">): Promise<AcceptedTerms> {
  if (job.quoteId === null || job.quoteVersion === null) throw new Error("un trabajo sin presupuesto no tiene condiciones aceptadas");
  const [row] = await db
    .select({ document: quoteVersions.document, reduced: quoteResponses.reducedVatConfirmed })
    .from(quoteVersions)
    .innerJoin(quoteResponses, and(eq(quoteResponses.quoteId, quoteVersions.quoteId), eq(quoteResponses.version, quoteVersions.version), eq(quoteResponses.kind, "aceptado")))
    .where(and(eq(quoteVersions.quoteId, job.quoteId), eq(quoteVersions.version, job.quoteVersion)))
    .limit(1);
  const alternative = row?.document.alternatives.find((a) => a.key === (job.alternative as AlternativeKey));
  if (!row || !alternative) throw new Error(`el trabajo del presupuesto ${job.quoteId} no tiene una aceptación de la versión ${job.quoteVersion}`);
  return { document: row.document, alternative, rate: acceptedVatRate(row.reduced) };
}

function buyerOf(customer: QuoteParty, nif: string): InvoiceParty {
  const town = [customer.postcode, customer.town].filter(Boolean).join(" ");
  const place = customer.province && customer.province !== customer.town ? `${town} (${customer.province})` : town;
  return { name: customer.name, nif, address: [customer.address, place, "España"].filter((line) => line.trim().length > 0) };
}

/** The charge's invoice that counts (complete, not annulled), or null. */
export async function chargeInvoice(db: Executor, chargeId: number): Promise<Invoice | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.jobChargeId, chargeId),
        eq(invoices.series, "F"),
        notExists(db.select({ id: invoiceAnnulments.invoiceId }).from(invoiceAnnulments).where(eq(invoiceAnnulments.invoiceId, invoices.id))),
      ),
    )
    .orderBy(asc(invoices.id))
    .limit(1);
  return row ?? null;
}

/** The deposit invoices of a job (paid deposits), in the order of issue: the final invoice deducts them. */
export async function depositInvoices(db: Executor, jobId: number): Promise<Invoice[]> {
  const paid = await db.select({ id: jobCharges.id }).from(jobCharges).where(and(eq(jobCharges.jobId, jobId), eq(jobCharges.kind, "senal"), eq(jobCharges.state, "pagado")));
  if (paid.length === 0) return [];
  return db
    .select()
    .from(invoices)
    .where(
      and(
        inArray(invoices.jobChargeId, paid.map((p) => p.id)),
        eq(invoices.series, "F"),
        notExists(db.select({ id: invoiceAnnulments.invoiceId }).from(invoiceAnnulments).where(eq(invoiceAnnulments.invoiceId, invoices.id))),
      ),
    )
    .orderBy(asc(invoices.id));
}

export type JobInvoiceDraft = { lines: InvoiceLineView[]; rate: VatRate; baseCents: number; vatCents: number; payMethod: string; operationOn: string | null };

export type JobInvoiceResult = { issued: true; invoice: Invoice } | { issued: false; invoice: Invoice } | { issued: false; invoice: null; missingNif: true };

/**
 * Issues the invoice of a charge from `draft`, once: a charge that has one keeps it. Numbered,
 * chained (VERI*FACTU) and e-mailed in the caller's transaction, which holds the job's row lock.
 */
export async function issueJobInvoice(tx: Transaction, context: ChargeContext, draft: JobInvoiceDraft, now: Date, more: string[] = []): Promise<JobInvoiceResult> {
  const existing = await chargeInvoice(tx, context.charge.id);
  if (existing) return { issued: false, invoice: existing };
  const nif = invoiceableNif(context.job.customer);
  if (!nif) return { issued: false, invoice: null, missingNif: true };
  const invoice = await storeCompleteInvoice(
    tx,
    {
      jobChargeId: context.charge.id,
      buyer: buyerOf(context.job.customer, nif),
      lines: draft.lines,
      vatRate: draft.rate,
      baseCents: draft.baseCents,
      vatCents: draft.vatCents,
      totalCents: draft.baseCents + draft.vatCents,
      exemption: null,
      payMethod: draft.payMethod,
    },
    draft.operationOn,
    now,
  );
  if (context.job.customer.email) {
    await enqueueInvoiceEmail(tx, invoice, context.job.customer.email, { kind: "trabajo", page: context.page, jobId: context.job.id, more });
  }
  return { issued: true, invoice };
}

/**
 * The deposit's invoice: one line "Anticipo a cuenta del presupuesto …", split at the job's rate.
 * A repair's advance (issue 31) is the call-out fee paid with the breakdown: its own operation,
 * invoiced at 21 % and not charged again by the repair's invoice (repair-invoice.server.ts).
 */
export async function issueDepositInvoice(tx: Transaction, context: ChargeContext, now: Date): Promise<JobInvoiceResult> {
  const { charge, page } = context;
  const paid = { payMethod: charge.payMethod ? payMethodLabel(charge.payMethod) : "Pendiente", operationOn: charge.paidAt ? madridDay(charge.paidAt) : null };
  if (context.job.kind === "reparacion") {
    const { baseCents, vatCents } = splitInclusive(charge.amountCents, STANDARD_VAT_RATE);
    const description = `${CALL_OUT_LINE} de la avería ${page.reference}`;
    return issueJobInvoice(tx, context, { lines: [{ description, quantity: 1, unitBaseCents: baseCents, baseCents, vatRate: STANDARD_VAT_RATE }], rate: STANDARD_VAT_RATE, baseCents, vatCents, ...paid }, now);
  }
  const terms = await acceptedTerms(tx, context.job);
  const { baseCents, vatCents } = splitInclusive(charge.amountCents, terms.rate);
  const work = terms.document.description.replace(/\s+/g, " ").trim();
  const description = `Anticipo a cuenta del presupuesto ${page.reference}, opción ${terms.alternative.key}: ${work}`.slice(0, 500);
  return issueJobInvoice(
    tx,
    context,
    {
      lines: [{ description, quantity: 1, unitBaseCents: baseCents, baseCents, vatRate: terms.rate }],
      rate: terms.rate,
      baseCents,
      vatCents,
      ...paid,
    },
    now,
  );
}
