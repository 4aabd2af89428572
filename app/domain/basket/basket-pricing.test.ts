import { describe, expect, it } from "vitest";
import { linesFingerprint, orderQuote, sameQuote, summarize, type PricingProduct } from "./basket-pricing";
import type { BasketLine } from "../catalogue/product";

const boiler: PricingProduct = { id: 4, family: "calderas", brand: "Saunier Duval", model: "ThemaFast", type: "Condensación", priceCents: 149500, stock: 2, image: "/b.jpg" };
const thermostat: PricingProduct = { id: 14, family: "termostatos", brand: "Honeywell", model: "T87", type: "analogico", priceCents: 4900, stock: 1, image: "/t.jpg" };
const basket: BasketLine[] = [
  { id: 4, familia: "calderas", cantidad: 1, opcion: "natural" },
  { id: 1, familia: "instalaciones", cantidad: 1, provincia: "madrid" },
  { id: 14, familia: "termostatos", cantidad: 1 },
];

describe("the quote the order form carries (issue 10)", () => {
  it("is the total to pay and an 8-hex fingerprint of the priced lines", () => {
    const quote = orderQuote(summarize(basket, [boiler, thermostat]));
    expect(quote.totalCents).toBe(149500 + 30200 + 4900 + 1995 + 795);
    expect(quote.lines).toMatch(/^[0-9a-f]{8}$/);
    expect(orderQuote(summarize(basket, [thermostat, boiler]))).toEqual(quote);
  });

  it("changes with a price, a line, an option, the order of lines or a line's state; not otherwise", () => {
    const base = summarize(basket, [boiler, thermostat]);
    const quote = orderQuote(base);
    const variants = [
      summarize(basket, [{ ...boiler, priceCents: 149600 }, thermostat]),
      summarize([...basket, { id: 14, familia: "termostatos", cantidad: 1 }], [boiler, { ...thermostat, stock: 5 }]),
      summarize([{ ...basket[0]!, opcion: "propano" }, basket[1]!, basket[2]!], [boiler, thermostat]),
      summarize([basket[2]!, basket[0]!, basket[1]!], [boiler, thermostat]),
      summarize(basket, [boiler, { ...thermostat, stock: 0 }]),
    ];
    const fingerprints = new Set([quote.lines, ...variants.map((v) => linesFingerprint(v.lines))]);
    expect(fingerprints.size).toBe(variants.length + 1);
    // Stock and the title are not part of the deal: more units in stock change nothing.
    expect(orderQuote(summarize(basket, [{ ...boiler, stock: 9, model: "Otro nombre" }, thermostat]))).toEqual(quote);
  });

  it("two quotes are the same only when total and lines both are", () => {
    expect(sameQuote({ totalCents: 100, lines: "0000000a" }, { totalCents: 100, lines: "0000000a" })).toBe(true);
    expect(sameQuote({ totalCents: 100, lines: "0000000a" }, { totalCents: 101, lines: "0000000a" })).toBe(false);
    expect(sameQuote({ totalCents: 100, lines: "0000000a" }, { totalCents: 100, lines: "0000000b" })).toBe(false);
  });
});
