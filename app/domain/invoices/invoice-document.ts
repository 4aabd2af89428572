/*
 * An issued invoice as the PDF, the page and the e-mail show it (issue 13): a complete
 * invoice (factura completa, Real Decreto 1619/2012, art. 6) or a rectifying one (art. 15).
 * Built once, from the stored invoice rows; amounts in euro cents, dates as "YYYY-MM-DD"
 * (Madrid's calendar day).
 */

export type InvoiceParty = {
  /** Legal name (seller) or the billing name and surname / company (buyer). */
  name: string;
  /** NIF, CIF or NIE. */
  nif: string;
  /** Postal address, one line per entry ("Calle de Alcalá 100", "28009 Madrid", ...). */
  address: string[];
};

export type InvoiceLineView = {
  description: string;
  quantity: number;
  /** Unit price without VAT (negative on a rectifying invoice). */
  unitBaseCents: number;
  /** Quantity x unit price without VAT. */
  baseCents: number;
  /** 21, or 0 when the operation is not subject to Spanish VAT. */
  vatRate: number;
};

export type InvoiceReference = { label: "Pedido" | "Presupuesto" | "Avería" | "Plan de mantenimiento"; value: string };

export type InvoiceDocument = {
  kind: "completa" | "rectificativa";
  /** "F2026-000123" or "R2026-000004". */
  number: string;
  issuedOn: string;
  /** The day of the operation (payment) when it differs from the day of issue. */
  operationOn: string | null;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLineView[];
  /** Per VAT rate: the tax base, the rate and the tax (one entry in practice). */
  taxes: { rate: number; baseCents: number; vatCents: number }[];
  baseCents: number;
  vatCents: number;
  totalCents: number;
  /** Why no Spanish VAT is charged, with the legal reference (Canarias, Ceuta, Melilla). */
  exemption: string | null;
  /** A rectifying invoice: which invoice it corrects, and why. */
  rectifies: { number: string; issuedOn: string; reason: string } | null;
  /** What the invoice is for: the shop's order ("Pedido 123-221126") or, for a job's deposit or final balance, its quote ("Presupuesto P2026-000123"). */
  reference: InvoiceReference;
  /** How it was paid ("Tarjeta", "Bizum", "Transferencia bancaria"). */
  payMethod: string;
  /** The AEAT's verification address encoded in the QR code (VERI*FACTU). */
  qrUrl: string;
  /** Annulled (issued by mistake, issue 13): why. The PDF then says so on its face. */
  annulled?: string | null;
};
