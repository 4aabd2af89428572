import {
  basketTotals,
  hasProblems,
  hasServiceLines,
  lineShippingCents,
  type BasketTotals,
  type LineProblem,
  type PricedLine,
} from "./basket-totals";
import { isServiceFamily, serviceFamily } from "./basket";
import { INSTALLATION_PRICE_CENTS, MAINTENANCE_PRICE_CENTS } from "../catalogue/service-prices";
import type { BasketLine, CatalogueProduct } from "../catalogue/product";
import { INSTALLATION_TITLES, MAINTENANCE_TITLES } from "../site/services";

/*
 * Pricing a basket (spec section 9): pure, so the basket page and the order transaction price
 * the same lines the same way; app/server/basket/basket.server.ts and orders.server.ts bring the rows.
 */

/** What pricing needs of a catalogue row. */
export type PricingProduct = Pick<CatalogueProduct, "id" | "family" | "brand" | "model" | "type" | "priceCents" | "stock" | "image"> & {
  /** Not hermetically sealed, with fluorinated gas: bought without installation it needs a declaration (decision 0012). */
  fgasNotSealed?: boolean;
};

const MISSING: LineProblem = {
  kind: "missing",
  message: "Este artículo ya no está disponible en nuestro catálogo. Elimínelo para continuar.",
};
const SERVICE_MISSING: LineProblem = {
  kind: "missing",
  message: "Este servicio ya no está disponible. Elimínelo para continuar.",
};

function shortOfStock(stock: number): LineProblem {
  const message =
    stock <= 0
      ? "Agotado: no quedan unidades. Elimínelo para continuar."
      : `Solo ${stock === 1 ? "queda 1 unidad" : `quedan ${stock} unidades`}: elimine esta línea para continuar.`;
  return { kind: "sold-out", message };
}

/**
 * Prices every basket line from the catalogue and the service price table (spec section 9);
 * nothing the browser sends is read. A line whose product left the catalogue, or beyond the
 * product's stock (the same product added twice counts twice), is flagged and priced at 0.
 */
export function priceBasketLines(lines: readonly BasketLine[], products: readonly PricingProduct[]): PricedLine[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  const taken = new Map<number, number>();
  return lines.map((line, position): PricedLine => {
    const base = { position, familia: line.familia, id: line.id, gas: line.opcion ?? null, region: line.provincia ?? null, ...(line.equipo ? { installedUnitId: line.equipo } : {}) };
    if (isServiceFamily(line.familia)) {
      const family = serviceFamily(line) ?? null;
      const installation = line.familia === "instalaciones";
      const price = family === null ? undefined : installation ? INSTALLATION_PRICE_CENTS[family] : MAINTENANCE_PRICE_CENTS[family];
      const title =
        family === null
          ? "Servicio"
          : installation
            ? INSTALLATION_TITLES[family]
            : family === "termostatos"
              ? "Mantenimiento"
              : MAINTENANCE_TITLES[family];
      const kind = installation ? "installation" : "maintenance";
      return {
        ...base,
        kind,
        family,
        title,
        brand: "",
        model: title,
        type: installation ? "Instalación" : "Mantenimiento anual",
        image: null,
        priceCents: price ?? 0,
        shippingCents: 0,
        problem: price === undefined ? SERVICE_MISSING : null,
      };
    }
    const product = byId.get(line.id);
    if (!product || product.family !== line.familia) {
      return {
        ...base,
        kind: "product",
        family: line.familia,
        title: "Artículo no disponible",
        brand: "",
        model: "",
        type: "",
        image: null,
        priceCents: 0,
        shippingCents: 0,
        problem: MISSING,
      };
    }
    const count = (taken.get(product.id) ?? 0) + 1;
    taken.set(product.id, count);
    return {
      ...base,
      kind: "product",
      family: product.family,
      title: `${product.brand} ${product.model}`,
      brand: product.brand,
      model: product.model,
      type: product.type,
      image: product.image,
      priceCents: product.priceCents,
      shippingCents: lineShippingCents("product", product.family),
      problem: count > product.stock ? shortOfStock(product.stock) : null,
      // Only when set: the lines of every other product stay as they were.
      ...(product.fgasNotSealed ? { fgasNotSealed: true } : {}),
    };
  });
}

export type Basket = {
  lines: PricedLine[];
  totals: BasketTotals;
  /** A flagged line blocks the order until it is removed. */
  blocked: boolean;
  /** An installation or maintenance is in it: the shipping address must be inside the service area. */
  hasServices: boolean;
};

export function summarize(lines: readonly BasketLine[], products: readonly PricingProduct[]): Basket {
  const priced = priceBasketLines(lines, products);
  return { lines: priced, totals: basketTotals(priced), blocked: hasProblems(priced), hasServices: hasServiceLines(lines) };
}

/**
 * What the order form carries of the basket it showed (issue 10, "what the customer confirms
 * is what is charged"): the total to pay and a fingerprint of the priced lines. The order
 * transaction prices the basket again from locked rows and refuses it when either differs.
 * The fingerprint is no secret: forging it can only confirm the basket the server holds.
 */
export type OrderQuote = { totalCents: number; lines: string };

export function orderQuote(basket: Pick<Basket, "lines" | "totals">): OrderQuote {
  return { totalCents: basket.totals.totalCents, lines: linesFingerprint(basket.lines) };
}

export function sameQuote(a: OrderQuote, b: OrderQuote): boolean {
  return a.totalCents === b.totalCents && a.lines === b.lines;
}

/** FNV-1a (32 bits) over what makes a line: what it is, its options, its price and its state. */
export function linesFingerprint(lines: readonly PricedLine[]): string {
  const text = lines
    .map((line) => [line.familia, line.id, line.gas ?? "", line.region ?? "", line.priceCents, line.shippingCents, line.problem?.kind ?? ""].join(":"))
    .join("|");
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}
