import { describe, expect, it } from "vitest";
import type { CatalogueProduct } from "./product";
import { galleryImages, productSpecs, selectedImageNumber, stockText } from "./product-specs";

const empty = {
  powerKw: null,
  flowLpm: null,
  heatingPowerKw: null,
  certification: null,
  heatPump: null,
  wifi: null,
  mainsPowered: null,
  accumulator: null,
  controller: null,
  inverter: null,
  coolingCapacityFgh: null,
  refrigerant: null,
  noiseOutdoorDb: null,
  noiseIndoorDb: null,
  dimensions: null,
  dimensionsOutdoor: null,
  dimensionsIndoor: null,
  dimensionsTank: null,
  seer: null,
  scop: null,
  soundPowerDb: null,
} satisfies Partial<CatalogueProduct>;

const product = (fields: Partial<CatalogueProduct>) => ({ ...empty, ...fields }) as CatalogueProduct;

describe("productSpecs", () => {
  it("a boiler: power, flow, heating power, certification, heat pump and its size, in Spanish units", () => {
    const boiler = product({
      powerKw: 20,
      flowLpm: 11.5,
      heatingPowerKw: 18,
      certification: "ErP A",
      heatPump: false,
      dimensions: { alto: 70, ancho: 40, fondo: 29 },
    });
    expect(productSpecs(boiler)).toEqual([
      { label: "Potencia", value: "20 kW" },
      { label: "Caudal ACS", value: "11,5 L/min" },
      { label: "Potencia calefacción", value: "18 kW" },
      { label: "Certificación", value: "ErP A" },
      { label: "Bomba de calor", value: "No" },
      { label: "Dimensiones (alto × ancho × fondo)", value: "70 × 40 × 29 cm" },
    ]);
  });

  it("a thermostat shows wifi and the 220 V supply as Sí/No and nothing of other families", () => {
    const rows = productSpecs(product({ wifi: true, mainsPowered: false, certification: "CE" }));
    expect(rows).toEqual([
      { label: "Certificación", value: "CE" },
      { label: "Wifi", value: "Sí" },
      { label: "Alimentación 220 V", value: "No" },
    ]);
  });

  it("an air conditioner: frigorías, refrigerant, inverter, noise and both units", () => {
    const rows = productSpecs(
      product({
        powerKw: 3.5,
        coolingCapacityFgh: 3010,
        refrigerant: "R-32",
        inverter: true,
        heatPump: true,
        noiseOutdoorDb: 46,
        noiseIndoorDb: 21.5,
        dimensionsOutdoor: { alto: 55, ancho: 80, fondo: 28.5 },
        dimensionsIndoor: { alto: 29, ancho: 80, fondo: 22 },
      }),
    );
    expect(rows.map((row) => row.label)).toEqual([
      "Potencia",
      "Bomba de calor",
      "Inverter",
      "Capacidad frigorífica",
      "Refrigerante",
      "Sonido exterior",
      "Sonido interior",
      "Unidad exterior (alto × ancho × fondo)",
      "Unidad interior (alto × ancho × fondo)",
    ]);
    expect(rows).toContainEqual({ label: "Capacidad frigorífica", value: "3010 frigorías/h" });
    expect(rows).toContainEqual({ label: "Sonido interior", value: "21,5 dB" });
    expect(rows).toContainEqual({ label: "Unidad exterior (alto × ancho × fondo)", value: "55 × 80 × 28,5 cm" });
  });

  it("the energy label's figures: SEER and SCOP with a decimal comma, the sound power in dB(A)", () => {
    const rows = productSpecs(product({ seer: 6.35, scop: 4, soundPowerDb: 60, noiseOutdoorDb: 46 }));
    expect(rows).toEqual([
      { label: "Sonido exterior", value: "46 dB" },
      { label: "Eficiencia estacional en refrigeración (SEER)", value: "6,35" },
      { label: "Eficiencia estacional en calefacción (SCOP)", value: "4,0" },
      { label: "Potencia sonora", value: "60 dB(A)" },
    ]);
  });

  it("an aerothermal unit: accumulator, controller and the tank's own size; blank text is left out", () => {
    const rows = productSpecs(
      product({
        accumulator: "Depósito ACS 180 L",
        controller: "  ",
        dimensionsTank: { alto: 165, ancho: 60, fondo: 63 },
      }),
    );
    expect(rows).toEqual([
      { label: "Acumulador", value: "Depósito ACS 180 L" },
      { label: "Acumulador (alto × ancho × fondo)", value: "165 × 60 × 63 cm" },
    ]);
  });
});

describe("gallery", () => {
  it("puts the main image first and lists every picture once", () => {
    expect(galleryImages({ image: "/b.svg", images: ["/a.svg", "/b.svg", "/c.svg"] })).toEqual(["/b.svg", "/a.svg", "/c.svg"]);
    expect(galleryImages({ image: "/a.svg", images: [] })).toEqual(["/a.svg"]);
  });

  it("reads ?imagen=N, 1-based, and falls back to the first picture", () => {
    expect(selectedImageNumber("2", 3)).toBe(2);
    expect(selectedImageNumber("3", 3)).toBe(3);
    for (const bad of [null, "", "0", "4", "-1", "1.5", "dos"]) expect(selectedImageNumber(bad, 3)).toBe(1);
  });
});

describe("stockText", () => {
  it("says how many are left, in singular or plural, or that it is sold out", () => {
    expect(stockText(4)).toBe("Quedan 4 unidades");
    expect(stockText(1)).toBe("Queda 1 unidad");
    expect(stockText(0)).toBe("Agotado");
  });
});
