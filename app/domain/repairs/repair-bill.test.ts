import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ExtraWorkLine } from "../jobs/work-report-content";
import { coveredFor, repairBill, repairCover } from "./repair-bill";
import { COVERAGE_KINDS } from "./repair-coverage";
import { REPAIR_CAUSES } from "./repair-outcome";
import { parseRepairFields, REPAIR_REPORT_MESSAGES } from "./repair-report-form";

const labour = (cents: number, hours = 1): ExtraWorkLine => ({ kind: "mano_de_obra", productId: null, description: "Mano de obra", quality: "", quantityMilli: hours * 1000, unit: "h", unitCents: cents, used: false });
const material = (cents: number): ExtraWorkLine => ({ kind: "material", productId: null, description: "Junta", quality: "", quantityMilli: 1000, unit: "ud", unitCents: cents, used: false });
const nothing = { callOut: false, labour: false, parts: false };

describe("what a repair's coverage pays for, by the cause found", () => {
  it("follows the guarantee's reach", () => {
    const free = { callOut: true, labour: true, parts: true };
    expect(coveredFor({ kind: "garantia-legal", partsUnderGuarantee: true }, "defecto")).toEqual(free);
    expect(coveredFor({ kind: "garantia-legal", partsUnderGuarantee: true }, "instalacion")).toEqual(free);
    expect(coveredFor({ kind: "garantia-legal", partsUnderGuarantee: true }, "desgaste")).toEqual(nothing);
    expect(coveredFor({ kind: "garantia-instalacion", partsUnderGuarantee: true }, "instalacion")).toEqual(free);
    expect(coveredFor({ kind: "garantia-instalacion", partsUnderGuarantee: true }, "defecto")).toEqual({ callOut: false, labour: false, parts: true });
    expect(coveredFor({ kind: "garantia-piezas", partsUnderGuarantee: true }, "defecto")).toEqual({ callOut: false, labour: false, parts: true });
    expect(coveredFor({ kind: "plan", partsUnderGuarantee: false }, "desgaste")).toEqual({ callOut: true, labour: true, parts: false });
    expect(coveredFor({ kind: "plan", partsUnderGuarantee: true }, "defecto")).toEqual(free);
    expect(coveredFor({ kind: "ninguna", partsUnderGuarantee: false }, "defecto")).toEqual(nothing);
  });

  it("never covers misuse or an outside cause, whatever the coverage", () => {
    for (const kind of COVERAGE_KINDS) expect(coveredFor({ kind, partsUnderGuarantee: true }, "externa")).toEqual(nothing);
  });

  it("judges the parts' guarantee on the repair's day", () => {
    const terms = { coverage: { kind: "plan" as const, until: null, callOutCents: 0, text: "" }, partsGuaranteeUntil: "2027-03-01" };
    expect(repairCover(terms, "2027-03-01").partsUnderGuarantee).toBe(true);
    expect(repairCover(terms, "2027-03-02").partsUnderGuarantee).toBe(false);
  });
});

describe("a repair's bill", () => {
  it("charges the call-out at its base, the labour and the parts; leaves out what is covered", () => {
    const bill = repairBill({ callOutCents: 4840, covered: nothing, extras: [labour(4500), material(1000)], parts: [{ productId: 1, description: "Sonda", quantity: 2, unitBaseCents: 1500 }], reducedVatConfirmed: false });
    expect(bill.lines.map((line) => line.baseCents)).toEqual([4000, 4500, 1000, 3000]);
    expect(bill).toMatchObject({ rate: 21, baseCents: 12_500, vatCents: 2_625, totalCents: 15_125, materialsCents: 4_000 });
    const partsFree = repairBill({ callOutCents: 4840, covered: { callOut: false, labour: false, parts: true }, extras: [labour(4500), material(1000)], parts: [{ productId: 1, description: "Sonda", quantity: 2, unitBaseCents: 1500 }], reducedVatConfirmed: false });
    expect(partsFree.lines.map((line) => line.description)).toEqual(["Desplazamiento y diagnóstico", "Mano de obra"]);
    expect(repairBill({ callOutCents: 4840, covered: { callOut: true, labour: true, parts: true }, extras: [labour(4500)], parts: [], reducedVatConfirmed: true })).toMatchObject({ lines: [], totalCents: 0, rate: 21 });
  });

  it("is at 10 % only when the customer confirmed and the materials are at most 40 % of the base", () => {
    // 40 + 45 labour, 56,66 of materials: 40,0 % exactly.
    const within = repairBill({ callOutCents: 4840, covered: nothing, extras: [labour(4500), material(5666)], parts: [], reducedVatConfirmed: true });
    expect(within).toMatchObject({ rate: 10, baseCents: 14_166 });
    expect(repairBill({ callOutCents: 4840, covered: nothing, extras: [labour(4500), material(5667)], parts: [], reducedVatConfirmed: true }).rate).toBe(21);
    expect(repairBill({ callOutCents: 4840, covered: nothing, extras: [labour(4500), material(5666)], parts: [], reducedVatConfirmed: false }).rate).toBe(21);
  });

  it("property: whenever it is 10 %, materials are at most 40 % of the base, and the total is base plus VAT", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000 }),
        fc.array(fc.integer({ min: 1, max: 50_000 }), { maxLength: 3 }),
        fc.array(fc.integer({ min: 1, max: 50_000 }), { maxLength: 3 }),
        fc.boolean(),
        fc.constantFrom(...REPAIR_CAUSES),
        fc.constantFrom(...COVERAGE_KINDS),
        (callOut, labours, materials, confirmed, cause, kind) => {
          const bill = repairBill({ callOutCents: callOut, covered: coveredFor({ kind, partsUnderGuarantee: true }, cause), extras: [...labours.map((c) => labour(c)), ...materials.map(material)], parts: [], reducedVatConfirmed: confirmed });
          if (bill.rate === 10) expect(bill.materialsCents * 100).toBeLessThanOrEqual(bill.baseCents * 40);
          expect(bill.totalCents).toBe(bill.baseCents + bill.vatCents);
          expect(bill.baseCents).toBe(bill.lines.reduce((sum, line) => sum + line.baseCents, 0));
        },
      ),
    );
  });
});

describe("the repair's fields of the report", () => {
  it("asks a diagnosis and a cause, whole units of parts, once each, and a valid NIF or none", () => {
    expect(parseRepairFields({ diagnosis: "corto", cause: "" })).toEqual({ ok: false, errors: { "repair.diagnosis": REPAIR_REPORT_MESSAGES.diagnosis, "repair.cause": REPAIR_REPORT_MESSAGES.cause } });
    const good = { diagnosis: "Sonda NTC rota: cambiada.", cause: "desgaste", parts: [{ productId: "7", quantity: "2" }], invoiceNif: " 12345678z " };
    expect(parseRepairFields(good)).toMatchObject({ ok: true, repair: { parts: [{ productId: 7, quantity: 2 }], invoiceNif: "12345678Z", reducedVatConfirmed: false } });
    expect(parseRepairFields({ ...good, parts: [{ productId: "7", quantity: "1,5" }] })).toMatchObject({ ok: false, errors: { "repair.parts.0.quantity": REPAIR_REPORT_MESSAGES.quantity } });
    expect(parseRepairFields({ ...good, parts: [{ productId: "7", quantity: "1" }, { productId: "7", quantity: "1" }] })).toMatchObject({ ok: false, errors: { "repair.parts.1.productId": REPAIR_REPORT_MESSAGES.repeated } });
    expect(parseRepairFields({ ...good, invoiceNif: "12345678A" })).toMatchObject({ ok: false, errors: { "repair.invoiceNif": REPAIR_REPORT_MESSAGES.nif } });
  });
});
