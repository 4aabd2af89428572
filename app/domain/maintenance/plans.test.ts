import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, addMonths } from "../dates/madrid-dates";
import { planVisitDueOn, unitLeakCheckDueOn, unitVisitDueOn, type PlanUnitFacts } from "./plans";
import { unitFormSchema } from "./unit-form";

const boiler: PlanUnitFacts = { equipment: "caldera-gas", powerKw: 24, installedOn: null, lastMaintainedOn: null, refrigerant: null, chargeKg: null, hermeticallySealed: false, leakDetection: false };

describe("a plan's units and their dates", () => {
  it("the yearly visit counts from the last maintenance, else the later of installation and the plan's start", () => {
    expect(unitVisitDueOn(boiler, "2031-05-20")).toBe("2032-05-20");
    expect(unitVisitDueOn({ ...boiler, installedOn: "2031-09-01" }, "2031-05-20")).toBe("2032-09-01");
    expect(unitVisitDueOn({ ...boiler, installedOn: "2019-09-01" }, "2031-05-20")).toBe("2032-05-20");
    expect(unitVisitDueOn({ ...boiler, lastMaintainedOn: "2031-07-02" }, "2031-05-20")).toBe("2032-07-02");
    // A plant over 70 kW is maintained monthly (RITE): sooner than the plan's yearly visit.
    expect(unitVisitDueOn({ ...boiler, powerKw: 90, lastMaintainedOn: "2031-07-02" }, "2031-05-20")).toBe("2031-08-02");
    expect(planVisitDueOn([], "2032-02-29")).toBe("2033-02-28");
    expect(planVisitDueOn([{ ...boiler, installedOn: "2031-09-01" }, boiler], "2031-05-20")).toBe("2032-05-20");
  });

  it("a leak check only for fluorinated charges of 5 t CO2e or more", () => {
    const split = { ...boiler, equipment: "aire" as const, refrigerant: "R-32" as const, chargeKg: 1.2 };
    expect(unitLeakCheckDueOn(split, "2031-05-20")).toBeNull();
    // 8 kg of R-32: 5,4 t CO2e, every 12 months.
    expect(unitLeakCheckDueOn({ ...split, chargeKg: 8, installedOn: "2031-06-01" }, "2031-05-20")).toBe("2032-06-01");
    expect(unitLeakCheckDueOn({ ...split, refrigerant: "R-290", chargeKg: 8 }, "2031-05-20")).toBeNull();
    expect(unitLeakCheckDueOn({ ...split, chargeKg: null }, "2031-05-20")).toBeNull();
  });

  it("the next visit is never later than a year after the plan's start or the unit's last maintenance", () => {
    const days = fc.integer({ min: 0, max: 6 * 366 }).map((n) => addDays("2028-01-01", n));
    fc.assert(
      fc.property(days, fc.option(days, { nil: null }), fc.option(days, { nil: null }), fc.double({ min: 1, max: 200, noNaN: true }), (start, installed, last, kw) => {
        const unit = { ...boiler, powerKw: kw, installedOn: installed, lastMaintainedOn: last };
        const due = unitVisitDueOn(unit, start);
        const from = last ?? (installed !== null && installed > start ? installed : start);
        expect(due > from).toBe(true);
        expect(due <= addMonths(from, 12)).toBe(true);
      }),
    );
  });
});

describe("the unit form", () => {
  const schema = unitFormSchema("aires", "2031-05-20");
  it("reads Spanish decimals and keeps optional fields empty", () => {
    expect(schema.parse({ tipo: "aire", marca: " Daikin ", modelo: "FTXM35R", serie: "DK-1", instalado: "2024-06-15", potencia: "3,5", refrigerante: "R-32", carga: "1.2" })).toEqual({
      equipment: "aire", brand: "Daikin", model: "FTXM35R", serialNumber: "DK-1", installedOn: "2024-06-15", powerKw: 3.5, refrigerant: "R-32", chargeKg: 1.2, hermeticallySealed: false,
    });
    expect(schema.parse({ tipo: "aire", marca: "Daikin", modelo: "X", serie: "1", instalado: "2031-05-20", sellado: "si" })).toMatchObject({ powerKw: null, refrigerant: null, chargeKg: null, hermeticallySealed: true });
  });
  it("refuses a boiler on an air plan, a future day, 1.000,5 kW and odd numbers", () => {
    const base = { tipo: "aire", marca: "Daikin", modelo: "X", serie: "1", instalado: "2024-01-01" };
    expect(schema.safeParse({ ...base, tipo: "caldera-gas" }).success).toBe(false);
    expect(schema.safeParse({ ...base, instalado: "2031-05-21" }).success).toBe(false);
    for (const potencia of ["1000,5", "0", "3,5,1", "1e3", "-2", "3 kW"]) expect(schema.safeParse({ ...base, potencia }).success).toBe(false);
  });
});
