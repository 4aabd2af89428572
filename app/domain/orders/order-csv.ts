import { formatDate } from "../dates/madrid-dates";
import { payMethodLabel } from "../payments/payment-methods";
import { decimalEuros, withoutVatCents } from "../money";
import { personName } from "./my-orders";

/*
 * The accountant's CSV of the order list (issue 11), as a spreadsheet in Spanish opens it:
 * ";" between cells, amounts with a decimal comma and no thousands separator (so they stay
 * numbers), dates "dd/mm/aaaa" in Madrid. The server adds the UTF-8 byte order mark that
 * tells Excel the encoding. Prices include 21 % VAT (spec section 9), except orders charged
 * without it (decision 0009): the tax base and the VAT
 * come from the one rule in domain/money.ts. Amounts stay plain numbers, "1234,50" (decision 0021).
 */

export const CSV_HEADER = [
  "número",
  "fecha",
  "estado",
  "forma de pago",
  "cliente",
  "NIF",
  "e-mail",
  "base imponible",
  "IVA",
  "envío",
  "total",
] as const;

export type CsvOrder = {
  number: string;
  createdAt: Date;
  status: string;
  payMethod: string;
  userEmail: string;
  amountCents: number;
  shippingCents: number;
  /** Charged without VAT (Canarias, Ceuta, Melilla; decision 0009): the amount is the base. */
  vatExempt: boolean;
  addressBill: { nombre: string; apellidos: string; empresa?: string; id: string };
};

/**
 * Text typed by customers may start like a formula ("=HYPERLINK(...)"); a spreadsheet would
 * run it. Such a cell gets a leading apostrophe, which shows the text as text (OWASP's advice
 * for CSV injection).
 */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The invoice's name: the company when there is one, else the person. */
export function customerName(bill: CsvOrder["addressBill"]): string {
  return bill.empresa?.trim() || personName(bill);
}

export function csvRow(order: CsvOrder): string[] {
  const base = order.vatExempt ? order.amountCents : withoutVatCents(order.amountCents);
  return [
    order.number,
    formatDate(order.createdAt),
    order.status,
    payMethodLabel(order.payMethod),
    safeCell(customerName(order.addressBill)),
    safeCell(order.addressBill.id),
    safeCell(order.userEmail),
    decimalEuros(base),
    decimalEuros(order.amountCents - base),
    decimalEuros(order.shippingCents),
    decimalEuros(order.amountCents),
  ];
}
