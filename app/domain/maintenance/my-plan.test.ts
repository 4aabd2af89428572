import { describe, expect, it } from "vitest";
import { planOfferFor } from "./my-plan";

const unit = { id: 7, family: "calderas", serialNumber: "SD-77" };
const planUnit = (fields: { installedUnitId?: number | null; serialNumber?: string }) => ({
  id: 1,
  title: "Caldera",
  equipment: "Caldera de gas",
  serialNumber: fields.serialNumber ?? "",
  installedOn: null,
  leakCheckDueOn: null,
  installedUnitId: fields.installedUnitId ?? null,
});

describe("the plan offered under a unit we installed (issue 31)", () => {
  it("is the family's yearly maintenance, with its price", () => {
    expect(planOfferFor(unit, [])).toMatchObject({ family: "calderas", title: "Mantenimiento anual de caldera", priceCents: 8500 });
    expect(planOfferFor({ ...unit, family: "aires" }, [])).toMatchObject({ family: "aires" });
  });

  it("is not offered for a family without one, or a unit whose product is gone", () => {
    expect(planOfferFor({ ...unit, family: "termostatos" }, [])).toBeNull();
    expect(planOfferFor({ ...unit, family: null }, [])).toBeNull();
  });

  it("is not offered when a running plan maintains the unit (by its id or its serial number), and is again once that plan ended", () => {
    expect(planOfferFor(unit, [{ cancellable: true, units: [planUnit({ installedUnitId: 7 })] }])).toBeNull();
    expect(planOfferFor(unit, [{ cancellable: true, units: [planUnit({ serialNumber: " sd-77 " })] }])).toBeNull();
    expect(planOfferFor(unit, [{ cancellable: false, units: [planUnit({ installedUnitId: 7 })] }])).not.toBeNull();
    expect(planOfferFor({ ...unit, serialNumber: "" }, [{ cancellable: true, units: [planUnit({ serialNumber: "" })] }])).not.toBeNull();
  });
});
