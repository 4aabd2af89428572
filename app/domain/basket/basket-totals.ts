import { shippingCents } from "../catalogue/service-prices";
import { splitInclusive } from "../money";
import type { BasketLine, Family, GasType } from "../catalogue/product";

/*
 * Money of a basket or an order (spec section 9), in integer cents: every line's price,
 * shipping per product line (large parcel for boilers, air and aerothermal units, small for
 * other goods, none for installation and maintenance), the total, and the total without VAT
 * (total / 1.21, rounded to the cent: money.ts). Prices come from the server's catalogue and service
 * price table (basket-pricing.ts, fed by the server), never from the browser.
 */

export type LineKind = "product" | "installation" | "maintenance";

/** Why a line cannot be ordered: its product left the catalogue, or there is not enough stock. */
export type LineProblem = { kind: "missing" | "sold-out"; message: string };

/** A basket line as the server priced it. */
export type PricedLine = {
  /** Place in the basket, from 0. */
  position: number;
  familia: BasketLine["familia"];
  id: number;
  kind: LineKind;
  /** The product's family, or the family a service belongs to. */
  family: Family | null;
  /** What the customer reads: "Baxi Platinum Compact 24/24F ECO", "Instalación de caldera". */
  title: string;
  brand: string;
  model: string;
  type: string;
  gas: GasType | null;
  region: "madrid" | null;
  image: string | null;
  priceCents: number;
  shippingCents: number;
  problem: LineProblem | null;
  /** Equipment with fluorinated gas that is not hermetically sealed (Real Decreto 115/2017, decision 0012). */
  fgasNotSealed?: boolean;
  /** A maintenance for a unit we installed (BasketLine.equipo). */
  installedUnitId?: number;
};

export type BasketTotals = {
  /** Sum of the lines, shipping apart. */
  linesCents: number;
  shippingCents: number;
  /** What the customer pays, VAT included. */
  totalCents: number;
  withoutVatCents: number;
  vatCents: number;
};

/** Shipping of one line: a product by its parcel size (the rule lives in pricing.ts), services none. */
export function lineShippingCents(kind: LineKind, family: Family | null): number {
  return kind === "product" && family !== null ? shippingCents(family) : 0;
}

/** Totals over the lines that can be ordered; a flagged line counts for nothing. */
export function basketTotals(lines: ReadonlyArray<Pick<PricedLine, "priceCents" | "shippingCents" | "problem">>): BasketTotals {
  let linesCents = 0;
  let shippingCents = 0;
  for (const line of lines) {
    if (line.problem) continue;
    linesCents += line.priceCents;
    shippingCents += line.shippingCents;
  }
  const totalCents = linesCents + shippingCents;
  const { baseCents, vatCents } = splitInclusive(totalCents);
  return { linesCents, shippingCents, totalCents, withoutVatCents: baseCents, vatCents };
}

/** A basket with a flagged line cannot be ordered until that line is removed. */
export function hasProblems(lines: ReadonlyArray<Pick<PricedLine, "problem">>): boolean {
  return lines.some((line) => line.problem !== null);
}

/** The basket holds a yearly maintenance: each becomes a plan that renews (issue 31). */
export function hasPlanLines(lines: ReadonlyArray<Pick<BasketLine, "familia">>): boolean {
  return lines.some((line) => line.familia === "mantenimientos");
}

/**
 * The basket holds an installation or a maintenance: the shipping address must then be inside
 * the service area (spec section 5; the area's postcodes: app/domain/orders/service-area.ts).
 */
export function hasServiceLines(lines: ReadonlyArray<Pick<BasketLine, "familia">>): boolean {
  return lines.some((line) => line.familia === "instalaciones" || line.familia === "mantenimientos");
}
