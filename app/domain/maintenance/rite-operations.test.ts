import { describe, expect, it } from "vitest";
import { LEAK_CHECK, RITE_CHECKLIST_KINDS, RITE_OPERATIONS, riteChecklistFor } from "./rite-operations";

describe("the RITE's operations of a maintenance visit", () => {
  it("chooses the boiler's list when the visit has a gas unit, then the heat pump's, then the air conditioner's", () => {
    expect(riteChecklistFor(["aire", "caldera-gas"])).toBe("mantenimiento-caldera");
    expect(riteChecklistFor(["calentador-gas"])).toBe("mantenimiento-caldera");
    expect(riteChecklistFor(["aire", "bomba-de-calor"])).toBe("mantenimiento-aerotermia");
    expect(riteChecklistFor(["aire"])).toBe("mantenimiento-aire");
    expect(riteChecklistFor([])).toBeNull();
  });

  it("asks the leak check of units with refrigerant, the combustion analysis of boilers, each operation once", () => {
    expect(RITE_OPERATIONS["mantenimiento-aire"].items).toContainEqual(LEAK_CHECK);
    expect(RITE_OPERATIONS["mantenimiento-aerotermia"].items).toContainEqual(LEAK_CHECK);
    expect(RITE_OPERATIONS["mantenimiento-caldera"].items).not.toContainEqual(LEAK_CHECK);
    expect(RITE_CHECKLIST_KINDS.filter((kind) => RITE_OPERATIONS[kind].combustion)).toEqual(["mantenimiento-caldera"]);
    expect(RITE_OPERATIONS["mantenimiento-caldera"].items.map((item) => item.text)).toContain("Limpieza del quemador de la caldera");
    for (const kind of RITE_CHECKLIST_KINDS) {
      const ids = RITE_OPERATIONS[kind].items.map((item) => item.id);
      expect(new Set(ids).size, kind).toBe(ids.length);
    }
  });
});
