import { asc, eq } from "drizzle-orm";
import { madridDay } from "~/domain/dates/madrid-dates";
import { orderLineDescription } from "~/domain/orders/delivery-note";
import { chargedInvoiceAmounts } from "~/domain/invoices/charged-amounts";
import { exemptionText, type InvoiceAmounts } from "~/domain/invoices/invoice-amounts";
import { territoryOfPostcode } from "~/domain/money";
import type { InvoiceLineView, InvoiceParty } from "~/domain/invoices/invoice-document";
import { addressLines, personName, type AddressView } from "~/domain/orders/my-orders";

import { payMethodLabel } from "~/domain/payments/payment-methods";
import { config } from "../config.server";
import { log } from "../log.server";
import { enqueueInvoiceEmail } from "./invoice-email.server";
import { currentInvoice } from "./order-invoices.server";
import { recordIssuedInvoice } from "./verifactu-chain.server";
import type { Transaction } from "../db/client.server";
import { orderLines, orders } from "../orders/orders-schema.server";
import { invoices, type Invoice } from "./invoices-schema.server";
import { nextDocumentNumber } from "../numbering.server";

/*
 * Issuing invoices (issue 13). A complete invoice ("F") when an order is paid, in the
 * transaction that marks it paid; its number is taken there too, by the numbering service
 * (numbering.server.ts): two instances issuing at once get consecutive numbers, and a
 * rolled-back payment leaves no gap.
 * Its VERI*FACTU record is chained in the same transaction (verifactu-chain.server.ts).
 * The invoice copies in the seller, the buyer (the order's billing address), the lines and the
 * amounts: it never changes afterwards (a trigger refuses it).
 */

/** The number, series and dates of an invoice of `series` issued now: the next number of Madrid's year (under the series' lock). */
export async function nextInvoiceNumber<S extends "F" | "R">(tx: Transaction, series: S, now: Date) {
  const { number, year, sequence, day } = await nextDocumentNumber(tx, series, now);
  return { number, series, year, sequence, issuedOn: day, issuedAt: now };
}

/** A complete invoice's ("F"). */
export function nextCompleteInvoice(tx: Transaction, now: Date) {
  return nextInvoiceNumber(tx, "F", now);
}

/** What a complete invoice says besides its number, dates and seller. */
export type CompleteInvoiceContent = Omit<typeof invoices.$inferInsert, "id" | "number" | "series" | "year" | "sequence" | "issuedOn" | "issuedAt" | "operationOn" | "seller">;

/**
 * Numbers, stores and chains (VERI*FACTU) a complete invoice, in the caller's transaction:
 * every "F" invoice, of an order or of a job, is issued here. `operationDay` is the day of the
 * operation (the payment), printed only when it is not the day of issue.
 */
export async function storeCompleteInvoice(tx: Transaction, content: CompleteInvoiceContent, operationDay: string | null, now: Date): Promise<Invoice> {
  const numbered = await nextCompleteInvoice(tx, now);
  const [invoice] = await tx
    .insert(invoices)
    .values({ ...content, ...numbered, operationOn: operationDay && operationDay !== numbered.issuedOn ? operationDay : null, seller: seller() })
    .returning();
  await recordIssuedInvoice(tx, invoice!, now);
  return invoice!;
}

export function seller(): InvoiceParty {
  const c = config();
  const [street, ...rest] = c.SHOP_ADDRESS.split(",").map((part) => part.trim());
  return { name: c.SHOP_LEGAL_NAME, nif: c.SHOP_NIF, address: [street ?? c.SHOP_ADDRESS, ...rest, "España"].filter(Boolean) };
}

/** The buyer: the company, or the name and surname, of the order's billing address. */
export function buyer(address: AddressView & { id: string }): InvoiceParty {
  const person = personName(address);
  const lines = addressLines(address).filter((line) => line !== person && line !== address.empresa);
  return { name: address.empresa?.trim() || person, nif: address.id.toUpperCase(), address: lines };
}

export function lineViews(amounts: InvoiceAmounts): InvoiceLineView[] {
  return amounts.lines.map((line) => ({ description: line.description, quantity: 1, unitBaseCents: line.baseCents, baseCents: line.baseCents, vatRate: amounts.rate }));
}

export type IssueResult = { issued: true; invoice: Invoice } | { issued: false; invoice: Invoice };

/**
 * The complete invoice of the order `orderId`, issued now if it has none yet (a payment
 * notified twice, or marked paid after a late notification, never issues two). The caller's
 * transaction holds the order's row lock.
 */
export async function issueInvoice(tx: Transaction, orderId: number, now: Date): Promise<IssueResult> {
  const existing = await currentInvoice(tx, orderId);
  if (existing) return { issued: false, invoice: existing };
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`no existe el pedido ${orderId}`);
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
  const charged = [
    ...lines.map((line) => ({ description: orderLineDescription(line), inclusiveCents: line.priceCents })),
    ...(order.shippingCents > 0 ? [{ description: "Gastos de envío", inclusiveCents: order.shippingCents }] : []),
  ];
  // The invoice's total is what was paid. Lines that do not add up to it (never, with orders
  // the checkout wrote) get the difference as a line of its own rather than blocking a payment.
  const difference = order.amountCents - charged.reduce((sum, line) => sum + line.inclusiveCents, 0);
  if (difference !== 0) {
    log("facturas").warn({ pedido: order.number, diferencia: difference }, "las líneas del pedido no suman su importe: la factura lleva una línea de ajuste");
    charged.push({ description: "Ajuste al importe pagado", inclusiveCents: difference });
  }
  // Charged without VAT at the checkout (delivered to Canarias, Ceuta or Melilla): the invoice
  // is at 0 % with the exemption's legal reference for that territory (decision 0009).
  const territory = territoryOfPostcode(order.addressSend.cp);
  const amounts = chargedInvoiceAmounts(
    charged.map((line) => ({ description: line.description, chargedCents: line.inclusiveCents })),
    !order.vatExempt,
  );
  const invoice = await storeCompleteInvoice(
    tx,
    {
      orderId,
      buyer: buyer(order.addressBill),
      lines: lineViews(amounts),
      vatRate: amounts.rate,
      baseCents: amounts.baseCents,
      vatCents: amounts.vatCents,
      totalCents: amounts.totalCents,
      exemption: order.vatExempt ? exemptionText(territory) : null,
      payMethod: payMethodLabel(order.payMethod),
    },
    order.paidAt ? madridDay(order.paidAt) : null,
    now,
  );
  await enqueueInvoiceEmail(tx, invoice, order.userEmail, { kind: "pedido", number: order.number });
  return { issued: true, invoice };
}
