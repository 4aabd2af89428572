import { jobPageWords } from "~/domain/jobs/job-page";
import { and, eq, ne } from "drizzle-orm";
import { jobRef } from "../outbox-refs.server";
import type { InvoiceLineView } from "~/domain/invoices/invoice-document";
import { finalBalance, jobAmounts } from "~/domain/jobs/job-amounts";
import type { QuoteLine } from "~/domain/quotes/quote-content";
import { signedLineCents } from "~/domain/quotes/quote-totals";
import { formatEuros } from "~/domain/money";
import { audit } from "../audit.server";
import { jobCharges, jobs, workReports } from "./jobs-schema.server";
import type { Transaction } from "../db/client.server";
import { enqueue } from "../outbox.server";
import { chargeContext, type ChargeContext, type Job } from "./job-charges.server";
import { acceptedTerms, depositInvoices, issueDepositInvoice, issueJobInvoice, type JobInvoiceDraft, type JobInvoiceResult } from "./job-invoices.server";
import { howToPay, shopJobNotice } from "./job-payment-emails.server";
import { repairBillOf, repairInvoiceDraft } from "./repair-invoice.server";
import { rectifyRefundsOf } from "../payments/job-refund-invoices.server";
import { stillInvoiced } from "../invoices/rectify-invoice.server";

/*
 * The final invoice of a job (issue 17, "The work report"), issued in the transaction that
 * stores the signed work report (work-report*.server.ts calls it after inserting the report,
 * before setting the job "terminado"). Its lines are the accepted alternative's and the
 * extras the customer signed on the report, then one negative line per deposit invoice
 * ("A deducir: anticipo facturado en F2026-000045", its base); the amounts are jobAmounts and
 * finalBalance (domain/jobs/job-amounts.ts). The balance becomes the charge "final", which the
 * customer pays on the quote's page (card, Bizum) or by transfer; the invoice's e-mail is the
 * payment link. Nothing owed (all paid with the deposit): no final invoice and no charge; the
 * caller's job is then paid (closeJobIfNothingOwed in job-payments.server.ts). A repair (issue
 * 31) has no quote nor deposit: its invoice is the report's bill (repair-invoice.server.ts).
 */

export type FinalInvoiceResult = { invoiceNumber: string; totalCents: number };

function invoiceLine(line: QuoteLine, rate: number): InvoiceLineView {
  const description = line.quality ? `${line.description} (${line.quality})` : line.description;
  const quantity = line.quantityMilli / 1000;
  const sign = line.kind === "descuento" ? -1 : 1;
  return { description: line.kind === "descuento" ? `Descuento: ${description}` : description, quantity, unitBaseCents: sign * line.unitCents, baseCents: signedLineCents(line), vatRate: rate };
}

async function lockedJob(tx: Transaction, jobId: number): Promise<Job> {
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for("update");
  if (!job) throw new Error(`no existe el trabajo ${jobId}`);
  return job;
}

type FinalDraft = { draft: JobInvoiceDraft; balance: { totalCents: number; baseCents: number }; depositBase: number; jobTotalCents: number; reference: string };

/** The final invoice's lines and amounts as of now: the whole job (with the report's extras) minus the deposits invoiced; a repair's bill. */
async function finalDraft(tx: Transaction, job: Job): Promise<FinalDraft> {
  if (job.kind === "reparacion") {
    const bill = await repairBillOf(tx, job);
    if (!bill) throw new Error(`la reparación del trabajo ${job.id} no tiene parte firmado`);
    return { draft: repairInvoiceDraft(bill), balance: bill, depositBase: 0, jobTotalCents: bill.totalCents, reference: job.repair!.reference };
  }
  const [report] = await tx.select({ content: workReports.content }).from(workReports).where(eq(workReports.jobId, job.id)).limit(1);
  const extras = report?.content.extras ?? [];
  const terms = await acceptedTerms(tx, job);
  const checked = jobAmounts(terms.alternative, terms.rate, extras);
  if (!checked.ok) throw new Error(checked.message);
  // Each deposit invoiced, net of its rectifications (a part refunded before the end, issue 31).
  const netted = await Promise.all((await depositInvoices(tx, job.id)).map(async (invoice) => ({ invoice, baseCents: (await stillInvoiced(tx, invoice)).baseCents })));
  const deposits = netted
    .filter((deposit) => deposit.baseCents > 0)
    .map(({ invoice, baseCents }) => ({ number: baseCents === invoice.baseCents ? invoice.number : `${invoice.number}, neto de sus rectificativas`, baseCents }));
  const depositBase = deposits.reduce((sum, invoice) => sum + invoice.baseCents, 0);
  const balance = finalBalance(checked.amounts, depositBase);
  const draft: JobInvoiceDraft = {
    lines: [
      ...terms.alternative.lines.map((line) => invoiceLine(line, terms.rate)),
      ...extras.map((line) => invoiceLine(line, terms.rate)),
      ...deposits.map((invoice) => ({ description: `A deducir: anticipo facturado en ${invoice.number}`, quantity: 1, unitBaseCents: -invoice.baseCents, baseCents: -invoice.baseCents, vatRate: terms.rate })),
    ],
    rate: terms.rate,
    baseCents: balance.baseCents,
    vatCents: balance.vatCents,
    payMethod: "Tarjeta, Bizum o transferencia bancaria",
    operationOn: null,
  };
  return { draft, balance, depositBase, jobTotalCents: checked.amounts.totalCents, reference: terms.document.number };
}

/** Issues a charge's invoice if it has none: the deposit's, or the final one (the owner's button once the NIF is known). */
export async function issueChargeInvoice(tx: Transaction, context: ChargeContext, now: Date): Promise<JobInvoiceResult> {
  let issued: JobInvoiceResult;
  if (context.charge.kind === "senal") issued = await issueDepositInvoice(tx, context, now);
  else {
    const { draft } = await finalDraft(tx, context.job);
    const pay = context.charge.state === "pendiente" ? ["Forma de pago:", "", ...howToPay(context.charge.amountCents, context.page)] : [];
    issued = await issueJobInvoice(tx, context, draft, now, pay);
  }
  // Refunded before its invoice could be issued (it waited for the NIF): rectified now.
  if (issued.issued) await rectifyRefundsOf(tx, context, now);
  return issued;
}

/** Issues the invoice of every paid charge of the job that has none (they waited for the customer's NIF). */
export async function invoicePaidCharges(tx: Transaction, jobId: number, now: Date): Promise<void> {
  const paid = await tx.select({ id: jobCharges.id }).from(jobCharges).where(and(eq(jobCharges.jobId, jobId), eq(jobCharges.state, "pagado")));
  for (const { id } of paid) {
    const context = await chargeContext(tx, id);
    if (context) await issueChargeInvoice(tx, context, now);
  }
}

/**
 * Issues the job's final invoice and asks its balance. Returns the invoice's number and total;
 * `totalCents` 0 (and no number) when nothing is owed, and an empty number when the invoice
 * waits for the customer's NIF (the charge is asked all the same; the shop is told).
 */
export async function issueFinalInvoice(tx: Transaction, jobId: number, now: Date): Promise<FinalInvoiceResult> {
  const job = await lockedJob(tx, jobId);
  // A deposit never paid is no longer asked: the final invoice is the whole balance.
  const unpaid = await tx
    .update(jobCharges)
    .set({ state: "anulado", updatedAt: now })
    .where(and(eq(jobCharges.jobId, jobId), eq(jobCharges.kind, "senal"), eq(jobCharges.state, "pendiente")))
    .returning({ id: jobCharges.id, amountCents: jobCharges.amountCents });
  if (unpaid.length) await audit(tx, "sistema", { action: "anular señal sin pagar", entity: "trabajo", entityId: jobId, before: { pendientes: unpaid }, after: { motivo: "factura final" } });
  const { balance, depositBase, jobTotalCents, reference } = await finalDraft(tx, job);
  const [existing] = await tx.select().from(jobCharges).where(and(eq(jobCharges.jobId, jobId), eq(jobCharges.kind, "final"), ne(jobCharges.state, "anulado")));
  let chargeId = existing?.id;
  if (!existing) {
    if (balance.totalCents <= 0) {
      if (balance.totalCents < 0) {
        await enqueue(
          tx,
          "email",
          shopJobNotice(jobId, `señal mayor que el trabajo (${reference})`, [
            `El trabajo del presupuesto ${reference} cuesta ${formatEuros(jobTotalCents)} y la señal facturada fue mayor: hay que devolver ${formatEuros(-balance.totalCents)} al cliente.`,
            "Devuélvalo desde la página del trabajo, en «Devoluciones» de la señal (por Redsys o anotando la transferencia): la factura rectificativa se emite sola.",
          ]),
          { ref: jobRef(jobId) },
        );
      }
      return { invoiceNumber: "", totalCents: 0 };
    }
    const [created] = await tx.insert(jobCharges).values({ jobId, kind: "final", amountCents: balance.totalCents, createdAt: now, updatedAt: now }).returning({ id: jobCharges.id });
    chargeId = created!.id;
    await audit(tx, "sistema", { action: "pedir pago final", entity: "trabajo", entityId: jobId, before: null, after: { importe: balance.totalCents, base: balance.baseCents, senalFacturada: depositBase } });
  }
  const context = (await chargeContext(tx, chargeId!))!;
  const issued = await issueChargeInvoice(tx, context, now);
  if (issued.invoice) return { invoiceNumber: issued.invoice.number, totalCents: issued.invoice.totalCents };
  await enqueue(
    tx,
    "email",
    shopJobNotice(jobId, `falta el NIF del cliente para la factura final (${context.page.reference})`, [
      `El trabajo ${jobPageWords(context.page).of} ha terminado y se le ha pedido al cliente el pago final de ${formatEuros(context.charge.amountCents)}, pero no tenemos su NIF y sin él no se puede emitir la factura.`,
      "Pídaselo, escríbalo en la página del trabajo y pulse «Emitir la factura».",
    ]),
    { ref: jobRef(jobId) },
  );
  return { invoiceNumber: "", totalCents: context.charge.amountCents };
}
