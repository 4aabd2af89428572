import { describe, expect, it } from "vitest";
import { formatEuros } from "../money";
import type { CatalogueProduct, Family } from "./product";
import {
  addOutcomeMessage,
  addToComparison,
  alignRows,
  buildComparison,
  cellText,
  comparisonHref,
  listFromCookie,
  parseComparisonParam,
  type ComparisonRow,
} from "./comparison";

function product(id: number, family: Family, fields: Partial<CatalogueProduct> = {}): CatalogueProduct {
  return {
    id,
    family,
    slug: `p-${id}`,
    brand: "Daikin",
    model: `M${id}`,
    type: family === "aires" ? "Split pared" : "Condensación",
    priceCents: 69900,
    previousPriceCents: null,
    promotion: false,
    promotionDiscountCents: null,
    deal: false,
    stock: 5,
    certification: null,
    description: "",
    description2: "",
    image: `/imagenes/demo/p-${id}-1.svg`,
    images: [],
    energyClass: null,
    powerKw: null,
    flowLpm: null,
    heatingPowerKw: null,
    accumulator: null,
    heatPump: null,
    wifi: null,
    mainsPowered: null,
    coolingCapacityFgh: null,
    noiseIndoorDb: null,
    noiseOutdoorDb: null,
    refrigerant: null,
    inverter: null,
    controller: null,
    dimensions: null,
    dimensionsOutdoor: null,
    dimensionsIndoor: null,
    dimensionsTank: null,
    seer: null,
    scop: null,
    soundPowerDb: null,
    eprelNumber: null,
    fgasNotSealed: false,
    ...fields,
  };
}

const split = (id: number, fields: Partial<CatalogueProduct>) =>
  product(id, "aires", {
    energyClass: "A++",
    powerKw: 2.5,
    coolingCapacityFgh: 2150,
    noiseIndoorDb: 21,
    noiseOutdoorDb: 46,
    refrigerant: "R-32",
    heatPump: true,
    inverter: true,
    seer: 6.35,
    scop: 4,
    soundPowerDb: 60,
    dimensionsIndoor: { alto: 29, ancho: 77, fondo: 23 },
    dimensionsOutdoor: { alto: 55, ancho: 66, fondo: 28 },
    ...fields,
  });

/** The table as text: label, then each cell as a visitor reads it. */
const table = (rows: ComparisonRow[]) =>
  rows.map((row) => [row.label, ...row.cells.map((cell) => cellText(cell, formatEuros).replace(/\u00a0/g, " "))]);
const differing = (rows: ComparisonRow[]) => rows.filter((row) => row.differs).map((row) => row.key);

describe("parseComparisonParam", () => {
  it("reads the ids in order, each once", () => {
    expect(parseComparisonParam("27,31,27, 24")).toEqual({ ids: [27, 31, 24], invalid: [], overLimit: 0 });
    expect(parseComparisonParam(null)).toEqual({ ids: [], invalid: [], overLimit: 0 });
    expect(parseComparisonParam(",,")).toEqual({ ids: [], invalid: [], overLimit: 0 });
  });

  it("reports what is not an id, and keeps the first four ids", () => {
    expect(parseComparisonParam("abc,0,-3,27")).toEqual({ ids: [27], invalid: ["abc", "0", "-3"], overLimit: 0 });
    expect(parseComparisonParam("1,2,3,4,5,6")).toEqual({ ids: [1, 2, 3, 4], invalid: [], overLimit: 2 });
    expect(parseComparisonParam(`${"9".repeat(30)}`).invalid).toEqual([`${"9".repeat(20)}…`]);
  });

  it("builds the address to share", () => {
    expect(comparisonHref([27, 31])).toBe("/comparar?productos=27,31");
    expect(comparisonHref([27], { aviso: "lleno" })).toBe("/comparar?productos=27&aviso=lleno");
    expect(comparisonHref([])).toBe("/comparar");
  });
});

describe("alignRows", () => {
  it("lines up every characteristic of three air conditioners, prices with and without installation first", () => {
    const rows = alignRows([
      split(24, { priceCents: 69900 }),
      split(27, { priceCents: 89900, energyClass: "A+++", seer: 8.7, scop: 4.7, soundPowerDb: 58, noiseIndoorDb: 19 }),
      split(30, { priceCents: 55900, seer: 6.1, powerKw: 2.5 }),
    ]);
    expect(table(rows)).toEqual([
      ["Precio sin instalación (IVA incluido)", "699,00 €", "899,00 €", "559,00 €"],
      ["Precio con instalación (IVA incluido)", "1.001,00 €", "1.201,00 €", "861,00 €"],
      ["Clase energética", "A++", "A+++", "A++"],
      ["SEER (eficiencia en refrigeración)", "6,35", "8,7", "6,1"],
      ["SCOP (eficiencia en calefacción)", "4,0", "4,7", "4,0"],
      ["Potencia de refrigeración", "2,5 kW", "2,5 kW", "2,5 kW"],
      ["Frigorías", "2150 frigorías/h", "2150 frigorías/h", "2150 frigorías/h"],
      ["Ruido de la unidad interior", "21 dB", "19 dB", "21 dB"],
      ["Ruido de la unidad exterior", "46 dB", "46 dB", "46 dB"],
      ["Potencia sonora (etiqueta energética)", "60 dB(A)", "58 dB(A)", "60 dB(A)"],
      ["Refrigerante", "R-32", "R-32", "R-32"],
      ["Tipo", "Split pared", "Split pared", "Split pared"],
      ["Bomba de calor", "Sí", "Sí", "Sí"],
      ["Inverter", "Sí", "Sí", "Sí"],
      ["Unidad interior (alto × ancho × fondo)", "29 × 77 × 23 cm", "29 × 77 × 23 cm", "29 × 77 × 23 cm"],
      ["Unidad exterior (alto × ancho × fondo)", "55 × 66 × 28 cm", "55 × 66 × 28 cm", "55 × 66 × 28 cm"],
    ]);
    expect(differing(rows)).toEqual(["price", "priceInstalled", "energyClass", "seer", "scop", "noiseIndoorDb", "soundPowerDb"]);
  });

  it("shows a missing value as «—», and a row where only some have a value differs", () => {
    const rows = alignRows([split(24, { seer: null, soundPowerDb: null }), split(27, { soundPowerDb: null })]);
    expect(table(rows).find(([label]) => label?.startsWith("SEER"))).toEqual(["SEER (eficiencia en refrigeración)", "—", "6,35"]);
    expect(rows.find((row) => row.key === "seer")?.differs).toBe(true);
    // Nobody has it: no row at all.
    expect(rows.some((row) => row.key === "soundPowerDb")).toBe(false);
  });

  it("one product: its rows, none differing; no product: no rows", () => {
    expect(differing(alignRows([split(24, {})]))).toEqual([]);
    expect(alignRows([])).toEqual([]);
  });

  it("boilers: the family's own power label and rows, no SEER or SCOP", () => {
    const boiler = (id: number, kw: number) =>
      product(id, "calderas", { powerKw: kw, heatingPowerKw: 20, flowLpm: 13.8, energyClass: "A", soundPowerDb: 50, dimensions: { alto: 70, ancho: 40, fondo: 30 } });
    const rows = alignRows([boiler(1, 24), boiler(2, 30)]);
    expect(rows.map((row) => row.label)).toEqual([
      "Precio sin instalación (IVA incluido)",
      "Precio con instalación (IVA incluido)",
      "Clase energética",
      "Potencia de agua caliente",
      "Potencia de calefacción",
      "Caudal de agua caliente",
      "Potencia sonora (etiqueta energética)",
      "Tipo",
      "Medidas (alto × ancho × fondo)",
    ]);
    expect(differing(rows)).toEqual(["powerKw"]);
  });
});

describe("buildComparison", () => {
  const found = [split(24, {}), split(27, {}), split(30, {}), product(1, "calderas", { brand: "Baxi", model: "Platinum" })];

  it("keeps the address's order and says nothing when all is well", () => {
    const comparison = buildComparison(parseComparisonParam("30,24,27"), found);
    expect(comparison.family).toBe("aires");
    expect(comparison.ids).toEqual([30, 24, 27]);
    expect(comparison.products.map((p) => p.id)).toEqual([30, 24, 27]);
    expect(comparison.notes).toEqual([]);
  });

  it("mixed families: the first product's family is compared, the others are named and left out", () => {
    const comparison = buildComparison(parseComparisonParam("24,1,27"), found);
    expect(comparison.ids).toEqual([24, 27]);
    expect(comparison.notes).toEqual([
      "Solo se comparan productos de una misma familia (aquí, aires acondicionados): hemos dejado fuera Baxi Platinum (caldera).",
    ]);
    expect(buildComparison(parseComparisonParam("1,24"), found).family).toBe("calderas");
  });

  it("bad ids, unknown products and more than four: what is valid, with a note for each", () => {
    const comparison = buildComparison(parseComparisonParam("24,abc,999,27,30,31,32"), found);
    expect(comparison.ids).toEqual([24, 27, 30]);
    expect(comparison.notes).toEqual([
      "«abc» no es un número de producto: lo hemos dejado fuera.",
      "Se comparan como máximo 4 productos a la vez: hemos dejado fuera los 2 últimos de la dirección.",
      "Uno de los productos de la dirección ya no está en la tienda.",
    ]);
  });

  it("nothing valid: no family, no rows, and the notes say why", () => {
    const comparison = buildComparison(parseComparisonParam("x,y"), []);
    expect(comparison).toMatchObject({ family: null, products: [], rows: [], ids: [] });
    expect(comparison.notes).toEqual(["«x» y «y» no son números de producto: lo hemos dejado fuera."]);
  });
});

describe("the visitor's list", () => {
  const air = (id: number) => ({ id, family: "aires" as const });

  it("adds up to four products of one family, once each", () => {
    expect(addToComparison([], air(24))).toEqual({ kind: "added", ids: [24] });
    expect(addToComparison([air(24)], air(27))).toEqual({ kind: "added", ids: [24, 27] });
    expect(addToComparison([air(24), air(27)], air(24))).toEqual({ kind: "already", ids: [24, 27] });
  });

  it("refuses a fifth product and keeps the list", () => {
    const four = [air(24), air(27), air(30), air(31)];
    expect(addToComparison(four, air(32))).toEqual({ kind: "full", ids: [24, 27, 30, 31] });
    expect(addOutcomeMessage({ kind: "full", ids: [24, 27, 30, 31] }, "aires")).toBe(
      "No se ha añadido: ya compara 4 productos, el máximo. Quite uno para añadir este.",
    );
  });

  it("a product of another family starts a new list, and the message says so", () => {
    const outcome = addToComparison([air(24), air(27)], { id: 1, family: "calderas" });
    expect(outcome).toEqual({ kind: "restarted", ids: [1], previous: "aires" });
    expect(addOutcomeMessage(outcome, "calderas")).toBe(
      "Comparación nueva de calderas (1 de 4): solo se comparan productos de una misma familia, así que hemos dejado fuera los aires acondicionados.",
    );
  });

  it("counts in the message", () => {
    expect(addOutcomeMessage({ kind: "added", ids: [24, 27] }, "aires")).toBe("Añadido a la comparación (2 de 4)");
  });

  it("reads the cookie's list defensively", () => {
    expect(listFromCookie([24, 27, 24, "x", -1, 1.5, 30, 31, 32])).toEqual([24, 27, 30, 31]);
    expect(listFromCookie("24,27")).toEqual([]);
    expect(listFromCookie(null)).toEqual([]);
  });
});
