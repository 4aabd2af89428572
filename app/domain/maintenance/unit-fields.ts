import type { MaintainedFamily } from "../catalogue/service-prices";
import { RITE_EQUIPMENT_LABELS, type RiteEquipment } from "./rite-periods";

/* The unit form's names, choices and messages, without Zod (the page imports them; the schema is unit-form.ts). */

/** The kinds of equipment a family's plan may maintain. */
export const EQUIPMENT_FOR_FAMILY: Record<MaintainedFamily, readonly RiteEquipment[]> = {
  calderas: ["caldera-gas", "calentador-gas", "calefaccion-otra"],
  aires: ["aire", "bomba-de-calor"],
  aerotermia: ["bomba-de-calor"],
};

export const UNIT_FIELDS = { equipment: "tipo", brand: "marca", model: "modelo", serial: "serie", installedOn: "instalado", powerKw: "potencia", refrigerant: "refrigerante", chargeKg: "carga", sealed: "sellado" } as const;

export const UNIT_MESSAGES = {
  equipment: "Elija el tipo de equipo.",
  brand: "Escriba la marca del equipo.",
  model: "Escriba el modelo del equipo.",
  serial: "Escriba el número de serie (está en la placa de características del equipo).",
  installedOn: "Escriba la fecha de instalación (no puede ser futura).",
  powerKw: "Escriba la potencia en kW, con un número entre 1 y 1.000 (por ejemplo, 24 o 3,5).",
  refrigerant: "Elija el gas refrigerante de la lista.",
  chargeKg: "Escriba la carga de refrigerante en kg, con un número entre 0,1 y 1.000 (por ejemplo, 1,2).",
  chargeWithoutGas: "Elija también el gas refrigerante de esa carga.",
} as const;

export function equipmentOptions(family: MaintainedFamily): { value: RiteEquipment; label: string }[] {
  return EQUIPMENT_FOR_FAMILY[family].map((value) => ({ value, label: RITE_EQUIPMENT_LABELS[value] }));
}
