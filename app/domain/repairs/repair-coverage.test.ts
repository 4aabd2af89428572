import { describe, expect, it } from "vitest";
import { coverageOf, type UnitCover } from "./repair-coverage";

const TODAY = "2027-03-10";
const unit = (fields: Partial<UnitCover> = {}): UnitCover => ({ labourWarrantyUntil: null, partsWarrantyUntil: null, legalGuaranteeUntil: null, plan: null, ...fields });

describe("what a breakdown costs before the diagnosis (issue 31)", () => {
  it("a unit we do not know: the call-out fee, said with its price", () => {
    expect(coverageOf(null, TODAY, 4840)).toMatchObject({ kind: "ninguna", callOutCents: 4840, text: expect.stringMatching(/^El desplazamiento y el diagnóstico cuestan 48,40.€ \(IVA incluido\)/) });
  });

  it("a running plan that covers repair labour: nothing before the diagnosis", () => {
    expect(coverageOf(unit({ plan: { id: 7, repairLabour: true } }), TODAY, 4840)).toMatchObject({ kind: "plan", callOutCents: 0, text: expect.stringContaining("plan de mantenimiento n.º 7") });
    expect(coverageOf(unit({ plan: { id: 7, repairLabour: false } }), TODAY, 4840).kind).toBe("ninguna");
  });

  it("the legal guarantee, then our installation's, then the parts' (fee charged), each until its last day included", () => {
    const all = unit({ labourWarrantyUntil: "2027-03-10", partsWarrantyUntil: "2028-09-10", legalGuaranteeUntil: "2029-09-10" });
    expect(coverageOf(all, TODAY, 4840)).toMatchObject({ kind: "garantia-legal", until: "2029-09-10", callOutCents: 0 });
    expect(coverageOf({ ...all, legalGuaranteeUntil: null }, TODAY, 4840)).toMatchObject({ kind: "garantia-instalacion", until: "2027-03-10", callOutCents: 0 });
    expect(coverageOf({ ...all, legalGuaranteeUntil: null }, "2027-03-11", 4840)).toMatchObject({ kind: "garantia-piezas", callOutCents: 4840, text: expect.stringContaining("Las piezas están en garantía hasta el 10/09/2028") });
    expect(coverageOf(all, "2029-09-11", 4840)).toMatchObject({ kind: "ninguna", callOutCents: 4840 });
  });

  it("a company has no legal guarantee of goods: only our guarantees", () => {
    expect(coverageOf(unit({ labourWarrantyUntil: "2026-01-01", partsWarrantyUntil: "2027-06-01", legalGuaranteeUntil: null }), TODAY, 4840).kind).toBe("garantia-piezas");
  });
});
