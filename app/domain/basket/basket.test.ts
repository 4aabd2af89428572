import { describe, expect, it } from "vitest";
import { addLines, basketCount, linesForProduct, maintenanceLine, REGION_ERROR, removeLine } from "./basket";
import type { BasketLine } from "../catalogue/product";

const boiler = { id: 7, family: "calderas" as const, brand: "Baxi" };
const hermann = { id: 1, family: "calderas" as const, brand: "Hermann" };
const air = { id: 25, family: "aires" as const, brand: "Daikin" };
const aero = { id: 36, family: "aerotermia" as const, brand: "Junkers" };
const thermostat = { id: 15, family: "termostatos" as const, brand: "Honeywell" };
const none = { installation: false, maintenance: false, region: "" };

describe("lines an add creates (spec sections 4, 5, 9)", () => {
  it("no service: only the product, whatever the region", () => {
    expect(linesForProduct(thermostat, none)).toEqual({ ok: true, lines: [{ id: 15, familia: "termostatos", cantidad: 1 }] });
  });

  it("a service without region Madrid: the spec's message and nothing added", () => {
    for (const region of ["", "barcelona", "MADRID-norte"]) {
      expect(linesForProduct(boiler, { ...none, installation: true, region })).toEqual({ ok: false, error: REGION_ERROR });
      expect(linesForProduct(air, { ...none, maintenance: true, region })).toEqual({ ok: false, error: REGION_ERROR });
    }
    expect(REGION_ERROR).toBe("Debe seleccionar una Comunidad.Actualmente solo ofrecemos servicio en Madrid");
  });

  it("aerothermal follows the same rule (the original only raised a silent flag)", () => {
    expect(linesForProduct(aero, { ...none, installation: true, region: "" })).toEqual({ ok: false, error: REGION_ERROR });
  });

  it("boiler with installation and maintenance in Madrid: product, installation 1, maintenance 1", () => {
    const result = linesForProduct(boiler, { installation: true, maintenance: true, region: "madrid", gas: "propano" });
    expect(result).toEqual({
      ok: true,
      lines: [
        { id: 7, familia: "calderas", cantidad: 1, opcion: "propano" },
        { id: 1, familia: "instalaciones", cantidad: 1, provincia: "madrid" },
        { id: 1, familia: "mantenimientos", cantidad: 1, provincia: "madrid" },
      ],
    });
  });

  it("service line ids: air 2, aerothermal 3 (both lines), thermostats 4; always 'mantenimientos'", () => {
    const madrid = { installation: true, maintenance: true, region: "madrid" };
    const airLines = linesForProduct(air, madrid);
    expect(airLines.ok && airLines.lines.slice(1)).toEqual([
      { id: 2, familia: "instalaciones", cantidad: 1, provincia: "madrid" },
      { id: 2, familia: "mantenimientos", cantidad: 1, provincia: "madrid" },
    ]);
    const aeroLines = linesForProduct(aero, madrid);
    expect(aeroLines.ok && aeroLines.lines.slice(1).map((l) => l.id)).toEqual([3, 3]);
    const thermoLines = linesForProduct(thermostat, madrid);
    // Thermostats have no maintenance service.
    expect(thermoLines.ok && thermoLines.lines.slice(1)).toEqual([{ id: 4, familia: "instalaciones", cantidad: 1, provincia: "madrid" }]);
  });

  it("gas: natural by default; Hermann boilers natural only", () => {
    const plain = linesForProduct(boiler, none);
    expect(plain.ok && plain.lines[0]?.opcion).toBe("natural");
    expect(linesForProduct(hermann, { ...none, gas: "propano" })).toMatchObject({ ok: false });
    expect(linesForProduct(hermann, { ...none, gas: "natural" })).toMatchObject({ ok: true });
    const airLine = linesForProduct(air, { ...none, gas: "propano" });
    expect(airLine.ok && airLine.lines[0]?.opcion).toBeUndefined();
  });

  it("a maintenance alone is a Madrid maintenance line", () => {
    expect(maintenanceLine("aires")).toEqual({ id: 2, familia: "mantenimientos", cantidad: 1, provincia: "madrid" });
  });
});

describe("basket rules (spec section 4)", () => {
  const b1: BasketLine = { id: 7, familia: "calderas", cantidad: 1, opcion: "natural" };
  const b2: BasketLine = { id: 8, familia: "calderas", cantidad: 1, opcion: "natural" };
  const inst1: BasketLine = { id: 1, familia: "instalaciones", cantidad: 1, provincia: "madrid" };
  const maint1: BasketLine = { id: 1, familia: "mantenimientos", cantidad: 1, provincia: "madrid" };
  const t: BasketLine = { id: 15, familia: "termostatos", cantidad: 1 };
  const inst4: BasketLine = { id: 4, familia: "instalaciones", cantidad: 1, provincia: "madrid" };

  it("adding appends, even the same product twice", () => {
    expect(addLines([b1], [b1, inst1])).toEqual([b1, b1, inst1]);
  });

  it("removing deletes only the first matching line", () => {
    expect(removeLine([b1, inst1, b1, inst1], "calderas", 7)).toEqual([inst1, b1, inst1]);
  });

  it("the family's installation line goes when its last product goes; other families' stay", () => {
    const basket = [b1, inst1, maint1, t, inst4];
    expect(removeLine(basket, "calderas", 7)).toEqual([maint1, t, inst4]);
    expect(removeLine(basket, "termostatos", 15)).toEqual([b1, inst1, maint1]);
  });

  it("installation stays while a product of the family remains", () => {
    expect(removeLine([b1, b2, inst1], "calderas", 7)).toEqual([b2, inst1]);
  });

  it("removing a service line removes just it; an unknown line changes nothing", () => {
    expect(removeLine([b1, inst1], "instalaciones", 1)).toEqual([b1]);
    const basket = [b1];
    expect(removeLine(basket, "aires", 99)).toBe(basket);
  });

  it("the count is the number of lines, 0 without a basket", () => {
    expect(basketCount([b1, inst1, maint1])).toBe(3);
    expect(basketCount(null)).toBe(0);
    expect(basketCount(undefined)).toBe(0);
  });
});
