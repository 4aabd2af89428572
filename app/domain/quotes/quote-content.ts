/*
 * What a written quote says (issue 17): the draft the owner edits and, frozen, each version
 * sent to the customer. Money in integer cents without VAT; quantities in thousandths (1,5 h =
 * 1500) so that every amount stays an integer. Totals, VAT and deposits are computed by the
 * pure rules in this folder, never stored as typed.
 */

export const QUOTE_LINE_KINDS = ["producto", "servicio", "mano_de_obra", "material", "descuento"] as const;
export type QuoteLineKind = (typeof QUOTE_LINE_KINDS)[number];

export type QuoteLine = {
  kind: QuoteLineKind;
  /** The catalogue product or service it was taken from (null for labour, hand-typed materials and discounts). */
  productId: number | null;
  description: string;
  /** Materials: quality, brand or grade, as the consumer rules ask. */
  quality: string;
  /** Thousandths of `unit`: 2 units = 2000, 1,5 hours = 1500. */
  quantityMilli: number;
  /** "ud", "h", "m", ... */
  unit: string;
  /** Price per unit before VAT; a discount line carries a positive amount that is subtracted. */
  unitCents: number;
  /** A used (second-hand) material: the customer must authorise it when accepting. */
  used: boolean;
};

export const ALTERNATIVE_KEYS = ["A", "B", "C"] as const;
export type AlternativeKey = (typeof ALTERNATIVE_KEYS)[number];

export type QuoteAlternative = { key: AlternativeKey; title: string; lines: QuoteLine[] };

export type DepositRule = { kind: "ninguno" } | { kind: "porcentaje"; percent: number } | { kind: "importe"; cents: number };

/** The customer, and where the work is done. */
export type QuoteParty = {
  name: string;
  nif: string;
  email: string;
  phone: string;
  address: string;
  postcode: string;
  town: string;
  province: string;
};

export type WorkPlace = { address: string; postcode: string; town: string; province: string };

export type QuoteDraft = {
  /** The work: what is done, with its characteristics and the result. */
  description: string;
  /** One to three: "Opción A / B / C"; the customer accepts one. */
  alternatives: QuoteAlternative[];
  /** Approximate start and end, "YYYY-MM-DD" (Madrid). */
  startOn: string | null;
  endOn: string | null;
  /** Guarantee period of the work, as written on the quote. */
  guarantee: string;
  /** Days the quote can be accepted after it is sent (30 by default). */
  validityDays: number;
  deposit: DepositRule;
  /** Renovation or repair work in a dwelling: the reduced 10 % VAT may apply (quote-vat.ts). */
  dwellingRenovation: boolean;
  /** Anything else the customer should read. */
  notes: string;
};

/** The installer as the quote names them (the consumer rules ask for each of these). */
export type QuoteSeller = {
  legalName: string;
  nif: string;
  address: string;
  phone: string;
  email: string;
  /** Number in the registry of installing companies (registro industrial). */
  industrialRegistry: string;
};

/** One sent version, frozen: what the customer reads, what the PDF prints and what is hashed. */
export type QuoteDocument = QuoteDraft & {
  number: string;
  version: number;
  /** "YYYY-MM-DD" (Madrid). */
  issuedOn: string;
  validUntil: string;
  seller: QuoteSeller;
  customer: QuoteParty;
  workPlace: WorkPlace;
};
