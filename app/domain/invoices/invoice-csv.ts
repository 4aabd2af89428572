import { formatYmd } from "../dates/madrid-dates";
import { safeCell } from "../orders/order-csv";
import { decimalEuros } from "../money";

/*
 * The accountant's CSV of the issued invoices (issue 13), as a spreadsheet in Spanish opens it,
 * like the order list's (domain/orders/order-csv.ts): ";" between cells, amounts with a
 * decimal comma and no thousands separator, dates "dd/mm/aaaa". The server adds the UTF-8 byte
 * order mark. Amounts are the invoice's own, as issued (negative on a rectifying invoice):
 * nothing is recomputed here.
 */

export const INVOICE_CSV_HEADER = [
  "Número",
  "Serie",
  "Fecha expedición",
  "Fecha operación",
  "Rectifica",
  "Motivo",
  "Cliente",
  "NIF cliente",
  "Base imponible",
  "Tipo IVA",
  "Cuota IVA",
  "Total",
  "Forma de pago",
  "Pedido o presupuesto",
] as const;

export type CsvInvoice = {
  number: string;
  series: string;
  /** "YYYY-MM-DD". */
  issuedOn: string;
  operationOn: string | null;
  /** The number of the invoice a rectifying one corrects. */
  rectifiesNumber: string | null;
  reason: string | null;
  buyer: { name: string; nif: string };
  baseCents: number;
  vatRate: number;
  vatCents: number;
  totalCents: number;
  payMethod: string;
  /** The order invoiced, or (issue 17) the quote of the job whose deposit or final balance it is. */
  orderNumber: string | null;
  quoteNumber?: string | null;
  /** (issue 31) The maintenance plan whose yearly renewal it is. */
  planId?: number | null;
  /** (issue 31) The breakdown whose repair it is ("AV-000012"). */
  repairReference?: string | null;
  /** Why it was annulled (a payment recorded by mistake), if it was: it then counts in no total. */
  annulled?: string | null;
};

/** How the invoice list and its CSV name a renewal's plan. */
export function planReference(planId: number): string {
  return `Plan n.º ${planId}`;
}

export function invoiceCsvRow(invoice: CsvInvoice): string[] {
  return [
    invoice.number,
    invoice.series,
    formatYmd(invoice.issuedOn),
    invoice.operationOn ? formatYmd(invoice.operationOn) : "",
    invoice.rectifiesNumber ?? "",
    // The reason, the name and the NIF may carry what a customer typed.
    safeCell(invoice.annulled ? `ANULADA: ${invoice.annulled}` : (invoice.reason ?? "")),
    safeCell(invoice.buyer.name),
    safeCell(invoice.buyer.nif),
    decimalEuros(invoice.baseCents),
    String(invoice.vatRate),
    decimalEuros(invoice.vatCents),
    decimalEuros(invoice.totalCents),
    invoice.payMethod,
    invoice.orderNumber ?? invoice.quoteNumber ?? invoice.repairReference ?? (invoice.planId ? planReference(invoice.planId) : ""),
  ];
}
