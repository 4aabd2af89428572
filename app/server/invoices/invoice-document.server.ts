import { eq } from "drizzle-orm";
import type { InvoiceDocument, InvoiceReference } from "~/domain/invoices/invoice-document";
import { verifactuQrUrl } from "~/domain/invoices/verifactu-qr";
import { config } from "../config.server";
import type { Database } from "../db/client.server";
import { orders } from "../orders/orders-schema.server";
import { invoiceAnnulments, invoices, type Invoice } from "./invoices-schema.server";
import { chargeContext } from "../jobs/job-charges.server";
import { planRenewals } from "../maintenance/maintenance-schema.server";
import { renderInvoicePdf } from "./invoice-pdf.server";

/*
 * An issued invoice as a document (issue 13): the stored row, the order's number (or, for a
 * job's deposit or final balance, issue 17, the quote's number), the
 * original of a rectifying invoice, and the VERI*FACTU QR address (host by VERIFACTU_ENV).
 * The PDF is drawn from it on demand: the row is the invoice, the PDF one way of showing it.
 */

type Executor = Pick<Database, "select">;

/** What the invoice is for: its order, the quote of its job's charge, or (issue 31) the plan it renews. */
export async function referenceOf(db: Executor, invoice: Pick<Invoice, "orderId" | "jobChargeId" | "planRenewalId">): Promise<InvoiceReference> {
  if (invoice.planRenewalId !== null) {
    const [renewal] = await db.select({ planId: planRenewals.planId }).from(planRenewals).where(eq(planRenewals.id, invoice.planRenewalId));
    return { label: "Plan de mantenimiento", value: `n.º ${renewal?.planId ?? ""}` };
  }
  if (invoice.orderId !== null) {
    const [order] = await db.select({ number: orders.number }).from(orders).where(eq(orders.id, invoice.orderId));
    return { label: "Pedido", value: order?.number ?? "" };
  }
  const context = invoice.jobChargeId !== null ? await chargeContext(db, invoice.jobChargeId) : null;
  return { label: context?.page.kind === "averia" ? "Avería" : "Presupuesto", value: context?.page.reference ?? "" };
}

export async function documentOf(db: Executor, invoice: Invoice): Promise<InvoiceDocument> {
  const [reference, [original], [annulment]] = await Promise.all([
    referenceOf(db, invoice),
    invoice.rectifiesId ? db.select().from(invoices).where(eq(invoices.id, invoice.rectifiesId)) : Promise.resolve([]),
    db.select({ reason: invoiceAnnulments.reason }).from(invoiceAnnulments).where(eq(invoiceAnnulments.invoiceId, invoice.id)),
  ]);
  return {
    kind: invoice.series === "R" ? "rectificativa" : "completa",
    number: invoice.number,
    issuedOn: invoice.issuedOn,
    operationOn: invoice.operationOn,
    seller: invoice.seller,
    buyer: invoice.buyer,
    lines: invoice.lines,
    taxes: [{ rate: invoice.vatRate, baseCents: invoice.baseCents, vatCents: invoice.vatCents }],
    baseCents: invoice.baseCents,
    vatCents: invoice.vatCents,
    totalCents: invoice.totalCents,
    exemption: invoice.exemption,
    rectifies: original ? { number: original.number, issuedOn: original.issuedOn, reason: invoice.reason ?? "" } : null,
    reference,
    payMethod: invoice.payMethod,
    annulled: annulment?.reason ?? null,
    qrUrl: verifactuQrUrl({ nif: invoice.seller.nif, number: invoice.number, issuedOn: invoice.issuedOn, totalCents: invoice.totalCents }, config().VERIFACTU_ENV),
  };
}

/** The invoice numbered `number`, or null. */
export async function findInvoice(db: Executor, number: string): Promise<Invoice | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.number, number)).limit(1);
  return row ?? null;
}

async function byId(db: Executor, invoiceId: number): Promise<Invoice | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
  return row ?? null;
}

/** The document of the invoice `invoiceId`, or null. */
export async function invoiceDocument(db: Executor, invoiceId: number): Promise<InvoiceDocument | null> {
  const invoice = await byId(db, invoiceId);
  return invoice ? documentOf(db, invoice) : null;
}

/** The PDF of the invoice `invoiceId`, named by its number, or null. */
export async function invoicePdf(db: Executor, invoiceId: number): Promise<{ filename: string; pdf: Buffer } | null> {
  const invoice = await byId(db, invoiceId);
  return invoice ? { filename: `${invoice.number}.pdf`, pdf: await renderInvoicePdf(await documentOf(db, invoice)) } : null;
}

