import { describe, expect, it } from "vitest";
import { productFormValues, type ProductInput } from "./product-form";
import { parseProductForm } from "./product-form-schema";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const boiler = {
  family: "calderas",
  slug: "",
  brand: " Baxi ",
  model: "Platinum Compact 24/24F ECO",
  type: "Condensación",
  price: "1.234,56",
  previousPrice: "1299",
  stock: "4",
  lowStockThreshold: "2",
  promotion: "on",
  promotionDiscount: "50",
  deal: "",
  energyClass: "A",
  certification: "ErP A",
  description: "Caldera de condensación.",
  description2: "",
  powerKw: "24",
  heatingPowerKw: "20",
  flowLpm: "13,8",
  accumulator: "",
  heatPump: "",
  "dimensions-alto": "70",
  "dimensions-ancho": "40",
  "dimensions-fondo": "29,5",
};

function parsed(fields: Record<string, string>): ProductInput {
  const result = parseProductForm(form(fields));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.product;
}

function errorsOf(fields: Record<string, string>) {
  const result = parseProductForm(form(fields));
  if (result.ok) throw new Error("se esperaban errores");
  return result.errors;
}

describe("product form", () => {
  it("reads a boiler: euros to cents, decimal commas, the slug from brand and model, other families' fields null", () => {
    const product = parsed({ ...boiler, wifi: "on", refrigerant: "R-32", "dimensionsTank-alto": "10" });
    expect(product).toMatchObject({
      family: "calderas",
      slug: "baxi-platinum-compact-24-24f-eco",
      brand: "Baxi",
      priceCents: 123456,
      previousPriceCents: 129900,
      promotion: true,
      promotionDiscountCents: 5000,
      deal: false,
      stock: 4,
      lowStockThreshold: 2,
      energyClass: "A",
      certification: "ErP A",
      powerKw: 24,
      flowLpm: 13.8,
      accumulator: null,
      heatPump: false,
      dimensions: { alto: 70, ancho: 40, fondo: 29.5 },
      wifi: null,
      refrigerant: null,
      dimensionsTank: null,
      coolingCapacityFgh: null,
    });
  });

  it("a thermostat needs no energy class; its flags are stored as true or false", () => {
    const product = parsed({
      family: "termostatos",
      brand: "Honeywell",
      model: "T87",
      type: "analogico",
      price: "49,90",
      stock: "0",
      lowStockThreshold: "1",
      description: "Termostato.",
      wifi: "on",
      energyClass: "",
    });
    expect(product).toMatchObject({ energyClass: null, wifi: true, mainsPowered: false, powerKw: null, heatPump: null, priceCents: 4990 });
  });

  it("names every problem at once, in Spanish, by field", () => {
    const errors = errorsOf({
      ...boiler,
      slug: "Con Mayúsculas",
      brand: "",
      type: "digital",
      price: "12,345",
      previousPrice: "abc",
      stock: "-1",
      lowStockThreshold: "1,5",
      energyClass: "",
      powerKw: "",
      flowLpm: "mucho",
      "dimensions-fondo": "",
    });
    expect(errors).toEqual({
      slug: expect.stringContaining("minúsculas"),
      brand: "Escriba la marca.",
      type: "Elija el tipo de la lista.",
      price: expect.stringContaining("Precio: escriba un importe en euros"),
      previousPrice: expect.stringContaining("Precio anterior"),
      stock: expect.stringContaining("número entero"),
      lowStockThreshold: expect.stringContaining("Umbral de stock bajo"),
      energyClass: "Elija la clase energética: es obligatoria para este producto.",
      powerKw: expect.stringContaining("potencia de agua caliente"),
      flowLpm: expect.stringContaining("Caudal"),
      dimensions: expect.stringContaining("alto, ancho y fondo"),
    });
  });

  it("checks prices against each other", () => {
    expect(errorsOf({ ...boiler, previousPrice: "1.234,56" }).previousPrice).toContain("mayor que el precio actual");
    expect(errorsOf({ ...boiler, promotionDiscount: "" }).promotionDiscount).toContain("escriba el descuento");
    expect(errorsOf({ ...boiler, promotionDiscount: "2000" }).promotionDiscount).toContain("menor que el precio");
    expect(errorsOf({ ...boiler, price: "0" }).price).toContain("mayor que 0");
    expect(errorsOf({ ...boiler, price: "" }).price).toContain("Escriba el precio");
  });

  it("refuses an unknown family or energy class", () => {
    expect(errorsOf({ ...boiler, family: "hornos" }).family).toBe("Elija la familia del producto.");
    expect(errorsOf({ ...boiler, energyClass: "Z" }).energyClass).toBe("Elija la clase energética de la lista.");
  });

  it("shows a stored product as the form's text and reads it back unchanged", () => {
    const product = parsed(boiler);
    const again = parsed(productFormValues(product));
    expect(again).toEqual(product);
    expect(productFormValues(product)).toMatchObject({ price: "1234,56", flowLpm: "13,8", "dimensions-fondo": "29,5" });
  });

  const air = {
    family: "aires",
    brand: "Daikin",
    model: "Sensira FTXF25E",
    type: "Split pared",
    price: "699",
    stock: "6",
    lowStockThreshold: "2",
    energyClass: "A++",
    description: "Split de pared.",
    powerKw: "2,5",
    seer: "6,12",
    scop: "4,1",
    soundPowerDb: "60",
    eprelNumber: " 1234567 ",
    fgasNotSealed: "on",
  };

  it("reads the energy label's figures of an air conditioner, the EPREL number and the F-gas flag", () => {
    expect(parsed(air)).toMatchObject({ seer: 6.12, scop: 4.1, soundPowerDb: 60, eprelNumber: "1234567", fgasNotSealed: true });
    expect(parsed({ ...air, seer: "", scop: "", soundPowerDb: "", eprelNumber: "", fgasNotSealed: "" })).toMatchObject({
      seer: null,
      scop: null,
      soundPowerDb: null,
      eprelNumber: null,
      fgasNotSealed: false,
    });
  });

  it("refuses figures outside the label's ranges and an EPREL number with letters, naming each field", () => {
    const errors = errorsOf({ ...air, seer: "16", scop: "1,5", soundPowerDb: "95", eprelNumber: "EPREL-12" });
    expect(errors).toEqual({
      seer: "SEER (eficiencia estacional en refrigeración): escriba un número entre 2 y 15, por ejemplo 6,1, o déjelo en blanco.",
      scop: expect.stringContaining("entre 2 y 7"),
      soundPowerDb: expect.stringContaining("entre 30 y 90"),
      eprelNumber: expect.stringContaining("solo las cifras"),
    });
    expect(errorsOf({ ...air, seer: "mucho" }).seer).toContain("entre 2 y 15");
    expect(parsed({ ...air, seer: "2", scop: "7", soundPowerDb: "30" })).toMatchObject({ seer: 2, scop: 7, soundPowerDb: 30 });
  });

  it("a boiler keeps its sound power and EPREL number, never a SEER, SCOP or the F-gas flag", () => {
    const product = parsed({ ...boiler, soundPowerDb: "48", eprelNumber: "987654", seer: "6", scop: "4", fgasNotSealed: "on" });
    expect(product).toMatchObject({ soundPowerDb: 48, eprelNumber: "987654", seer: null, scop: null, fgasNotSealed: false });
  });

  it("shows the label's figures as the form's text and reads them back unchanged", () => {
    const product = parsed(air);
    expect(productFormValues(product)).toMatchObject({ seer: "6,12", scop: "4,1", soundPowerDb: "60", eprelNumber: "1234567", fgasNotSealed: "on" });
    expect(parsed(productFormValues(product))).toEqual(product);
    // A new air conditioner starts with the F-gas flag ticked; a new heat pump or boiler without it.
    expect(productFormValues({ family: "aires" }).fgasNotSealed).toBe("on");
    expect(productFormValues({ family: "aerotermia" }).fgasNotSealed).toBe("");
    expect(productFormValues({ ...product, fgasNotSealed: false }).fgasNotSealed).toBe("");
  });

  it("too long texts are refused with their limit", () => {
    expect(errorsOf({ ...boiler, model: "x".repeat(161) }).model).toBe("Modelo: como máximo 160 caracteres.");
  });
});
